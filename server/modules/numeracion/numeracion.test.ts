import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { METODO, ROL } from '#shared/roles';
import { cliente, numeroInhabilitado, producto, rangoNumeracion, venta } from '../../db/schema';
import { crearEmpleado, crearTienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';

/**
 * Issue #30 point 5 (ADR 027): a till's authorised DIAN range numbers its sales once each, in order,
 * never reused; numbers that will never be a sale are inhabilitados with their reason; role 1 is
 * warned near the end of a range and refused a sale past it.
 */
const N = M.numeracion;

const t = usarApp();

const db = () => t.database.db;
let seq = 0;
async function crearProducto(tiendaId: number, stock = 1000) {
  const [p] = await db().insert(producto).values({ tiendaId, nombre: `Producto ${++seq}`, precioUnit: 1000, stock, estado: 1 }).returning();
  return p!.idProducto;
}
const req = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.request({ method, url, token, payload });
const vender = (token: string, productoId: number) => req(token, 'POST', '/api/ventas', { lineas: [{ productoId, cantidad: 1 }], metodoPagoId: METODO.EFECTIVO, montoRecibido: 1000 });
/** An ISO date `dias` days from today (UTC; the ranges below leave days of margin either side). */
const dia = (dias: number) => new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10);
const rango = (over: Record<string, unknown> = {}) => ({ prefijo: 'POS', desde: 1, hasta: 1000, resolucion: '18764000000001', fechaDesde: dia(-10), fechaHasta: dia(300), ...over });

async function cajaConRango(token: string, nombre: string, r: Record<string, unknown> = {}) {
  const c = await req(token, 'POST', '/api/numeracion/cajas', { nombre, ubicacion: 'Mostrador' });
  expect(c.statusCode, c.body).toBe(201);
  const id = c.json().id as number;
  const rr = await req(token, 'POST', `/api/numeracion/cajas/${id}/rangos`, rango(r));
  expect(rr.statusCode, rr.body).toBe(201);
  return id;
}
const fiscales = async (tiendaId: number) =>
  (await db().select({ n: venta.numeroFiscal }).from(venta).where(and(eq(venta.tiendaId, tiendaId), isNotNull(venta.numeroFiscal))).orderBy(asc(venta.numeroFiscal))).map((v) => v.n!);
/** The day (YYYY-MM-DD) of the store's last sale in Bogotá, the test stores' zone: the month its report holds. */
async function fechaDeVentaEnZona(tiendaId: number): Promise<string> {
  const [v] = await db().select({ fecha: venta.fecha }).from(venta).where(eq(venta.tiendaId, tiendaId)).orderBy(desc(venta.fecha)).limit(1);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota', year: 'numeric', month: '2-digit', day: '2-digit' }).format(v!.fecha);
}
const consecutivos = (desde: number, n: number) => Array.from({ length: n }, (_, i) => desde + i);

describe('numeración por caja (issue #30 punto 5)', { timeout: 300_000 }, () => {
  it('una tienda sin rango vende como siempre; con rango, cada venta toma el siguiente número de su caja una vez', async () => {
    const s = await crearTienda(t);
    const pid = await crearProducto(s.id);
    expect((await vender(s.token, pid)).statusCode).toBe(201);
    expect(await fiscales(s.id)).toEqual([]);

    await cajaConRango(s.token, 'Caja 1', { prefijo: 'ab1', desde: 500 });
    // The store account's shift was opened before the till existed: the store's only till numbers it.
    for (const _ of [1, 2, 3]) expect((await vender(s.token, pid)).statusCode).toBe(201);
    expect(await fiscales(s.id)).toEqual([500, 501, 502]);
    const [r] = await db().select().from(rangoNumeracion).where(eq(rangoNumeracion.tiendaId, s.id));
    expect(r).toMatchObject({ prefijo: 'AB1', siguiente: 503 });

    // A sale refused after its row was written (over the fiado limit) gives its number back.
    const [c] = await db().insert(cliente).values({ tiendaId: s.id, documento: String(1_800_000_000 + ++seq), nombre: 'Luisa', apellido: 'Gómez', fiado: true, cupo: 100 }).returning();
    const fiado = await req(s.token, 'POST', '/api/ventas', { lineas: [{ productoId: pid, cantidad: 1 }], metodoPagoId: METODO.FIADO, montoRecibido: 0, documentoCliente: c!.documento });
    expect(fiado.statusCode).toBe(422);
    const cuarta = await vender(s.token, pid);
    expect(cuarta.statusCode).toBe(201);
    expect(await fiscales(s.id)).toEqual([500, 501, 502, 503]);
    // The receipt carries the prefixed number and the range's resolution (issue #30 point 6), on the
    // checkout's answer and when read again.
    const fiscal = { caja: 'Caja 1', prefijo: 'AB1', numero: 503, resolucion: '18764000000001', desde: 500, hasta: 1000, fechaDesde: dia(-10), fechaHasta: dia(300) };
    expect(cuarta.json().fiscal).toEqual(fiscal);
    expect((await req(s.token, 'GET', `/api/ventas/${cuarta.json().id}`)).json().fiscal).toEqual(fiscal);
    expect(N.reciboResolucion(fiscal)).toContain('AB1500 a AB11000');
    // The Z report of the shift: first and last DIAN number (issue #30 point 7).
    const turnoId = (await req(s.token, 'GET', '/api/caja/turno')).json().turno.id as number;
    expect((await req(s.token, 'GET', `/api/caja/turnos/${turnoId}`)).json().numeracionDian).toEqual([{ prefijo: 'AB1', desde: 500, hasta: 503, inhabilitados: [] }]);
  });

  it('50 ventas a la vez en una caja: 50 números distintos y consecutivos', async () => {
    const s = await crearTienda(t);
    await cajaConRango(s.token, 'Caja rápida', { desde: 1, hasta: 100 });
    const productos = await Promise.all(consecutivos(1, 50).map(() => crearProducto(s.id)));
    const res = await Promise.all(productos.map((pid) => vender(s.token, pid)));
    expect(res.map((r) => r.statusCode)).toEqual(productos.map(() => 201));
    expect(await fiscales(s.id)).toEqual(consecutivos(1, 50));
  });

  it('cada turno numera con la caja donde se abrió; varias cajas sin elegir no venden', async () => {
    const s = await crearTienda(t, { sinCaja: true });
    const pid = await crearProducto(s.id);
    const a = await cajaConRango(s.token, 'Caja A', { prefijo: 'A', desde: 1 });
    const b = await cajaConRango(s.token, 'Caja B', { prefijo: 'B', desde: 7000, hasta: 7999 });
    const e = await crearEmpleado(t, s.codigo, { sinCaja: true });
    const abrir = (token: string, puntoVentaId?: number) => req(token, 'POST', '/api/caja/turnos', { fondoInicial: 0, puntoVentaId });
    expect((await abrir(e.token, b)).statusCode).toBe(201);
    expect((await abrir(s.token)).statusCode).toBe(201); // no till named, two exist: none
    expect((await vender(e.token, pid)).statusCode).toBe(201);
    const sinCaja = await vender(s.token, pid);
    expect(sinCaja.statusCode).toBe(422);
    expect(sinCaja.json().error.message).toBe(N.ventaSinCaja);
    const rows = await db().select({ punto: venta.puntoVentaId, n: venta.numeroFiscal, numero: venta.numero }).from(venta).where(eq(venta.tiendaId, s.id));
    expect(rows).toEqual([{ punto: b, n: 7000, numero: 1 }]);
    // Another store's till cannot be named.
    const otra = await crearTienda(t, { sinCaja: true });
    expect((await abrir(otra.token, a)).statusCode).toBe(404);
  });

  it('un rango agotado o vencido no vende, con un mensaje claro; al 90 % y a 30 días avisa al rol 1', async () => {
    const s = await crearTienda(t);
    const pid = await crearProducto(s.id);
    const caja = await cajaConRango(s.token, 'Caja 1', { desde: 1, hasta: 10, fechaHasta: dia(20) });
    for (let i = 0; i < 9; i++) expect((await vender(s.token, pid)).statusCode).toBe(201);
    const avisos = (await req(s.token, 'GET', '/api/numeracion/avisos')).json().avisos;
    expect(avisos).toEqual([
      { puntoVentaId: caja, nivel: 'aviso', mensaje: N.avisoPorAgotarse('Caja 1', 9, 10) },
      { puntoVentaId: caja, nivel: 'aviso', mensaje: expect.stringContaining('vence en') },
    ]);
    expect((await vender(s.token, pid)).statusCode).toBe(201);
    const agotado = await vender(s.token, pid);
    expect(agotado.statusCode).toBe(422);
    expect(agotado.json().error).toMatchObject({ message: N.rangoAgotado, title: N.noSePudoVender });
    expect((await req(s.token, 'GET', '/api/numeracion/avisos')).json().avisos).toEqual([{ puntoVentaId: caja, nivel: 'bloqueo', mensaje: N.avisoAgotado('Caja 1') }]);
    expect(await fiscales(s.id)).toEqual(consecutivos(1, 10));

    // A new range replaces it; numbers already given with the prefix cannot be authorised again.
    const solapa = await req(s.token, 'POST', `/api/numeracion/cajas/${caja}/rangos`, rango({ desde: 10, hasta: 20 }));
    expect(solapa.statusCode).toBe(409);
    expect(solapa.json().error.message).toBe(N.rangoSeSolapa('POS'));
    expect((await req(s.token, 'POST', `/api/numeracion/cajas/${caja}/rangos`, rango({ desde: 11, hasta: 20 }))).statusCode).toBe(201);
    expect((await vender(s.token, pid)).statusCode).toBe(201);
    expect(await fiscales(s.id)).toEqual(consecutivos(1, 11));

    // Expired (written straight: the screen would not take a range already over).
    await db().update(rangoNumeracion).set({ fechaDesde: '2023-01-01', fechaHasta: '2024-01-01' }).where(and(eq(rangoNumeracion.puntoVentaId, caja), eq(rangoNumeracion.enUso, true)));
    const vencido = await vender(s.token, pid);
    expect(vencido.statusCode).toBe(422);
    expect(vencido.json().error.message).toBe(N.rangoVencido);
    expect((await req(s.token, 'GET', '/api/numeracion/avisos')).json().avisos).toEqual([{ puntoVentaId: caja, nivel: 'bloqueo', mensaje: N.avisoVencido('Caja 1') }]);
    expect(await fiscales(s.id)).toEqual(consecutivos(1, 11));
  });

  it('un número tomado por una venta que no se completa queda inhabilitado con su motivo', async () => {
    const s = await crearTienda(t);
    await cajaConRango(s.token, 'Caja 1', { prefijo: 'P', desde: 1 });
    // The old client's step-by-step sale: written Pendiente (numbered), then annulled or deleted.
    const turnoId = (await req(s.token, 'GET', '/api/caja/turno')).json().turno.id as number;
    const pendiente = async () => (await db().insert(venta).values({ tiendaId: s.id, metodoPagoId: METODO.EFECTIVO, estado: 'Pendiente', turnoId }).returning())[0]!;
    const a = await pendiente();
    const b = await pendiente();
    expect([a.numeroFiscal, b.numeroFiscal]).toEqual([1, 2]);
    await db().update(venta).set({ estado: 'Anulada' }).where(eq(venta.idVenta, a.idVenta));
    await db().delete(venta).where(eq(venta.idVenta, b.idVenta));
    const rows = await db().select({ numero: numeroInhabilitado.numero, motivo: numeroInhabilitado.motivo, ventaId: numeroInhabilitado.ventaId }).from(numeroInhabilitado).where(eq(numeroInhabilitado.tiendaId, s.id)).orderBy(asc(numeroInhabilitado.numero));
    expect(rows).toEqual([
      { numero: 1, motivo: 'Venta anulada antes de completarse', ventaId: a.idVenta },
      { numero: 2, motivo: 'Venta eliminada sin completarse', ventaId: null },
    ]);
    const vista = (await req(s.token, 'GET', '/api/numeracion')).json();
    expect(vista.inhabilitados.map((i: { prefijo: string; numero: number; caja: string }) => [i.caja, i.prefijo, i.numero])).toEqual([
      ['Caja 1', 'P', 2],
      ['Caja 1', 'P', 1],
    ]);
    // The number is not given again.
    const pid = await crearProducto(s.id);
    expect((await vender(s.token, pid)).statusCode).toBe(201);
    expect(await fiscales(s.id)).toEqual([1, 3]);
    // The shift's Z report lists the inhabilitado of its annulled sale (the deleted one is no longer in any shift).
    expect((await req(s.token, 'GET', `/api/caja/turnos/${turnoId}`)).json().numeracionDian).toEqual([
      { prefijo: 'P', desde: 1, hasta: 3, inhabilitados: [{ numero: 1, motivo: 'Venta anulada antes de completarse' }] },
    ]);
    // The month's tax report lists both, the deleted sale's number too, in the screen and the CSV (issue #30 point 7).
    const mes = (await fechaDeVentaEnZona(s.id)).slice(0, 7);
    const usados = [
      {
        prefijo: 'P',
        desde: 1,
        hasta: 3,
        inhabilitados: [
          { numero: 1, motivo: 'Venta anulada antes de completarse' },
          { numero: 2, motivo: 'Venta eliminada sin completarse' },
        ],
      },
    ];
    expect((await req(s.token, 'GET', `/api/impuestos/informe?mes=${mes}`)).json().numeracion).toEqual(usados);
    const csv = (await req(s.token, 'GET', `/api/impuestos/informe/archivo?mes=${mes}&formato=csv`)).body;
    expect(csv).toContain(M.numeracion.informeNumeracion(usados[0]!));
    expect(csv).toContain('P1 (Venta anulada antes de completarse), P2 (Venta eliminada sin completarse)');
  });

  it('solo el rol 1 gestiona cajas y rangos; los datos malos se rechazan en español sin cambiar nada', async () => {
    const s = await crearTienda(t);
    const encargado = await crearEmpleado(t, s.codigo, { rol: ROL.ENCARGADO });
    expect((await req(encargado.token, 'POST', '/api/numeracion/cajas', { nombre: 'X', ubicacion: 'Y' })).json().error.message).toBe(N.soloAdministrador);
    expect((await req(encargado.token, 'GET', '/api/numeracion')).statusCode).toBe(403);
    expect((await req(encargado.token, 'GET', '/api/numeracion/puntos')).statusCode).toBe(200);
    const caja = (await req(s.token, 'POST', '/api/numeracion/cajas', { nombre: 'Caja 1', ubicacion: 'Entrada' })).json().id as number;
    expect((await req(s.token, 'POST', '/api/numeracion/cajas', { nombre: 'caja 1', ubicacion: 'Otra' })).json().error.message).toBe(N.nombreRepetido);
    const malo = async (over: Record<string, unknown>, mensaje: string) => {
      const r = await req(s.token, 'POST', `/api/numeracion/cajas/${caja}/rangos`, rango(over));
      expect(r.statusCode, JSON.stringify(over)).toBe(400);
      expect(r.json().error.message).toBe(mensaje);
    };
    await malo({ prefijo: 'ABCDE' }, N.prefijoInvalido);
    await malo({ prefijo: 'A-1' }, N.prefijoInvalido);
    await malo({ desde: 10, hasta: 5 }, N.hastaMenor);
    await malo({ desde: 0 }, N.numeroInvalido);
    await malo({ resolucion: 'abc' }, N.resolucionInvalida);
    await malo({ fechaDesde: '2026-02-30' }, N.fechaInvalida);
    await malo({ fechaDesde: dia(10), fechaHasta: dia(5) }, N.fechasInvertidas);
    await malo({ fechaDesde: dia(0), fechaHasta: dia(800) }, N.vigenciaMaxima);
    // The invoice range's technical key (issue #57): required on a factura range, refused on a POS one.
    await malo({ tipo: 'factura' }, M.facturaElectronica.claveTecnicaInvalida);
    await malo({ tipo: 'factura', claveTecnica: 'corta' }, M.facturaElectronica.claveTecnicaInvalida);
    await malo({ claveTecnica: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c' }, N.claveTecnicaSoloFactura);
    expect(await db().select().from(rangoNumeracion).where(eq(rangoNumeracion.tiendaId, s.id))).toEqual([]);
    const otra = await crearTienda(t);
    expect((await req(otra.token, 'POST', `/api/numeracion/cajas/${caja}/rangos`, rango())).statusCode).toBe(404);
    expect((await req(otra.token, 'PUT', `/api/numeracion/cajas/${caja}`, { nombre: 'Mía', ubicacion: 'Aquí' })).statusCode).toBe(404);
    // A good invoice range says so, and shows as the till's rangoFactura (never its key).
    const fe = await req(s.token, 'POST', `/api/numeracion/cajas/${caja}/rangos`, rango({ prefijo: 'FE', tipo: 'factura', claveTecnica: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c' }));
    expect(fe.statusCode, fe.body).toBe(201);
    expect(fe.json().message).toBe(N.rangoFacturaGuardado);
    const lista = (await req(s.token, 'GET', '/api/numeracion')).json();
    expect(lista.puntos[0]).toMatchObject({ rango: null, rangoFactura: { prefijo: 'FE' } });
    expect(JSON.stringify(lista)).not.toContain('fc8eac422eba');
    // Its warnings name it: near its end, and expired (the till still sells with the POS document).
    const avisos = async () => (await req(s.token, 'GET', '/api/numeracion/avisos')).json().avisos;
    expect(await avisos()).toEqual([]);
    const facturaDeCaja = and(eq(rangoNumeracion.puntoVentaId, caja), eq(rangoNumeracion.tipo, 'factura'));
    await db().update(rangoNumeracion).set({ fechaHasta: dia(20) }).where(facturaDeCaja);
    expect(await avisos()).toEqual([{ puntoVentaId: caja, nivel: 'aviso', mensaje: expect.stringContaining('El rango de factura electrónica de la caja Caja 1 vence en') }]);
    await db().update(rangoNumeracion).set({ fechaDesde: '2023-01-01', fechaHasta: '2024-01-01' }).where(facturaDeCaja);
    expect(await avisos()).toEqual([{ puntoVentaId: caja, nivel: 'bloqueo', mensaje: N.avisoFacturaSinNumeros('Caja 1', true) }]);
  });
});
