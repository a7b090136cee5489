/**
 * One sale, three faces (issue #14): the same operation on a sale sent through the store API
 * (/api/ventas: the till), the back-office (/api/crud/ventas) and the old controller API
 * (controlador.venta.php: the step-by-step sale and its status) must end the same way: the same
 * outcome, the same message, the same rows (sale, lines, stock, stock ledger, credit ledger). The
 * sale rules have one owner, venta.service.ts (registrarVenta, crearUnaVez, completarVenta,
 * anularVenta, verificarQuienPuede, metodoFueraDeCaja). Each face works in a store of its own, built
 * the same way, so that the rows can be compared whole.
 *
 * The back-office changes a sale's status by editing its row (PUT /api/crud/ventas/:id with
 * `estado`); that edit goes through the same transitions (cambiarEstadoEn: completarVenta's and
 * anularVenta's), which this test found it did not (it wrote the state into the row).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { METODO, ROL } from '#shared/roles';
import { cliente, creditoMovimiento, factura, movimiento, producto, usuario, venta } from '../../db/schema';
import { crearEmpleado, crearTienda } from '../../../tests/helpers/factories';
import type { TestApp } from '../../../tests/helpers/test-app';
import { partesIso } from '../../legacy/filas';
import type { Legacy, Reply as LegacyReply } from '../../legacy/test-client';
import { client, type Client, type Reply } from '../crud/crud.fixtures';
import { cleanOutcome, legacyOutcome as legacyOutcomeDe, montarCaras, type Outcome } from '../../../tests/helpers/faces';

const V = M.ventas;
let t: TestApp;
let L: Legacy;

interface Empleado {
  token: string;
  documento: string;
}
type Tienda = Awaited<ReturnType<typeof crearTienda>> & {
  crud: Client;
  /** Two cashiers (role 2) and a manager (role 3); the store account itself is role 1. */
  ana: Empleado;
  beto: Empleado;
  jefa: Empleado;
};

/** The legacy API's answer, read with this controller's success flag. */
const legacyOutcome = (r: LegacyReply) => legacyOutcomeDe(r, (b) => b.success === true || b.status === 'success');

const api = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await t.request({ method, url, token, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.body ? res.json() : undefined } as Reply;
};

/** A face that changes a sale's status. */
interface Face {
  name: string;
  /** What the face answers for a sale it cannot reach. */
  noExiste: string;
  anular(s: Tienda, id: number, token?: string): Promise<Outcome>;
  completar(s: Tienda, id: number, token?: string): Promise<Outcome>;
}

const tienda: Face = {
  name: 'tienda',
  noExiste: V.ventaNoEncontrada,
  anular: async (s, id, token = s.token) => cleanOutcome(await api(token, 'POST', `/api/ventas/${id}/anular`)),
  completar: async (s, id, token = s.token) => cleanOutcome(await api(token, 'POST', `/api/ventas/${id}/completar`)),
};

const estadoHeredado = async (s: Tienda, id: number, EstadoVenta: string, token = s.token) =>
  legacyOutcome(await L.json('POST', 'venta', { modificarEstado: true, id_Venta: id, EstadoVenta }, token));

const heredada: Face = {
  name: 'heredada',
  noExiste: V.ventaNoEncontrada,
  anular: (s, id, token) => estadoHeredado(s, id, 'Anulada', token),
  completar: (s, id, token) => estadoHeredado(s, id, 'Completada', token),
};

/**
 * The back-office's edit form: it shows the row (GET) and sends it back whole with the new status,
 * as the form does. A row it cannot read is sent with a plain form's values.
 */
async function estadoAdministracion(s: Tienda, id: number, estado: string, token?: string): Promise<Outcome> {
  const c = token ? client(t, token) : s.crud;
  const row = await c.get(`/ventas/${id}`);
  const form =
    row.status === 200
      ? {
          ...(({ fecha, hora }) => ({ fecha, hora: hora.slice(0, 5) }))(partesIso(row.body.fecha)),
          metodoPagoId: row.body.metodoPagoId,
          clienteDocumento: row.body.clienteDocumento ?? '',
          usuarioDocumento: row.body.usuarioDocumento ?? '',
        }
      : { fecha: '2026-01-15', hora: '10:30', metodoPagoId: METODO.EFECTIVO };
  return cleanOutcome(await c.put(`/ventas/${id}`, { ...form, estado }));
}

const administracion: Face = {
  name: 'administración',
  noExiste: M.generic.notFound,
  anular: (s, id, token) => estadoAdministracion(s, id, 'Anulada', token),
  completar: (s, id, token) => estadoAdministracion(s, id, 'Completada', token),
};

/** The faces that go through completarVenta/anularVenta. */
const CAJA = [tienda, heredada];
const FACES = [tienda, heredada, administracion];

/** A face that creates a sale (with a key, ADR 011). */
interface Alta {
  name: string;
  crear(s: Tienda, venta: { metodoPagoId: number; clave?: string; productoId?: number }): Promise<Outcome & { id?: number }>;
}

const altaTienda: Alta = {
  name: 'tienda',
  async crear(s, v) {
    const body = { lineas: [{ productoId: v.productoId, cantidad: 1 }], metodoPagoId: v.metodoPagoId, montoRecibido: 100_000, clave: v.clave };
    const r = await api(s.token, 'POST', '/api/ventas', body);
    return { ...cleanOutcome(r), id: r.body.id };
  },
};
const altaHeredada: Alta = {
  name: 'heredada',
  async crear(s, v) {
    const body = { registro: true, EstadoVenta: 'Pendiente', documento_Cliente: '', metododepago_ID_Met_Pago: v.metodoPagoId, ...(v.clave ? { clave_Venta: v.clave } : {}) };
    const r = await L.json('POST', 'venta', body, s.token);
    return { ...legacyOutcome(r), id: r.body.id_Venta };
  },
};
const altaAdministracion: Alta = {
  name: 'administración',
  async crear(s, v) {
    const r = await s.crud.post('/ventas', { fecha: '2026-01-15', hora: '10:30', estado: 'Pendiente', metodoPagoId: v.metodoPagoId, clave: v.clave });
    return { ...cleanOutcome(r), id: r.body.id };
  },
};
const ALTAS = [altaTienda, altaHeredada, altaAdministracion];
/** The faces that write the sale row themselves, where fiado is refused (only the till sells on credit). */
const FUERA_DE_CAJA = [altaHeredada, altaAdministracion];

async function empleado(codigo: string, rol: number = ROL.EMPLEADO): Promise<Empleado> {
  const e = await crearEmpleado(t, codigo);
  if (rol !== ROL.EMPLEADO) await t.database.db.update(usuario).set({ rolId: rol }).where(eq(usuario.correo, e.email));
  return { token: e.token, documento: e.documento };
}

async function nuevaTienda(): Promise<Tienda> {
  const s = await crearTienda(t);
  return { ...s, crud: client(t, s.token), ana: await empleado(s.codigo), beto: await empleado(s.codigo), jefa: await empleado(s.codigo, ROL.ENCARGADO) };
}

/** Each face's store, built the same way, and one no face signs in to: its rows are "another store's". */
const caras = montarCaras(FACES, nuevaTienda, (app, leg) => {
  t = app;
  L = leg;
});
const { storeOf } = caras;

/** Runs `op` on every face and returns what each got, keyed by face. */
async function porCara<F extends { name: string }, T>(faces: F[], op: (f: F, s: Tienda) => Promise<T>): Promise<Record<string, T>> {
  const out: Record<string, T> = {};
  for (const f of faces) out[f.name] = await op(f, storeOf(f));
  return out;
}
const todas = <F extends { name: string }, T>(faces: F[], value: T | ((f: F) => T)) =>
  Object.fromEntries(faces.map((f) => [f.name, typeof value === 'function' ? (value as (f: F) => T)(f) : value]));

let seq = 0;

/** A product of the store with 10 units at $ 2.800, straight into the database (set-up, not checked). */
async function sembrarProducto(s: Tienda) {
  const [p] = await t.database.db
    .insert(producto)
    .values({ tiendaId: s.id, nombre: `Arroz Diana 500 g ${++seq}`, precioUnit: 2800, stock: 10, estado: 1 })
    .returning({ id: producto.idProducto });
  return p!.id;
}

/** A customer with credit (fiado) of the store, straight into the database. */
async function sembrarClienteFiado(s: Tienda) {
  const documento = String(5_200_000_000 + ++seq * 7);
  const [c] = await t.database.db
    .insert(cliente)
    .values({ tiendaId: s.id, documento, tipoDocumento: 'CC', nombre: 'Rosa', apellido: 'Fiada', fiado: true, cupo: 100_000 })
    .returning({ id: cliente.idCliente });
  return { id: c!.id, documento };
}

/** A sale of 3 units at the till (POST /api/ventas): paid, so Completada from the start (issue #36). */
async function vender(s: Tienda, opts: { token?: string; productoId?: number; fiado?: string } = {}) {
  const productoId = opts.productoId ?? (await sembrarProducto(s));
  const pago = opts.fiado ? { metodoPagoId: METODO.FIADO, montoRecibido: 0, documentoCliente: opts.fiado } : { metodoPagoId: METODO.EFECTIVO, montoRecibido: 10_000 };
  const r = await api(opts.token ?? s.token, 'POST', '/api/ventas', { lineas: [{ productoId, cantidad: 3 }], ...pago });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { ventaId: r.body.id as number, productoId };
}

type Vendida = Awaited<ReturnType<typeof vender>>;

/** Everything a sale's status touches, without ids and dates: the sale, its lines, the stock, both ledgers. */
async function filas({ ventaId, productoId }: Vendida) {
  const db = t.database.db;
  const [v] = await db
    .select({ estado: venta.estado, total: venta.total, metodoPagoId: venta.metodoPagoId, montoFiado: venta.montoFiado })
    .from(venta)
    .where(eq(venta.idVenta, ventaId));
  const lineas = await db.select().from(factura).where(eq(factura.ventaId, ventaId)).orderBy(asc(factura.idFactura));
  const [p] = await db.select({ stock: producto.stock }).from(producto).where(eq(producto.idProducto, productoId));
  const libro = await db.select().from(movimiento).where(eq(movimiento.productoId, productoId)).orderBy(asc(movimiento.idMovimiento));
  const credito = await db.select().from(creditoMovimiento).where(eq(creditoMovimiento.ventaId, ventaId)).orderBy(asc(creditoMovimiento.idCreditoMovimiento));
  return {
    venta: v ?? null,
    lineas: lineas.map((l) => [l.estado, l.cantidad, l.precio]),
    stock: p!.stock,
    libro: libro.map((m) => [m.stockAntes, m.entradas, m.salidas, m.cantidadDespues]),
    credito: credito.map((c) => [c.tipo, c.monto]),
  };
}

const VENDIDA = { venta: { estado: 'Completada', total: 8400, metodoPagoId: METODO.EFECTIVO, montoFiado: 0 }, lineas: [['Pagado', 3, 2800]], stock: 7, libro: [[10, 0, 3, 7]], credito: [] };
const ANULADA = { ...VENDIDA, venta: { ...VENDIDA.venta, estado: 'Anulada' }, lineas: [['Anulada', 3, 2800]], stock: 10, libro: [[10, 0, 3, 7], [7, 3, 0, 10]] };
const COMPLETADA = { ...VENDIDA, venta: { ...VENDIDA.venta, estado: 'Completada' }, lineas: [['Pagado', 3, 2800]] };

const contarVentas = (s: Tienda) => t.database.db.$count(venta, eq(venta.tiendaId, s.id));

// 1. ---------------------------------------------------------------------------------------------

/** Annul twice through each face: the stock goes back once, the sale and its lines are Anulada. */
async function anularDosVeces(faces: Face[]) {
  const ventas = await porCara(faces, (_f, s) => vender(s));
  expect(await porCara(faces, (f) => filas(ventas[f.name]!))).toEqual(todas(faces, VENDIDA));
  expect(await porCara(faces, (f, s) => f.anular(s, ventas[f.name]!.ventaId))).toEqual(todas(faces, { ok: true }));
  expect(await porCara(faces, (f) => filas(ventas[f.name]!))).toEqual(todas(faces, ANULADA));
  // Again: the same answer, nothing moves.
  expect(await porCara(faces, (f, s) => f.anular(s, ventas[f.name]!.ventaId))).toEqual(todas(faces, { ok: true }));
  expect(await porCara(faces, (f) => filas(ventas[f.name]!))).toEqual(todas(faces, ANULADA));
}

/** Complete twice through each face: the sale is Completada and its lines Pagado; the stock stays sold. */
async function completarDosVeces(faces: Face[]) {
  const ventas = await porCara(faces, (_f, s) => vender(s));
  for (let i = 0; i < 2; i++) {
    expect(await porCara(faces, (f, s) => f.completar(s, ventas[f.name]!.ventaId))).toEqual(todas(faces, { ok: true }));
    expect(await porCara(faces, (f) => filas(ventas[f.name]!))).toEqual(todas(faces, COMPLETADA));
  }
}

/** An annulled sale is not completed again: its stock went back, completing would leave it there. */
async function completarAnulada(faces: Face[]) {
  const ventas = await porCara(faces, (_f, s) => vender(s));
  await porCara(faces, (f, s) => tienda.anular(s, ventas[f.name]!.ventaId));
  const outcomes = await porCara(faces, (f, s) => f.completar(s, ventas[f.name]!.ventaId));
  expect(outcomes).toEqual(todas(faces, { ok: false, kind: 'rechazo', mensaje: V.estadoVentaError }));
  expect(await porCara(faces, (f) => filas(ventas[f.name]!))).toEqual(todas(faces, ANULADA));
}

describe('anular y completar terminan igual por cada cara', () => {
  it('anular: el stock vuelve una vez, la venta y sus líneas quedan Anulada; anular otra vez no cambia nada', () => anularDosVeces(CAJA));

  it('completar: la venta queda Completada y sus líneas Pagado; completar otra vez no cambia nada', () => completarDosVeces(CAJA));

  it('una venta anulada no se completa', () => completarAnulada(CAJA));

  it('una cara anula y otra repite: el stock vuelve una sola vez', async () => {
    const ventas = await porCara(CAJA, (_f, s) => vender(s));
    for (const f of CAJA) {
      const s = storeOf(f);
      const otra = CAJA.find((x) => x !== f)!;
      expect(await f.anular(s, ventas[f.name]!.ventaId)).toEqual({ ok: true });
      expect(await otra.anular(s, ventas[f.name]!.ventaId)).toEqual({ ok: true });
    }
    expect(await porCara(CAJA, (f) => filas(ventas[f.name]!))).toEqual(todas(CAJA, ANULADA));
  });

  it('administración: anular editando el estado devuelve el stock y anula las líneas, una vez', () => anularDosVeces([administracion]));

  it('administración: completar editando el estado deja las líneas Pagado', () => completarDosVeces([administracion]));

  it('administración: una venta anulada no vuelve a Completada', () => completarAnulada([administracion]));
});

// 3. ---------------------------------------------------------------------------------------------

describe('quién puede anular o completar (issue #15)', () => {
  it('el rol 2 solo sus propias ventas del día, en cada cara que se lo permite; los roles 1 y 3 cualquiera', async () => {
    const prohibido = { ok: false, kind: 'prohibido', mensaje: V.soloVentasPropiasDelDia };
    // Beto's sale, and Ana's own sale of yesterday.
    const deBeto = await porCara(CAJA, (_f, s) => vender(s, { token: s.beto.token }));
    const deAyer = await porCara(CAJA, async (_f, s) => {
      const v = await vender(s, { token: s.ana.token });
      await t.database.db.update(venta).set({ fecha: new Date(Date.now() - 36 * 3600_000) }).where(eq(venta.idVenta, v.ventaId));
      return v;
    });
    for (const ventas of [deBeto, deAyer]) {
      expect(await porCara(CAJA, (f, s) => f.anular(s, ventas[f.name]!.ventaId, s.ana.token))).toEqual(todas(CAJA, prohibido));
      expect(await porCara(CAJA, (f, s) => f.completar(s, ventas[f.name]!.ventaId, s.ana.token))).toEqual(todas(CAJA, prohibido));
      expect(await porCara(CAJA, (f) => filas(ventas[f.name]!))).toEqual(todas(CAJA, VENDIDA));
    }

    // Her own sale of today: she completes it, then annuls it.
    const propia = await porCara(CAJA, (_f, s) => vender(s, { token: s.ana.token }));
    expect(await porCara(CAJA, (f, s) => f.completar(s, propia[f.name]!.ventaId, s.ana.token))).toEqual(todas(CAJA, { ok: true }));
    expect(await porCara(CAJA, (f, s) => f.anular(s, propia[f.name]!.ventaId, s.ana.token))).toEqual(todas(CAJA, { ok: true }));
    expect(await porCara(CAJA, (f) => filas(propia[f.name]!))).toEqual(todas(CAJA, ANULADA));

    // The manager (role 3) completes Beto's sale; the store account (role 1) annuls yesterday's.
    expect(await porCara(CAJA, (f, s) => f.completar(s, deBeto[f.name]!.ventaId, s.jefa.token))).toEqual(todas(CAJA, { ok: true }));
    expect(await porCara(CAJA, (f) => filas(deBeto[f.name]!))).toEqual(todas(CAJA, COMPLETADA));
    expect(await porCara(CAJA, (f, s) => f.anular(s, deAyer[f.name]!.ventaId))).toEqual(todas(CAJA, { ok: true }));
    expect(await porCara(CAJA, (f) => filas(deAyer[f.name]!))).toEqual(todas(CAJA, ANULADA));
  });

  it('la administración no deja al rol 2 ni al 3 tocar una venta (solo rol 1); el rol 1 sí', async () => {
    const s = storeOf(administracion);
    const v = await vender(s, { token: s.ana.token });
    const { ventaId } = v;
    const soloAdmin = { ok: false, kind: 'prohibido', mensaje: M.roles.backofficeOnly };
    for (const token of [s.ana.token, s.jefa.token]) {
      expect(await administracion.anular(s, ventaId, token)).toEqual(soloAdmin);
      expect(await administracion.completar(s, ventaId, token)).toEqual(soloAdmin);
    }
    expect(await filas(v)).toEqual(VENDIDA);
    expect(await administracion.completar(s, ventaId)).toEqual({ ok: true });
  });
});

// 4. ---------------------------------------------------------------------------------------------

describe('la venta de otra tienda no existe para ninguna cara', () => {
  it('anular y completar responden 404 y nada cambia', async () => {
    const ventaAjena = await vender(caras.ajena);
    const noExiste = (f: Face) => ({ ok: false, kind: 'no existe', mensaje: f.noExiste });
    expect(await porCara(FACES, (f, s) => f.anular(s, ventaAjena.ventaId))).toEqual(todas(FACES, noExiste));
    expect(await porCara(FACES, (f, s) => f.completar(s, ventaAjena.ventaId))).toEqual(todas(FACES, noExiste));
    // Nor for the manager of the face's store.
    expect(await porCara(CAJA, (f, s) => f.anular(s, ventaAjena.ventaId, s.jefa.token))).toEqual(todas(CAJA, noExiste));
    expect(await filas(ventaAjena)).toEqual(VENDIDA);
  });
});

// 5. ---------------------------------------------------------------------------------------------

describe('fiado solo desde la caja', () => {
  it('el paso 1 heredado y el alta de la administración rechazan el método 7, y no escriben nada', async () => {
    const antes = await porCara(FUERA_DE_CAJA, (_f, s) => contarVentas(s));
    for (const clave of [undefined, crypto.randomUUID()]) {
      const outcomes = await porCara(FUERA_DE_CAJA, (f, s) => f.crear(s, { metodoPagoId: METODO.FIADO, clave }));
      expect(outcomes).toEqual(todas(FUERA_DE_CAJA, { ok: false, kind: 'rechazo', mensaje: V.fiadoSoloEnCaja, id: undefined }));
    }
    expect(await porCara(FUERA_DE_CAJA, (_f, s) => contarVentas(s))).toEqual(antes);
  });
});

// 6. ---------------------------------------------------------------------------------------------

describe('una venta se registra una vez por clave (ADR 011)', () => {
  it('la misma clave enviada dos veces, también a la vez, deja una sola venta en cada cara', async () => {
    const productos = await porCara(ALTAS, (_f, s) => sembrarProducto(s));
    const antes = await porCara(ALTAS, (_f, s) => contarVentas(s));
    const claves = todas(ALTAS, () => crypto.randomUUID());
    const ids = await porCara(ALTAS, async (f, s) => {
      const v = { metodoPagoId: METODO.EFECTIVO, clave: claves[f.name], productoId: productos[f.name] };
      const [a, b] = await Promise.all([f.crear(s, v), f.crear(s, v)]);
      const c = await f.crear(s, v);
      for (const r of [a, b, c]) expect(r.ok, `${f.name}: ${JSON.stringify(r)}`).toBe(true);
      return [a.id, b.id, c.id];
    });
    for (const f of ALTAS) expect(new Set(ids[f.name]).size, f.name).toBe(1);
    expect(await porCara(ALTAS, async (f, s) => (await contarVentas(s)) - antes[f.name]!)).toEqual(todas(ALTAS, 1));
    const porClave = await porCara(ALTAS, (f, s) => t.database.db.$count(venta, and(eq(venta.tiendaId, s.id), eq(venta.clave, claves[f.name]!))));
    expect(porClave).toEqual(todas(ALTAS, 1));
    // The till's sale took its stock once.
    const [p] = await t.database.db.select({ stock: producto.stock }).from(producto).where(eq(producto.idProducto, productos.tienda!));
    expect(p!.stock).toBe(9);
  });

  it('una clave ya registrada por una cara responde la misma venta en las otras', async () => {
    const s = storeOf(altaTienda);
    const clave = crypto.randomUUID();
    const productoId = await sembrarProducto(s);
    const antes = await contarVentas(s);
    const ids = await Promise.all(ALTAS.map(async (f) => (await f.crear(s, { metodoPagoId: METODO.EFECTIVO, clave, productoId })).id));
    const otra = await Promise.all(ALTAS.map(async (f) => (await f.crear(s, { metodoPagoId: METODO.EFECTIVO, clave, productoId })).id));
    expect(new Set([...ids, ...otra]).size).toBe(1);
    expect(await contarVentas(s)).toBe(antes + 1);
  });
});

// 7. ---------------------------------------------------------------------------------------------

const CARGO = 3 * 2800;
const FIADA = { ...VENDIDA, venta: { ...VENDIDA.venta, metodoPagoId: METODO.FIADO, montoFiado: CARGO }, credito: [['cargo', CARGO]] };
const FIADA_ANULADA = { ...ANULADA, venta: { ...FIADA.venta, estado: 'Anulada' }, credito: [['cargo', CARGO], ['reverso', -CARGO]] };

/** A credit sale per face's store, annulled twice through the face: its charge reversed exactly once. */
async function anularFiada(faces: Face[]) {
  const ventas = await porCara(faces, async (_f, s) => vender(s, { fiado: (await sembrarClienteFiado(s)).documento }));
  expect(await porCara(faces, (f) => filas(ventas[f.name]!))).toEqual(todas(faces, FIADA));
  for (let i = 0; i < 2; i++) {
    expect(await porCara(faces, (f, s) => f.anular(s, ventas[f.name]!.ventaId))).toEqual(todas(faces, { ok: true }));
    expect(await porCara(faces, (f) => filas(ventas[f.name]!))).toEqual(todas(faces, FIADA_ANULADA));
  }
}

describe('anular una venta fiada reversa su cargo una sola vez', () => {
  it('por cada cara que pasa por anularVenta, dos veces', () => anularFiada(CAJA));

  it('una cara anula y otra repite, también a la vez: un solo reverso', async () => {
    const s = storeOf(tienda);
    const c = await sembrarClienteFiado(s);
    const a = await vender(s, { fiado: c.documento });
    const b = await vender(s, { fiado: c.documento });
    expect(await tienda.anular(s, a.ventaId)).toEqual({ ok: true });
    expect(await heredada.anular(s, a.ventaId)).toEqual({ ok: true });
    expect(await Promise.all([tienda.anular(s, b.ventaId), heredada.anular(s, b.ventaId)])).toEqual([{ ok: true }, { ok: true }]);
    for (const v of [a, b]) expect(await filas(v)).toEqual(FIADA_ANULADA);
    const [saldo] = await t.database.db
      .select({ saldo: sql<number>`coalesce(sum(${creditoMovimiento.monto}), 0)::int` })
      .from(creditoMovimiento)
      .where(eq(creditoMovimiento.clienteId, c.id));
    expect(saldo!.saldo).toBe(0);
  });

  it('administración: anular una venta fiada reversa su cargo una vez', () => anularFiada([administracion]));
});
