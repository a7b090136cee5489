import { bigint, date, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { tienda } from './tienda';
import { sumaCantidadColumna } from './columna-cantidad';


/** The store a summary row counts for: its rows go with it. */
const tiendaDelResumen = () => integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' });
/** A measure in pesos or a count: the sum of the rows' deltas, 0 before the first (ADR 017). */
const suma = (columna: string) => bigint(columna, { mode: 'number' }).notNull().default(0);
/** A measure in units (a pack counts factor × packs, ADR 033). */
const sumaCantidad = (columna: string) => sumaCantidadColumna(columna).notNull().default(0);
/** A product's figures, per day or per month: the same trigger functions write both tables. */
const medidasProducto = () => ({
  productoId: integer('producto_id').notNull(),
  cantidad: sumaCantidad('cantidad'),
  bruto: suma('bruto'),
  descuentos: suma('descuentos'),
  costo: suma('costo'),
  sinCostoUnit: sumaCantidad('sin_costo_unit'),
});
/** The sales' figures, per day or per month (`resumen_venta_dia`, `resumen_venta_mes`): the same trigger functions write both tables. */
const medidasVenta = () => ({
  tickets: suma('tickets'),
  bruto: suma('bruto'),
  descuentos: suma('descuentos'),
  neto: suma('neto'),
  /**
   * Units sold by unit (a pack's units counted); kilos, litres, metres, square metres and gallons
   * apart, never added to them (issue #52, issue #58 point 3, `cantidad_en`; migration 0093).
   */
  unidades: sumaCantidad('unidades'),
  kilos: sumaCantidad('kilos'),
  litros: sumaCantidad('litros'),
  metros: sumaCantidad('metros'),
  metrosCuadrados: sumaCantidad('metros_cuadrados'),
  galones: sumaCantidad('galones'),
  anuladas: suma('anuladas'),
  montoAnulado: suma('monto_anulado'),
  /**
   * The smallest and largest store number (`venta.numero`) of the sales the row puts in, annulled or
   * not; null on a row that takes sales out. A deleted or moved sale's number stays behind: the
   * reader checks the candidate against the sale (ADR 037).
   */
  primero: integer('primero'),
  ultimo: integer('ultimo'),
});
/** The money's figures, per day or per month (`resumen_pago_dia`, `resumen_pago_mes`). */
const medidasPago = () => ({
  ventas: suma('ventas'),
  monto: suma('monto'),
  fiado: suma('fiado'),
  cobros: suma('cobros'),
  abonos: suma('abonos'),
  cargos: suma('cargos'),
});

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
 *
 * What feeds each column is declared in `server/db/resumenes.ts` (ADR 066), from which the trigger and
 * rebuild functions are generated: a new column here needs its line there (and its migration).
 */
export const resumenVentaDia = pgTable(
  'resumen_venta_dia',
  {
    tiendaId: tiendaDelResumen(),
    dia: date('dia', { mode: 'string' }).notNull(),
    hora: smallint('hora').notNull(),
    usuarioId: integer('usuario_id').notNull(),
    turnoId: integer('turno_id').notNull(),
    metodoPagoId: integer('metodo_pago_id').notNull(),
    /** The sale's own till, 0 for none (ADR 037): the daily close resolves a sale's till as its own, else its shift's. */
    puntoVentaId: integer('punto_venta_id').notNull().default(0),
    ...medidasVenta(),
  },
  (t) => [index('resumen_venta_dia_idx').on(t.tiendaId, t.dia)],
);

/**
 * The same sales per calendar month (of the store's zone), seller, method and till (issue #56 point 6,
 * ADR 073): a range's whole months read one row per key from here instead of ~30 days × 24 hours × shifts.
 * No hour nor shift: a reader of those reads the days. `mes` is the month's first day; `primero` and
 * `ultimo` fold as min and max. Written by the same trigger functions as `resumen_venta_dia`, in the same
 * statements; folded by the reader; rebuilt with it (`resumen_venta_dia_reconstruir`). Declared in
 * `server/db/resumenes.ts` (`acumulado`).
 */
export const resumenVentaMes = pgTable(
  'resumen_venta_mes',
  {
    tiendaId: tiendaDelResumen(),
    mes: date('mes', { mode: 'string' }).notNull(),
    usuarioId: integer('usuario_id').notNull(),
    metodoPagoId: integer('metodo_pago_id').notNull(),
    puntoVentaId: integer('punto_venta_id').notNull(),
    ...medidasVenta(),
  },
  (t) => [index('resumen_venta_mes_idx').on(t.tiendaId, t.mes)],
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
    tiendaId: tiendaDelResumen(),
    dia: date('dia', { mode: 'string' }).notNull(),
    ...medidasProducto(),
  },
  (t) => [index('resumen_producto_dia_idx').on(t.tiendaId, t.dia)],
);

/**
 * The same figures per calendar month (of the store's zone) and product (issue #35, ADR 035): the
 * per-product and per-category reports of a month read ~one row per product from here instead of one
 * per product and day. `mes` is the month's first day. Written by the same trigger functions as
 * `resumen_producto_dia`, in the same statements (each delta goes to both tables); folded by the
 * reader; rebuilt by `resumen_dia_reconstruir`. Quantities are units: a pack's line counts
 * factor × packs (ADR 033).
 */
export const resumenProductoMes = pgTable(
  'resumen_producto_mes',
  {
    tiendaId: tiendaDelResumen(),
    mes: date('mes', { mode: 'string' }).notNull(),
    ...medidasProducto(),
  },
  (t) => [index('resumen_producto_mes_idx').on(t.tiendaId, t.mes)],
);

/**
 * The store's lines per day and price list (issue #55 point 2, ADR 047's report, ADR 066's declaration):
 * what *Ventas por lista de precios* reads instead of every line of the period. `clave` is the list the
 * line was priced at as the report keys it: its id, `x:` and its kept name once the list is deleted, ''
 * for a line no list priced (*Sin lista*). Non-annulled sales only: `ventas` counts each sale with a line
 * at the key once, `lineas` its lines, `unidades` the units of lines sold by unit (a pack's units),
 * `base` the gross at the price without the list, `bruto` at the price charged, `descuentos` the lines'
 * discounts, `costo` Σ quantity × the cost the line kept; `sin_costo` counts the lines that kept none
 * (their cost is the product's current average: the reader reads such a period line by line). Deltas,
 * folded by the reader (ADR 017); declared in `server/db/resumenes.ts`.
 */
export const resumenListaDia = pgTable(
  'resumen_lista_dia',
  {
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    dia: date('dia', { mode: 'string' }).notNull(),
    clave: text('clave').notNull(),
    ventas: bigint('ventas', { mode: 'number' }).notNull().default(0),
    lineas: bigint('lineas', { mode: 'number' }).notNull().default(0),
    unidades: sumaCantidadColumna('unidades').notNull().default(0),
    base: bigint('base', { mode: 'number' }).notNull().default(0),
    bruto: bigint('bruto', { mode: 'number' }).notNull().default(0),
    descuentos: bigint('descuentos', { mode: 'number' }).notNull().default(0),
    costo: bigint('costo', { mode: 'number' }).notNull().default(0),
    sinCosto: bigint('sin_costo', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('resumen_lista_dia_idx').on(t.tiendaId, t.dia)],
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
    tiendaId: tiendaDelResumen(),
    dia: date('dia', { mode: 'string' }).notNull(),
    puntoVentaId: integer('punto_venta_id').notNull(),
    turnoId: integer('turno_id').notNull(),
    impuesto: text('impuesto').notNull(),
    ventas: suma('ventas'),
    lineas: suma('lineas'),
    base: suma('base'),
    valor: suma('valor'),
  },
  (t) => [index('resumen_impuesto_dia_idx').on(t.tiendaId, t.dia)],
);

/**
 * The store's money per day, till, shift, person and payment method (issue #35, ADR 032): what *por
 * medio de pago*, the daily close's methods and fiado and the fiado given and collected read for whole
 * past days instead of every sale and credit movement. Kept by row triggers on venta and
 * credito_movimiento (migration `resumen_pago_dia`). Deltas, folded by the reader (ADR 017).
 *
 * A non-annulled sale adds its payment's parts as `partesDelPago` reads them (shared/pago.ts): the part
 * its method covered (`total − monto_fiado`, or the whole total when the method is Fiado) and the part
 * left on credit (method Fiado); `ventas` counts the parts, `monto` their pesos, and `fiado` the fiado
 * the sale gave (on its own method's row). An abono adds `cobros` (1) and `abonos` (−monto) on its
 * method's row, `metodo_pago_id` 0 when it kept none; a credit ledger's 'cargo' adds its pesos to
 * `cargos` (the fiado given as the owner's Inicio reads it). `punto_venta_id`, `turno_id` and `usuario_id` are
 * the sale's or abono's own (0: none; an abono has no till of its own): the reader resolves the close's
 * till as the row's, else its shift's.
 */
export const resumenPagoDia = pgTable(
  'resumen_pago_dia',
  {
    tiendaId: tiendaDelResumen(),
    dia: date('dia', { mode: 'string' }).notNull(),
    puntoVentaId: integer('punto_venta_id').notNull(),
    turnoId: integer('turno_id').notNull(),
    usuarioId: integer('usuario_id').notNull(),
    metodoPagoId: integer('metodo_pago_id').notNull(),
    ...medidasPago(),
  },
  (t) => [index('resumen_pago_dia_idx').on(t.tiendaId, t.dia)],
);

/**
 * The same money per calendar month (of the store's zone), till, person and method (issue #56 point 6,
 * ADR 073), without the shift: what a range's whole months read. Written by the same trigger functions
 * as `resumen_pago_dia`, in the same statements; folded by the reader; rebuilt with it
 * (`resumen_pago_reconstruir`). Declared in `server/db/resumenes.ts` (`acumulado`).
 */
export const resumenPagoMes = pgTable(
  'resumen_pago_mes',
  {
    tiendaId: tiendaDelResumen(),
    mes: date('mes', { mode: 'string' }).notNull(),
    puntoVentaId: integer('punto_venta_id').notNull(),
    usuarioId: integer('usuario_id').notNull(),
    metodoPagoId: integer('metodo_pago_id').notNull(),
    ...medidasPago(),
  },
  (t) => [index('resumen_pago_mes_idx').on(t.tiendaId, t.mes)],
);
