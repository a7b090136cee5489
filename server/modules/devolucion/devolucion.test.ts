/**
 * Returns (issue #32 point 1): some units of some lines of a completed sale come back, to stock
 * through the ledger or as merma; the refund is each line's share of what it paid, out of the
 * returning person's drawer or off the customer's fiado; never more than was sold, also when two
 * returns race for the last unit; the annulment rule decides who may; tenancy; a retry answers the
 * same return; the activity log says who did it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { formatPesos } from '#shared/money';
import { actividad, factura, movimiento, producto, venta } from '../../db/schema';
import { crearEmpleado, crearTienda, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { ayudasDevolucion } from './devolucion.fixtures';
import { legacy } from '../../legacy/test-client';

const D = M.devoluciones;
const t = usarApp();
const { req, siguiente, nombreDe, crearProducto, stockDe, numeroDe, vender, lineasDe, clienteFiado, venderAlFiado } = ayudasDevolucion(t, 'devolución');

const devolver = (token: string, ventaId: number, body: object) => req('POST', `/api/ventas/${ventaId}/devoluciones`, token, { metodoPagoId: 5, motivo: 'Producto vencido', ...body });
const efectivoEsperado = async (token: string) => {
  const turno = (await req('GET', '/api/caja/turno', token)).json().turno;
  const z = (await req('GET', `/api/caja/turnos/${turno.id}`, token)).json();
  return z.lineas.find((l: { metodoPagoId: number }) => l.metodoPagoId === 5).esperado as number;
};

describe('una devolución parcial', () => {
  let s: Tienda;
  beforeAll(async () => {
    s = await crearTienda(t);
  });

  it('devuelve 2 de 3 unidades al inventario: el stock sube por el libro de movimientos y el efectivo sale de la caja', async () => {
    const p = await crearProducto(s.id, 10_000, 50);
    const q = await crearProducto(s.id, 2_500, 50);
    const ventaId = await vender(s.token, [
      { productoId: p, cantidad: 3 },
      { productoId: q, cantidad: 1 },
    ]);
    expect(await stockDe(p)).toBe(47);
    const antes = await efectivoEsperado(s.token);
    const { lineas } = await lineasDe(s.token, ventaId);
    const lp = lineas.find((l) => l.productoId === p)!;
    expect(lp).toMatchObject({ vendidas: 3, devueltas: 0, pagado: 30_000 });

    const res = await devolver(s.token, ventaId, { lineas: [{ facturaId: lp.facturaId, cantidad: 2, destino: 'inventario' }] });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json();
    expect(d).toMatchObject({ numero: 1, ventaId, total: 20_000, metodo: 'Efectivo', motivo: 'Producto vencido', lineas: [{ productoId: p, cantidad: 2, valor: 20_000, destino: 'inventario' }] });
    expect(await stockDe(p)).toBe(49);
    const [mov] = await t.database.db
      .select()
      .from(movimiento)
      .where(and(eq(movimiento.productoId, p), eq(movimiento.motivo, D.motivoMovimiento(1, numeroDe(ventaId)))));
    expect(mov).toMatchObject({ entradas: 2, salidas: 0, cantidadDespues: 49 });
    expect(await efectivoEsperado(s.token)).toBe(antes - 20_000);
    // The sale itself is not edited; its detail lists the return.
    const [v] = await t.database.db.select().from(venta).where(eq(venta.idVenta, ventaId));
    expect(v).toMatchObject({ estado: 'Completada', total: 32_500 });
    const despues = await lineasDe(s.token, ventaId);
    expect(despues.lineas.find((l) => l.productoId === p)).toMatchObject({ devueltas: 2 });
    expect(despues.devoluciones.map((x) => x.numero)).toEqual([1]);
    // The activity log says who and through which face.
    const [a] = await t.database.db.select().from(actividad).where(and(eq(actividad.tiendaId, s.id), eq(actividad.tipo, 'devolucion')));
    expect(a).toMatchObject({ cara: 'tienda', detalle: { numero: 1, ventaId, ventaNumero: numeroDe(ventaId), unidades: 2, total: 20_000, metodo: 'Efectivo' } });
  });

  it('lo dañado (merma) no vuelve al stock, pero se reembolsa', async () => {
    const p = await crearProducto(s.id, 4_000, 10);
    const ventaId = await vender(s.token, [{ productoId: p, cantidad: 2 }]);
    const [l] = (await lineasDe(s.token, ventaId)).lineas;
    const res = await devolver(s.token, ventaId, { lineas: [{ facturaId: l!.facturaId, cantidad: 1, destino: 'merma' }] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ total: 4_000, metodo: 'Efectivo', numero: 2 });
    expect(await stockDe(p)).toBe(8);
  });

  it('con el descuento de la venta, cada unidad devuelve su parte de lo pagado, y todas juntas exactamente lo pagado', async () => {
    const p = await crearProducto(s.id, 10_000, 10);
    const ventaId = await vender(s.token, [{ productoId: p, cantidad: 3 }], { descuento: { tipo: 'valor', valor: 1_000 }, motivoDescuento: 'Cliente frecuente' });
    const [l] = (await lineasDe(s.token, ventaId)).lineas;
    expect(l!.pagado).toBe(29_000);
    const totales: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await devolver(s.token, ventaId, { lineas: [{ facturaId: l!.facturaId, cantidad: 1, destino: 'inventario' }] });
      expect(res.statusCode, res.body).toBe(201);
      totales.push(res.json().total);
    }
    expect(totales).toEqual([9_667, 9_666, 9_667]);
    expect(totales.reduce((a, b) => a + b, 0)).toBe(29_000);
  });
});

describe('nunca más de lo vendido', () => {
  let s: Tienda;
  beforeAll(async () => {
    s = await crearTienda(t);
  });

  it('a lo largo de varias devoluciones, la que pasa lo vendido se rechaza y no cambia nada', async () => {
    const p = await crearProducto(s.id, 1_000, 10);
    const ventaId = await vender(s.token, [{ productoId: p, cantidad: 3 }]);
    const [l] = (await lineasDe(s.token, ventaId)).lineas;
    expect((await devolver(s.token, ventaId, { lineas: [{ facturaId: l!.facturaId, cantidad: 2, destino: 'inventario' }] })).statusCode).toBe(201);
    const stock = await stockDe(p);
    const res = await devolver(s.token, ventaId, { lineas: [{ facturaId: l!.facturaId, cantidad: 2, destino: 'inventario' }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(D.masDeLoVendido((await t.database.db.select().from(producto).where(eq(producto.idProducto, p)))[0]!.nombre, 1));
    expect(await stockDe(p)).toBe(stock);
    expect((await lineasDe(s.token, ventaId)).devoluciones).toHaveLength(1);
  });

  it('dos devoluciones que compiten por la última unidad: una pasa, la otra se rechaza, y el stock sube una sola vez', async () => {
    const p = await crearProducto(s.id, 1_000, 10);
    const ventaId = await vender(s.token, [{ productoId: p, cantidad: 1 }]);
    const [l] = (await lineasDe(s.token, ventaId)).lineas;
    const stock = await stockDe(p);
    const cuerpo = { lineas: [{ facturaId: l!.facturaId, cantidad: 1, destino: 'inventario' }] };
    const respuestas = await Promise.all([devolver(s.token, ventaId, cuerpo), devolver(s.token, ventaId, cuerpo), devolver(s.token, ventaId, cuerpo)]);
    expect(respuestas.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    expect(await stockDe(p)).toBe(stock + 1);
    const filas = (await t.database.db.execute(sql`select count(*)::int as n from devolucion_linea where factura_id = ${l!.facturaId}`)) as unknown as { rows: { n: number }[] };
    expect(filas.rows[0]!.n).toBe(1);
  });

  it('la misma devolución enviada dos veces (misma clave) se registra una vez', async () => {
    const p = await crearProducto(s.id, 1_000, 10);
    const ventaId = await vender(s.token, [{ productoId: p, cantidad: 2 }]);
    const [l] = (await lineasDe(s.token, ventaId)).lineas;
    const cuerpo = { clave: randomUUID(), lineas: [{ facturaId: l!.facturaId, cantidad: 1, destino: 'inventario' }] };
    const [a, b] = await Promise.all([devolver(s.token, ventaId, cuerpo), devolver(s.token, ventaId, cuerpo)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().idDevolucion).toBe(b.json().idDevolucion);
    expect((await lineasDe(s.token, ventaId)).lineas[0]!.devueltas).toBe(1);
  });

  it('una línea de otra venta, una cantidad 0 o un motivo invisible se rechazan con su mensaje', async () => {
    const p = await crearProducto(s.id, 1_000, 10);
    const v1 = await vender(s.token, [{ productoId: p, cantidad: 1 }]);
    const v2 = await vender(s.token, [{ productoId: p, cantidad: 1 }]);
    const [l2] = (await lineasDe(s.token, v2)).lineas;
    const ajena = await devolver(s.token, v1, { lineas: [{ facturaId: l2!.facturaId, cantidad: 1, destino: 'inventario' }] });
    expect(ajena.statusCode).toBe(400);
    expect(ajena.json().error.message).toBe(D.lineaAjena);
    const cero = await devolver(s.token, v2, { lineas: [{ facturaId: l2!.facturaId, cantidad: 0, destino: 'inventario' }] });
    expect(cero.statusCode).toBe(400);
    expect(JSON.stringify(cero.json())).toContain(D.cantidadInvalida);
    const invisible = await devolver(s.token, v2, { lineas: [{ facturaId: l2!.facturaId, cantidad: 1, destino: 'inventario' }], motivo: '\u200b\u200b\u200b\u200b' });
    expect(invisible.statusCode).toBe(400);
    expect(JSON.stringify(invisible.json())).toContain(D.motivoRequerido);
  });

  it('una venta anulada o pendiente no tiene devoluciones', async () => {
    const p = await crearProducto(s.id, 1_000, 10);
    const ventaId = await vender(s.token, [{ productoId: p, cantidad: 1 }]);
    const [l] = (await lineasDe(s.token, ventaId)).lineas;
    expect((await req('POST', `/api/ventas/${ventaId}/anular`, s.token)).statusCode).toBe(200);
    const res = await devolver(s.token, ventaId, { lineas: [{ facturaId: l!.facturaId, cantidad: 1, destino: 'inventario' }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(D.ventaNoCompletada);
  });
});

describe('en los informes', () => {
  it('el resumen de ventas del día resta lo devuelto de las ventas netas (issue #52), también en la fila del día', async () => {
    const s = await crearTienda(t);
    const p = await crearProducto(s.id, 4_000, 30);
    const ventaId = await vender(s.token, [{ productoId: p, cantidad: 3 }]);
    const l = (await lineasDe(s.token, ventaId)).lineas[0]!;
    expect((await devolver(s.token, ventaId, { lineas: [{ facturaId: l.facturaId, cantidad: 1, destino: 'inventario' }] })).statusCode).toBe(201);

    const rep = (await req('GET', '/api/reportes/ventas?periodo=hoy', s.token)).json();
    const ind = (clave: string) => rep.indicadores.find((i: { clave: string }) => i.clave === clave)?.valor;
    expect({ bruto: ind('bruto'), neto: ind('neto'), devuelto: ind('devuelto') }).toEqual({ bruto: 12_000, neto: 8_000, devuelto: 4_000 });
    const [dia] = rep.tablas[0].filas;
    expect(dia).toMatchObject({ bruto: 12_000, neto: 8_000, devoluciones: 1, devuelto: 4_000 });
  });
});

describe('el reembolso', () => {
  let s: Tienda;
  beforeAll(async () => {
    s = await crearTienda(t);
  });

  it('una venta con devoluciones ya no se anula ni cambia sus líneas: las unidades devueltas no vuelven dos veces al inventario', async () => {
    const p = await crearProducto(s.id, 4_000, 30);
    const ventaId = await vender(s.token, [{ productoId: p, cantidad: 3 }]);
    const l = (await lineasDe(s.token, ventaId)).lineas[0]!;
    expect((await devolver(s.token, ventaId, { lineas: [{ facturaId: l.facturaId, cantidad: 1, destino: 'inventario' }] })).statusCode).toBe(201);
    expect(await stockDe(p)).toBe(28);

    const anular = await req('POST', `/api/ventas/${ventaId}/anular`, s.token);
    expect(anular.statusCode).toBe(422);
    expect(anular.json().error.message).toBe(M.ventas.ventaConDevoluciones);
    // The back-office: neither the sale's state nor its line.
    const linea = await req('PUT', `/api/crud/factura/${l.facturaId}`, s.token, { ventaId, productoId: p, cantidad: 1, precio: 4_000, estado: 'Pagado' });
    expect(linea.statusCode).toBe(422);
    expect(linea.json().error.message).toBe(M.ventas.ventaConDevoluciones);
    expect((await req('DELETE', `/api/crud/factura/${l.facturaId}`, s.token)).statusCode).toBe(422);
    // The old controller API: step 3's annulment and the admin's line edit, refused with its shape.
    const L = legacy(t);
    const anularViejo = await L.json('POST', 'venta', { modificarEstado: true, id_Venta: ventaId, EstadoVenta: 'Anulada' }, s.token);
    expect(anularViejo.body).toMatchObject({ status: 'error', mensaje: M.ventas.ventaConDevoluciones });
    const lineaVieja = await L.json('PUT', 'factura', { actualizar: true, id_Factura: l.facturaId, venta_id_Venta: ventaId, producto_id_Producto: p, Cantidad: 1, Precio: 4_000, Estado: 'Pagado' }, s.token);
    expect(lineaVieja.body).toMatchObject({ status: 'error', mensaje: M.ventas.ventaConDevoluciones });

    expect(await stockDe(p)).toBe(28);
    const [v] = await t.database.db.select({ estado: venta.estado }).from(venta).where(eq(venta.idVenta, ventaId));
    expect(v!.estado).toBe('Completada');
    const [f] = await t.database.db.select({ cantidad: factura.cantidad }).from(factura).where(eq(factura.idFactura, l.facturaId));
    expect(f!.cantidad).toBe(3);
    // What is left still comes back through a return.
    expect((await devolver(s.token, ventaId, { lineas: [{ facturaId: l.facturaId, cantidad: 2, destino: 'inventario' }] })).statusCode).toBe(201);
    expect(await stockDe(p)).toBe(30);
  });

  it('al fiado baja lo que el cliente debe; más de lo que debe se rechaza', async () => {
    const p = await crearProducto(s.id, 5_000, 20);
    const c = await clienteFiado(s.token);
    const ventaId = await venderAlFiado(s.token, [{ productoId: p, cantidad: 4 }], c.documento);
    const info = await lineasDe(s.token, ventaId);
    expect(info.cliente!.saldo).toBe(20_000);
    const l = info.lineas[0]!;
    const r1 = await devolver(s.token, ventaId, { lineas: [{ facturaId: l.facturaId, cantidad: 1, destino: 'inventario' }], metodoPagoId: 7 });
    expect(r1.statusCode, r1.body).toBe(201);
    expect((await lineasDe(s.token, ventaId)).cliente!.saldo).toBe(15_000);
    // The customer pays most of it; a refund of more than what is left is refused.
    const abono = await req('POST', `/api/clientes/${c.id}/abonos`, s.token, { monto: 10_000, metodoPagoId: 5 });
    expect(abono.statusCode, abono.body).toBe(201);
    const r2 = await devolver(s.token, ventaId, { lineas: [{ facturaId: l.facturaId, cantidad: 2, destino: 'inventario' }], metodoPagoId: 7 });
    expect(r2.statusCode).toBe(422);
    expect(r2.json().error.message).toBe(D.fiadoMayorQueSaldo(formatPesos(5_000)));
    expect((await lineasDe(s.token, ventaId)).cliente!.saldo).toBe(5_000);
  });

  it('al fiado sin cliente en la venta se rechaza', async () => {
    const p = await crearProducto(s.id, 5_000, 20);
    const ventaId = await vender(s.token, [{ productoId: p, cantidad: 1 }]);
    const [l] = (await lineasDe(s.token, ventaId)).lineas;
    const res = await devolver(s.token, ventaId, { lineas: [{ facturaId: l!.facturaId, cantidad: 1, destino: 'inventario' }], metodoPagoId: 7 });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(D.fiadoSinCliente);
  });

  it('en efectivo no sale más de lo que hay en la caja de quien devuelve', async () => {
    const p = await crearProducto(s.id, 50_000, 20);
    const ventaId = await vender(s.token, [{ productoId: p, cantidad: 1 }]);
    const [l] = (await lineasDe(s.token, ventaId)).lineas;
    // The cash went to the bank: the drawer holds less than the refund.
    const salida = await req('POST', '/api/caja/movimientos', s.token, { tipo: 'salida', monto: (await efectivoEsperado(s.token)) - 10_000, motivo: 'Consignación al banco' });
    expect(salida.statusCode, salida.body).toBe(201);
    const disponible = await efectivoEsperado(s.token);
    expect(disponible).toBeLessThan(50_000);
    const res = await devolver(s.token, ventaId, { lineas: [{ facturaId: l!.facturaId, cantidad: 1, destino: 'inventario' }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(D.efectivoInsuficiente(formatPesos(disponible)));
    expect(await efectivoEsperado(s.token)).toBe(disponible);
  });
});

describe('quién puede devolver', () => {
  let s: Tienda;
  let cajero: string;
  beforeAll(async () => {
    s = await crearTienda(t);
    cajero = (await crearEmpleado(t, s.codigo)).token;
    // Issue #51 point 3: the owner gives role 2 the `devolver` permission (not a default).
    const actuales = (await req('GET', '/api/tienda/permisos', s.token)).json();
    expect((await req('PUT', '/api/tienda/permisos', s.token, { ...actuales, roles: { ...actuales.roles, 2: { ...actuales.roles[2], devolver: true } } })).statusCode).toBe(200);
  });

  it('un cajero con el permiso devuelve de sus ventas del día, no de las ajenas; otra tienda no ve la venta', async () => {
    const p = await crearProducto(s.id, 1_000, 20);
    const propia = await vender(cajero, [{ productoId: p, cantidad: 2 }]);
    const ajena = await vender(s.token, [{ productoId: p, cantidad: 2 }]);
    const [lp] = (await lineasDe(cajero, propia)).lineas;
    const [la] = (await lineasDe(s.token, ajena)).lineas;
    expect((await devolver(cajero, propia, { lineas: [{ facturaId: lp!.facturaId, cantidad: 1, destino: 'inventario' }] })).statusCode).toBe(201);
    const r = await devolver(cajero, ajena, { lineas: [{ facturaId: la!.facturaId, cantidad: 1, destino: 'inventario' }] });
    expect(r.statusCode).toBe(403);
    const otra = await crearTienda(t);
    expect((await devolver(otra.token, ajena, { lineas: [{ facturaId: la!.facturaId, cantidad: 1, destino: 'inventario' }] })).statusCode).toBe(404);
    expect((await req('GET', `/api/ventas/${ajena}/devoluciones`, otra.token)).statusCode).toBe(404);
    const d = (await lineasDe(cajero, propia)).devoluciones[0] as unknown as { idDevolucion: number };
    expect((await req('GET', `/api/devoluciones/${d.idDevolucion}`, otra.token)).statusCode).toBe(404);
    expect((await req('GET', `/api/devoluciones/${d.idDevolucion}`, s.token)).statusCode).toBe(200);
    // The sale's own line is never edited by a return.
    const [linea] = await t.database.db.select().from(factura).where(eq(factura.ventaId, ajena));
    expect(linea!.cantidad).toBe(2);
  });
});

/** Issue #33 (ADR 030): a fraction of a weighed line comes back, exact in thousandths. */
describe('devolver parte de una línea pesada', () => {
  let s: Tienda;
  beforeAll(async () => {
    s = await crearTienda(t);
  });
  const pesado = async (precio: number, stock: number) => {
    const [p] = await t.database.db.insert(producto).values({ tiendaId: s.id, nombre: `Queso devolución ${siguiente()}`, precioUnit: precio, stock, estado: 1, unidadDian: 'KGM' }).returning();
    return p!;
  };

  it('0,125 kg de 0,375 kg a $ 12.000/kg devuelve $ 1.500 y el stock sube 0,125; el resto devuelve justo lo que falta; nada más', async () => {
    const queso = await pesado(12_000, 5);
    const ventaId = await vender(s.token, [{ productoId: queso.idProducto, cantidad: 0.375 }]);
    expect(await stockDe(queso.idProducto)).toBe(4.625);
    const [l] = (await lineasDe(s.token, ventaId)).lineas;
    expect(l).toMatchObject({ vendidas: 0.375, devueltas: 0, pagado: 4_500, unidad: 'KGM' });

    const uno = await devolver(s.token, ventaId, { lineas: [{ facturaId: l!.facturaId, cantidad: 0.125, destino: 'inventario' }] });
    expect(uno.statusCode, uno.body).toBe(201);
    expect(uno.json()).toMatchObject({ total: 1_500, lineas: [expect.objectContaining({ cantidad: 0.125, valor: 1_500 })] });
    expect(await stockDe(queso.idProducto)).toBe(4.75);
    const mov = (await t.database.db.select().from(movimiento).where(and(eq(movimiento.productoId, queso.idProducto), eq(movimiento.estadoDespues, 'Entrada'))))[0];
    expect(mov).toMatchObject({ entradas: 0.125, stockAntes: 4.625, cantidadDespues: 4.75 });

    // More than is left (0,25 kg), or more than three decimals: refused, nothing written.
    const mas = await devolver(s.token, ventaId, { lineas: [{ facturaId: l!.facturaId, cantidad: 0.251, destino: 'inventario' }] });
    expect(mas.statusCode).toBe(422);
    expect(mas.json().error.message).toBe(D.masDeLoVendido(queso.nombre, '0,25 kg'));
    const decimales = await devolver(s.token, ventaId, { lineas: [{ facturaId: l!.facturaId, cantidad: 0.1255, destino: 'inventario' }] });
    expect(decimales.statusCode).toBe(400);
    expect(decimales.json().error.message).toBe(D.cantidadInvalida);

    const resto = await devolver(s.token, ventaId, { lineas: [{ facturaId: l!.facturaId, cantidad: 0.25, destino: 'merma' }] });
    expect(resto.statusCode, resto.body).toBe(201);
    expect(resto.json().total).toBe(3_000);
    // Merma stays out of stock; everything paid came back, not a peso more.
    expect(await stockDe(queso.idProducto)).toBe(4.75);
    const despues = await lineasDe(s.token, ventaId);
    expect(despues.lineas[0]).toMatchObject({ devueltas: 0.375 });
    expect(despues.devoluciones.reduce((a, d) => a + d.total, 0)).toBe(4_500);
    const otra = await devolver(s.token, ventaId, { lineas: [{ facturaId: l!.facturaId, cantidad: 0.001, destino: 'inventario' }] });
    expect(otra.json().error.message).toBe(D.masDeLoVendido(queso.nombre, 0));
  });

  it('un producto por unidad no se devuelve en fracciones', async () => {
    const p = await crearProducto(s.id, 3_000, 10);
    const ventaId = await vender(s.token, [{ productoId: p, cantidad: 2 }]);
    const [l] = (await lineasDe(s.token, ventaId)).lineas;
    const res = await devolver(s.token, ventaId, { lineas: [{ facturaId: l!.facturaId, cantidad: 0.5, destino: 'inventario' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(D.cantidadEntera(await nombreDe(p)));
    expect(await stockDe(p)).toBe(8);
  });
});
