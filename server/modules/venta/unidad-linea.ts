import { sql } from 'drizzle-orm';
import { factura, producto } from '../../db/schema';

/**
 * The unit an invoice line reads in (DIAN's code): the one it was sold in (migration 0048), else — a
 * line sold before the line kept it — its product's current one. For a select joined with `producto`.
 */
export const unidadDeLinea = sql<string>`coalesce(${factura.unidadDian}, ${producto.unidadDian})`;
