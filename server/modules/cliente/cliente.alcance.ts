/**
 * Which customers a store reaches (issue #56 point 2, ADR 043 step "customers shared"): the customers
 * of its empresa, whichever of its stores created them. The one owner of that rule; every face and
 * every domain that reads or writes a customer for a store (the customer screens, fiado and abonos,
 * the till's lookup and checkout, the offline catalogue, points, price lists, returns, reports, the
 * legacy API) filters with it. Another empresa's customer is never in reach: it answers as missing.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { cliente, tienda } from '../../db/schema';

/** The empresa of a store, as a one-row subquery (evaluated once per statement). */
export const empresaDeTienda = (tiendaId: number): SQL => sql`(select ${tienda.empresaId} from ${tienda} where ${tienda.idTienda} = ${tiendaId})`;

/** The customers a store reaches: its empresa's. */
export const clientesDeLaTienda = (tiendaId: number): SQL => eq(cliente.empresaId, empresaDeTienda(tiendaId));

/**
 * Order for a lookup by documento: the store's own customer first. Two customers of one empresa may
 * share a documento only when both existed before the customers were shared (migration 0090 kept both,
 * flagged `documento_repetido`); a store keeps finding its own.
 */
export const propioPrimero = (tiendaId: number): SQL => sql`(${cliente.tiendaId} = ${tiendaId}) desc, ${cliente.idCliente}`;
