/**
 * Whether every product of a store has a tax (issue #30 point 3): what turning "responsable de IVA" on
 * needs (the fiscal profile, perfil-fiscal.ts) and what the tax screens count (impuestos.domain.ts).
 * Here, below both, so that the fiscal profile does not import the tax report (which imports the
 * numbering, which imports DIAN, which reads the fiscal profile: a knot; ADR 080).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { Db, Tx } from '../../db/client';
import { categoriaImpuesto, producto } from '../../db/schema';
import { empresaDeTienda } from '../tienda/empresa';

type DbOTx = Db | Tx;

/** The join of a store's products to their category's tax; a category's tax is the empresa's, the same in all its stores (ADR 063). */
export const conCategoria = (tiendaId: number) => and(eq(categoriaImpuesto.empresaId, empresaDeTienda(tiendaId)), eq(categoriaImpuesto.categoria, producto.categoria));

/** How many of the store's products (on sale or not) have no tax of their own or of their category. */
export async function contarSinImpuesto(db: DbOTx, tiendaId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(producto)
    .leftJoin(categoriaImpuesto, conCategoria(tiendaId))
    .where(and(eq(producto.tiendaId, tiendaId), isNull(producto.impuesto), isNull(categoriaImpuesto.impuesto)));
  return row?.n ?? 0;
}

/**
 * The switch to IVA (issue #30 point 3): refused while any product lacks a tax. Nothing is defaulted
 * silently — defaulting to excluido would under-report IVA on soft drinks, snacks and cleaning products.
 */
export async function exigirTodoClasificado(db: DbOTx, tiendaId: number): Promise<void> {
  const n = await contarSinImpuesto(db, tiendaId);
  if (n > 0) throw new AppError('BUSINESS_RULE', M.impuestos.sinClasificar(n), { fields: { responsableIva: M.impuestos.sinClasificar(n) } });
}
