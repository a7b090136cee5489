import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { producto, venta } from '../../db/schema';
import { crearTienda, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';

/**
 * Issue #52 point 7: a product whose price is $ 0 (created or imported before its price was known)
 * does not sell without a word. The spec asks every sale line for a price above 0 ("Por favor,
 * ingrese un precio válido."); there is no gift or free-price line: the sale is refused with the
 * products' names and nothing is recorded.
 */
const t = usarApp();
let s: Tienda;
beforeAll(async () => {
  s = await crearTienda(t);
});

const nuevo = async (nombre: string, precio: number) => {
  const r = await t.request({ method: 'POST', url: '/api/productos', token: s.token, payload: { nombre, precio, cantidad: 10 } });
  expect(r.statusCode, r.body).toBe(201);
  return (r.json() as { producto: { id: number } }).producto.id;
};

describe('un producto de $ 0 no se vende en silencio (issue #52 punto 7)', () => {
  it('la venta se rechaza en español nombrando el producto sin precio; no queda venta ni sale stock', async () => {
    const bolsa = await nuevo('Bolsa de regalo', 0);
    const pan = await nuevo('Pan', 500);
    const r = await t.request({ method: 'POST', url: '/api/ventas', token: s.token, payload: { lineas: [{ productoId: pan, cantidad: 1 }, { productoId: bolsa, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 10_000 } });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().error.message).toBe(M.ventas.sinPrecio(['Bolsa de regalo']));
    expect(await t.database.db.select().from(venta).where(eq(venta.tiendaId, s.id))).toHaveLength(0);
    const [b] = await t.database.db.select({ stock: producto.stock }).from(producto).where(eq(producto.idProducto, bolsa));
    expect(b!.stock).toBe(10);
  });

  it('con su precio puesto, se vende', async () => {
    const te = await nuevo('Té', 0);
    await t.database.db.update(producto).set({ precioUnit: 1_200 }).where(eq(producto.idProducto, te));
    const r = await t.request({ method: 'POST', url: '/api/ventas', token: s.token, payload: { lineas: [{ productoId: te, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 10_000 } });
    expect(r.statusCode, r.body).toBe(201);
  });
});
