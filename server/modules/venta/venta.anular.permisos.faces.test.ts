/**
 * Who may annul (issue #27 point 1), on the faces a role-2 cashier reaches (the store API and the old
 * controller API's step 3; the back-office is role 1's): with the owner's `anular` switched off, even
 * its own sale of the day is refused, nothing moves and the attempt is in the activity log. With it
 * (the default), today's rule is the floor: its own sales of the day only. Each annulment, cash
 * movement and shift close is in the activity log (point 6).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { actividad, producto, venta } from '../../db/schema';
import { crearEmpleado, crearTienda } from '../../../tests/helpers/factories';
import type { TestApp } from '../../../tests/helpers/test-app';
import type { Legacy } from '../../legacy/test-client';
import { cleanOutcome, legacyOutcome as legacyOutcomeDe, montarCaras, type Outcome } from '../../../tests/helpers/faces';

let t: TestApp;
let L: Legacy;

type Tienda = Awaited<ReturnType<typeof crearTienda>> & { cajero: string };

interface Face {
  name: string;
  cara: 'tienda' | 'legacy';
  anular(token: string, ventaId: number): Promise<Outcome>;
}

const api = async (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const r = await t.request({ method, url, token, payload });
  return { status: r.statusCode, body: r.json() };
};
const tienda: Face = { name: 'tienda', cara: 'tienda', anular: async (token, id) => cleanOutcome(await api(token, 'POST', `/api/ventas/${id}/anular`)) };
const heredada: Face = {
  name: 'heredada',
  cara: 'legacy',
  anular: async (token, id) => legacyOutcomeDe(await L.json('POST', 'venta', { modificarEstado: true, id_Venta: id, EstadoVenta: 'Anulada' }, token), (b) => b.status === 'success'),
};
const FACES = [tienda, heredada];

const caras = montarCaras(
  FACES,
  async (): Promise<Tienda> => {
    const s = await crearTienda(t);
    return { ...s, cajero: (await crearEmpleado(t, s.codigo)).token };
  },
  (app, leg) => {
    t = app;
    L = leg;
  },
);

async function permitir(s: Tienda, cambios: Record<string, boolean>) {
  const actuales = (await api(s.token, 'GET', '/api/tienda/permisos')).body;
  Object.assign(actuales.roles[ROL.EMPLEADO], cambios);
  expect((await api(s.token, 'PUT', '/api/tienda/permisos', actuales)).status).toBe(200);
}
async function ventaDe(s: Tienda, token: string): Promise<{ ventaId: number; productoId: number }> {
  const p = await api(s.token, 'POST', '/api/productos', { nombre: 'Panela 500 g', precio: 3000, cantidad: 10 });
  const productoId = p.body.producto.id as number;
  const v = await api(token, 'POST', '/api/ventas', { lineas: [{ productoId, cantidad: 2 }], metodoPagoId: 5, montoRecibido: 6000 });
  expect(v.status, JSON.stringify(v.body)).toBe(201);
  return { ventaId: v.body.id, productoId };
}
const stock = async (id: number) => (await t.database.db.select({ s: producto.stock }).from(producto).where(eq(producto.idProducto, id)))[0]!.s;
const estado = async (id: number) => (await t.database.db.select({ e: venta.estado }).from(venta).where(eq(venta.idVenta, id)))[0]!.e;
const log = async (tiendaId: number, tipo: 'rechazo' | 'anulacion' | 'caja_movimiento' | 'cierre_turno') =>
  (await t.database.db.select().from(actividad).where(and(eq(actividad.tiendaId, tiendaId), eq(actividad.tipo, tipo)))).map((a) => ({ cara: a.cara, ...(a.detalle as object) }));

describe.each(FACES)('cara $name', (f) => {
  it('sin el permiso de anular, el cajero no anula ni su propia venta del día: nada cambia y el intento queda registrado', async () => {
    const s = caras.storeOf(f);
    await permitir(s, { anular: false });
    const { ventaId, productoId } = await ventaDe(s, s.cajero);
    expect(await f.anular(s.cajero, ventaId)).toEqual({ ok: false, kind: 'prohibido', mensaje: M.permisos.denegado.anular });
    expect(await estado(ventaId)).toBe('Completada');
    expect(await stock(productoId)).toBe(8);
    expect((await log(s.id, 'rechazo')).at(-1)).toEqual({ cara: f.cara, accion: 'anular', mensaje: M.permisos.denegado.anular, entidad: 'venta', id: ventaId });
  });

  it('con el permiso, la regla de hoy es el piso (solo sus ventas del día); la anulación queda registrada con su cara', async () => {
    const s = caras.storeOf(f);
    await permitir(s, { anular: true });
    const ajena = await ventaDe(s, s.token);
    expect(await f.anular(s.cajero, ajena.ventaId)).toEqual({ ok: false, kind: 'prohibido', mensaje: M.ventas.soloVentasPropiasDelDia });
    const propia = await ventaDe(s, s.cajero);
    expect(await f.anular(s.cajero, propia.ventaId)).toEqual({ ok: true });
    expect(await stock(propia.productoId)).toBe(10);
    expect(await log(s.id, 'anulacion')).toEqual([{ cara: f.cara, ventaId: propia.ventaId, total: 6000 }]);
  });
});

describe('caja en el registro de actividad (issue #27 punto 6)', () => {
  it('cada entrada o salida de caja y cada cierre de turno quedan registrados', async () => {
    const s = caras.storeOf(tienda);
    expect((await api(s.cajero, 'POST', '/api/caja/movimientos', { tipo: 'entrada', monto: 5000, motivo: 'Sencillo del banco' })).status).toBe(201);
    expect((await api(s.cajero, 'POST', '/api/caja/movimientos', { tipo: 'salida', monto: 2000, motivo: 'Pago al mensajero' })).status).toBe(201);
    const turno = (await api(s.cajero, 'GET', '/api/caja/turno')).body.turno;
    const cierre = await api(s.cajero, 'POST', `/api/caja/turnos/${turno.id}/cerrar`, { efectivo: 1000 });
    expect(cierre.status, JSON.stringify(cierre.body)).toBe(200);
    const movs = await log(s.id, 'caja_movimiento');
    expect(movs).toEqual([
      { cara: 'tienda', turnoId: turno.id, tipo: 'entrada', monto: 5000, motivo: 'Sencillo del banco' },
      { cara: 'tienda', turnoId: turno.id, tipo: 'salida', monto: 2000, motivo: 'Pago al mensajero' },
    ]);
    const [c] = (await log(s.id, 'cierre_turno')).filter((e) => 'turnoId' in e && e.turnoId === turno.id) as unknown as { esperado: number; diferencia: number }[];
    expect(c).toMatchObject({ cara: 'tienda', turnoId: turno.id, contado: 1000 });
    expect(c!.diferencia).toBe(1000 - c!.esperado);
  });
});
