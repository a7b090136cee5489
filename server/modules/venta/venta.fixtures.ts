/**
 * Test helpers of the sale-line tests through every face (not a test file itself): a store with two
 * products at a known stock and its back-office client.
 */
import { count, eq } from 'drizzle-orm';
import { factura, movimiento, producto, venta } from '../../db/schema';
import { crearTienda } from '../../../tests/helpers/factories';
import type { TestApp } from '../../../tests/helpers/test-app';
import { client, type Client } from '../crud/crud.fixtures';

/** The stock each of the two products starts with. */
export const INICIAL = 10;

export type TiendaDosProductos = Awaited<ReturnType<typeof crearTienda>> & { crud: Client; a: number; b: number };

/** A new store with Arroz ($ 1.000, id `a`) and Frijol ($ 2.500, id `b`), INICIAL units each, and its back-office client. */
export async function tiendaDosProductos(t: TestApp): Promise<TiendaDosProductos> {
  const s = await crearTienda(t);
  const db = t.database.db;
  const [a] = await db.insert(producto).values({ tiendaId: s.id, nombre: 'Arroz', precioUnit: 1000, stock: INICIAL }).returning();
  const [b] = await db.insert(producto).values({ tiendaId: s.id, nombre: 'Frijol', precioUnit: 2500, stock: INICIAL }).returning();
  return { ...s, crud: client(t, s.token), a: a!.idProducto, b: b!.idProducto };
}

/**
 * The sale tests' own helpers over one app: a product inserted as the test describes it, a product's
 * stock, a store's rows (sales, lines, ledger), and the sale's requests.
 */
export function ventaBase(t: TestApp) {
  let seq = 0;
  const crearProducto = async (
    tiendaId: number,
    values: { nombre?: string; precio?: number; stock?: number; estado?: number; marca?: string; codigoBarras?: string } = {},
  ) => {
    const [p] = await t.database.db
      .insert(producto)
      .values({
        tiendaId,
        nombre: values.nombre ?? `Producto ${++seq}`,
        precioUnit: values.precio ?? 1000,
        stock: values.stock ?? 10,
        estado: values.estado ?? 1,
        marca: values.marca ?? 'Marca',
        codigoBarras: values.codigoBarras ?? null,
      })
      .returning();
    return p!;
  };
  const stockOf = async (id: number) =>
    (await t.database.db.select({ stock: producto.stock }).from(producto).where(eq(producto.idProducto, id)))[0]!.stock;
  const counts = async (tiendaId: number) => {
    const db = t.database.db;
    const [v] = await db.select({ n: count() }).from(venta).where(eq(venta.tiendaId, tiendaId));
    const [f] = await db.select({ n: count() }).from(factura).where(eq(factura.tiendaId, tiendaId));
    const [m] = await db.select({ n: count() }).from(movimiento).where(eq(movimiento.tiendaId, tiendaId));
    return { ventas: v!.n, facturas: f!.n, movimientos: m!.n };
  };
  const vender = (token: string, payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/ventas', payload, token });
  const get = (token: string, url: string) => t.request({ method: 'GET', url, token });
  const post = (token: string, url: string) => t.request({ method: 'POST', url, token });
  return { crearProducto, stockOf, counts, vender, get, post };
}
