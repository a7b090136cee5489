/**
 * Which suppliers a store reaches (issue #56 point 2, ADR 064): the suppliers of its empresa,
 * whichever of its stores created them. The one owner of that rule; every face and every domain that
 * reads or writes a supplier for a store (the supplier screens and their import and export, the
 * product form's choice, purchase orders, receipts and costs, order deliveries, *Por pedir*, stock
 * counts by supplier, the documento soporte, the back-office and the legacy API) filters with it.
 * Another empresa's supplier is never in reach: it answers as missing. Orders, receipts and their
 * stock stay the store's (their own `tienda_id`); only the supplier is shared.
 */
import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { calificada } from '../../db/columna';
import { proveedor } from '../../db/schema';
import { empresaDeTienda } from '../tienda/empresa';

/** The empresa of a store (a number, or the store column of the row being read), as a one-row subquery. */

/**
 * The suppliers a store reaches: its empresa's. `tiendaId` may be an outer row's store column (a count's,
 * a product's), written with its table's name (`calificada`) inside a select's fields.
 */
export const proveedoresDeLaTienda = (tiendaId: number | SQLWrapper): SQL => eq(proveedor.empresaId, empresaDeTienda(tiendaId));

/** One supplier, if the store reaches it. */
export const proveedorDeLaTienda = (tiendaId: number | SQLWrapper, proveedorId: number | SQLWrapper): SQL => and(eq(proveedor.idProveedor, proveedorId), proveedoresDeLaTienda(tiendaId))!;

/**
 * Where the supplier was created, for a store that did not create it (the supplier list's note, ADR
 * 064): the creating store's name, or null for the store's own suppliers (a lone shop sees no change).
 */
export const creadoEnOtraTienda = (tiendaId: number): SQL<string | null> =>
  sql<string | null>`(select t.nombre_tienda from tienda t where t.id_tienda = ${calificada(proveedor.tiendaId)} and ${calificada(proveedor.tiendaId)} <> ${tiendaId})`;

/**
 * The key a documento is unique by in an empresa: its number, a NIT's check digit aside (900123456-7
 * and 900123456 are one supplier). The same expression as the unique index of migration 0097.
 */
export const claveDocumento = (documento: string): string => documento.split('-')[0]!;
export const claveDocumentoSql = sql`split_part(${proveedor.documento}, '-', 1)`;
