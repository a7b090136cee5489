/**
 * Cash control on every face (issue #27 point 5). When the store requires a shift ("Exigir caja
 * abierta para vender", on by default), no face records a sale for a seller whose shift is not open:
 * the till, the back-office form and the old client's step 1 (which, before this issue, sold outside
 * any shift). A one-person shop may turn the setting off: then every face sells without a shift and
 * the caja screen knows cash is not controlled. A cash-out larger than the drawer's expected cash is
 * refused, and a reason needs 3 characters a person can see.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { METODO } from '#shared/roles';
import { cajaMovimiento, producto, venta } from '../../db/schema';
import { abrirCaja, crearEmpleado, crearTienda } from '../../../tests/helpers/factories';
import { createCrudTestApp } from '../crud/crud.fixtures';
import { legacy } from '../../legacy/test-client';
import { cleanOutcome, legacyOutcome } from '../../../tests/helpers/faces';

const t = await createCrudTestApp();
const L = legacy(t);
afterAll(() => t.close());

const V = M.ventas;

async function tiendaConCajera() {
  const s = await crearTienda(t);
  // A cashier whose shift is not open (closed, or never opened).
  const cajera = await crearEmpleado(t, s.codigo, { sinCaja: true });
  const [p] = await t.database.db.insert(producto).values({ tiendaId: s.id, nombre: 'Arroz', precioUnit: 1000, stock: 10 }).returning();
  return { ...s, cajera, productoId: p!.idProducto };
}
type S = Awaited<ReturnType<typeof tiendaConCajera>>;

/** The sale of each face, sold by `token`. */
const caras = {
  tienda: async (s: S, token: string) =>
    cleanOutcome(
      await t
        .request({ method: 'POST', url: '/api/ventas', token, payload: { lineas: [{ productoId: s.productoId, cantidad: 1 }], metodoPagoId: METODO.EFECTIVO, montoRecibido: 1000 } })
        .then((r) => ({ status: r.statusCode, body: r.json() })),
    ),
  heredada: async (_s: S, token: string) =>
    legacyOutcome(await L.json('POST', 'venta', { registro: true, EstadoVenta: 'Pendiente', metododepago_ID_Met_Pago: METODO.EFECTIVO }, token), (b) => b.success),
  administracion: async (s: S, _token: string, documento: string) =>
    cleanOutcome(
      await t
        .request({ method: 'POST', url: '/api/crud/ventas', token: s.token, payload: { fecha: '2026-03-01', hora: '10:00', estado: 'Pendiente', metodoPagoId: METODO.EFECTIVO, usuarioDocumento: documento } })
        .then((r) => ({ status: r.statusCode, body: r.json() })),
    ),
};

const ventasDe = async (s: S) => (await t.database.db.select().from(venta).where(eq(venta.tiendaId, s.id))).length;

const ajustes = (token: string, exigirCaja: boolean) =>
  t.request({ method: 'PUT', url: '/api/tienda/ajustes', token, payload: { nit: '', direccion: '', telefono: '', anchoPapel: '80', pieRecibo: '', exigirCaja } });

describe('sin caja abierta no se vende por ninguna cara', () => {
  it('la cajera con el turno cerrado: la caja, la administración y la API heredada responden la misma negativa, y no queda venta', async () => {
    const s = await tiendaConCajera();
    const negativa = { ok: false, kind: 'rechazo', mensaje: V.turnoRequerido };
    expect(await caras.tienda(s, s.cajera.token)).toEqual(negativa);
    expect(await caras.heredada(s, s.cajera.token)).toEqual(negativa);
    expect(await caras.administracion(s, s.cajera.token, s.cajera.documento)).toEqual(negativa);
    expect(await ventasDe(s)).toBe(0);
    // With the shift open, each face sells, and the sale is in that shift.
    await abrirCaja(t, s.cajera.token);
    expect(await caras.heredada(s, s.cajera.token)).toEqual({ ok: true });
    expect(await caras.administracion(s, s.cajera.token, s.cajera.documento)).toEqual({ ok: true });
    const ventas = await t.database.db.select({ turnoId: venta.turnoId }).from(venta).where(eq(venta.tiendaId, s.id));
    expect(ventas.length).toBe(2);
    expect(ventas.every((v) => v.turnoId != null)).toBe(true);
  });

  it('una tienda de una sola persona apaga "Exigir caja abierta para vender": vende por cada cara sin turno, y la caja dice que el efectivo no se controla', async () => {
    const s = await tiendaConCajera();
    const cajera = await crearEmpleado(t, s.codigo, { sinCaja: true });
    expect((await ajustes(cajera.token, false)).statusCode).toBe(403);
    const r = await ajustes(s.token, false);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().exigirCaja).toBe(false);
    expect(await caras.tienda(s, s.cajera.token)).toEqual({ ok: true });
    expect(await caras.heredada(s, s.cajera.token)).toEqual({ ok: true });
    expect(await caras.administracion(s, s.cajera.token, s.cajera.documento)).toEqual({ ok: true });
    expect(await ventasDe(s)).toBe(3);
    const turno = await t.request({ method: 'GET', url: '/api/caja/turno', token: s.cajera.token });
    expect(turno.json()).toMatchObject({ turno: null, exigirCaja: false });
    // On again: refused again.
    expect((await ajustes(s.token, true)).json().exigirCaja).toBe(true);
    expect(await caras.heredada(s, s.cajera.token)).toEqual({ ok: false, kind: 'rechazo', mensaje: V.turnoRequerido });
  });
});

describe('salidas de caja', () => {
  const salida = (token: string, monto: number, motivo: string) =>
    t.request({ method: 'POST', url: '/api/caja/movimientos', token, payload: { tipo: 'salida', monto, motivo } }).then((r) => ({ status: r.statusCode, body: r.json() }));

  it('una salida mayor que el efectivo esperado en la caja se niega; hasta ese efectivo, se acepta', async () => {
    const s = await crearTienda(t, { sinCaja: true });
    await abrirCaja(t, s.token, 1000);
    const grande = await salida(s.token, 1_000_000_000_000, 'Pago a proveedor');
    expect(cleanOutcome(grande)).toEqual({ ok: false, kind: 'rechazo', mensaje: M.caja.salidaMayorQueEfectivo('$ 1.000') });
    expect(cleanOutcome(await salida(s.token, 1001, 'Pago a proveedor'))).toEqual({ ok: false, kind: 'rechazo', mensaje: M.caja.salidaMayorQueEfectivo('$ 1.000') });
    expect(cleanOutcome(await salida(s.token, 600, 'Pago a proveedor'))).toEqual({ ok: true });
    // What is left in the drawer is 400 now.
    expect(cleanOutcome(await salida(s.token, 401, 'Otra salida'))).toEqual({ ok: false, kind: 'rechazo', mensaje: M.caja.salidaMayorQueEfectivo('$ 400') });
    const movs = await t.database.db.select({ monto: cajaMovimiento.monto }).from(cajaMovimiento).where(eq(cajaMovimiento.tiendaId, s.id));
    expect(movs.map((m) => m.monto)).toEqual([600]);
  });

  it('un motivo invisible (espacios de ancho cero, caracteres de control) o de menos de 3 letras visibles se niega', async () => {
    const s = await crearTienda(t, { sinCaja: true });
    await abrirCaja(t, s.token, 5000);
    for (const motivo of ['\u200B\u200B\u200B\u200B', '\u200Bab\u200C', 'a\u0007\u0001b', '\u2066\u2069\u202E\uFEFF', '  \u00A0\u3000 ']) {
      const r = await salida(s.token, 100, motivo);
      expect(r.status, JSON.stringify(motivo)).toBe(400);
      expect(r.body.error.fields?.motivo, JSON.stringify(r.body)).toBe(M.caja.motivoRequerido);
    }
    expect(cleanOutcome(await salida(s.token, 100, 'Cambio'))).toEqual({ ok: true });
    expect((await t.database.db.select().from(cajaMovimiento).where(eq(cajaMovimiento.tiendaId, s.id))).length).toBe(1);
  });
});
