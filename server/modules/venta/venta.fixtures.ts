/**
 * Test helpers of the sale-line tests through every face (not a test file itself): a store with two
 * products at a known stock and its back-office client.
 */
import { producto } from '../../db/schema';
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
