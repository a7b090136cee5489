import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROL } from '#shared/roles';
import { actividad, producto } from '../../db/schema';
import { legacy } from '../../legacy/test-client';
import { crearEmpleado, crearTienda, dispositivoAutorizado, peticion, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';

/**
 * A medicine sold only on a doctor's prescription (issue #58 point 2, migration 0074): every face that
 * writes a sale's lines refuses it without the cashier's confirmation (nothing sold, the stock as it
 * was), records the confirmation in the activity log, and an offline sale is recorded and reviewed.
 */
const t = usarApp();
const req = peticion(t);
const db = () => t.database.db;
let s: Tienda;

async function medicamento(nombre: string, bajoFormula = true) {
  const res = await req('POST', '/api/productos', s.token, { nombre, precio: 8000, cantidad: 10 });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().producto.id as number;
  const puesto = await req('PUT', `/api/productos/${id}`, s.token, { nombre, precio: 8000, stock: 10, stockMin: 0, bajoFormula, registroInvima: 'INVIMA 2019M-0012345', principioActivo: 'Amoxicilina 500 mg' });
  expect(puesto.statusCode, puesto.body).toBe(200);
  expect(puesto.json().producto).toMatchObject({ bajoFormula, registroInvima: 'INVIMA 2019M-0012345', principioActivo: 'Amoxicilina 500 mg' });
  return id;
}
const stockDe = async (id: number) => (await db().select({ stock: producto.stock }).from(producto).where(eq(producto.idProducto, id)))[0]!.stock;
const registros = async () => (await db().select({ detalle: actividad.detalle, cara: actividad.cara }).from(actividad).where(and(eq(actividad.tiendaId, s.id), eq(actividad.tipo, 'formula_medica')))).map((r) => ({ ...(r.detalle as Record<string, unknown>), cara: r.cara }) as Record<string, unknown>);

beforeAll(async () => {
  s = await crearTienda(t);
});

describe('venta bajo fórmula médica', { timeout: 180_000 }, () => {
  it('la caja la rechaza sin confirmar la fórmula; confirmada, vende y lo deja en la actividad', async () => {
    const id = await medicamento('Amoxicilina 500 mg x 21');
    const libre = await medicamento('Acetaminofén 500 mg', false);
    const venta = (lineas: Record<string, unknown>[]) => req('POST', '/api/ventas', s.token, { lineas, metodoPagoId: 5, montoRecibido: 100_000 });
    const sin = await venta([{ productoId: libre, cantidad: 1 }, { productoId: id, cantidad: 2 }]);
    expect(sin.statusCode, sin.body).toBe(400);
    expect(sin.json().error.message).toBe('Amoxicilina 500 mg x 21 se vende solo con fórmula médica: confirme que el cliente presentó la fórmula.');
    expect(await stockDe(id)).toBe(10);
    expect(await stockDe(libre)).toBe(10);
    // A false confirmation is no confirmation.
    expect((await venta([{ productoId: id, cantidad: 1, formula: false }])).statusCode).toBe(400);
    const con = await venta([{ productoId: libre, cantidad: 1 }, { productoId: id, cantidad: 2, formula: true }]);
    expect(con.statusCode, con.body).toBe(201);
    expect(await stockDe(id)).toBe(8);
    expect(await registros()).toEqual([expect.objectContaining({ producto: 'Amoxicilina 500 mg x 21', productoId: id, confirmada: true, ventaId: con.json().id, cara: 'tienda' })]);
  });

  it('el cliente antiguo la confirma con formula_Medica; sin ella la línea se rechaza y nada se vende', async () => {
    const id = await medicamento('Clonazepam 2 mg');
    const L = legacy(t);
    const v = await L.json('POST', 'venta', { registro: true, EstadoVenta: 'Pendiente', metododepago_ID_Met_Pago: 5 }, s.token);
    expect(v.body.id_Venta, JSON.stringify(v.body)).toBeGreaterThan(0);
    const linea = (extra: Record<string, unknown>) => L.json('POST', 'factura', { registro: true, venta_id_Venta: v.body.id_Venta, producto_id_Producto: id, Precio: 8000, Cantidad: 1, Estado: 'Pendiente', ...extra }, s.token);
    const sin = await linea({});
    expect(sin.body).toMatchObject({ access: false });
    expect(JSON.stringify(sin.body)).toContain('Clonazepam 2 mg se vende solo con fórmula médica');
    expect(await stockDe(id)).toBe(10);
    const con = await linea({ formula_Medica: 'true' });
    expect(con.body, JSON.stringify(con.body)).toMatchObject({ access: true });
    expect(await stockDe(id)).toBe(9);
    expect((await registros()).filter((r) => r.productoId === id)).toEqual([expect.objectContaining({ confirmada: true, cara: 'legacy' })]);
  });

  it('una venta sin red sin confirmar se registra (ya ocurrió), queda en la actividad y en Revisar', async () => {
    const id = await medicamento('Tramadol 50 mg');
    const cajero = (await crearEmpleado(t, s.codigo, { rol: ROL.EMPLEADO })).token;
    const d = await dispositivoAutorizado(t, cajero, s.token);
    const ahora = new Date().toISOString();
    const r = await req('POST', '/api/sin-red/ventas', cajero, {
      clave: randomUUID(),
      lineas: [{ productoId: id, cantidad: 1 }],
      metodoPagoId: 5,
      montoRecibido: 100_000,
      sinRed: { dispositivoId: d.id, numero: `${d.prefijo}-1`, fecha: ahora, reloj: ahora },
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(await stockDe(id)).toBe(9);
    expect((await registros()).filter((x) => x.productoId === id)).toEqual([expect.objectContaining({ confirmada: false, sinRed: `${d.prefijo}-1` })]);
    const revisar = await req('GET', '/api/sin-red/revisar', s.token);
    expect(JSON.stringify(revisar.json())).toContain('Se vendió Tramadol 50 mg, que va bajo fórmula médica, sin confirmar la fórmula, sin red.');
  });
});
