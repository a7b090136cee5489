import { bigint, date, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { tienda } from './tienda';
import { sumaCantidadColumna } from './columna-cantidad';

/**
 * The store's sales per day of its time zone, hour, seller, shift and method (issue #35 point 3): what
 * the month's reports read for whole past days instead of every sale and line. Kept by triggers on
 * venta and factura in the same transaction as the sale, its lines, its annulment or deletion
 * (migration `resumen_diario`, ADR 028); rebuilt for a store whose zone changes.
 *
 * Rows are deltas, only ever inserted by the triggers (ADR 017): a reader sums them per key and folds
 * them into one row per key when they pile up (`plegarResumenes`, reportes.resumen.ts). `usuario_id`
 * and `turno_id` are 0 for none. Non-annulled sales count in `tickets` … `unidades` (gross, the lines'
 * and the sale's discounts, the totals, the units); annulled ones in `anuladas` and `monto_anulado`.
 */
export const resumenVentaDia = pgTable(
  'resumen_venta_dia',
  {
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    dia: date('dia', { mode: 'string' }).notNull(),
    hora: smallint('hora').notNull(),
    usuarioId: integer('usuario_id').notNull(),
    turnoId: integer('turno_id').notNull(),
    metodoPagoId: integer('metodo_pago_id').notNull(),
    tickets: bigint('tickets', { mode: 'number' }).notNull().default(0),
    bruto: bigint('bruto', { mode: 'number' }).notNull().default(0),
    descuentos: bigint('descuentos', { mode: 'number' }).notNull().default(0),
    neto: bigint('neto', { mode: 'number' }).notNull().default(0),
    unidades: sumaCantidadColumna('unidades').notNull().default(0),
    anuladas: bigint('anuladas', { mode: 'number' }).notNull().default(0),
    montoAnulado: bigint('monto_anulado', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('resumen_venta_dia_idx').on(t.tiendaId, t.dia)],
);

/**
 * The store's units, gross, line discounts and cost per day and product (non-annulled sales), for the
 * per-product and per-category reports and the month's margin. `costo` is Σ units × the cost the line
 * kept (`factura.costo_unit`); `sin_costo_unit` the units whose line kept none: the reader prices them at
 * the product's current average, as the direct query does.
 */
export const resumenProductoDia = pgTable(
  'resumen_producto_dia',
  {
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    dia: date('dia', { mode: 'string' }).notNull(),
    productoId: integer('producto_id').notNull(),
    cantidad: sumaCantidadColumna('cantidad').notNull().default(0),
    bruto: bigint('bruto', { mode: 'number' }).notNull().default(0),
    descuentos: bigint('descuentos', { mode: 'number' }).notNull().default(0),
    costo: bigint('costo', { mode: 'number' }).notNull().default(0),
    sinCostoUnit: sumaCantidadColumna('sin_costo_unit').notNull().default(0),
  },
  (t) => [index('resumen_producto_dia_idx').on(t.tiendaId, t.dia)],
);

/**
 * The store's completed sales' base and tax per day, till, shift and rate (issue #35, ADR 031): what the
 * *impuestos por tarifa* report and the daily and monthly close read for whole past days instead of
 * splitting every sale in TypeScript. Kept by triggers on venta and factura (migration
 * `resumen_impuesto_dia`), which split a sale's lines with the rule of shared/impuestos.ts written in
 * SQL (`impuesto_desglose`): the sale's discount spread by largest remainders, then base rounded half
 * up to the centavo. Any change of a sale or its lines takes the whole sale's old split out and puts the
 * new one in (the split of one line depends on the others). Deltas, folded by the reader (ADR 017).
 *
 * `punto_venta_id` is the sale's own till (0: none) and `turno_id` its shift (0: none): the reader
 * resolves the close's till as the sale's, else its shift's. `impuesto` is '' for lines sold without a
 * tax. `ventas` counts each sale once (on its first rate's row); `base` and `valor` are centavos.
 */
export const resumenImpuestoDia = pgTable(
  'resumen_impuesto_dia',
  {
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    dia: date('dia', { mode: 'string' }).notNull(),
    puntoVentaId: integer('punto_venta_id').notNull(),
    turnoId: integer('turno_id').notNull(),
    impuesto: text('impuesto').notNull(),
    ventas: bigint('ventas', { mode: 'number' }).notNull().default(0),
    lineas: bigint('lineas', { mode: 'number' }).notNull().default(0),
    base: bigint('base', { mode: 'number' }).notNull().default(0),
    valor: bigint('valor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('resumen_impuesto_dia_idx').on(t.tiendaId, t.dia)],
);
