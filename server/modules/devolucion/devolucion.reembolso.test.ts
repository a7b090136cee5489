/**
 * Issue #51 point 3 (ADR 039): giving money back is the `devolver` permission (a cashier without it
 * needs a supervisor's PIN, as for a discount), and the money goes back the way it came: the credit part
 * of a sale lowers what the customer owes, the cash part leaves the drawer, a transfer is refunded as a
 * transfer with its reference; never more by a method than it paid, across every return of the sale.
 * On the old code a cashier returned freely and a fiado sale's return took cash from the drawer.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { actividad, devolucion, usuario } from '../../db/schema';
import { crearEmpleado, crearTienda, PASSWORD, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { ayudasDevolucion } from './devolucion.fixtures';

const D = M.devoluciones;
const t = usarApp();
const { req, crearProducto, vender, lineasDe, clienteFiado, venderAlFiado } = ayudasDevolucion(t, 'reembolso');

const devolver = (token: string, ventaId: number, body: object) => req('POST', `/api/ventas/${ventaId}/devoluciones`, token, { motivo: 'Producto vencido', ...body });
const esperadoDe = async (token: string, metodo = 5) => {
  const turno = (await req('GET', '/api/caja/turno', token)).json().turno;
  const z = (await req('GET', `/api/caja/turnos/${turno.id}`, token)).json();
  return (z.lineas.find((l: { metodoPagoId: number }) => l.metodoPagoId === metodo)?.esperado ?? 0) as number;
};
/** What today's daily close says went back by each method (its per-method table). */
async function devueltoPorMedio(token: string) {
  const cierre = await req('GET', '/api/reportes/cierre-diario?periodo=hoy', token);
  expect(cierre.statusCode, cierre.body).toBe(200);
  const medios = (cierre.json() as { tablas: { filas: Record<string, unknown>[] }[] }).tablas[1]!.filas;
  const por = (medio: string) => medios.filter((f) => f.medio === medio).reduce((a, f) => a + Number(f.devuelto), 0);
  return { Fiado: por('Fiado'), Efectivo: por('Efectivo') } as Record<string, number>;
}

describe('devolver es un permiso', () => {
  let s: Tienda;
  let cajero: { token: string; documento: string };
  let supervisorId: number;
  beforeAll(async () => {
    s = await crearTienda(t);
    cajero = await crearEmpleado(t, s.codigo);
    const sup = await crearEmpleado(t, s.codigo, { nombre: 'Laura', apellido: 'Díaz', rol: ROL.ENCARGADO });
    expect((await req('PUT', '/api/cuenta/pin', sup.token, { contrasena: PASSWORD, pin: '4827' })).statusCode).toBe(200);
    supervisorId = (await t.database.db.select({ id: usuario.idUsuario }).from(usuario).where(eq(usuario.documento, sup.documento)))[0]!.id;
  });

  it('Permisos tiene la fila: el encargado devuelve sin PIN, el empleado no', async () => {
    const r = await req('GET', '/api/tienda/permisos', s.token);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().roles[2].devolver).toBe(false);
    expect(r.json().roles[3].devolver).toBe(true);
  });

  it('un cajero sin el permiso: sin PIN o con uno errado no devuelve nada; con el PIN de un supervisor sí, y el registro lo nombra', async () => {
    const p = await crearProducto(s.id, 11_900, 10);
    const ventaId = await vender(cajero.token, [{ productoId: p, cantidad: 1 }]);
    const [l] = (await lineasDe(cajero.token, ventaId)).lineas;
    const body = { lineas: [{ facturaId: l!.facturaId, cantidad: 1, destino: 'inventario' }] };

    const sinPin = await devolver(cajero.token, ventaId, body);
    expect(sinPin.statusCode).toBe(403);
    expect(sinPin.json().error.message).toBe(M.permisos.denegado.devolver);
    const malPin = await devolver(cajero.token, ventaId, { ...body, autorizacion: { supervisorId, pin: '1111' } });
    expect(malPin.statusCode).toBe(403);
    expect(malPin.json().error.message).toBe(D.pinIncorrecto);
    expect(await t.database.db.select().from(devolucion).where(eq(devolucion.tiendaId, s.id))).toHaveLength(0);
    // The refused attempt is in the activity log.
    const rechazos = await t.database.db.select().from(actividad).where(and(eq(actividad.tiendaId, s.id), eq(actividad.tipo, 'rechazo')));
    expect(rechazos.some((a) => (a.detalle as { accion?: string }).accion === 'devolver')).toBe(true);

    const ok = await devolver(cajero.token, ventaId, { ...body, autorizacion: { supervisorId, pin: '4827' } });
    expect(ok.statusCode, ok.body).toBe(201);
    const [a] = await t.database.db.select().from(actividad).where(and(eq(actividad.tiendaId, s.id), eq(actividad.tipo, 'devolucion')));
    expect(a!.detalle).toMatchObject({ total: 11_900, autorizadoPor: 'Laura Díaz', reembolso: [{ metodo: 'Efectivo', monto: 11_900 }] });
  });

  it('con el permiso que le da el dueño, el cajero devuelve de sus ventas del día sin PIN', async () => {
    const actuales = (await req('GET', '/api/tienda/permisos', s.token)).json();
    const put = await req('PUT', '/api/tienda/permisos', s.token, { ...actuales, roles: { ...actuales.roles, 2: { ...actuales.roles[2], devolver: true } } });
    expect(put.statusCode, put.body).toBe(200);
    const p = await crearProducto(s.id, 2_000, 10);
    const ventaId = await vender(cajero.token, [{ productoId: p, cantidad: 1 }]);
    const [l] = (await lineasDe(cajero.token, ventaId)).lineas;
    expect((await devolver(cajero.token, ventaId, { lineas: [{ facturaId: l!.facturaId, cantidad: 1, destino: 'inventario' }] })).statusCode).toBe(201);
  });
});

describe('el dinero vuelve por donde entró', () => {
  let s: Tienda;
  beforeAll(async () => {
    s = await crearTienda(t);
  });

  it('una venta fiada de $ 20.000: pedir efectivo se rechaza; devuelta, baja la deuda y la caja no se mueve', async () => {
    const { documento } = await clienteFiado(s.token);
    const p = await crearProducto(s.id, 20_000, 10);
    const ventaId = await venderAlFiado(s.token, [{ productoId: p, cantidad: 1 }], documento);
    const info = await lineasDe(s.token, ventaId);
    expect(info.cliente!.saldo).toBe(20_000);
    expect(info.pagos).toEqual([expect.objectContaining({ metodoPagoId: 7, pagado: 20_000, devuelto: 0 })]);
    const antes = await esperadoDe(s.token);
    const body = { lineas: [{ facturaId: info.lineas[0]!.facturaId, cantidad: 1, destino: 'inventario' }] };

    const enEfectivo = await devolver(s.token, ventaId, { ...body, metodoPagoId: 5 });
    expect(enEfectivo.statusCode).toBe(422);
    expect(enEfectivo.json().error.message).toBe(D.fiadoNoEnEfectivo);
    expect(await esperadoDe(s.token)).toBe(antes);

    const ok = await devolver(s.token, ventaId, body);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ total: 20_000, reembolso: [{ metodoPagoId: 7, monto: 20_000 }] });
    expect((await lineasDe(s.token, ventaId)).cliente!.saldo).toBe(0);
    expect(await esperadoDe(s.token)).toBe(antes);
  });

  it('$ 5.000 en efectivo y $ 15.000 fiados: lo fiado se abona a la cuenta primero, el efectivo sale de la caja, nunca más de lo pagado por cada medio', async () => {
    const { documento } = await clienteFiado(s.token);
    const p = await crearProducto(s.id, 5_000, 10);
    const ventaId = await vender(s.token, [{ productoId: p, cantidad: 4 }], { metodoPagoId: 5, montoRecibido: 5_000, aCredito: true, documentoCliente: documento });
    const info = await lineasDe(s.token, ventaId);
    expect(info.cliente!.saldo).toBe(15_000);
    expect(info.pagos.map((x) => [x.metodoPagoId, x.pagado])).toEqual([
      [7, 15_000],
      [5, 5_000],
    ]);
    const facturaId = info.lineas[0]!.facturaId;
    const antes = await esperadoDe(s.token);
    const cierreAntes = await devueltoPorMedio(s.token);

    // Two units (10 000): all of it off the account, no cash; a screen asking for cash is refused.
    const enEfectivo = await devolver(s.token, ventaId, { lineas: [{ facturaId, cantidad: 2, destino: 'inventario' }], metodoPagoId: 5 });
    expect(enEfectivo.statusCode).toBe(422);
    expect(enEfectivo.json().error.message).toBe(D.fiadoNoEnEfectivo);
    const r1 = await devolver(s.token, ventaId, { lineas: [{ facturaId, cantidad: 2, destino: 'inventario' }] });
    expect(r1.statusCode, r1.body).toBe(201);
    expect(r1.json().reembolso).toEqual([{ metodoPagoId: 7, metodo: 'Fiado', monto: 10_000 }]);
    expect((await lineasDe(s.token, ventaId)).cliente!.saldo).toBe(5_000);
    expect(await esperadoDe(s.token)).toBe(antes);
    // The other two (10 000): the 5 000 left of the credit, then 5 000 from the drawer.
    const r2 = await devolver(s.token, ventaId, { lineas: [{ facturaId, cantidad: 2, destino: 'inventario' }], metodoPagoId: 5 });
    expect(r2.statusCode, r2.body).toBe(201);
    expect(r2.json().reembolso).toEqual([
      { metodoPagoId: 7, metodo: 'Fiado', monto: 5_000 },
      { metodoPagoId: 5, metodo: 'Efectivo', monto: 5_000 },
    ]);
    expect((await lineasDe(s.token, ventaId)).cliente!.saldo).toBe(0);
    expect(await esperadoDe(s.token)).toBe(antes - 5_000);
    expect((await lineasDe(s.token, ventaId)).pagos.map((x) => [x.metodoPagoId, x.pagado, x.devuelto])).toEqual([
      [7, 15_000, 15_000],
      [5, 5_000, 5_000],
    ]);
    // The daily close says the same per method: 15 000 back to the account, 5 000 out of the drawer.
    const despues = await devueltoPorMedio(s.token);
    expect([despues.Fiado! - cierreAntes.Fiado!, despues.Efectivo! - cierreAntes.Efectivo!]).toEqual([15_000, 5_000]);
  });

  it('una venta por transferencia se devuelve por transferencia, con la referencia; en efectivo se rechaza', async () => {
    const p = await crearProducto(s.id, 30_000, 10);
    const ventaId = await vender(s.token, [{ productoId: p, cantidad: 1 }], { metodoPagoId: 3, montoRecibido: 30_000, referencia: 'NQ123' });
    const [l] = (await lineasDe(s.token, ventaId)).lineas;
    const body = { lineas: [{ facturaId: l!.facturaId, cantidad: 1, destino: 'inventario' }] };
    const antesEfectivo = await esperadoDe(s.token);
    const antesNequi = await esperadoDe(s.token, 3);

    const enEfectivo = await devolver(s.token, ventaId, { ...body, metodoPagoId: 5 });
    expect(enEfectivo.statusCode).toBe(422);
    expect(enEfectivo.json().error.message).toBe(D.metodoNoCorresponde('Nequi'));
    const sinReferencia = await devolver(s.token, ventaId, body);
    expect(sinReferencia.statusCode).toBe(400);
    expect(sinReferencia.json().error.fields.referencia).toBe(D.referenciaRequerida('Nequi'));

    const ok = await devolver(s.token, ventaId, { ...body, referencia: 'NQ-DEV-77' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ metodo: 'Nequi', referencia: 'NQ-DEV-77', reembolso: [{ metodoPagoId: 3, monto: 30_000 }] });
    expect(await esperadoDe(s.token)).toBe(antesEfectivo);
    expect(await esperadoDe(s.token, 3)).toBe(antesNequi - 30_000);
  });

  it('un cambio de una venta fiada que le devuelve diferencia no la paga en efectivo: va a la cuenta', async () => {
    const { documento } = await clienteFiado(s.token);
    const p = await crearProducto(s.id, 20_000, 10);
    const q = await crearProducto(s.id, 5_000, 10);
    const ventaId = await venderAlFiado(s.token, [{ productoId: p, cantidad: 1 }], documento);
    const [l] = (await lineasDe(s.token, ventaId)).lineas;
    const antes = await esperadoDe(s.token);
    const cambio = (metodoPagoId: number) =>
      req('POST', `/api/ventas/${ventaId}/cambios`, s.token, {
        devolver: [{ facturaId: l!.facturaId, cantidad: 1, destino: 'inventario' }],
        lineas: [{ productoId: q, cantidad: 1 }],
        metodoPagoId,
        montoRecibido: 0,
        motivo: 'Talla equivocada',
      });
    const enEfectivo = await cambio(5);
    expect(enEfectivo.statusCode).toBe(422);
    expect(enEfectivo.json().error.message).toBe(D.diferenciaCambio('fiado'));
    expect(await esperadoDe(s.token)).toBe(antes);
    const alFiado = await cambio(7);
    expect(alFiado.statusCode, alFiado.body).toBe(201);
    // 20 000 back, 5 000 taken on fiado: owes 5 000.
    expect((await lineasDe(s.token, ventaId)).cliente!.saldo).toBe(5_000);
    expect(await esperadoDe(s.token)).toBe(antes);
  });
});
