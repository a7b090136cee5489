import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCantidad } from '#shared/cantidad';
import { M } from '#shared/messages';
import { METODO, ROL } from '#shared/roles';
import type { TDispositivo } from '#shared/schemas/sin-red';
import type { TFacturaDetalle, TFacturasPage } from '#shared/schemas/factura';
import { UNIDADES_DIAN } from '#shared/unidades';
import { factura, movimiento, producto } from '../../db/schema';
import { crearEmpleado, crearTienda, peticion, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { expectRefusal, legacy } from '../../legacy/test-client';

/**
 * Issue #58 point 3: a ferretería sells by the metre, the centimetre, the square metre and the gallon,
 * with three decimals as weights (ADR 030), through every face: the store API, fiado, a return of 1,25 m,
 * the offline till and the legacy API. The database's unit checks are the unit rule's codes.
 */
const t = usarApp();
const req = peticion(t);
const db = () => t.database.db;

let s: Tienda;
beforeAll(async () => {
  s = await crearTienda(t);
});

let seq = 0;
async function medido(unidad: 'MTR' | 'CMT' | 'MTK' | 'GLL', precio: number, stock = 100) {
  const r = await req('POST', '/api/productos', s.token, { nombre: `Cable ${unidad} ${++seq}`, precio, cantidad: String(stock).replace('.', ','), unidad, impuesto: 'iva19' });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().producto.id as number;
}
const stockDe = async (id: number) => (await db().select({ s: producto.stock }).from(producto).where(eq(producto.idProducto, id)))[0]!.s;
const vender = (token: string, payload: Record<string, unknown>) => req('POST', '/api/ventas', token, { metodoPagoId: METODO.EFECTIVO, montoRecibido: 1_000_000, ...payload });

describe('la regla de unidades en la base', () => {
  it('los checks de producto y de factura aceptan exactamente las unidades de la regla (shared/unidades.ts)', async () => {
    for (const nombre of ['producto_unidad_dian_valida', 'factura_unidad_dian_valida']) {
      const r = await db().execute<{ def: string }>(sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = ${nombre}`);
      const def = (r as unknown as { rows: { def: string }[] }).rows[0]!.def;
      expect([...def.matchAll(/'([^']+)'/g)].map((m) => m[1]).sort(), nombre).toEqual([...UNIDADES_DIAN].sort());
    }
  });
});

describe('vender por metro, centímetro, metro cuadrado y galón', () => {
  it('2,5 m de cable a $ 3.900/m cobra $ 9.750, saca 2,5 del stock con su movimiento, y el recibo dice "2,5 m"', async () => {
    const cable = await medido('MTR', 3_900, 100.5);
    expect(await stockDe(cable)).toBe(100.5);
    const v = await vender(s.token, { lineas: [{ productoId: cable, cantidad: 2.5 }] });
    expect(v.statusCode, v.body).toBe(201);
    expect(v.json()).toMatchObject({ total: 9_750, lineas: [expect.objectContaining({ cantidad: 2.5, unidad: 'MTR', precio: 3_900, subtotal: 9_750 })] });
    expect(formatCantidad(v.json().lineas[0].cantidad, v.json().lineas[0].unidad)).toBe('2,5 m');
    expect(await stockDe(cable)).toBe(98);
    const [mov] = await db().select().from(movimiento).where(eq(movimiento.ventaId, v.json().id));
    expect(mov).toMatchObject({ stockAntes: 100.5, salidas: 2.5, cantidadDespues: 98 });
    const [linea] = await db().select({ unidad: factura.unidadDian }).from(factura).where(eq(factura.ventaId, v.json().id));
    expect(linea!.unidad).toBe('MTR');
    // Gestionar facturas counts it as 2,5 m, not as "0 unidades" (its list and its detail).
    const lista = (await t.request({ method: 'GET', url: '/api/facturas', token: s.token })).json() as TFacturasPage;
    const fila = lista.items.find((i) => i.idVenta === v.json().id)!;
    expect(fila).toMatchObject({ unidades: 0, kilos: 0, metros: 2.5 });
    expect(M.facturas.lineas(fila.lineas, fila)).toBe('1 producto · 2,5 m');
    const detalle = (await t.request({ method: 'GET', url: `/api/facturas/${v.json().id}`, token: s.token })).json() as TFacturaDetalle;
    expect(detalle).toMatchObject({ unidades: 0, metros: 2.5, metrosCuadrados: 0 });
  });

  it('cada medida toma tres decimales y redondea el importe al peso como el peso: 0,75 m², 1,5 gal, 35,5 cm', async () => {
    const baldosa = await medido('MTK', 45_900);
    const pintura = await medido('GLL', 89_999);
    const manguera = await medido('CMT', 37);
    const v = await vender(s.token, {
      lineas: [
        { productoId: baldosa, cantidad: 0.75 },
        { productoId: pintura, cantidad: 1.5 },
        { productoId: manguera, cantidad: 35.5 },
      ],
    });
    expect(v.statusCode, v.body).toBe(201);
    // 45.900 × 0,75 = 34.425; 89.999 × 1,5 = 134.998,5 → 134.999 (half up); 37 × 35,5 = 1.313,5 → 1.314.
    expect(v.json().lineas.map((l: { unidad: string; subtotal: number }) => [l.unidad, l.subtotal])).toEqual([
      ['MTK', 34_425],
      ['GLL', 134_999],
      ['CMT', 1_314],
    ]);
    expect(v.json().total).toBe(34_425 + 134_999 + 1_314);
    expect(await stockDe(pintura)).toBe(98.5);
  });

  it('más de tres decimales, cero o más de 9.999 se rechazan con su mensaje, y nada cambia', async () => {
    const cable = await medido('MTR', 3_900);
    for (const cantidad of [2.0005, 0, 10_000]) {
      const r = await vender(s.token, { lineas: [{ productoId: cable, cantidad }] });
      expect(r.statusCode).toBe(400);
      expect(typeof r.json().error.message).toBe('string');
    }
    expect(await stockDe(cable)).toBe(100);
  });

  it('una unidad que la regla no tiene se rechaza al crear el producto', async () => {
    const r = await req('POST', '/api/productos', s.token, { nombre: 'Tela por yarda', precio: 5_000, cantidad: '10', unidad: 'YRD' });
    expect(r.statusCode).toBe(400);
    expect(JSON.stringify(r.json())).toContain(M.productos.unidadInvalida);
  });
});

describe('fiado y devolución de una medida', () => {
  it('1,25 m fiados suben la cuenta del cliente en su importe exacto; devolver 1,25 m de 2,5 m reintegra $ 4.875 y 1,25 al stock', async () => {
    const cable = await medido('MTR', 3_900);
    const documento = String(70_000_000 + Math.floor(Math.random() * 1_000_000));
    const c = await req('POST', '/api/clientes', s.token, { documento, tipoDocumento: 'CC', nombre: 'Jorge', apellido: 'Maestro', fiado: true, cupo: 500_000 });
    expect(c.statusCode, c.body).toBe(201);
    const fiada = await vender(s.token, { lineas: [{ productoId: cable, cantidad: 1.25 }], metodoPagoId: METODO.FIADO, montoRecibido: 0, documentoCliente: documento });
    expect(fiada.statusCode, fiada.body).toBe(201);
    // 3.900 × 1,25 = 4.875.
    expect(fiada.json()).toMatchObject({ total: 4_875, montoFiado: 4_875 });
    const cuenta = await req('GET', `/api/clientes/${c.json().cliente.id}/cuenta`, s.token);
    expect(cuenta.json().credito.saldo).toBe(4_875);

    const v = await vender(s.token, { lineas: [{ productoId: cable, cantidad: 2.5 }] });
    expect(v.statusCode, v.body).toBe(201);
    const lineas = (await req('GET', `/api/ventas/${v.json().id}/devoluciones`, s.token)).json().lineas;
    expect(lineas[0]).toMatchObject({ vendidas: 2.5, devueltas: 0, pagado: 9_750, unidad: 'MTR' });
    const d = await req('POST', `/api/ventas/${v.json().id}/devoluciones`, s.token, { metodoPagoId: 5, motivo: 'Sobró', lineas: [{ facturaId: lineas[0].facturaId, cantidad: 1.25, destino: 'inventario' }] });
    expect(d.statusCode, d.body).toBe(201);
    expect(d.json()).toMatchObject({ total: 4_875, lineas: [expect.objectContaining({ cantidad: 1.25, valor: 4_875 })] });
    expect(await stockDe(cable)).toBe(100 - 1.25 - 2.5 + 1.25);
    // More than is left is refused with the quantity in metres.
    const mas = await req('POST', `/api/ventas/${v.json().id}/devoluciones`, s.token, { metodoPagoId: 5, motivo: 'Sobró', lineas: [{ facturaId: lineas[0].facturaId, cantidad: 1.3, destino: 'inventario' }] });
    expect(mas.statusCode).toBe(422);
    expect(mas.json().error.message).toContain('1,25 m');
  });
});

describe('sin red y API heredada', () => {
  it('una venta hecha sin red de 2,5 m se registra con su unidad y su importe; la descarga del equipo trae la unidad', async () => {
    const cable = await medido('MTR', 3_900);
    const cajero = (await crearEmpleado(t, s.codigo, { rol: ROL.EMPLEADO })).token;
    const clave = randomBytes(32).toString('base64url');
    const e = await req('POST', '/api/sin-red/equipo', cajero, { clave });
    expect(e.statusCode, e.body).toBe(200);
    expect((await req('POST', `/api/sin-red/equipos/${e.json().id}/autorizar`, s.token)).statusCode).toBe(200);
    const d = (await req('POST', '/api/sin-red/dispositivos', cajero, { clave })).json() as TDispositivo;
    const datos = (await req('GET', '/api/sin-red/datos', cajero)).json() as { productos: { id: number; unidad: string }[] };
    expect(datos.productos.find((p) => p.id === cable)).toMatchObject({ unidad: 'MTR' });
    const ahora = new Date().toISOString();
    const v = await req('POST', '/api/sin-red/ventas', cajero, {
      clave: randomUUID(),
      lineas: [{ productoId: cable, cantidad: 2.5 }],
      metodoPagoId: 5,
      montoRecibido: 10_000,
      sinRed: { dispositivoId: d.id, numero: `${d.prefijo}-1`, fecha: ahora, reloj: ahora },
    });
    expect(v.statusCode, v.body).toBe(201);
    expect(v.json()).toMatchObject({ total: 9_750, lineas: [expect.objectContaining({ cantidad: 2.5, unidad: 'MTR' })] });
    expect(await stockDe(cable)).toBe(97.5);
  });

  it('la API heredada agrega "1,25" m a una venta y se niega a 1,2345', async () => {
    const cable = await medido('MTR', 3_900);
    const L = legacy(t);
    const venta = await L.json('POST', 'venta', { registro: true, EstadoVenta: 'Pendiente', documento_Cliente: '', tienda_idtienda: null, metododepago_ID_Met_Pago: 5, usuarios_documento: null, codigo_invitacion: s.codigo }, s.token);
    const ventaId = venta.body.id_Venta as number;
    expect(ventaId).toBeGreaterThan(0);
    const linea = await L.json('POST', 'factura', { registro: true, venta_id_Venta: ventaId, producto_id_Producto: cable, Precio: 3_900, Cantidad: '1,25', Estado: 'Pendiente' }, s.token);
    expect(linea.body, JSON.stringify(linea.body)).toMatchObject({ access: true });
    const [l] = await db().select({ cantidad: factura.cantidad, unidad: factura.unidadDian }).from(factura).where(eq(factura.ventaId, ventaId));
    expect(l).toEqual({ cantidad: 1.25, unidad: 'MTR' });
    expectRefusal(await L.json('POST', 'factura', { registro: true, venta_id_Venta: ventaId, producto_id_Producto: cable, Precio: 3_900, Cantidad: '1,2345', Estado: 'Pendiente' }, s.token), 200, M.ventas.cantidadLineaInvalida);
  });
});
