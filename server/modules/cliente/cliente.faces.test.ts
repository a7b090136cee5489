/**
 * One client, three faces (issue #14): the same operation sent through the store API
 * (/api/clientes), the back-office (/api/crud/cliente) and the old controller API
 * (controlador.cliente.php: the application's calls, and the back-office register) must end the same
 * way: the same outcome, the same message, the same rows. Each face works in a store of its own,
 * built the same way, so that the rows can be compared whole.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { cliente, creditoMovimiento, usuario, venta } from '../../db/schema';
import { crearEmpleado, crearTienda } from '../../../tests/helpers/factories';
import type { TestApp } from '../../../tests/helpers/test-app';
import type { Legacy, Reply as LegacyReply } from '../../legacy/test-client';
import { client, type Client, type Reply } from '../crud/crud.fixtures';
import { cleanOutcome, legacyOutcome as legacyOutcomeDe, montarCaras, type Outcome } from '../../../tests/helpers/faces';

let t: TestApp;
let L: Legacy;

type Tienda = Awaited<ReturnType<typeof crearTienda>> & { crud: Client; encargado: string };

interface Datos {
  documento: string;
  tipoDocumento: string;
  nombre: string;
  apellido: string;
  correo: string;
}

interface Face {
  name: string;
  /** What the face answers for a client it cannot reach. */
  noExiste: string;
  crear(s: Tienda, datos: Datos): Promise<Outcome>;
  /** Edits the client `id`; the old controller names it by its documento, so it cannot change it. */
  modificar(s: Tienda, id: number, datos: Datos, token?: string): Promise<Outcome>;
  eliminar(s: Tienda, id: number, token?: string): Promise<Outcome>;
}

const api = async (token: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const res = await t.request({ method, url, token, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.body ? res.json() : undefined } as Reply;
};

/** The legacy API's answer, read with this controller's success flag. */
const legacyOutcome = (r: LegacyReply) => legacyOutcomeDe(r, (b) => b.success);

const tienda: Face = {
  name: 'tienda',
  noExiste: M.generic.notFound,
  crear: async (s, d) => cleanOutcome(await api(s.token, 'POST', '/api/clientes', d)),
  modificar: async (s, id, d, token = s.token) => cleanOutcome(await api(token, 'PUT', `/api/clientes/${id}`, d)),
  eliminar: async (s, id, token = s.token) => cleanOutcome(await api(token, 'DELETE', `/api/clientes/${id}`)),
};

const administracion: Face = {
  name: 'administración',
  noExiste: M.generic.notFound,
  crear: async (s, d) => cleanOutcome(await s.crud.post('/cliente', d)),
  modificar: async (s, id, d, token) => cleanOutcome(await (token ? client(t, token) : s.crud).put(`/cliente/${id}`, d)),
  eliminar: async (s, id, token) => cleanOutcome(await (token ? client(t, token) : s.crud).del(`/cliente/${id}`)),
};

/** The old keys of the client form. */
const claves = (d: Datos) => ({ Documento: d.documento, Tipo_documento: d.tipoDocumento, NombreCliente: d.nombre, ApellidoCliente: d.apellido, Correo: d.correo });

/** The documento the old client would send for the row `id` (it shows the row it edits or deletes). */
async function documentoDe(id: number) {
  const [row] = await t.database.db.select({ documento: cliente.documento }).from(cliente).where(eq(cliente.idCliente, id));
  return row!.documento;
}

const heredada: Face = {
  name: 'heredada',
  noExiste: M.crud.clienteNoExiste,
  crear: async (s, d) => legacyOutcome(await L.json('POST', 'cliente', { registroCliente: true, ...claves(d) }, s.token)),
  modificar: async (s, id, d, token = s.token) =>
    legacyOutcome(await L.json('PUT', 'cliente', { actualizar: true, ...claves({ ...d, documento: await documentoDe(id) }) }, token)),
  eliminar: async (s, id, token = s.token) => legacyOutcome(await L.json('DELETE', 'cliente', { data: { eliminar: await documentoDe(id) } }, token)),
};

/** The old back-office: its own register; it edits and deletes with the application's calls. */
const heredadaAdministracion: Face = {
  ...heredada,
  name: 'heredada (administración)',
  crear: async (s, d) => legacyOutcome(await L.json('POST', 'cliente', { registroCrud: true, ...claves(d) }, s.token)),
};

const FACES = [tienda, administracion, heredada, heredadaAdministracion];
/** The faces that name a client by its id, and so may change its documento. */
const POR_ID = [tienda, administracion];

async function nuevaTienda(): Promise<Tienda> {
  const s = await crearTienda(t);
  const e = await crearEmpleado(t, s.codigo);
  await t.database.db.update(usuario).set({ rolId: ROL.ENCARGADO }).where(eq(usuario.correo, e.email));
  return { ...s, crud: client(t, s.token), encargado: e.token };
}

/** Each face's store, built the same way, and one no face signs in to: its rows are "another store's". */
const caras = montarCaras(FACES, nuevaTienda, (app, leg) => {
  t = app;
  L = leg;
});
const { storeOf } = caras;

/** A client's row as the comparison sees it: everything but its own id, its store's id and its change stamps (time, offline version). */
async function fila(id: number) {
  const [row] = await t.database.db.select().from(cliente).where(eq(cliente.idCliente, id));
  if (!row) return null;
  const { idCliente: _id, tiendaId: _t, empresaId: _e, actualizadoEn: _u, version: _v, ...rest } = row;
  return rest;
}

/** The fiado columns (issue #17) of a client no face gave credit, and the buyer's fiscal data (issue #57): the back-office and the old controller never set them. */
const SIN_FIADO = { telefono: null, fiado: false, cupo: 0, plazoFiado: 30, activo: true, datosFiscales: null, unidoA: null };

/** The store's clients' rows, by documento. */
async function filas(s: Tienda) {
  const rows = await t.database.db.select().from(cliente).where(eq(cliente.tiendaId, s.id));
  return rows.map(({ idCliente: _id, tiendaId: _t, empresaId: _e, documentoRepetido: _r, actualizadoEn: _u, version: _v, ...rest }) => rest).sort((a, b) => a.documento.localeCompare(b.documento));
}

let seq = 0;
const documento = () => String(4_100_000_000 + ++seq * 7);

/** Adds a client straight into the database (the set-up of a check, not what it checks). */
async function sembrar(s: Tienda, d: Partial<Datos> = {}) {
  const [row] = await t.database.db
    .insert(cliente)
    .values({ tiendaId: s.id, documento: documento(), tipoDocumento: 'CC', nombre: 'María', apellido: 'Gómez', correo: null, ...d })
    .returning({ id: cliente.idCliente });
  return row!.id;
}

const datos = (d: Partial<Datos> = {}): Datos => ({ documento: documento(), tipoDocumento: 'CC', nombre: 'María', apellido: 'Gómez', correo: '', ...d });

/** Runs `op` on every face and returns what each got, keyed by face. */
async function porCara<T>(faces: Face[], op: (f: Face, s: Tienda) => Promise<T>): Promise<Record<string, T>> {
  const out: Record<string, T> = {};
  for (const f of faces) out[f.name] = await op(f, storeOf(f));
  return out;
}
const todas = <T,>(faces: Face[], value: T | ((f: Face) => T)) =>
  Object.fromEntries(faces.map((f) => [f.name, typeof value === 'function' ? (value as (f: Face) => T)(f) : value]));

describe('las tres caras del cliente terminan igual', () => {
  it('agregar: el mismo cliente, con el documento y el correo normalizados igual', async () => {
    const doc = documento();
    const outcomes = await porCara(FACES, (f, s) =>
      f.crear(s, { documento: ` ${doc.slice(0, 1)}.${doc.slice(1, 4)}.${doc.slice(4, 7)}.${doc.slice(7)} `, tipoDocumento: 'CE', nombre: ' Luisa ', apellido: 'Martínez', correo: 'Luisa@Correo.CO' }),
    );
    expect(outcomes).toEqual(todas(FACES, { ok: true }));
    expect(await porCara(FACES, (_f, s) => filas(s))).toEqual(
      todas(FACES, [{ documento: doc, tipoDocumento: 'CE', nombre: 'Luisa', apellido: 'Martínez', correo: 'luisa@correo.co', ...SIN_FIADO }]),
    );
    // Without correo: none, on every face.
    const otro = documento();
    await porCara(FACES, (f, s) => f.crear(s, datos({ documento: otro })));
    const sinCorreo = await porCara(FACES, async (_f, s) => (await filas(s)).find((r) => r.documento === otro));
    expect(sinCorreo).toEqual(todas(FACES, { documento: otro, tipoDocumento: 'CC', nombre: 'María', apellido: 'Gómez', correo: null, ...SIN_FIADO }));
  });

  it('modificar: los mismos valores', async () => {
    const ids = await porCara(FACES, (_f, s) => sembrar(s));
    const outcomes = await porCara(FACES, async (f, s) =>
      f.modificar(s, ids[f.name]!, { documento: await documentoDe(ids[f.name]!), tipoDocumento: 'TI', nombre: 'María José', apellido: 'Gómez Ruiz', correo: 'MJ@Correo.co' }),
    );
    expect(outcomes).toEqual(todas(FACES, { ok: true }));
    const rows = await porCara(FACES, (f) => fila(ids[f.name]!));
    expect(rows).toEqual(todas(FACES, expect.objectContaining({ tipoDocumento: 'TI', nombre: 'María José', apellido: 'Gómez Ruiz', correo: 'mj@correo.co' })));
    // The same row but for its documento (each store's own, seeded apart).
    expect(new Set(Object.values(rows).map((r) => JSON.stringify({ ...r, documento: '' }))).size).toBe(1);
  });

  it('modificar el documento (las caras que nombran al cliente por su id)', async () => {
    const ids = await porCara(POR_ID, (_f, s) => sembrar(s));
    const nuevo = documento();
    expect(await porCara(POR_ID, (f, s) => f.modificar(s, ids[f.name]!, datos({ documento: `${nuevo} ` })))).toEqual(todas(POR_ID, { ok: true }));
    expect(await porCara(POR_ID, async (f) => (await fila(ids[f.name]!))!.documento)).toEqual(todas(POR_ID, nuevo));
  });

  it('eliminar: el cliente se va; sus ventas quedan, sin cliente', async () => {
    const ids = await porCara(FACES, (_f, s) => sembrar(s));
    const ventas = await porCara(FACES, async (f, s) => {
      const [v] = await t.database.db.insert(venta).values({ tiendaId: s.id, metodoPagoId: 5, clienteId: ids[f.name]!, total: 5000 }).returning();
      return v!.idVenta;
    });
    expect(await porCara(FACES, (f, s) => f.eliminar(s, ids[f.name]!))).toEqual(todas(FACES, { ok: true }));
    expect(await porCara(FACES, (f) => fila(ids[f.name]!))).toEqual(todas(FACES, null));
    const sales = await porCara(FACES, async (f) => {
      const [v] = await t.database.db.select({ clienteId: venta.clienteId, total: venta.total }).from(venta).where(eq(venta.idVenta, ventas[f.name]!));
      return v;
    });
    expect(sales).toEqual(todas(FACES, { clienteId: null, total: 5000 }));
  });
});

describe('las tres caras rechazan igual, y nada cambia', () => {
  it('un documento que ya tiene otro cliente de la tienda, también escrito con puntos (al agregar)', async () => {
    const doc = documento();
    await porCara(FACES, (_f, s) => sembrar(s, { documento: doc }));
    const antes = await porCara(FACES, (_f, s) => filas(s));
    const conPuntos = `${doc.slice(0, 4)}.${doc.slice(4)}`;
    for (const d of [doc, conPuntos]) {
      const outcomes = await porCara(FACES, (f, s) => f.crear(s, datos({ documento: d, nombre: 'Otra' })));
      expect(outcomes).toEqual(todas(FACES, { ok: false, kind: 'rechazo', mensaje: M.clientes.documentoDuplicado }));
    }
    expect(await porCara(FACES, (_f, s) => filas(s))).toEqual(antes);
    // Another store may have a client with the same documento.
    expect(await tienda.crear(caras.ajena, datos({ documento: doc }))).toEqual({ ok: true });
  });

  it('un documento que ya tiene otro cliente de la tienda (al modificar)', async () => {
    const doc = documento();
    await porCara(POR_ID, (_f, s) => sembrar(s, { documento: doc }));
    const ids = await porCara(POR_ID, (_f, s) => sembrar(s));
    const antes = await porCara(POR_ID, (_f, s) => filas(s));
    const outcomes = await porCara(POR_ID, (f, s) => f.modificar(s, ids[f.name]!, datos({ documento: doc, nombre: 'Cambiada' })));
    expect(outcomes).toEqual(todas(POR_ID, { ok: false, kind: 'rechazo', mensaje: M.clientes.documentoDuplicado }));
    expect(await porCara(POR_ID, (_f, s) => filas(s))).toEqual(antes);
  });

  it('el cliente de otra tienda no existe para ninguna cara', async () => {
    const doc = documento();
    const id = await sembrar(caras.ajena, { documento: doc, nombre: 'Solo de la otra tienda' });
    const antes = await fila(id);
    // The face's own documento in its store, so that no check but the store's can refuse it.
    const modificar = await porCara(FACES, (f, s) => f.modificar(s, id, datos({ documento: doc, nombre: 'Robada' })));
    expect(modificar).toEqual(todas(FACES, (f) => ({ ok: false, kind: 'no existe', mensaje: f.noExiste })));
    expect(await porCara(FACES, (f, s) => f.eliminar(s, id))).toEqual(todas(FACES, (f) => ({ ok: false, kind: 'no existe', mensaje: f.noExiste })));
    expect(await fila(id)).toEqual(antes);
  });

  it('el encargado no elimina clientes por ninguna cara (spec §6); sí los modifica en la tienda', async () => {
    const ids = await porCara(FACES, (_f, s) => sembrar(s));
    const antes = await porCara(FACES, (f) => fila(ids[f.name]!));
    const outcomes = await porCara(FACES, (f, s) => f.eliminar(s, ids[f.name]!, s.encargado));
    // The back-office is closed to role 3 altogether; the store and the old controller give the spec's words.
    const denied = (f: Face) =>
      f === administracion ? { ok: false, kind: 'prohibido', mensaje: M.roles.backofficeOnly } : { ok: false, kind: 'prohibido', mensaje: M.roles.denyClientesText };
    expect(outcomes).toEqual(todas(FACES, denied));
    expect(await porCara(FACES, (f) => fila(ids[f.name]!))).toEqual(antes);
    const edits = await porCara([tienda, heredada], async (f, s) => f.modificar(s, ids[f.name]!, { ...datos({ nombre: 'Mari' }), documento: await documentoDe(ids[f.name]!) }, s.encargado));
    expect(edits).toEqual(todas([tienda, heredada], { ok: true }));
  });

  it('los mismos campos obligatorios: nada se guarda', async () => {
    const antes = await porCara(FACES, (_f, s) => filas(s));
    const outcomes = await porCara(FACES, (f, s) => f.crear(s, datos({ apellido: '' })));
    expect(Object.values(outcomes).every((o) => !o.ok && o.kind === 'rechazo')).toBe(true);
    // Each face in its own words (spec §5): the store's one text, the back-office's per field.
    expect(outcomes).toEqual({
      tienda: { ok: false, kind: 'rechazo', mensaje: M.clientes.camposVacios },
      administración: { ok: false, kind: 'rechazo', mensaje: M.crud.campo('Apellido') },
      heredada: { ok: false, kind: 'rechazo', mensaje: M.clientes.camposVacios },
      'heredada (administración)': { ok: false, kind: 'rechazo', mensaje: M.crud.campo('Apellido') },
    });
    const malos = await porCara(FACES, (f, s) => f.crear(s, datos({ documento: '10203040-50' })));
    expect(malos).toEqual(todas(FACES, { ok: false, kind: 'rechazo', mensaje: M.clientes.documentoInvalido }));
    expect(await porCara(FACES, (_f, s) => filas(s))).toEqual(antes);
  });

  it('el documento según su tipo (issue #36): una cédula, una TI o un registro civil con letras no entra; CE y pasaporte sí', async () => {
    const antes = await porCara(FACES, (_f, s) => filas(s));
    for (const [tipo, nombre] of [['CC', 'Cédula de ciudadanía'], ['TI', 'Tarjeta de identidad'], ['RC', 'Registro civil']] as const) {
      const outcomes = await porCara(FACES, (f, s) => f.crear(s, datos({ documento: `ABC${documento()}`, tipoDocumento: tipo })));
      expect(outcomes).toEqual(todas(FACES, { ok: false, kind: 'rechazo', mensaje: M.clientes.documentoSoloNumeros(nombre) }));
    }
    expect(await porCara(FACES, (_f, s) => filas(s))).toEqual(antes);
    // Changing the type of a client whose documento has letters to a cédula is refused too.
    const ids = await porCara(POR_ID, (_f, s) => sembrar(s, { documento: `X${documento()}`, tipoDocumento: 'CE' }));
    const cambio = await porCara(POR_ID, async (f, s) => f.modificar(s, ids[f.name]!, datos({ documento: await documentoDe(ids[f.name]!), tipoDocumento: 'CC' })));
    expect(cambio).toEqual(todas(POR_ID, { ok: false, kind: 'rechazo', mensaje: M.clientes.documentoSoloNumeros('Cédula de ciudadanía') }));
    for (const tipo of ['CE', 'PA']) expect(await porCara(FACES, (f, s) => f.crear(s, datos({ documento: `AB${documento()}`, tipoDocumento: tipo })))).toEqual(todas(FACES, { ok: true }));
  });
});

/** A customer who bought on credit: a charge, and an abono of `pagado` (the set-up, not what is checked). */
async function deudor(s: Tienda, cargo: number, pagado: number) {
  const id = await sembrar(s);
  await t.database.db.update(cliente).set({ fiado: true, cupo: 1_000_000 }).where(eq(cliente.idCliente, id));
  await t.database.db.insert(creditoMovimiento).values({ tiendaId: s.id, clienteId: id, tipo: 'cargo', monto: cargo });
  if (pagado) await t.database.db.insert(creditoMovimiento).values({ tiendaId: s.id, clienteId: id, tipo: 'abono', monto: -pagado });
  return id;
}

const saldo = async (id: number) => {
  const rows = await t.database.db.select({ monto: creditoMovimiento.monto }).from(creditoMovimiento).where(eq(creditoMovimiento.clienteId, id));
  return rows.reduce((a, r) => a + r.monto, 0);
};

describe('un cliente con historial de crédito no se elimina (issue #27)', () => {
  it('eliminar un deudor: las cuatro caras responden la misma negativa y la deuda sigue', async () => {
    const ids = await porCara(FACES, (_f, s) => deudor(s, 30_000, 10_000));
    expect(await porCara(FACES, (f, s) => f.eliminar(s, ids[f.name]!))).toEqual(todas(FACES, { ok: false, kind: 'rechazo', mensaje: M.clientes.conHistorialCredito }));
    expect(await porCara(FACES, async (f) => (await fila(ids[f.name]!)) != null)).toEqual(todas(FACES, true));
    expect(await porCara(FACES, (f) => saldo(ids[f.name]!))).toEqual(todas(FACES, 20_000));
  });

  it('un cliente que ya pagó todo tampoco se elimina: su historial se conserva', async () => {
    const ids = await porCara(FACES, (_f, s) => deudor(s, 15_000, 15_000));
    expect(await porCara(FACES, (f, s) => f.eliminar(s, ids[f.name]!))).toEqual(todas(FACES, { ok: false, kind: 'rechazo', mensaje: M.clientes.conHistorialCredito }));
  });

  it('la llave del libro de crédito es RESTRICT: ni un DELETE directo se lleva la deuda', async () => {
    const id = await deudor(storeOf(tienda), 5_000, 0);
    await expect(t.database.db.delete(cliente).where(eq(cliente.idCliente, id))).rejects.toThrow();
    expect(await saldo(id)).toBe(5_000);
  });

  it('archivar: con saldo se niega; en $ 0 sale de la lista y de la búsqueda de la caja, y sigue en los reportes', async () => {
    const s = storeOf(tienda);
    const id = await deudor(s, 8_000, 3_000);
    const { documento: doc } = (await fila(id))!;
    const archivar = (c: Client | null) =>
      c ? c.post(`/cliente/${id}/archivar`, {}) : t.request({ method: 'POST', url: `/api/clientes/${id}/archivar`, token: s.token }).then((r) => ({ status: r.statusCode, body: r.json() }));
    const negado = cleanOutcome(await archivar(null));
    expect(negado).toEqual({ ok: false, kind: 'rechazo', mensaje: M.clientes.archivarConSaldo('$ 5.000') });
    expect(cleanOutcome(await archivar(s.crud))).toEqual(negado);
    await t.database.db.insert(creditoMovimiento).values({ tiendaId: s.id, clienteId: id, tipo: 'abono', monto: -5_000 });
    expect(cleanOutcome(await archivar(null))).toEqual({ ok: true });
    expect(cleanOutcome(await archivar(s.crud))).toEqual({ ok: true });
    const lista = await t.request({ method: 'GET', url: `/api/clientes?q=${doc}`, token: s.token });
    expect(lista.json().total).toBe(0);
    const caja = await t.request({ method: 'GET', url: `/api/ventas/clientes/${doc}`, token: s.token });
    expect(caja.statusCode).toBe(404);
    const cuenta = await t.request({ method: 'GET', url: `/api/clientes/${id}/cuenta`, token: s.token });
    expect(cuenta.statusCode).toBe(200);
  });
});
