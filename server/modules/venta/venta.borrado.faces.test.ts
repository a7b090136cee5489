/**
 * A completed sale is never deleted, on any face (issue #51 point 2). The report: in the back-office a
 * role-1 employee deleted a completed sale's lines (the refusal to delete the sale told them to) and
 * then the sale; the numbers jumped #29 → #27, the stock came back without an annulment, and the
 * line deletion was not in the activity log.
 *
 * Now, through the store API, the back-office, the old controller API and a statement written by hand
 * (a database trigger, migration 0050): a completed sale's lines and the sale itself stay, the refusal
 * points to «Anular venta» / «Devolver productos», the stock does not move and the numbers do not
 * jump. Only an empty sale that was never completed may be deleted, and that is in the activity log,
 * as is a line removed from a sale still Pendiente.
 */
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { METODO } from '#shared/roles';
import { actividad, factura, producto, venta } from '../../db/schema';
import type { TestApp } from '../../../tests/helpers/test-app';
import type { Legacy } from '../../legacy/test-client';
import { tiendaDosProductos, type TiendaDosProductos } from './venta.fixtures';
import { cleanOutcome, legacyOutcome, montarCaras, type Outcome } from '../../../tests/helpers/faces';

let t: TestApp;
let L: Legacy;

type Tienda = TiendaDosProductos;

/** How one face tries to delete a sale's lines and then the sale. */
interface Face {
  name: string;
  cara: 'tienda' | 'crud' | 'legacy' | null;
  quitarLineas(s: Tienda, ventaId: number, lineas: number[]): Promise<Outcome>;
  eliminarVenta(s: Tienda, ventaId: number): Promise<Outcome>;
}

/** The database's refusal, as the SQL face's outcome: the statement fails, with its message. */
async function sqlOutcome(consulta: PromiseLike<unknown>): Promise<Outcome> {
  const error = await Promise.resolve(consulta).then(
    () => null,
    (e: Error & { cause?: Error }) => e,
  );
  if (!error) return { ok: true };
  return { ok: false, kind: 'rechazo', mensaje: String(error.cause?.message ?? error.message) };
}

const exito = (b: { success?: boolean; respuesta?: boolean }) => b.success ?? b.respuesta;

// The store API has no route that deletes a sale or its lines: the till annuls.
const tienda: Face = {
  name: 'tienda',
  cara: 'tienda',
  quitarLineas: async (s, ventaId) => cleanOutcome(await api(s, 'DELETE', `/api/ventas/${ventaId}/lineas`)),
  eliminarVenta: async (s, ventaId) => cleanOutcome(await api(s, 'DELETE', `/api/ventas/${ventaId}`)),
};

const administracion: Face = {
  name: 'administración',
  cara: 'crud',
  quitarLineas: async (s, _ventaId, lineas) => {
    let ultimo: Outcome = { ok: true };
    for (const id of lineas) {
      ultimo = cleanOutcome(await s.crud.del(`/factura/${id}`));
      if (!ultimo.ok) return ultimo;
    }
    return ultimo;
  },
  eliminarVenta: async (s, ventaId) => cleanOutcome(await s.crud.del(`/ventas/${ventaId}`)),
};

// The old back-office deletes a sale's lines by the sale's id; it has no call that deletes a sale.
const heredada: Face = {
  name: 'heredada',
  cara: 'legacy',
  quitarLineas: async (s, ventaId) => legacyOutcome(await L.json('POST', 'factura', { eliminar: ventaId }, s.token), exito),
  eliminarVenta: async (s, ventaId) => {
    const r = await L.json('POST', 'venta', { eliminar: ventaId, id_Venta: ventaId }, s.token);
    return r.status === 200 && exito(r.body) === true ? { ok: true } : { ok: false, kind: 'rechazo', mensaje: String(r.body?.mensaje ?? '') };
  },
};

const sqlDirecto: Face = {
  name: 'SQL',
  cara: null,
  quitarLineas: (_s, ventaId) => sqlOutcome(t.database.db.delete(factura).where(eq(factura.ventaId, ventaId))),
  eliminarVenta: (_s, ventaId) => sqlOutcome(t.database.db.delete(venta).where(eq(venta.idVenta, ventaId))),
};

const FACES = [tienda, administracion, heredada, sqlDirecto];

async function api(s: Tienda, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  const r = await t.request({ method, url, token: s.token, payload });
  let body: unknown;
  try {
    body = r.json();
  } catch {
    body = r.body;
  }
  return { status: r.statusCode, body };
}

const nuevaTienda = () => tiendaDosProductos(t);

const caras = montarCaras(FACES, nuevaTienda, (app, leg) => {
  t = app;
  L = leg;
});

/** A sale paid at the till: Completada, its lines Pagado. */
async function vender(s: Tienda, lineas: { productoId: number; cantidad: number }[]) {
  const r = await api(s, 'POST', '/api/ventas', { lineas, metodoPagoId: METODO.EFECTIVO, montoRecibido: 100_000 });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return (r.body as { id: number }).id;
}

const stocks = async (s: Tienda) => {
  const rows = await t.database.db
    .select({ id: producto.idProducto, stock: producto.stock })
    .from(producto)
    .where(eq(producto.tiendaId, s.id))
    .orderBy(asc(producto.idProducto));
  return rows.map((r) => Number(r.stock));
};
const lineasDe = async (ventaId: number) =>
  (await t.database.db.select({ id: factura.idFactura }).from(factura).where(eq(factura.ventaId, ventaId)).orderBy(asc(factura.idFactura))).map((l) => l.id);
const numeros = async (s: Tienda) =>
  (await t.database.db.select({ numero: venta.numero, estado: venta.estado }).from(venta).where(eq(venta.tiendaId, s.id)).orderBy(asc(venta.numero))).map(
    (v) => `#${v.numero} ${v.estado}`,
  );
const eliminaciones = async (s: Tienda) =>
  (await t.database.db.select().from(actividad).where(and(eq(actividad.tiendaId, s.id), eq(actividad.tipo, 'eliminacion'))).orderBy(asc(actividad.idActividad))).map((a) => ({
    cara: a.cara,
    ...(a.detalle as object),
  }));

/** What each face answers to deleting a completed sale's lines, and then the sale. */
const RECHAZOS: Record<string, { lineas: Outcome; venta: Outcome | RegExp }> = {
  tienda: { lineas: { ok: false, kind: 'no existe', mensaje: M.generic.notFound }, venta: { ok: false, kind: 'no existe', mensaje: M.generic.notFound } },
  administración: { lineas: { ok: false, kind: 'rechazo', mensaje: M.ventas.lineaDeVentaCompletada }, venta: { ok: false, kind: 'rechazo', mensaje: M.ventas.ventaNoSeElimina } },
  heredada: { lineas: { ok: false, kind: 'rechazo', mensaje: M.ventas.lineaDeVentaCompletada }, venta: /./ },
  SQL: {
    lineas: { ok: false, kind: 'rechazo', mensaje: 'Los productos de una venta completada no se quitan ni se pasan a otra venta. Use Anular venta o Devolver productos.' },
    venta: /una venta completada no se elimina\. Use Anular venta o Devolver productos/,
  },
};

describe.each(FACES)('cara $name: una venta completada no se elimina (issue #51)', (face) => {
  it('sus líneas y la venta se niegan con Anular / Devolver; el stock, las líneas y los números quedan; nada se registra como eliminado', async () => {
    const s = caras.storeOf(face);
    const antes = await vender(s, [{ productoId: s.a, cantidad: 1 }]);
    const v = await vender(s, [
      { productoId: s.a, cantidad: 2 },
      { productoId: s.b, cantidad: 3 },
    ]);
    const despues = await vender(s, [{ productoId: s.b, cantidad: 1 }]);
    expect([antes, v, despues]).toHaveLength(3);
    const lineas = await lineasDe(v);
    expect(lineas).toHaveLength(2);
    expect(await stocks(s)).toEqual([7, 6]);

    const esperado = RECHAZOS[face.name]!;
    expect(await face.quitarLineas(s, v, lineas)).toEqual(esperado.lineas);
    const rv = await face.eliminarVenta(s, v);
    if (esperado.venta instanceof RegExp) {
      expect(rv.ok).toBe(false);
      expect(rv.ok === false && rv.mensaje).toMatch(esperado.venta);
    } else expect(rv).toEqual(esperado.venta);

    expect(await lineasDe(v)).toEqual(lineas);
    expect(await stocks(s)).toEqual([7, 6]);
    expect(await numeros(s)).toEqual(['#1 Completada', '#2 Completada', '#3 Completada']);
    expect(await eliminaciones(s)).toEqual([]);
  });

  it('una venta anulada tampoco: ni sus líneas ni ella', async () => {
    const s = caras.storeOf(face);
    const v = await vender(s, [{ productoId: s.a, cantidad: 1 }]);
    expect((await api(s, 'POST', `/api/ventas/${v}/anular`)).status).toBe(200);
    const lineas = await lineasDe(v);
    expect((await face.quitarLineas(s, v, lineas)).ok).toBe(false);
    expect((await face.eliminarVenta(s, v)).ok).toBe(false);
    expect(await lineasDe(v)).toEqual(lineas);
    const [row] = await t.database.db.select({ estado: venta.estado }).from(venta).where(eq(venta.idVenta, v));
    expect(row?.estado).toBe('Anulada');
  });
});

describe('solo una venta vacía que nunca se completó se elimina, y queda en el registro', () => {
  it('administración: se quita la línea de una venta Pendiente (registrada), luego la venta vacía (registrada); con productos se niega con Anular', async () => {
    const s = caras.storeOf(administracion);
    const abierta = await s.crud.post('/ventas', { fecha: '2026-03-01', hora: '10:00', estado: 'Pendiente', metodoPagoId: METODO.EFECTIVO });
    expect(abierta.status, JSON.stringify(abierta.body)).toBe(201);
    const v = abierta.body.id as number;
    const [{ numero } = { numero: 0 }] = await t.database.db.select({ numero: venta.numero }).from(venta).where(eq(venta.idVenta, v));
    const linea = await s.crud.post('/factura', { ventaId: v, productoId: s.a, cantidad: 2, precio: 1000, estado: 'Pendiente' });
    expect(linea.status).toBe(201);
    const [stockA] = await stocks(s);

    // With a product, the sale is not deleted: the message no longer says to delete its lines first.
    const conProductos = await s.crud.del(`/ventas/${v}`);
    expect(conProductos.status).toBe(409);
    expect(conProductos.body.error.message).toBe(M.ventas.ventaConProductosNoSeElimina);
    expect(conProductos.body.error.message).not.toMatch(/líneas/);

    expect((await s.crud.del(`/factura/${linea.body.id}`)).status).toBe(200);
    expect((await stocks(s))[0]).toBe(stockA! + 2);
    expect((await s.crud.del(`/ventas/${v}`)).status).toBe(200);
    expect(await eliminaciones(s)).toEqual([
      { cara: 'crud', entidad: 'factura', id: linea.body.id, nombre: M.ventas.lineaEliminada('Arroz', 2, numero) },
      { cara: 'crud', entidad: 'venta', id: v, nombre: `#${numero}` },
    ]);
  });

  it('heredada: la línea quitada de una venta Pendiente queda registrada con la cara', async () => {
    const s = caras.storeOf(heredada);
    const paso1 = await L.json('POST', 'venta', { registro: true, EstadoVenta: 'Pendiente', metododepago_ID_Met_Pago: METODO.EFECTIVO }, s.token);
    const v = paso1.body.id_Venta as number;
    await L.json('POST', 'factura', { registro: true, venta_id_Venta: v, producto_id_Producto: s.b, Cantidad: 1, Precio: 2500, Estado: 'Pendiente' }, s.token);
    const [linea] = await lineasDe(v);
    expect(legacyOutcome(await L.json('POST', 'factura', { eliminar: v }, s.token), exito)).toEqual({ ok: true });
    expect((await eliminaciones(s)).at(-1)).toMatchObject({ cara: 'legacy', entidad: 'factura', id: linea });
  });

  it('SQL: una venta Pendiente vacía se borra; con productos, no', async () => {
    const s = caras.storeOf(sqlDirecto);
    const db = t.database.db;
    const [vacia] = await db.insert(venta).values({ tiendaId: s.id, metodoPagoId: METODO.EFECTIVO, estado: 'Pendiente' }).returning();
    expect(await sqlOutcome(db.delete(venta).where(eq(venta.idVenta, vacia!.idVenta)))).toEqual({ ok: true });
    const [llena] = await db.insert(venta).values({ tiendaId: s.id, metodoPagoId: METODO.EFECTIVO, estado: 'Pendiente' }).returning();
    await db.insert(factura).values({ tiendaId: s.id, ventaId: llena!.idVenta, productoId: s.a, cantidad: 1, precio: 1000, estado: 'Pendiente' });
    const r = await sqlOutcome(db.delete(venta).where(eq(venta.idVenta, llena!.idVenta)));
    expect(r.ok === false && r.mensaje).toMatch(/tiene productos: no se elimina\. Use Anular venta/);
    // Its line may go (a sale still open), and then the sale.
    expect(await sqlOutcome(db.delete(factura).where(eq(factura.ventaId, llena!.idVenta)))).toEqual({ ok: true });
    expect(await sqlOutcome(db.delete(venta).where(eq(venta.idVenta, llena!.idVenta)))).toEqual({ ok: true });
  });

  it('cerrar la tienda (el operador) sigue llevándose sus ventas completadas', async () => {
    const s = await nuevaTienda();
    const v = await vender(s, [{ productoId: s.a, cantidad: 1 }]);
    const { cerrarTienda } = await import('../cuenta/tienda.domain');
    await cerrarTienda({ db: t.database.db, alcance: { tiendaId: null, usuarioId: null }, id: s.id });
    expect(await t.database.db.select().from(venta).where(eq(venta.idVenta, v))).toEqual([]);
  });
});
