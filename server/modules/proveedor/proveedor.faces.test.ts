/**
 * One supplier, three faces (issue #14): the same operation sent through the store API
 * (/api/proveedores), the back-office (/api/crud/proveedor) and the old controller API
 * (controlador.proveedor.php: the application's calls, and the back-office register and edit) must
 * end the same way: the same outcome, the same message, the same rows. Each face works in a store of
 * its own, built the same way, so that the rows can be compared whole.
 *
 * Not every face does everything: the store's screen adds and deletes suppliers but does not edit
 * them, and the old back-office edits but deletes with the application's call. Each check runs on
 * every face that offers the operation.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { entregaPedido, producto, proveedor, usuario } from '../../db/schema';
import { crearEmpleado, crearTienda } from '../../../tests/helpers/factories';
import type { TestApp } from '../../../tests/helpers/test-app';
import type { Legacy, Reply as LegacyReply } from '../../legacy/test-client';
import { client, type Client, type Reply } from '../crud/crud.fixtures';
import { cleanOutcome, legacyOutcome as legacyOutcomeDe, montarCaras, type Outcome } from '../../../tests/helpers/faces';

let t: TestApp;
let L: Legacy;

type Tienda = Awaited<ReturnType<typeof crearTienda>> & { crud: Client; encargado: string; producto: number };

interface Datos {
  nombre: string;
  telefono: string | number;
  email: string;
  /** The id a person typed, on the faces that take one. */
  id?: number;
}

interface Face {
  name: string;
  crear?(s: Tienda, datos: Datos, token?: string): Promise<Outcome>;
  modificar?(s: Tienda, id: number, datos: Datos): Promise<Outcome>;
  eliminar?(s: Tienda, id: number, token?: string): Promise<Outcome>;
}

const api = async (token: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const res = await t.request({ method, url, token, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.body ? res.json() : undefined } as Reply;
};

/** The legacy API's answer, read with this controller's success flag. */
const legacyOutcome = (r: LegacyReply) => legacyOutcomeDe(r, (b) => b.success ?? b.respuesta);

const tienda: Face = {
  name: 'tienda',
  crear: async (s, d, token = s.token) => cleanOutcome(await api(token, 'POST', '/api/proveedores', { nombre: d.nombre, telefono: d.telefono, email: d.email })),
  eliminar: async (s, id, token = s.token) => cleanOutcome(await api(token, 'DELETE', `/api/proveedores/${id}`)),
};

const administracion: Face = {
  name: 'administración',
  crear: async (s, d, token) =>
    cleanOutcome(await (token ? client(t, token) : s.crud).post('/proveedor', { idProveedor: d.id ?? '', nombre: d.nombre, telefono: d.telefono, email: d.email, idTienda: s.id })),
  modificar: async (s, id, d) => cleanOutcome(await s.crud.put(`/proveedor/${id}`, { nombre: d.nombre, telefono: d.telefono, email: d.email })),
  eliminar: async (s, id, token) => cleanOutcome(await (token ? client(t, token) : s.crud).del(`/proveedor/${id}`)),
};

const heredada: Face = {
  name: 'heredada',
  crear: async (s, d, token = s.token) =>
    legacyOutcome(await L.json('POST', 'proveedor', { agregarProveedor: true, nombre: d.nombre, telefono: d.telefono, email: d.email, codigo_invitacion: s.codigo }, token)),
  eliminar: async (s, id, token = s.token) => legacyOutcome(await L.del('proveedor', { eliminar: id }, token)),
};

/** The old back-office: its register (a typed id, the store) and its edit, by `idproveedor`. */
const heredadaAdministracion: Face = {
  name: 'heredada (administración)',
  crear: async (s, d, token = s.token) =>
    legacyOutcome(
      await L.json('POST', 'proveedor', { registroCrud: true, ...(d.id != null ? { idproveedor: d.id } : {}), nombre: d.nombre, telefono: d.telefono, email: d.email, id_tienda: s.id }, token),
    ),
  modificar: async (s, id, d) =>
    legacyOutcome(await L.json('POST', 'proveedor', { actualizar: true, idproveedor: id, nombre: d.nombre, telefono: d.telefono, email: d.email, id_tienda: s.id }, s.token)),
};

const FACES = [tienda, administracion, heredada, heredadaAdministracion];
const ALTAS = FACES.filter((f) => f.crear);
const CAMBIOS = FACES.filter((f) => f.modificar);
const BAJAS = FACES.filter((f) => f.eliminar);
/** The faces where a person may type the supplier's id. */
const CON_ID = [administracion, heredadaAdministracion];

/** Each face's store, built the same way: a product, and a role-3 employee. */
async function nuevaTienda(): Promise<Tienda> {
  const s = await crearTienda(t);
  const e = await crearEmpleado(t, s.codigo);
  await t.database.db.update(usuario).set({ rolId: ROL.ENCARGADO }).where(eq(usuario.correo, e.email));
  const [p] = await t.database.db.insert(producto).values({ tiendaId: s.id, nombre: 'Arroz Diana 500 g', precioUnit: 2800, stock: 10 }).returning();
  return { ...s, crud: client(t, s.token), encargado: e.token, producto: p!.idProducto };
}

/** Each face's store, built the same way, and one no face signs in to: its rows are "another store's". */
const caras = montarCaras(FACES, nuevaTienda, (app, leg) => {
  t = app;
  L = leg;
});
const { storeOf } = caras;

/** A supplier's row as the comparison sees it: everything but its own id and its store's id. */
async function fila(id: number) {
  const [row] = await t.database.db.select().from(proveedor).where(eq(proveedor.idProveedor, id));
  if (!row) return null;
  const { idProveedor: _id, tiendaId: _t, empresaId: _e, documentoRepetido: _r, activo: _a, unidoA: _u, ...rest } = row;
  return rest;
}

/** What a face that does not send the documento soporte's fields (issue #32 point 7) leaves: none, and "issues invoices". */
const SOPORTE = { documento: null, direccion: null, obligadoFacturar: true, tipoIdentificacion: null, municipio: null };

/** The store's suppliers' rows, oldest first. */
async function filas(s: Tienda) {
  const rows = await t.database.db.select().from(proveedor).where(eq(proveedor.tiendaId, s.id)).orderBy(asc(proveedor.idProveedor));
  return rows.map(({ idProveedor: _id, tiendaId: _t, empresaId: _e, documentoRepetido: _r, activo: _a, unidoA: _u, ...rest }) => rest);
}

/** Adds a supplier straight into the database (the set-up of a check, not what it checks). */
async function sembrar(s: Tienda, nombre = 'Distribuidora El Sol') {
  const [row] = await t.database.db.insert(proveedor).values({ tiendaId: s.id, nombre, telefono: '3104567890', email: 'sol@prov.co' }).returning();
  return row!.idProveedor;
}

const datos = (d: Partial<Datos> = {}): Datos => ({ nombre: 'Lácteos del Valle', telefono: '6025551234', email: 'pedidos@lacteos.co', ...d });

/** Runs `op` on every face and returns what each got, keyed by face. */
async function porCara<T>(faces: Face[], op: (f: Face, s: Tienda) => Promise<T>): Promise<Record<string, T>> {
  const out: Record<string, T> = {};
  for (const f of faces) out[f.name] = await op(f, storeOf(f));
  return out;
}
const todas = <T,>(faces: Face[], value: T) => Object.fromEntries(faces.map((f) => [f.name, value]));

let ids = 800_000 + Math.floor(Math.random() * 100_000);

describe('las tres caras del proveedor terminan igual', () => {
  it('agregar: el mismo proveedor, con el teléfono y el correo normalizados igual', async () => {
    const outcomes = await porCara(ALTAS, (f, s) => f.crear!(s, { nombre: ' Lácteos del Valle ', telefono: '602 555-1234', email: 'Pedidos@Lacteos.CO' }));
    expect(outcomes).toEqual(todas(ALTAS, { ok: true }));
    await porCara(ALTAS, (f, s) => f.crear!(s, datos({ nombre: 'Bebidas Andinas', telefono: 3104567890 })));
    expect(await porCara(ALTAS, (_f, s) => filas(s))).toEqual(
      todas(ALTAS, [
        { nombre: 'Lácteos del Valle', telefono: '6025551234', email: 'pedidos@lacteos.co', ...SOPORTE },
        { nombre: 'Bebidas Andinas', telefono: '3104567890', email: 'pedidos@lacteos.co', ...SOPORTE },
      ]),
    );
  });

  it('agregar con un id tecleado (las caras que lo piden): ese id, y la base de datos sigue numerando después', async () => {
    const tecleado = Object.fromEntries(CON_ID.map((f) => [f.name, (ids += 10)]));
    const outcomes = await porCara(CON_ID, (f, s) => f.crear!(s, datos({ id: tecleado[f.name] })));
    expect(outcomes).toEqual(todas(CON_ID, { ok: true }));
    expect(await porCara(CON_ID, (f) => fila(tecleado[f.name]!))).toEqual(todas(CON_ID, { nombre: 'Lácteos del Valle', telefono: '6025551234', email: 'pedidos@lacteos.co', ...SOPORTE }));
    await porCara(CON_ID, (f, s) => f.crear!(s, datos({ nombre: 'Sin id' })));
    const siguiente = await porCara(CON_ID, async (_f, s) => (await t.database.db.select().from(proveedor).where(eq(proveedor.tiendaId, s.id))).find((r) => r.nombre === 'Sin id')!.idProveedor);
    for (const f of CON_ID) expect(siguiente[f.name]).toBeGreaterThan(tecleado[f.name]!);
  });

  it('modificar: los mismos valores', async () => {
    const antes = await porCara(CAMBIOS, (_f, s) => sembrar(s));
    const outcomes = await porCara(CAMBIOS, (f, s) => f.modificar!(s, antes[f.name]!, { nombre: 'Distribuidora El Sol S.A.S.', telefono: '310-456-7891', email: 'Ventas@ElSol.co' }));
    expect(outcomes).toEqual(todas(CAMBIOS, { ok: true }));
    expect(await porCara(CAMBIOS, (f) => fila(antes[f.name]!))).toEqual(
      todas(CAMBIOS, { nombre: 'Distribuidora El Sol S.A.S.', telefono: '3104567891', email: 'ventas@elsol.co', ...SOPORTE }),
    );
  });

  it('eliminar: el proveedor se va; sus productos quedan, sin proveedor', async () => {
    const antes = await porCara(BAJAS, async (_f, s) => {
      const id = await sembrar(s);
      await t.database.db.update(producto).set({ proveedorId: id }).where(eq(producto.idProducto, s.producto));
      return id;
    });
    expect(await porCara(BAJAS, (f, s) => f.eliminar!(s, antes[f.name]!))).toEqual(todas(BAJAS, { ok: true }));
    expect(await porCara(BAJAS, (f) => fila(antes[f.name]!))).toEqual(todas(BAJAS, null));
    const productos = await porCara(BAJAS, async (_f, s) => {
      const [p] = await t.database.db.select({ nombre: producto.nombre, proveedorId: producto.proveedorId }).from(producto).where(eq(producto.idProducto, s.producto));
      return p;
    });
    expect(productos).toEqual(todas(BAJAS, { nombre: 'Arroz Diana 500 g', proveedorId: null }));
  });
});

describe('las tres caras rechazan igual, y nada cambia', () => {
  it('un id tecleado que ya tiene otro proveedor', async () => {
    const taken = await sembrar(caras.ajena, 'De otra tienda');
    const antes = await porCara(CON_ID, (_f, s) => filas(s));
    const outcomes = await porCara(CON_ID, (f, s) => f.crear!(s, datos({ id: taken })));
    expect(outcomes).toEqual(todas(CON_ID, { ok: false, kind: 'rechazo', mensaje: M.crud.idDuplicado }));
    expect(await porCara(CON_ID, (_f, s) => filas(s))).toEqual(antes);
    expect(await fila(taken)).toMatchObject({ nombre: 'De otra tienda' });
  });

  it('el proveedor de otra tienda no existe para ninguna cara', async () => {
    const id = await sembrar(caras.ajena, 'Solo de la otra tienda');
    const antes = await fila(id);
    const notFound = { ok: false, kind: 'no existe', mensaje: M.generic.notFound };
    expect(await porCara(CAMBIOS, (f, s) => f.modificar!(s, id, datos({ nombre: 'Robado' })))).toEqual(todas(CAMBIOS, notFound));
    expect(await porCara(BAJAS, (f, s) => f.eliminar!(s, id))).toEqual(todas(BAJAS, notFound));
    expect(await fila(id)).toEqual(antes);
  });

  it('un proveedor con entregas de pedidos no se elimina: ni él ni sus entregas', async () => {
    const con = await porCara(BAJAS, async (_f, s) => {
      const id = await sembrar(s);
      await t.database.db.insert(entregaPedido).values({ tiendaId: s.id, proveedorId: id, productoId: s.producto, fechaEntrega: '2026-03-01', cantidad: 6 });
      return id;
    });
    const antes = await porCara(BAJAS, (f) => fila(con[f.name]!));
    expect(await porCara(BAJAS, (f, s) => f.eliminar!(s, con[f.name]!))).toEqual(todas(BAJAS, { ok: false, kind: 'rechazo', mensaje: M.proveedores.conEntregas }));
    expect(await porCara(BAJAS, (f) => fila(con[f.name]!))).toEqual(antes);
    const entregas = await porCara(BAJAS, async (f) => (await t.database.db.select().from(entregaPedido).where(eq(entregaPedido.proveedorId, con[f.name]!))).length);
    expect(entregas).toEqual(todas(BAJAS, 1));
  });

  it('la llave de las entregas es RESTRICT; el proveedor con entregas se archiva: sale de las listas y sus entregas quedan (issue #27)', async () => {
    const s = storeOf(tienda);
    const id = await sembrar(s, 'Proveedor Archivable');
    await t.database.db.insert(entregaPedido).values({ tiendaId: s.id, proveedorId: id, productoId: s.producto, fechaEntrega: '2026-03-01', cantidad: 2 });
    await expect(t.database.db.delete(proveedor).where(eq(proveedor.idProveedor, id))).rejects.toThrow();
    const r = await api(s.token, 'POST', `/api/proveedores/${id}/archivar`);
    expect(cleanOutcome(r)).toEqual({ ok: true });
    expect(cleanOutcome(await s.crud.post(`/proveedor/${id}/archivar`, {}))).toEqual({ ok: true });
    const lista = await t.request({ method: 'GET', url: '/api/proveedores?q=Archivable', token: s.token });
    expect(lista.json().total).toBe(0);
    expect((await t.database.db.select().from(entregaPedido).where(eq(entregaPedido.proveedorId, id))).length).toBe(1);
  });

  it('el encargado no agrega ni elimina proveedores (spec §6)', async () => {
    const id = await porCara(BAJAS, (_f, s) => sembrar(s));
    const antes = await porCara(FACES, (_f, s) => filas(s));
    // The back-office is closed to role 3 altogether; the store and the old controller give the spec's words.
    const denied = (f: Face) => ({ ok: false, kind: 'prohibido', mensaje: f === tienda || f === heredada ? M.roles.denyProveedoresText : M.roles.backofficeOnly });
    const altas = await porCara(ALTAS, (f, s) => f.crear!(s, datos(), s.encargado));
    expect(altas).toEqual(Object.fromEntries(ALTAS.map((f) => [f.name, denied(f)])));
    const bajas = await porCara(BAJAS, (f, s) => f.eliminar!(s, id[f.name]!, s.encargado));
    expect(bajas).toEqual(Object.fromEntries(BAJAS.map((f) => [f.name, denied(f)])));
    expect(await porCara(FACES, (_f, s) => filas(s))).toEqual(antes);
  });

  it('los mismos campos obligatorios y el mismo teléfono: nada se guarda', async () => {
    const antes = await porCara(ALTAS, (_f, s) => filas(s));
    const vacios = await porCara(ALTAS, (f, s) => f.crear!(s, datos({ telefono: '' })));
    // Each face in its own words (spec §5): the store's one text, the back-office's per field.
    expect(vacios).toEqual({
      tienda: { ok: false, kind: 'rechazo', mensaje: M.proveedores.camposVacios },
      administración: { ok: false, kind: 'rechazo', mensaje: M.crud.campo('Teléfono') },
      heredada: { ok: false, kind: 'rechazo', mensaje: M.proveedores.camposVacios },
      'heredada (administración)': { ok: false, kind: 'rechazo', mensaje: M.crud.campo('Teléfono') },
    });
    const malos = await porCara(ALTAS, (f, s) => f.crear!(s, datos({ telefono: '310abc4567' })));
    expect(malos).toEqual({
      tienda: { ok: false, kind: 'rechazo', mensaje: M.proveedores.telefonoInvalido },
      administración: { ok: false, kind: 'rechazo', mensaje: M.registro.telefono },
      heredada: { ok: false, kind: 'rechazo', mensaje: M.proveedores.telefonoInvalido },
      'heredada (administración)': { ok: false, kind: 'rechazo', mensaje: M.registro.telefono },
    });
    expect(await porCara(ALTAS, (_f, s) => filas(s))).toEqual(antes);
  });
});

describe('la referencia a un proveedor: una comprobación, un mensaje', () => {
  it('un producto o una entrega que nombra un proveedor de otra tienda, o que no existe', async () => {
    const s = storeOf(tienda);
    const propio = await sembrar(s, 'El de la tienda');
    for (const prov of [await sembrar(caras.ajena, 'Ajeno'), 999_999]) {
      const producto = { nombre: 'Arroz Diana 500 g', precio: 2800, stock: 10, stockMin: 0, estado: 1 };
      const answers = {
        'producto (tienda)': cleanOutcome(await api(s.token, 'PUT', `/api/productos/${s.producto}`, { ...producto, idProveedor: prov })),
        'producto (administración)': cleanOutcome(
          await s.crud.put(`/producto/${s.producto}`, { nombre: producto.nombre, precioUnit: 2800, stock: 10, stockMin: 0, estado: 1, proveedorId: prov }),
        ),
        'producto (heredada)': legacyOutcome(await L.json('PUT', 'producto', { modificarProducto: s.producto, ...producto, stock_min: 0, idProveedor: prov }, s.token)),
        'entrega (administración)': cleanOutcome(await s.crud.post('/entrega_pedidos', { proveedorId: prov, productoId: s.producto, fechaEntrega: '2026-03-01', cantidad: 1 })),
      };
      const refused = { ok: false, kind: 'rechazo', mensaje: M.proveedores.noExiste };
      expect(answers).toEqual({
        'producto (tienda)': refused,
        'producto (administración)': refused,
        'producto (heredada)': refused,
        'entrega (administración)': refused,
      });
    }
    // Its own store's supplier is accepted everywhere.
    expect((await s.crud.post('/entrega_pedidos', { proveedorId: propio, productoId: s.producto, fechaEntrega: '2026-03-01', cantidad: 1 })).status).toBe(201);
  });
});
