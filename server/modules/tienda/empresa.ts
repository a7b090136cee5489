/**
 * The one rule of who owns an empresa and which stores are its (issue #56, ADR 043 and 049): every
 * domain that keeps something the empresa's (the catalogue and its taxes, the taxpayer's profile, the
 * DIAN registration, transfers, the empresa's reports) asks here.
 */
import { and, asc, eq, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { tienda } from '../../db/schema';

export interface TiendaDeEmpresa {
  id: number;
  nombre: string;
}

/**
 * Whether the one acting is the empresa's owner: its store login (ADR 043), a session without a person
 * (ADR 049). A person, an administrator of a store included, is not; in an empresa of one store its
 * administrator changes what the owner would.
 */
export const esDueno = (quien: { usuarioId: number | null }): boolean => quien.usuarioId === null;

/** The empresa of a store, as a one-row subquery (evaluated once per statement). */
export const empresaDeTienda = (tiendaId: number | SQLWrapper): SQL => sql`(select ${tienda.empresaId} from ${tienda} where ${tienda.idTienda} = ${tiendaId})`;

/** The stores of a store's empresa, itself included, oldest first. */
export async function tiendasDeEmpresa(db: Db | Tx, tiendaId: number): Promise<TiendaDeEmpresa[]> {
  return db.select({ id: tienda.idTienda, nombre: tienda.nombreTienda }).from(tienda).where(eq(tienda.empresaId, empresaDeTienda(tiendaId))).orderBy(asc(tienda.idTienda));
}

/** The other stores of a store's empresa, oldest first (none for a one-store empresa). */
export async function tiendasHermanas(db: Db | Tx, tiendaId: number): Promise<TiendaDeEmpresa[]> {
  return db
    .select({ id: tienda.idTienda, nombre: tienda.nombreTienda })
    .from(tienda)
    .where(and(eq(tienda.empresaId, empresaDeTienda(tiendaId)), ne(tienda.idTienda, tiendaId)))
    .orderBy(asc(tienda.idTienda));
}

/** The stores of an empresa by its id, oldest first. */
export async function tiendasDeLaEmpresa(db: Db | Tx, empresaId: number): Promise<TiendaDeEmpresa[]> {
  return db.select({ id: tienda.idTienda, nombre: tienda.nombreTienda }).from(tienda).where(eq(tienda.empresaId, empresaId)).orderBy(asc(tienda.idTienda));
}
