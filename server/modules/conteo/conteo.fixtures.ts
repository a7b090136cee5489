import { eq, sql } from 'drizzle-orm';
import { movimiento, producto } from '../../db/schema';
import type { TestApp } from '../../../tests/helpers/test-app';

type Valores = Omit<typeof producto.$inferInsert, 'tiendaId' | 'stock' | 'precioUnit'> & { nombre: string; stock: number; precioUnit?: number };

/**
 * The count tests' products: a product of the store with its opening stock written as an entry of the
 * stock ledger, so the ledger adds up at every moment; with `deAyer` the entry is yesterday's, before a
 * count the test opens.
 */
export async function productoConStock(t: TestApp, tiendaId: number, datos: Valores, deAyer = false): Promise<number> {
  const [p] = await t.database.db
    .insert(producto)
    .values({ tiendaId, precioUnit: 5000, ...datos })
    .returning({ id: producto.idProducto });
  await t.database.db.insert(movimiento).values({
    tiendaId,
    productoId: p!.id,
    stockAntes: 0,
    entradas: datos.stock,
    cantidadDespues: datos.stock,
    estadoDespues: 'Entrada',
    motivo: 'Inventario inicial',
    ...(deAyer ? { fechaMovimiento: sql`now() - interval '1 day'` } : {}),
  });
  return p!.id;
}

/** A product's stock as the database holds it. */
export const stockDe = async (t: TestApp, id: number) => (await t.database.db.select({ s: producto.stock }).from(producto).where(eq(producto.idProducto, id)))[0]!.s;
