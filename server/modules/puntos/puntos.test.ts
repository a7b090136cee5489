/**
 * Issue #59 point 3 (ADR 054): loyalty points. Off until the owner turns them on; a sale to a customer
 * earns on what was paid now; Puntos pays a whole sale (checked under the customer's lock: two sales
 * spending the same points, one refused); returns and annulments reverse proportionally and never
 * below zero; the receipt, the till's customer, the customer's page, the close and the activity log.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { METODO } from '#shared/roles';
import { actividad, puntoMovimiento } from '../../db/schema';
import { crearEmpleado, crearTienda, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { ayudasDevolucion } from '../devolucion/devolucion.fixtures';

const P = M.puntos;
const t = usarApp();
const { req, siguiente, crearProducto, vender, lineasDe } = ayudasDevolucion(t, 'puntos');

async function cliente(token: string) {
  const documento = String(71_000_000 + siguiente());
  const c = await req('POST', '/api/clientes', token, { documento, tipoDocumento: 'CC', nombre: 'Rosa', apellido: 'Puntos', correo: '', fiado: true, cupo: 500_000 });
  expect(c.statusCode, c.body).toBe(201);
  return { documento, id: (c.json().cliente.idCliente ?? c.json().cliente.id) as number };
}
const saldo = async (token: string, clienteId: number) => {
  const r = await req('GET', `/api/puntos/clientes/${clienteId}`, token);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().saldo as number;
};
const activar = (token: string, datos = { activo: true, pesosPorPunto: 1000, valorPunto: 10 }) => req('PUT', '/api/puntos/configuracion', token, datos);

describe('puntos de una tienda', () => {
  let s: Tienda;
  let cajero: { token: string };
  beforeAll(async () => {
    s = await crearTienda(t);
    cajero = await crearEmpleado(t, s.codigo);
  });

  it('apagados por defecto: una venta a un cliente no da puntos y Puntos se rechaza', async () => {
    expect((await req('GET', '/api/puntos/configuracion', s.token)).json()).toEqual({ activo: false, pesosPorPunto: 1000, valorPunto: 1 });
    const c = await cliente(s.token);
    const p = await crearProducto(s.id, 20_000);
    const r = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: p, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 20_000, documentoCliente: c.documento });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().puntos ?? null).toBeNull();
    const conPuntos = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: p, cantidad: 1 }], metodoPagoId: METODO.PUNTOS, montoRecibido: 20_000, documentoCliente: c.documento });
    expect(conPuntos.statusCode).toBe(422);
    expect(conPuntos.json().error.message).toBe(P.desactivados);
  });

  it('solo el administrador los configura, con límites; el cambio queda en el registro', async () => {
    const r = await activar(cajero.token);
    expect(r.statusCode).toBe(403);
    expect(r.json().error.message).toBe(P.soloAdministrador);
    for (const malo of [{ activo: true, pesosPorPunto: 99, valorPunto: 1 }, { activo: true, pesosPorPunto: 1000, valorPunto: 0 }, { activo: true, pesosPorPunto: 1000.5, valorPunto: 1 }, { activo: 'si', pesosPorPunto: 1000, valorPunto: 1 }]) {
      const x = await req('PUT', '/api/puntos/configuracion', s.token, malo);
      expect(x.statusCode, JSON.stringify(malo)).toBe(400);
    }
    const ok = await activar(s.token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await req('GET', '/api/puntos/configuracion', cajero.token)).json()).toEqual({ activo: true, pesosPorPunto: 1000, valorPunto: 10 });
    const log = await t.database.db.select().from(actividad).where(and(eq(actividad.tiendaId, s.id), eq(actividad.tipo, 'puntos')));
    expect(log.map((a) => M.actividad.describir('puntos', a.detalle))).toContain(`Cambió los puntos: ${P.activo}: No → Sí; ${P.valorPunto}: 1 → 10`);
  });

  it('gana sobre lo pagado ahora (no lo fiado), lo muestra el recibo y la caja al elegir al cliente', async () => {
    const c = await cliente(s.token);
    const p = await crearProducto(s.id, 12_500);
    const r = await req('POST', '/api/ventas', cajero.token, { lineas: [{ productoId: p, cantidad: 2 }], metodoPagoId: 5, montoRecibido: 15_000, aCredito: true, documentoCliente: c.documento });
    expect(r.statusCode, r.body).toBe(201);
    // 25 000 sold, 10 000 on fiado: 15 000 paid now, 15 points.
    expect(r.json().puntos).toEqual({ ganados: 15, redimidos: 0, saldo: 15 });
    expect((await req('GET', `/api/ventas/${r.json().id}`, cajero.token)).json().puntos).toEqual({ ganados: 15, redimidos: 0, saldo: 15 });
    const enCaja = await req('GET', `/api/ventas/clientes/${c.documento}`, cajero.token);
    expect(enCaja.statusCode, enCaja.body).toBe(200);
    expect(enCaja.json().puntos).toEqual({ saldo: 15, valorPunto: 10 });
    const pagina = (await req('GET', `/api/puntos/clientes/${c.id}`, cajero.token)).json();
    expect(pagina.movimientos).toMatchObject([{ tipo: 'ganado', puntos: 15, ventaNumero: r.json().numero }]);
  });

  it('Puntos paga la venta entera: sin cliente o sin saldo se rechaza sin escribir nada; no es efectivo en la caja', async () => {
    const turnoId = (await req('GET', '/api/caja/turno', cajero.token)).json().turno.id as number;
    const c = await cliente(s.token);
    const p = await crearProducto(s.id, 5_000);
    await vender(cajero.token, [{ productoId: p, cantidad: 10 }], { documentoCliente: c.documento, montoRecibido: 50_000 });
    expect(await saldo(s.token, c.id)).toBe(50);
    const sinCliente = await req('POST', '/api/ventas', cajero.token, { lineas: [{ productoId: p, cantidad: 1 }], metodoPagoId: METODO.PUNTOS, montoRecibido: 5_000 });
    expect(sinCliente.statusCode).toBe(400);
    expect(sinCliente.json().error.message).toBe(P.requiereCliente);
    const mucho = await req('POST', '/api/ventas', cajero.token, { lineas: [{ productoId: p, cantidad: 2 }], metodoPagoId: METODO.PUNTOS, montoRecibido: 10_000, documentoCliente: c.documento });
    expect(mucho.statusCode).toBe(422);
    expect(mucho.json().error.message).toBe(P.insuficientes(50, 1000));
    const efectivoAntes = await esperado(cajero.token, METODO.EFECTIVO);
    // $ 450 at $ 10 a point: 45 points.
    const chico = await crearProducto(s.id, 450);
    const ok = await req('POST', '/api/ventas', cajero.token, { lineas: [{ productoId: chico, cantidad: 1 }], metodoPagoId: METODO.PUNTOS, montoRecibido: 450, documentoCliente: c.documento });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().puntos).toEqual({ ganados: 0, redimidos: 45, saldo: 5 });
    expect(ok.json().cambio).toBe(0);
    expect(await esperado(cajero.token, METODO.EFECTIVO)).toBe(efectivoAntes);
    expect(await esperado(cajero.token, METODO.PUNTOS)).toBe(450);
    // The close counts no points: they are what the ledger spent, so no difference; counting them is refused.
    const contarPuntos = await req('POST', `/api/caja/turnos/${turnoId}/cerrar`, cajero.token, { efectivo: 0, otros: [{ metodoPagoId: METODO.PUNTOS, monto: 450 }] });
    expect(contarPuntos.statusCode).toBe(400);
    const cierre = await req('POST', `/api/caja/turnos/${turnoId}/cerrar`, cajero.token, { efectivo: await esperado(cajero.token, METODO.EFECTIVO) });
    expect(cierre.statusCode, cierre.body).toBe(200);
    expect(cierre.json().lineas.find((l: { metodoPagoId: number }) => l.metodoPagoId === METODO.PUNTOS)).toMatchObject({ contado: 450 });
    const leido = (await req('GET', `/api/caja/turnos/${turnoId}`, s.token)).json();
    expect(leido.lineas.find((l: { metodoPagoId: number }) => l.metodoPagoId === METODO.PUNTOS)).toMatchObject({ esperado: 450, contado: 450, diferencia: 0 });
  });

  it('dos ventas que gastan los mismos puntos a la vez: una se rechaza, el saldo nunca queda negativo', async () => {
    const c = await cliente(s.token);
    const p = await crearProducto(s.id, 3_000);
    await vender(s.token, [{ productoId: p, cantidad: 10 }], { documentoCliente: c.documento, montoRecibido: 30_000 });
    expect(await saldo(s.token, c.id)).toBe(30);
    const gastar = () => req('POST', '/api/ventas', s.token, { lineas: [{ productoId: p, cantidad: 1 }], metodoPagoId: METODO.PUNTOS, montoRecibido: 200, documentoCliente: c.documento, descuento: { tipo: 'valor', valor: 2_800 }, motivoDescuento: 'Cliente fiel' });
    const [a, b] = await Promise.all([gastar(), gastar()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    expect(await saldo(s.token, c.id)).toBe(10);
  });

  it('una devolución parcial y luego la total reversan justo lo ganado; una venta pagada con puntos los devuelve, no efectivo', async () => {
    const c = await cliente(s.token);
    const p = await crearProducto(s.id, 3_333);
    const ventaId = await vender(s.token, [{ productoId: p, cantidad: 3 }], { documentoCliente: c.documento, montoRecibido: 9_999 });
    expect(await saldo(s.token, c.id)).toBe(9);
    const [l] = (await lineasDe(s.token, ventaId)).lineas;
    const devolver = (cantidad: number, venta = ventaId, facturaId = l!.facturaId) => req('POST', `/api/ventas/${venta}/devoluciones`, s.token, { motivo: 'No le sirvió', lineas: [{ facturaId, cantidad, destino: 'inventario' }] });
    expect((await devolver(1)).statusCode).toBe(201);
    expect(await saldo(s.token, c.id)).toBe(6);
    expect((await devolver(2)).statusCode).toBe(201);
    expect(await saldo(s.token, c.id)).toBe(0);

    // 30 points, 25 spent on a $ 250 sale, which is returned: the 25 come back, no cash leaves.
    await vender(s.token, [{ productoId: p, cantidad: 9 }], { documentoCliente: c.documento, montoRecibido: 29_997 });
    const barato = await crearProducto(s.id, 250);
    const pagada = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: barato, cantidad: 1 }], metodoPagoId: METODO.PUNTOS, montoRecibido: 250, documentoCliente: c.documento });
    expect(pagada.statusCode, pagada.body).toBe(201);
    expect(await saldo(s.token, c.id)).toBe(4);
    const efectivoAntes = await esperado(s.token, METODO.EFECTIVO);
    const [lp] = (await lineasDe(s.token, pagada.json().id)).lineas;
    const r = await devolver(1, pagada.json().id, lp!.facturaId);
    expect(r.statusCode, r.body).toBe(201);
    expect(await saldo(s.token, c.id)).toBe(29);
    expect(await esperado(s.token, METODO.EFECTIVO)).toBe(efectivoAntes);
  });

  it('anular reversa lo ganado; si ya los gastó, el saldo queda en cero y el registro lo dice', async () => {
    const c = await cliente(s.token);
    const p = await crearProducto(s.id, 10_000);
    const v1 = await vender(s.token, [{ productoId: p, cantidad: 2 }], { documentoCliente: c.documento, montoRecibido: 20_000 });
    expect(await saldo(s.token, c.id)).toBe(20);
    const gasto = await crearProducto(s.id, 150);
    expect((await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: gasto, cantidad: 1 }], metodoPagoId: METODO.PUNTOS, montoRecibido: 150, documentoCliente: c.documento })).statusCode).toBe(201);
    expect(await saldo(s.token, c.id)).toBe(5);
    const an = await req('POST', `/api/ventas/${v1}/anular`, s.token);
    expect(an.statusCode, an.body).toBe(200);
    expect(await saldo(s.token, c.id)).toBe(0);
    const filas = await t.database.db.select().from(puntoMovimiento).where(eq(puntoMovimiento.ventaId, v1));
    expect(filas.map((f) => [f.tipo, f.puntos])).toEqual([['ganado', 20], ['reverso', -5]]);
    const log = await t.database.db.select().from(actividad).where(and(eq(actividad.tiendaId, s.id), eq(actividad.tipo, 'puntos')));
    expect(log.some((a) => (a.detalle as { sinQuitar?: number; ventaId?: number }).ventaId === v1 && (a.detalle as { sinQuitar?: number }).sinQuitar === 15)).toBe(true);
  });

  it('el libro no se corrige: ni UPDATE ni DELETE', async () => {
    const [fila] = await t.database.db.select().from(puntoMovimiento).where(eq(puntoMovimiento.tiendaId, s.id)).limit(1);
    await expect(t.database.db.update(puntoMovimiento).set({ puntos: 999 }).where(eq(puntoMovimiento.idPuntoMovimiento, fila!.idPuntoMovimiento))).rejects.toThrow();
    await expect(t.database.db.delete(puntoMovimiento).where(eq(puntoMovimiento.idPuntoMovimiento, fila!.idPuntoMovimiento))).rejects.toThrow();
  });

  it('otra tienda no ve los puntos de un cliente ajeno', async () => {
    const otra = await crearTienda(t);
    const c = await cliente(s.token);
    expect((await req('GET', `/api/puntos/clientes/${c.id}`, otra.token)).statusCode).toBe(404);
  });

  it('sin red: pagar con puntos se rechaza al sincronizar (el equipo no conoce el saldo); ganar lo calcula el servidor', async () => {
    const c = await cliente(s.token);
    const p = await crearProducto(s.id, 4_000);
    await vender(s.token, [{ productoId: p, cantidad: 5 }], { documentoCliente: c.documento, montoRecibido: 20_000 });
    const clave = randomBytes(32).toString('base64url');
    const e = await req('POST', '/api/sin-red/equipo', s.token, { clave });
    expect((await req('POST', `/api/sin-red/equipos/${e.json().id}/autorizar`, s.token)).statusCode).toBe(200);
    const d = (await req('POST', '/api/sin-red/dispositivos', s.token, { clave })).json() as { id: number; prefijo: string };
    const ahora = new Date().toISOString();
    const sinRed = (n: number, extra: object) =>
      req('POST', '/api/sin-red/ventas', s.token, { clave: randomUUID(), lineas: [{ productoId: p, cantidad: 1 }], documentoCliente: c.documento, sinRed: { dispositivoId: d.id, numero: `${d.prefijo}-${n}`, fecha: ahora, reloj: ahora }, ...extra });
    const r = await sinRed(1, { metodoPagoId: METODO.PUNTOS, montoRecibido: 4_000 });
    expect(r.statusCode).toBe(422);
    expect(r.json().error.message).toBe(P.sinRed);
    expect(await saldo(s.token, c.id)).toBe(20);
    const ok = await sinRed(2, { metodoPagoId: 5, montoRecibido: 4_000 });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().puntos).toEqual({ ganados: 4, redimidos: 0, saldo: 24 });
  });

  async function esperado(token: string, metodo: number) {
    const turno = (await req('GET', '/api/caja/turno', token)).json().turno;
    if (!turno) return 0;
    // Read by the owner: a cashier's close is blind (no expected figures).
    const z = (await req('GET', `/api/caja/turnos/${turno.id}`, s.token)).json();
    return (z.lineas.find((l: { metodoPagoId: number }) => l.metodoPagoId === metodo)?.esperado ?? 0) as number;
  }
});
