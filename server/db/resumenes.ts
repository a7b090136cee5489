import { sql, type SQL } from 'drizzle-orm';
import { MEDIDAS, type TMedida } from '#shared/unidades';

/**
 * The summaries declared once (issue #54 point 2, ADR 066, ADR 075): each summary's table, its key, its measures
 * and the rows that feed them. `resumenes-sql.ts` generates from here the trigger functions that fold a
 * sale and its lines into the summaries and the functions that rebuild them, which migrate() applies
 * beside `server/db/functions/*.sql` without a file of their own (ADR 081; `npm run resumenes` writes
 * them into tmp/resumenes/ for reading), and the readers' fold (`reportes.resumen.ts`) takes
 * its column lists from here. A new measure is one entry here (and its column in
 * `schema/resumen-dia.ts` with its migration); a new measure of quantity is one entry in
 * `shared/unidades.ts` (`MEDIDAS`, `UNIDADES`), which `cantidad_en` and `resumen_venta_dia` follow.
 *
 * SQL expressions are written over the sale `v`, its store `t`, a line `l` and `{local}`, the sale's
 * time in its store's zone (`v.fecha AT TIME ZONE t.zona_horaria`).
 */

/** A measure: a column of the summary, what each sale or its lines add to it, and how its rows fold. */
export interface Medida {
  columna: string;
  /** What each sale adds (an expression over `v`). */
  venta?: string;
  /** What a sale's lines add (an aggregate over its lines `l`; 0 without lines). */
  lineas?: string;
  /** The sales it counts: not annulled (the default), annulled, or all. */
  ventas?: 'vigentes' | 'anuladas' | 'todas';
  /**
   * How delta rows fold into one per key: added (the default; a key whose sums are all zero goes), or the
   * smallest or largest value of the rows that put sales in (null on rows that take them out).
   */
  plegado?: 'sum' | 'min' | 'max';
  /** A min/max measure: a sale puts its value in only when this holds too (a sale still holding the checkout's placeholder number puts none, ADR 057). */
  siendo?: string;
  /**
   * A count of the sales with a line under the key, each once (`lineas` is `count(DISTINCT l.venta_id)`):
   * a statement of lines adds a sale to a key only when it had no line there before, and takes it out
   * only when it has none left (the lines after the statement are `factura`'s).
   */
  porVenta?: boolean;
}

/**
 * A coarser table written from the same rows in the same statement (ADR 035, ADR 073): `columna` replaces
 * the key `de` (its value `expresion` over the finer row's columns), the keys `sin` are dropped (a month
 * keyed by shift would hold as many rows as its days). Its min/max measures fold as min/max.
 */
export interface Acumulado {
  tabla: string;
  columna: string;
  de: string;
  expresion: string;
  sin?: readonly string[];
}

/** The first day of the month of the row's `dia`. */
const MES_DE_DIA = 'dia - extract(day FROM dia)::integer + 1';

/** A summary of sales (ADR 028): rows keyed by the sale (and its line, for a per-product key), deltas only (ADR 017). */
export interface ResumenDeVentas {
  tabla: string;
  /** Key columns and their expressions, in the table's key order. */
  claves: readonly (readonly [string, string])[];
  medidas: readonly Medida[];
  /** A coarser table written from the same rows in the same statement (ADR 035). */
  acumulado?: Acumulado;
  /**
   * When only the sale columns its min/max measures read change and this holds (over OLD and NEW: the
   * checkout's sale taking its number, ADR 057), its part is in already: the trigger adds just a row
   * under the same keys carrying the new values, instead of taking the sale out and putting it back.
   */
  soloExtremos?: string;
  /**
   * One row per key updated in place (`INSERT … ON CONFLICT … DO UPDATE`) instead of delta rows: a table
   * read row by row in its measure's order (`venta_producto_resumen`, its index on the quantity). A change
   * that adds 0 to a key writes nothing; a key brought back to 0 keeps its row.
   */
  enSitio?: boolean;
}

/** Each measure of quantity's column in `resumen_venta_dia` and `cantidad_en`'s name of it ('metrosCuadrados' → 'metros_cuadrados'). */
export const columnaDeMedida = (m: TMedida): string => m.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export const LOCAL = '{local}';

/** `resumen_venta_dia` (ADR 028, 035, 037): the sales per store day of its zone, hour, seller, shift, method and till. */
export const RESUMEN_VENTA_DIA: ResumenDeVentas = {
  tabla: 'resumen_venta_dia',
  claves: [
    ['tienda_id', 'v.tienda_id'],
    ['dia', `${LOCAL}::date`],
    ['hora', `extract(hour FROM ${LOCAL})::smallint`],
    ['usuario_id', 'coalesce(v.usuario_id, 0)'],
    ['turno_id', 'coalesce(v.turno_id, 0)'],
    ['metodo_pago_id', 'v.metodo_pago_id'],
    ['punto_venta_id', 'coalesce(v.punto_venta_id, 0)'],
  ],
  medidas: [
    { columna: 'tickets', venta: '1' },
    { columna: 'bruto', lineas: 'sum(linea_bruto(l.precio, l.cantidad, l.importe))' },
    { columna: 'descuentos', lineas: 'sum(l.descuento)', venta: 'v.descuento' },
    { columna: 'neto', venta: 'v.total' },
    // Each measure of quantity apart, never added to another (issue #52, issue #58 point 3).
    ...MEDIDAS.map((m) => ({ columna: columnaDeMedida(m), lineas: `sum(cantidad_en('${columnaDeMedida(m)}', l.cantidad, l.factor, l.unidad_dian, l.producto_id))` })),
    { columna: 'anuladas', venta: '1', ventas: 'anuladas' },
    { columna: 'monto_anulado', venta: 'v.total', ventas: 'anuladas' },
    // The smallest and largest store number of the sales a row puts in (ADR 037).
    // A sale still holding the checkout's placeholder number (-id_venta) counts without a number (ADR 057).
    { columna: 'primero', venta: 'v.numero', ventas: 'todas', plegado: 'min', siendo: 'v.numero > 0' },
    { columna: 'ultimo', venta: 'v.numero', ventas: 'todas', plegado: 'max', siendo: 'v.numero > 0' },
  ],
  soloExtremos: 'OLD.numero < 0 AND NEW.numero > 0',
  // Per store month, seller, method and till (ADR 073): what a range's whole months read.
  acumulado: { tabla: 'resumen_venta_mes', columna: 'mes', de: 'dia', expresion: MES_DE_DIA, sin: ['hora', 'turno_id'] },
};

/** `resumen_producto_dia` and `resumen_producto_mes` (ADR 028, 035): units, gross, line discounts and cost per product and day (and month). */
export const RESUMEN_PRODUCTO_DIA: ResumenDeVentas = {
  tabla: 'resumen_producto_dia',
  claves: [
    ['tienda_id', 'v.tienda_id'],
    ['dia', `${LOCAL}::date`],
    ['producto_id', 'l.producto_id'],
  ],
  medidas: [
    { columna: 'cantidad', lineas: 'sum(l.cantidad * l.factor)' },
    { columna: 'bruto', lineas: 'sum(linea_bruto(l.precio, l.cantidad, l.importe))' },
    { columna: 'descuentos', lineas: 'sum(l.descuento)' },
    { columna: 'costo', lineas: 'sum(round(l.cantidad * l.costo_unit))' },
    { columna: 'sin_costo_unit', lineas: 'sum(l.cantidad * l.factor) FILTER (WHERE l.costo_unit IS NULL)' },
  ],
  acumulado: { tabla: 'resumen_producto_mes', columna: 'mes', de: 'dia', expresion: MES_DE_DIA },
};

/** A line's price list as *Ventas por lista de precios* keys it (ADR 047): its id, else `x:` and its kept name, else '' (none). */
export const CLAVE_DE_LISTA = "CASE WHEN l.lista_precio_id IS NOT NULL THEN l.lista_precio_id::text WHEN l.lista_nombre IS NOT NULL THEN 'x:' || l.lista_nombre ELSE '' END";

/**
 * `resumen_lista_dia` (issue #55 point 2): the lines per day and price list, what *Ventas por lista de
 * precios* reads (por-lista.ts). Units count the lines sold by unit (a line without its unit, sold
 * before 0048, by its product's); the cost is the one the line kept, `sin_costo` counts the lines that
 * kept none (the reader then prices them line by line at their product's current average).
 */
export const RESUMEN_LISTA_DIA: ResumenDeVentas = {
  tabla: 'resumen_lista_dia',
  claves: [
    ['tienda_id', 'v.tienda_id'],
    ['dia', `${LOCAL}::date`],
    ['clave', CLAVE_DE_LISTA],
  ],
  medidas: [
    { columna: 'ventas', lineas: 'count(DISTINCT l.venta_id)', porVenta: true },
    { columna: 'lineas', lineas: 'count(*)' },
    { columna: 'unidades', lineas: "sum(CASE WHEN coalesce(l.unidad_dian, (SELECT p.unidad_dian FROM producto p WHERE p.id_producto = l.producto_id), '94') = '94' THEN l.cantidad * l.factor ELSE 0 END)" },
    { columna: 'base', lineas: 'sum(linea_bruto(coalesce(l.precio_base, l.precio), l.cantidad, l.importe))' },
    { columna: 'bruto', lineas: 'sum(linea_bruto(l.precio, l.cantidad, l.importe))' },
    { columna: 'descuentos', lineas: 'sum(l.descuento)' },
    { columna: 'costo', lineas: 'sum(round(l.cantidad * l.costo_unit))' },
    { columna: 'sin_costo', lineas: 'count(*) FILTER (WHERE l.costo_unit IS NULL)' },
  ],
};

/**
 * `venta_producto_resumen` (migration 0002): the units sold of each product, all time, annulled sales
 * left out (a pack's line counts factor × packs, ADR 033). The popularity analysis and the till's grid
 * read it in its quantity's order: one row per product, updated in place. `venta_resumen_cantidad` is
 * its histogram (below).
 */
export const VENTA_PRODUCTO_RESUMEN: ResumenDeVentas = {
  tabla: 'venta_producto_resumen',
  claves: [
    ['tienda_id', 'v.tienda_id'],
    ['producto_id', 'l.producto_id'],
  ],
  medidas: [{ columna: 'cantidad_vendida', lineas: 'sum(l.cantidad * l.factor)' }],
  enSitio: true,
};

/** The summaries of sales, in the order their triggers write them. */
export const RESUMENES_DE_VENTAS = [RESUMEN_VENTA_DIA, RESUMEN_PRODUCTO_DIA, RESUMEN_LISTA_DIA, VENTA_PRODUCTO_RESUMEN] as const;

/** A folded table: its key columns and measures (for the readers' fold, ADR 017). */
export interface TablaPlegable {
  tabla: string;
  claves: readonly string[];
  medidas: readonly { columna: string; plegado?: 'sum' | 'min' | 'max' }[];
}

export const tablaDe = (r: ResumenDeVentas): TablaPlegable => ({ tabla: r.tabla, claves: nombresDeClaves(r), medidas: r.medidas });

/** A summary's key columns, in its order. */
export const nombresDeClaves = (r: ResumenDeVentas | ResumenPorFilas): string[] => r.claves.map((c) => (typeof c === 'string' ? c : c[0]));

/** The columns of `columnas` its coarser table keeps, each with its name there and its value from the finer row. */
export const aAcumulado = (a: Acumulado, columnas: readonly string[]) =>
  columnas.filter((c) => !(a.sin ?? []).includes(c)).map((c) => (c === a.de ? { nombre: a.columna, valor: a.expresion } : { nombre: c, valor: c }));

/** The coarser table of a summary (`resumen_producto_mes`, `resumen_venta_mes`, `resumen_pago_mes`). */
export const tablaAcumulada = (r: ResumenDeVentas | ResumenPorFilas): TablaPlegable => ({
  tabla: r.acumulado!.tabla,
  claves: aAcumulado(r.acumulado!, nombresDeClaves(r)).map((c) => c.nombre),
  medidas: r.medidas,
});

/**
 * A table that feeds a summary row by row (ADR 032): which of its rows count (`cuando`, all without it),
 * each row's key and what it adds, over the row `alias` (and `desde`, a set-returning function of it: a
 * row may add several key's worth). `funcion` is the row's part with a sign, `disparador` the trigger function that
 * takes a row's old part out and puts its new one in.
 */
export interface Alimentador {
  tabla: string;
  alias: string;
  funcion: string;
  disparador: string;
  cuando?: string;
  desde?: string;
  /** One expression per key column of the summary, in its order. */
  claves: readonly string[];
  /** What each row adds to each measure (summed); 0 for the summary's measures not listed. */
  medidas: Readonly<Record<string, string>>;
}

/** A summary fed row by row by one or more tables, rebuilt by `reconstruir`. */
export interface ResumenPorFilas extends TablaPlegable {
  reconstruir: string;
  alimentadores: readonly Alimentador[];
  /** A coarser table written from the same rows in the same statement. */
  acumulado?: Acumulado;
}

/**
 * `resumen_pago_dia` (ADR 032): the money per day, till, shift, person and method. A sale not annulled
 * adds its payment's parts (`resumen_pago_partes`, the rule of shared/pago.ts); an abono adds a
 * collection and its pesos (negative), a credit charge ('cargo') its pesos.
 */
export const RESUMEN_PAGO_DIA: ResumenPorFilas = {
  tabla: 'resumen_pago_dia',
  claves: ['tienda_id', 'dia', 'punto_venta_id', 'turno_id', 'usuario_id', 'metodo_pago_id'],
  medidas: ['ventas', 'monto', 'fiado', 'cobros', 'abonos', 'cargos'].map((columna) => ({ columna })),
  reconstruir: 'resumen_pago_reconstruir',
  alimentadores: [
    {
      tabla: 'venta',
      alias: 'v',
      funcion: 'resumen_pago_venta',
      disparador: 'venta_resumen_pago',
      cuando: "v.estado <> 'Anulada'",
      desde: 'resumen_pago_partes(v.metodo_pago_id, v.total, v.monto_fiado) p',
      claves: ['v.tienda_id', `${LOCAL}::date`, 'coalesce(v.punto_venta_id, 0)', 'coalesce(v.turno_id, 0)', 'coalesce(v.usuario_id, 0)', 'p.metodo'],
      medidas: { ventas: 'p.ventas', monto: 'p.monto', fiado: 'p.fiado' },
    },
    {
      tabla: 'credito_movimiento',
      alias: 'c',
      funcion: 'resumen_pago_abono',
      disparador: 'credito_resumen_pago',
      cuando: "c.tipo IN ('abono', 'cargo')",
      // An abono has no till of its own (0); the reader resolves it from its shift.
      claves: ['c.tienda_id', `${LOCAL}::date`, '0', 'coalesce(c.turno_id, 0)', 'coalesce(c.usuario_id, 0)', 'coalesce(c.metodo_pago_id, 0)'],
      medidas: {
        cobros: "CASE WHEN c.tipo = 'abono' THEN 1 ELSE 0 END",
        abonos: "CASE WHEN c.tipo = 'abono' THEN -c.monto ELSE 0 END",
        cargos: "CASE WHEN c.tipo = 'cargo' THEN c.monto ELSE 0 END",
      },
    },
  ],
  // Per store month, till, person and method (ADR 073): what a range's whole months read.
  acumulado: { tabla: 'resumen_pago_mes', columna: 'mes', de: 'dia', expresion: MES_DE_DIA, sin: ['turno_id'] },
};

/**
 * `venta_conteo` (migration 0016, ADR 017): the store's sales per state, every sale once (the invoice
 * list's pager). Delta rows, folded by the reader (`plegarContador`).
 */
export const VENTA_CONTEO: ResumenPorFilas = {
  tabla: 'venta_conteo',
  claves: ['tienda_id', 'estado'],
  medidas: [{ columna: 'ventas' }],
  reconstruir: 'venta_conteo_reconstruir',
  alimentadores: [{ tabla: 'venta', alias: 'v', funcion: 'conteo_venta_fila', disparador: 'conteo_venta', claves: ['v.tienda_id', 'v.estado'], medidas: { ventas: '1' } }],
};

/**
 * `venta_resumen_cantidad` (migration 0016, ADR 017): how many of the store's products sold exactly
 * `cantidad` units (products with sales only), a histogram of `venta_producto_resumen` fed by its rows:
 * the popularity analysis' totals and classes. Delta rows, folded by the reader (`plegarContador`);
 * rebuilt after `venta_producto_resumen`.
 */
export const VENTA_RESUMEN_CANTIDAD: ResumenPorFilas = {
  tabla: 'venta_resumen_cantidad',
  claves: ['tienda_id', 'cantidad'],
  medidas: [{ columna: 'productos' }],
  reconstruir: 'venta_resumen_cantidad_reconstruir',
  alimentadores: [
    {
      tabla: 'venta_producto_resumen',
      alias: 'r',
      funcion: 'resumen_cantidad_fila',
      disparador: 'resumen_cantidad',
      cuando: 'r.cantidad_vendida > 0',
      claves: ['r.tienda_id', 'r.cantidad_vendida'],
      medidas: { productos: '1' },
    },
  ],
};

/** The counters kept row by row, in the order a rebuild writes them (a histogram after the table it counts). */
export const CONTADORES = [VENTA_CONTEO, VENTA_RESUMEN_CANTIDAD] as const;

/**
 * A summary of each sale's lines taken together (ADR 031): its part is a split of all the sale's lines at
 * once (`desglose`, over `lineas`, an array of `factura`), because one line's share depends on its
 * sisters (the sale's discount is spread over them, shared/impuestos.ts). The sale's trigger takes its
 * part out with its old values and puts it in with its new ones; a statement of lines takes each touched
 * sale's part out with the lines it had before and puts it back with the lines it has after; the rebuild
 * reads `desgloseDeTienda`, the same rule over every line of the store at once (rows `d` with `venta_id`).
 */
export interface ResumenDeVentaEntera {
  tabla: string;
  /** Key columns and their expressions over the sale `v` (its local time `{local}`) and, one of them, a row `d` of the split. */
  claves: readonly (readonly [string, string])[];
  /** The sales it counts (over `v`). */
  cuando: string;
  desglose: string;
  desgloseDeTienda: string;
  /** An aggregate over the split's rows `d` of one key, or 1 for the sale on its row of the smallest key (`unaPorVenta`). */
  medidas: readonly { columna: string; valor?: string; unaPorVenta?: true }[];
  /** The sale's part with a sign (`funcion`), the triggers on venta and on factura, the rebuild. */
  funcion: string;
  disparadorVenta: string;
  disparadorLineas: string;
  reconstruir: string;
}

/** `resumen_impuesto_dia` (ADR 031): base and tax (centavos) per day, till, shift and rate ('' for none) of the completed sales. */
export const IMPUESTO_DIA: ResumenDeVentaEntera = {
  tabla: 'resumen_impuesto_dia',
  claves: [
    ['tienda_id', 'v.tienda_id'],
    ['dia', `${LOCAL}::date`],
    ['punto_venta_id', 'coalesce(v.punto_venta_id, 0)'],
    ['turno_id', 'coalesce(v.turno_id, 0)'],
    ['impuesto', "coalesce(d.impuesto, '')"],
  ],
  cuando: "v.estado = 'Completada'",
  // The rule of shared/impuestos.ts in SQL, per sale and over a store (the property test checks both).
  desglose: 'impuesto_desglose(lineas, v.descuento) d',
  desgloseDeTienda: 'factura_desglose d',
  medidas: [
    { columna: 'ventas', unaPorVenta: true },
    { columna: 'lineas', valor: 'count(*)' },
    { columna: 'base', valor: 'sum(d.base)' },
    { columna: 'valor', valor: 'sum(d.valor)' },
  ],
  funcion: 'resumen_impuesto_venta',
  disparadorVenta: 'venta_resumen_impuesto',
  disparadorLineas: 'factura_resumen_impuesto',
  reconstruir: 'resumen_impuesto_reconstruir',
};

/** The tax summary as its readers fold it. */
export const RESUMEN_IMPUESTO_DIA: TablaPlegable = { tabla: IMPUESTO_DIA.tabla, claves: IMPUESTO_DIA.claves.map(([c]) => c), medidas: IMPUESTO_DIA.medidas };

/**
 * The readers' fold of a table's delta rows chosen by `donde` (a condition over its columns) into one
 * row per key (ADR 017): one DELETE … RETURNING feeding one INSERT; keys whose sums are all zero go.
 * Returns the statement's two halves around `donde`, which the caller binds.
 */
export function plegado(t: TablaPlegable): { antes: string; despues: string } {
  const columnas = [...t.claves, ...t.medidas.map((m) => m.columna)].join(', ');
  const sumas = t.medidas.map((m) => `${m.plegado ?? 'sum'}(${m.columna})`).join(', ');
  const alguna = t.medidas
    .filter((m) => (m.plegado ?? 'sum') === 'sum')
    .map((m) => `sum(${m.columna}) <> 0`)
    .join(' or ');
  const grupos = t.claves.map((_, i) => i + 1).join(', ');
  return {
    antes: `with d as (delete from ${t.tabla} where `,
    despues: ` returning *)
    insert into ${t.tabla} (${columnas})
    select ${t.claves.join(', ')}, ${sumas}
    from d group by ${grupos}
    having ${alguna}`,
  };
}

/** The fold's statement for the rows `donde` chooses (a condition over the table's own columns). */
export function sqlPlegado(t: TablaPlegable, donde: SQL): SQL {
  const { antes, despues } = plegado(t);
  return sql`${sql.raw(antes)}${donde}${sql.raw(despues)}`;
}

/** A table's key columns other than the store's (and `sin`) as a row, prefixed with `alias`: what a reader's `count(distinct …)` counts to know when to fold. */
export const clavesDe = (t: TablaPlegable, alias = '', sin: string[] = []): SQL =>
  sql.raw(`(${t.claves.filter((c) => c !== 'tienda_id' && !sin.includes(c)).map((c) => `${alias}${c}`).join(', ')})`);
