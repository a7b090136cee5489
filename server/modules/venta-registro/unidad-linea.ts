import { sql } from 'drizzle-orm';
import { factura, producto } from '../../db/schema';

/**
 * The unit an invoice line reads in (DIAN's code): the one it was sold in (migration 0048), else — a
 * line sold before the line kept it — its product's current one. For a select joined with `producto`.
 */
export const unidadDeLinea = sql<string>`coalesce(${factura.unidadDian}, ${producto.unidadDian})`;

/**
 * What a line's amount and tax split read (brutoLinea, desglosarVenta in shared/): its quantity, price,
 * amount sold by value, discount, tax and bag tax. For a select from `factura`.
 */
export const columnasDesglose = {
  cantidad: factura.cantidad,
  precio: factura.precio,
  importe: factura.importe,
  descuento: factura.descuento,
  impuesto: factura.impuesto,
  valorBolsa: factura.valorBolsa,
};
