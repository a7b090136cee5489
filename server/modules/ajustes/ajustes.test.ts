import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ZONA_HORARIA } from '#shared/schemas/movimiento';
import { movimiento, producto, tienda, turno, venta } from '../../db/schema';
import { crearEmpleado, crearTienda } from '../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

/**
 * The store's settings (GET/PUT /api/tienda/ajustes): the receipt's fields (issue #19) and the time
 * zone every date of the store is shown and grouped in (issue #16 point 8).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const URL = '/api/tienda/ajustes';
const RECIBO = { nit: '900123456-7', direccion: 'Calle 10 # 5-23', telefono: '6013456789', anchoPapel: '80', pieRecibo: 'Vuelva pronto' };
const leer = async (token: string) => (await t.request({ method: 'GET', url: URL, token })).json();
const guardar = (token: string, payload: Record<string, unknown>) => t.request({ method: 'PUT', url: URL, token, payload });
const zonaEnBd = async (id: number) => (await t.database.db.select({ z: tienda.zonaHoraria }).from(tienda).where(eq(tienda.idTienda, id)))[0]!.z;

describe('los ajustes de la tienda', { timeout: 60_000 }, () => {
  it('una tienda nueva está en Bogotá; un cliente que envía solo los datos del recibo no cambia la zona', async () => {
    const s = await crearTienda(t, { sinCaja: true });
    expect((await leer(s.token)).zonaHoraria).toBe(ZONA_HORARIA);

    expect((await guardar(s.token, { ...RECIBO, zonaHoraria: 'America/Mexico_City' })).json()).toMatchObject({ ...RECIBO, zonaHoraria: 'America/Mexico_City' });
    const viejo = await guardar(s.token, { ...RECIBO, pieRecibo: 'Gracias' });
    expect(viejo.statusCode).toBe(200);
    expect(viejo.json()).toMatchObject({ pieRecibo: 'Gracias', zonaHoraria: 'America/Mexico_City' });
    expect(await leer(s.token)).toMatchObject({ nit: RECIBO.nit, pieRecibo: 'Gracias', zonaHoraria: 'America/Mexico_City' });
  });

  it('una zona que no existe se rechaza con su mensaje (400) y no cambia nada', async () => {
    const s = await crearTienda(t, { sinCaja: true });
    await guardar(s.token, { ...RECIBO, zonaHoraria: 'Asia/Tokyo' });
    // Unknown names, offsets and POSIX strings (PostgreSQL reads their sign the other way), empty, not text.
    for (const zonaHoraria of ['Marte/Olympus_Mons', 'America/Bogot', '-05:00', 'UTC-5', 'EST5EDT', '', ' ', 'a'.repeat(80), 5, null]) {
      const r = await guardar(s.token, { ...RECIBO, nit: '111', zonaHoraria });
      expect(r.statusCode, String(zonaHoraria)).toBe(400);
      expect(r.json().error.message).toBe(M.ajustesTienda.zonaInvalida);
    }
    expect(await leer(s.token)).toMatchObject({ nit: RECIBO.nit, zonaHoraria: 'Asia/Tokyo' });
    expect(await zonaEnBd(s.id)).toBe('Asia/Tokyo');
  });

  it('solo el rol 1 cambia la zona; cada tienda tiene la suya', async () => {
    const s = await crearTienda(t, { sinCaja: true });
    const otra = await crearTienda(t, { sinCaja: true });
    const e = await crearEmpleado(t, s.codigo, { sinCaja: true });
    expect((await guardar(e.token, { ...RECIBO, zonaHoraria: 'Asia/Tokyo' })).statusCode).toBe(403);
    expect((await leer(e.token)).zonaHoraria).toBe(ZONA_HORARIA);
    expect((await guardar(s.token, { ...RECIBO, zonaHoraria: 'America/Argentina/Buenos_Aires' })).statusCode).toBe(200);
    expect((await leer(e.token)).zonaHoraria).toBe('America/Argentina/Buenos_Aires');
    expect(await zonaEnBd(otra.id)).toBe(ZONA_HORARIA);
  });
});

describe('los días de la tienda se cuentan en su zona horaria', { timeout: 60_000 }, () => {
  // 2024-05-01 14:00Z is 09:00 in Bogotá and 23:00 in Tokyo; 16:00Z is 11:00 and, in Tokyo, 01:00 of
  // May 2; 2024-05-02 04:00Z is still May 1 in Bogotá (23:00) and 13:00 of May 2 in Tokyo.
  const INSTANTES = ['2024-05-01T14:00:00Z', '2024-05-01T16:00:00Z', '2024-05-02T04:00:00Z'];

  it('filtro por fechas de movimientos y de turnos de caja: Bogotá y Tokio ven días distintos', async () => {
    const s = await crearTienda(t);
    const [p] = await t.database.db.insert(producto).values({ tiendaId: s.id, nombre: 'Arepa', precioUnit: 1000, stock: 3, estado: 1, marca: 'M' }).returning();
    await t.database.db.insert(movimiento).values(
      INSTANTES.map((f, i) => ({ tiendaId: s.id, productoId: p!.idProducto, entradas: 1, cantidadDespues: i + 1, motivo: `m${i}`, fechaMovimiento: new Date(f) })),
    );
    const [abierto] = await t.database.db.select({ id: turno.idTurno }).from(turno).where(eq(turno.tiendaId, s.id));
    await t.database.db.update(turno).set({ abiertoEn: new Date(INSTANTES[1]!) }).where(eq(turno.idTurno, abierto!.id));

    const motivos = async (dia: string) =>
      ((await t.request({ method: 'GET', url: `/api/movimientos?desde=${dia}&hasta=${dia}`, token: s.token })).json().items as { motivo: string }[])
        .map((m) => m.motivo)
        .filter((m) => m.startsWith('m'))
        .sort();
    const turnos = async (dia: string) => (await t.request({ method: 'GET', url: `/api/caja/turnos?desde=${dia}&hasta=${dia}`, token: s.token })).json().total as number;

    expect(await motivos('2024-05-01')).toEqual(['m0', 'm1', 'm2']);
    expect(await motivos('2024-05-02')).toEqual([]);
    expect([await turnos('2024-05-01'), await turnos('2024-05-02')]).toEqual([1, 0]);

    expect((await guardar(s.token, { ...RECIBO, zonaHoraria: 'Asia/Tokyo' })).statusCode).toBe(200);
    expect(await motivos('2024-05-01')).toEqual(['m0']);
    expect(await motivos('2024-05-02')).toEqual(['m1', 'm2']);
    expect([await turnos('2024-05-01'), await turnos('2024-05-02')]).toEqual([0, 1]);
  });

  it('un empleado anula su venta "de hoy" según el día de la zona de la tienda', async () => {
    // A sale 6 h old is of today where it is now past 07:00, and of yesterday where it is not yet
    // 05:00 (an hour's margin each side). Some zone of each kind exists at any moment.
    const hora = (zona: string) => Number(new Intl.DateTimeFormat('en-GB', { timeZone: zona, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
    const zonas = ['Asia/Tokyo', 'America/Mexico_City', 'Pacific/Honolulu', 'America/Anchorage', 'America/Los_Angeles', 'America/Bogota', 'America/Sao_Paulo', 'Atlantic/Azores', 'Europe/London', 'Europe/Madrid', 'Europe/Moscow', 'Asia/Dubai', 'Asia/Kolkata', 'Asia/Bangkok', 'Australia/Sydney', 'Pacific/Auckland', 'Pacific/Kiritimati'];
    const deHoy = zonas.find((z) => hora(z) >= 7)!;
    const deAyer = zonas.find((z) => hora(z) < 5)!;
    expect(deHoy && deAyer).toBeTruthy();

    const s = await crearTienda(t);
    const ana = await crearEmpleado(t, s.codigo);
    const [p] = await t.database.db.insert(producto).values({ tiendaId: s.id, nombre: 'Pan', precioUnit: 1000, stock: 10, estado: 1, marca: 'M' }).returning();
    const venderHace6h = async () => {
      const r = await t.request({ method: 'POST', url: '/api/ventas', token: ana.token, payload: { lineas: [{ productoId: p!.idProducto, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 1000 } });
      const id = r.json().id as number;
      await t.database.db.update(venta).set({ fecha: new Date(Date.now() - 6 * 3600_000) }).where(eq(venta.idVenta, id));
      return id;
    };
    const anular = (id: number) => t.request({ method: 'POST', url: `/api/ventas/${id}/anular`, token: ana.token });

    const a = await venderHace6h();
    expect((await guardar(s.token, { ...RECIBO, zonaHoraria: deAyer })).statusCode).toBe(200);
    const refusal = await anular(a);
    expect(refusal.statusCode, deAyer).toBe(403);
    expect(refusal.json().error.message).toBe(M.ventas.soloVentasPropiasDelDia);

    expect((await guardar(s.token, { ...RECIBO, zonaHoraria: deHoy })).statusCode).toBe(200);
    expect((await anular(a)).statusCode, deHoy).toBe(200);
  });
});
