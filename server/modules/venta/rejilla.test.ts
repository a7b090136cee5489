import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { producto } from '../../db/schema';
import { crearEmpleado, crearTienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';

const t = usarApp();

let seq = 0;
async function crearProducto(tiendaId: number, nombre: string, values: { estado?: number } = {}) {
  const [p] = await t.database.db
    .insert(producto)
    .values({ tiendaId, nombre: `${nombre}`, precioUnit: 1000 + ++seq, stock: 50, estado: values.estado ?? 1, marca: 'Marca' })
    .returning();
  return p!.idProducto;
}

const rejilla = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/ventas/productos/rapidos', token })).json() as { productos: { id: number; nombre: string }[]; fijos: number };
const fijar = (token: string, productos: unknown) => t.request({ method: 'PUT', url: '/api/ventas/productos/rapidos/orden', token, payload: { productos } });
const vender = (token: string, productoId: number, cantidad: number) =>
  t.request({ method: 'POST', url: '/api/ventas', token, payload: { lineas: [{ productoId, cantidad }], metodoPagoId: 5, montoRecibido: 1_000_000 } });

describe('el orden fijo de la rejilla (issue #36 punto 11)', () => {
  it('el administrador fija un orden: la rejilla lo muestra primero y no se reordena con las ventas del día; vacío vuelve a los más vendidos', async () => {
    const s = await crearTienda(t);
    const arroz = await crearProducto(s.id, 'Arroz');
    const leche = await crearProducto(s.id, 'Leche');
    const pan = await crearProducto(s.id, 'Pan');
    await crearProducto(s.id, 'Huevos');
    expect((await vender(s.token, leche, 5)).statusCode).toBe(201);
    expect((await rejilla(s.token)).productos.map((p) => p.nombre)).toEqual(['Leche', 'Arroz', 'Huevos', 'Pan']);

    const res = await fijar(s.token, [pan, arroz]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ productos: [pan, arroz] });
    const antes = await rejilla(s.token);
    expect(antes.productos.map((p) => p.nombre)).toEqual(['Pan', 'Arroz', 'Leche', 'Huevos']);
    expect(antes.fijos).toBe(2);

    // A day of sales moves the best sellers, never the fixed ones.
    expect((await vender(s.token, leche, 3)).statusCode).toBe(201);
    expect((await vender(s.token, arroz, 1)).statusCode).toBe(201);
    expect((await rejilla(s.token)).productos.map((p) => p.nombre).slice(0, 2)).toEqual(['Pan', 'Arroz']);

    // A fixed product taken off sale leaves the grid; the others keep their places.
    await t.database.db.update(producto).set({ estado: 0 }).where(eq(producto.idProducto, pan));
    const sinPan = await rejilla(s.token);
    expect(sinPan.productos.map((p) => p.nombre)).toEqual(['Arroz', 'Leche', 'Huevos']);
    expect(sinPan.fijos).toBe(1);

    expect((await fijar(s.token, [])).json()).toEqual({ productos: [] });
    const libre = await rejilla(s.token);
    expect(libre.fijos).toBe(0);
    expect(libre.productos.map((p) => p.nombre)).toEqual(['Leche', 'Arroz', 'Huevos']);
  });

  it('un cajero o un encargado no fija el orden; un producto de otra tienda, repetido o de más se rechaza y nada cambia', async () => {
    const s = await crearTienda(t);
    const otra = await crearTienda(t);
    const a = await crearProducto(s.id, 'A');
    const b = await crearProducto(s.id, 'B');
    const ajeno = await crearProducto(otra.id, 'Ajeno');
    expect((await fijar(s.token, [b])).statusCode).toBe(200);

    const cajero = await crearEmpleado(t, s.codigo);
    const encargado = await crearEmpleado(t, s.codigo, { rol: 3 });
    for (const token of [cajero.token, encargado.token]) {
      const res = await fijar(token, [a]);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(M.ventas.soloAdministradorOrden);
    }
    const ajenoRes = await fijar(s.token, [a, ajeno]);
    expect(ajenoRes.statusCode).toBe(404);
    expect(ajenoRes.json().error.message).toBe(M.ventas.productoNoEncontrado);
    const repetido = await fijar(s.token, [a, a]);
    expect(repetido.statusCode).toBe(400);
    expect(JSON.stringify(repetido.json())).toContain(M.ventas.ordenRejillaRepetido);
    expect((await fijar(s.token, Array.from({ length: 31 }, (_, i) => i + 1))).statusCode).toBe(400);
    expect((await fijar(s.token, ['x'])).statusCode).toBe(400);

    const r = await rejilla(s.token);
    expect(r.fijos).toBe(1);
    expect(r.productos[0]!.id).toBe(b);
    // The other store's grid never shows this store's order.
    expect((await rejilla(otra.token)).fijos).toBe(0);
  });
});
