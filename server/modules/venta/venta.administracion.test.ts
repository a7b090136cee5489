/**
 * The sale's header and a supplier's delivery edited in the back-office (issue #27): the domain owns
 * the writes, so a change of money or stock made there is in the activity log with who and through
 * which face, and a sale its shift's close already counted keeps its payment method.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import type { TestApp } from '../../../tests/helpers/test-app';
import { crear, createCrudTestApp, tiendaConDatos } from '../crud/crud.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createCrudTestApp();
});
afterAll(() => t?.close());

interface Entrada {
  tipo: string;
  cara: string;
  descripcion: string;
}
const actividad = async (token: string, tipo: string): Promise<Entrada[]> =>
  (await t.request({ method: 'GET', url: `/api/actividad?tipo=${tipo}`, token })).json().items;

const cabecera = { fecha: '2024-05-02', hora: '10:30', estado: 'Completada' };

describe('la cabecera de una venta en la administración', { timeout: 60_000 }, () => {
  it('cambiar el método de pago queda en el registro; cerrado su turno, el método ya no cambia', async () => {
    const s = await tiendaConDatos(t);
    const put = (metodoPagoId: number, extra: Record<string, unknown> = {}) =>
      s.admin.put(`/ventas/${s.ventaId}`, { ...cabecera, metodoPagoId, clienteDocumento: s.clienteDocumento, ...extra });

    const cambio = await put(3);
    expect(cambio.status, JSON.stringify(cambio.body)).toBe(200);
    expect((await s.admin.get(`/ventas/${s.ventaId}`)).body.metodoPagoId).toBe(3);
    const [editada] = await actividad(s.token, 'venta_editada');
    expect(editada).toMatchObject({ cara: 'crud' });
    expect(editada!.descripcion).toMatch(/^Editó la venta #\d+: método de pago$/);

    // The close counts the shift's sales by method: from then on that count is the sale's.
    const turno = (await t.request({ method: 'GET', url: '/api/caja/turno', token: s.token })).json();
    const cierre = await t.request({ method: 'POST', url: `/api/caja/turnos/${turno.turno.id}/cerrar`, token: s.token, payload: { efectivo: 0 } });
    expect(cierre.statusCode, cierre.body).toBe(200);

    const rechazo = await put(5);
    expect(rechazo.status).toBe(422);
    expect(rechazo.body.error.message).toBe(M.ventas.metodoDeTurnoCerrado);
    expect(rechazo.body.error.fields).toEqual({ metodoPagoId: M.ventas.metodoDeTurnoCerrado });
    expect((await s.admin.get(`/ventas/${s.ventaId}`)).body.metodoPagoId).toBe(3);
    expect(await actividad(s.token, 'venta_editada')).toHaveLength(1);

    // What the close did not count may still be corrected: the day typed, recorded as such.
    expect((await put(3, { fecha: '2024-05-03' })).status).toBe(200);
    const [fecha] = await actividad(s.token, 'venta_editada');
    expect(fecha!.descripcion).toMatch(/: fecha$/);
  });

  it('una venta vacía eliminada queda en el registro', async () => {
    const s = await tiendaConDatos(t);
    // Only a sale never completed, and empty, is deleted (issue #51).
    const id = await crear(s.admin, 'ventas', { ...cabecera, estado: 'Pendiente', metodoPagoId: 5 });
    const numero = (await s.admin.get(`/ventas/${id}`)).body.numero as number;
    expect((await s.admin.del(`/ventas/${id}`)).status).toBe(200);
    const [eliminada] = await actividad(s.token, 'eliminacion');
    expect(eliminada).toMatchObject({ cara: 'crud', descripcion: `Eliminó la venta «#${numero}» (#${id})` });
  });
});

describe('una entrega de pedido en la administración', { timeout: 60_000 }, () => {
  it('registrarla, corregirla y eliminarla dejan cada cambio de stock con quién y por qué cara', async () => {
    const s = await tiendaConDatos(t);
    const productoId = await crear(s.admin, 'producto', { nombre: 'Panela 500 g', precioUnit: 3000, stock: 2, stockMin: 0 });
    const entrega = { proveedorId: s.proveedorId, productoId, fechaEntrega: '2024-03-01', cantidad: 5 };
    const id = await crear(s.admin, 'entrega_pedidos', entrega);
    expect((await s.admin.put(`/entrega_pedidos/${id}`, { ...entrega, cantidad: 4 })).status).toBe(200);
    expect((await s.admin.del(`/entrega_pedidos/${id}`)).status).toBe(200);

    const stock = (await actividad(s.token, 'stock')).filter((e) => e.descripcion.includes('Panela'));
    expect(stock.map((e) => [e.cara, e.descripcion])).toEqual([
      ['crud', 'Stock de «Panela 500 g»: 6 → 2'],
      ['crud', 'Stock de «Panela 500 g»: 7 → 6'],
      ['crud', 'Stock de «Panela 500 g»: 2 → 7'],
    ]);
    const [eliminada] = await actividad(s.token, 'eliminacion');
    expect(eliminada!.descripcion).toBe(`Eliminó la entrega «Panela 500 g × 4» (#${id})`);
  });

  it('una entrega que el stock ya no tiene no se elimina, y nada queda escrito', async () => {
    const s = await tiendaConDatos(t);
    const productoId = await crear(s.admin, 'producto', { nombre: 'Sal 1 kg', precioUnit: 1500, stock: 0, stockMin: 0 });
    const id = await crear(s.admin, 'entrega_pedidos', { proveedorId: s.proveedorId, productoId, fechaEntrega: '2024-03-01', cantidad: 3 });
    await s.admin.put(`/producto/${productoId}`, { nombre: 'Sal 1 kg', precioUnit: 1500, stock: 1, stockMin: 0 });
    const antes = await actividad(s.token, 'stock');
    const r = await s.admin.del(`/entrega_pedidos/${id}`);
    expect(r.status).toBe(409);
    expect(r.body.error.message).toBe(M.crud.entregaSinStock);
    expect(await actividad(s.token, 'stock')).toEqual(antes);
    expect(await actividad(s.token, 'eliminacion')).toEqual([]);
  });
});

describe('una línea de factura en la administración', { timeout: 60_000 }, () => {
  it('la casilla «Vender aunque el sistema no tenga stock» deja pasar la línea; sin ella, el stock corto la niega', async () => {
    const s = await tiendaConDatos(t);
    const productoId = await crear(s.admin, 'producto', { nombre: 'Avena 400 g', precioUnit: 3500, stock: 1, stockMin: 0 });
    const ventaId = await crear(s.admin, 'ventas', { ...cabecera, estado: 'Pendiente', metodoPagoId: 5 });
    const linea = { ventaId, productoId, cantidad: 3, precio: 3500, estado: 'Pendiente' };
    // The form sends what its fields hold: '' for the box left empty, 'true' for the box ticked.
    const negada = await s.admin.post('/factura', { ...linea, venderSinStock: '' });
    expect(negada.status).toBe(422);
    expect((await s.admin.get(`/producto/${productoId}`)).body.stock).toBe(1);
    const vendida = await s.admin.post('/factura', { ...linea, venderSinStock: 'true' });
    expect(vendida.status, JSON.stringify(vendida.body)).toBe(201);
    expect((await s.admin.get(`/producto/${productoId}`)).body.stock).toBe(-2);
    const rara = await s.admin.post('/factura', { ...linea, venderSinStock: 'quizás' });
    expect(rara.status).toBe(400);
  });
});
