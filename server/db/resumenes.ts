import { sql, type SQL } from 'drizzle-orm';
import { MEDIDAS, UNIDADES, unidadesDe, type TMedida } from '#shared/unidades';

/**
 * The summaries declared once (issue #54 point 2, ADR 066): each summary's table, its key, its measures
 * and the rows that feed them. `scripts/generar-resumenes.ts` (`npm run resumenes`) writes from here the
 * trigger functions that fold a sale and its lines into the summaries and the functions that rebuild
 * them (`server/db/functions/*.sql`, marked as generated; `resumenes.test.ts` fails when a committed
 * file differs from what the generator writes), and the readers' fold (`reportes.resumen.ts`) takes
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
}

/** Each measure of quantity's column in `resumen_venta_dia` and `cantidad_en`'s name of it ('metrosCuadrados' → 'metros_cuadrados'). */
export const columnaDeMedida = (m: TMedida): string => m.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const LOCAL = '{local}';

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

/** The summaries of sales, in the order their triggers write them. */
export const RESUMENES_DE_VENTAS = [RESUMEN_VENTA_DIA, RESUMEN_PRODUCTO_DIA, RESUMEN_LISTA_DIA] as const;

/** A folded table: its key columns and measures (for the readers' fold, ADR 017). */
export interface TablaPlegable {
  tabla: string;
  claves: readonly string[];
  medidas: readonly { columna: string; plegado?: 'sum' | 'min' | 'max' }[];
}

export const tablaDe = (r: ResumenDeVentas): TablaPlegable => ({ tabla: r.tabla, claves: nombresDeClaves(r), medidas: r.medidas });

/** A summary's key columns, in its order. */
const nombresDeClaves = (r: ResumenDeVentas | ResumenPorFilas): string[] => r.claves.map((c) => (typeof c === 'string' ? c : c[0]));

/** The columns of `columnas` its coarser table keeps, each with its name there and its value from the finer row. */
const aAcumulado = (a: Acumulado, columnas: readonly string[]) =>
  columnas.filter((c) => !(a.sin ?? []).includes(c)).map((c) => (c === a.de ? { nombre: a.columna, valor: a.expresion } : { nombre: c, valor: c }));

/** The coarser table of a summary (`resumen_producto_mes`, `resumen_venta_mes`, `resumen_pago_mes`). */
export const tablaAcumulada = (r: ResumenDeVentas | ResumenPorFilas): TablaPlegable => ({
  tabla: r.acumulado!.tabla,
  claves: aAcumulado(r.acumulado!, nombresDeClaves(r)).map((c) => c.nombre),
  medidas: r.medidas,
});

/**
 * A table that feeds a summary row by row (ADR 032): which of its rows count (`cuando`), each row's key
 * and what it adds, over the row `alias` (and `desde`, a set-returning function of it: a row may add
 * several key's worth). `funcion` is the row's part with a sign, `disparador` the trigger function that
 * takes a row's old part out and puts its new one in.
 */
export interface Alimentador {
  tabla: string;
  alias: string;
  funcion: string;
  disparador: string;
  cuando: string;
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

/** `resumen_impuesto_dia` (ADR 031): base and tax per day, till, shift and rate (its functions are still written by hand). */
export const RESUMEN_IMPUESTO_DIA: TablaPlegable = {
  tabla: 'resumen_impuesto_dia',
  claves: ['tienda_id', 'dia', 'punto_venta_id', 'turno_id', 'impuesto'],
  medidas: ['ventas', 'lineas', 'base', 'valor'].map((columna) => ({ columna })),
};

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

// ——— The generated SQL ———

const sangrar = (texto: string, n: number) => texto.replace(/^(?=.)/gm, ' '.repeat(n));
const conLocal = (expr: string, local: string) => expr.split(LOCAL).join(local);
const cuenta = (m: Medida) => m.ventas ?? 'vigentes';
const LOCAL_DE_VENTA = 'v.fecha AT TIME ZONE t.zona_horaria';
const CONDICION = { vigentes: "v.estado <> 'Anulada'", anuladas: "v.estado = 'Anulada'", todas: '' } as const;

/** Checks what the generator assumes: lines count only in sales not annulled; min/max only per sale. */
function comprobar(r: ResumenDeVentas): void {
  for (const m of r.medidas) {
    if (!m.venta && !m.lineas) throw new Error(`${r.tabla}.${m.columna}: sin venta ni líneas`);
    if (m.lineas && cuenta(m) !== 'vigentes') throw new Error(`${r.tabla}.${m.columna}: las líneas cuentan solo en ventas no anuladas`);
    if (m.plegado && m.plegado !== 'sum' && m.lineas) throw new Error(`${r.tabla}.${m.columna}: min/max solo por venta`);
    if (m.porVenta && (!m.lineas || !porLinea(r))) throw new Error(`${r.tabla}.${m.columna}: porVenta cuenta ventas por una clave de línea`);
  }
}

const porLinea = (r: ResumenDeVentas) => r.claves.some(([, e]) => /\bl\./.test(e));

/** What one sale (`v`, its local time in `v_local`) puts in with `signo`: for the sales of state `estado`. */
function filaDeVenta(r: ResumenDeVentas, estado: 'vigentes' | 'anuladas'): string | null {
  const medidas = r.medidas.filter((m) => cuenta(m) === estado || cuenta(m) === 'todas');
  if (!medidas.length) return null;
  const claves = r.claves.map(([, e]) => conLocal(e, 'v_local'));
  const valor = (m: Medida) => {
    if (m.plegado === 'min' || m.plegado === 'max') return `CASE WHEN signo > 0${m.siendo ? ` AND ${m.siendo}` : ''} THEN ${m.venta} END`;
    const partes = [m.lineas ? `l.${m.columna}` : null, m.venta ?? null].filter(Boolean);
    return partes.length > 1 ? `signo * (${partes.join(' + ')})` : `signo * ${partes[0]}`;
  };
  const columnas = [...r.claves.map(([c]) => c), ...medidas.map((m) => m.columna)];
  const conLineas = medidas.filter((m) => m.lineas);
  const nombradas = [...claves.map((e, i) => `${e} AS ${r.claves[i]![0]}`), ...medidas.map((m) => `${valor(m)} AS ${m.columna}`)].join(', ');
  if (porLinea(r)) return insertarConAcumulado(r, `SELECT ${[...claves.map((e, i) => `${e} AS ${r.claves[i]![0]}`), ...medidas.map((m) => `signo * coalesce(${m.lineas}, 0) AS ${m.columna}`)].join(', ')}
  FROM factura l WHERE l.venta_id = v.id_venta GROUP BY ${r.claves.map((_, i) => i + 1).join(', ')}`);
  if (!r.acumulado && !conLineas.length) return `INSERT INTO ${r.tabla} (${columnas.join(', ')})\nVALUES (${[...claves, ...medidas.map(valor)].join(', ')});`;
  if (!conLineas.length) return insertarConAcumulado(r, `SELECT ${nombradas}`, columnas);
  return insertarConAcumulado(
    r,
    `SELECT ${nombradas}
  FROM (SELECT ${conLineas.map((m) => `coalesce(${m.lineas}, 0) AS ${m.columna}`).join(', ')} FROM factura l WHERE l.venta_id = v.id_venta) l`,
    columnas,
  );
}

/**
 * An INSERT of the rows `select` gives (its `columnas` named as the table's), and of the same rows into
 * the coarser table when there is one (its key from `de`, the keys it drops left out; deltas, folded by
 * the reader as the finer table's are).
 */
function insertarConAcumulado(r: ResumenDeVentas | ResumenPorFilas, select: string, columnas: readonly string[] = [...nombresDeClaves(r), ...r.medidas.map((m) => m.columna)]): string {
  const lista = columnas.join(', ');
  if (!r.acumulado) return `INSERT INTO ${r.tabla} (${lista})\n${select};`;
  const a = aAcumulado(r.acumulado, columnas);
  return `WITH x AS (
  ${select}
), d AS (
  INSERT INTO ${r.tabla} (${lista})
  SELECT ${lista} FROM x
)
INSERT INTO ${r.acumulado.tabla} (${a.map((c) => c.nombre).join(', ')})
SELECT ${a.map((c) => c.valor).join(', ')} FROM x;`;
}

/** The coarser table rebuilt from the store's rows of the finer one (rebuilt just before), one row per key. */
function reconstruirAcumulado(r: ResumenDeVentas | ResumenPorFilas): string {
  if (!r.acumulado) return '';
  const claves = aAcumulado(r.acumulado, nombresDeClaves(r));
  return `\nINSERT INTO ${r.acumulado.tabla} (${[...claves.map((c) => c.nombre), ...r.medidas.map((m) => m.columna)].join(', ')})
SELECT ${[...claves.map((c) => c.valor), ...r.medidas.map((m) => `${m.plegado ?? 'sum'}(${m.columna})`)].join(', ')}
FROM ${r.tabla} WHERE tienda_id = p_tienda GROUP BY ${claves.map((_, i) => i + 1).join(', ')};`;
}

/**
 * A `porVenta` measure over a statement's lines: the sales that had no line under the key before it
 * (`nuevas`; on an update, none among `viejas` either) or have none left after it (`viejas`).
 */
function porVentaEn(r: ResumenDeVentas, m: Medida, tabla: 'viejas' | 'nuevas', conViejas: boolean): string {
  const mismaClave = (o: string) =>
    ['venta_id', ...r.claves.filter(([, e]) => /\bl\./.test(e)).map(([, e]) => e)]
      .map((e) => (e === 'venta_id' ? `${o}.venta_id = l.venta_id` : `(${e.replace(/\bl\./g, `${o}.`)}) = (${e})`))
      .join(' AND ');
  const fuera =
    tabla === 'viejas'
      ? `NOT EXISTS (SELECT 1 FROM factura o WHERE ${mismaClave('o')})`
      : `NOT EXISTS (SELECT 1 FROM factura o WHERE ${mismaClave('o')} AND o.id_factura NOT IN (SELECT n.id_factura FROM nuevas n))${conViejas ? ` AND NOT EXISTS (SELECT 1 FROM viejas o WHERE ${mismaClave('o')})` : ''}`;
  return `${m.lineas} FILTER (WHERE ${fuera})`;
}

/** What a statement's lines (`viejas` out, `nuevas` in) change in a summary, for sales not annulled. */
function filasDeLineas(r: ResumenDeVentas, tabla: 'viejas' | 'nuevas'): string | null {
  if (tabla === 'nuevas' && r.medidas.some((m) => m.porVenta)) {
    // `viejas` exists only on an update: an insert's statement leaves it out.
    return `IF TG_OP = 'UPDATE' THEN
${sangrar(filasDeLineasEn(r, tabla, true)!, 2)}
ELSE
${sangrar(filasDeLineasEn(r, tabla, false)!, 2)}
END IF;`;
  }
  return filasDeLineasEn(r, tabla, false);
}

function filasDeLineasEn(r: ResumenDeVentas, tabla: 'viejas' | 'nuevas', conViejas: boolean): string | null {
  const medidas = r.medidas.filter((m) => m.lineas);
  if (!medidas.length) return null;
  const signo = tabla === 'viejas' ? '-' : '';
  const lineas = (m: Medida) => (m.porVenta ? porVentaEn(r, m, tabla, conViejas) : m.lineas);
  const nombrar = porLinea(r) || r.acumulado != null;
  const select = `SELECT ${[
    ...r.claves.map(([c, e]) => `${conLocal(e, `(${LOCAL_DE_VENTA})`)}${nombrar ? ` AS ${c}` : ''}`),
    ...medidas.map((m) => `${signo}coalesce(${lineas(m)}, 0)${nombrar ? ` AS ${m.columna}` : ''}`),
  ].join(', ')}
  FROM ${tabla} l JOIN venta v ON v.id_venta = l.venta_id JOIN tienda t ON t.id_tienda = v.tienda_id
  WHERE ${CONDICION.vigentes} GROUP BY ${r.claves.map((_, i) => i + 1).join(', ')}`;
  return insertarConAcumulado(r, select, [...r.claves.map(([c]) => c), ...medidas.map((m) => m.columna)]);
}

/** A summary rebuilt from the store's sales and lines, one row per key. */
function reconstruir(r: ResumenDeVentas): string {
  const claves = r.claves.map(([, e]) => conLocal(e, `(${LOCAL_DE_VENTA})`));
  const columnas = [...r.claves.map(([c]) => c), ...r.medidas.map((m) => m.columna)].join(', ');
  const grupos = r.claves.map((_, i) => i + 1).join(', ');
  if (porLinea(r)) {
    const texto = `INSERT INTO ${r.tabla} (${columnas})
SELECT ${[...claves, ...r.medidas.map((m) => `coalesce(${m.lineas}, 0)`)].join(', ')}
FROM factura l JOIN venta v ON v.id_venta = l.venta_id JOIN tienda t ON t.id_tienda = v.tienda_id
WHERE v.tienda_id = p_tienda AND ${CONDICION.vigentes} GROUP BY ${grupos};`;
    return texto + reconstruirAcumulado(r);
  }
  const conLineas = r.medidas.filter((m) => m.lineas);
  const valor = (m: Medida) => {
    const cond = CONDICION[cuenta(m)];
    const filtro = cond ? ` FILTER (WHERE ${cond})` : '';
    const expr = [m.lineas ? `coalesce(l.${m.columna}, 0)` : null, m.venta ?? null].filter(Boolean).join(' + ');
    return m.plegado === 'min' || m.plegado === 'max' ? `${m.plegado}(${expr})${filtro}` : `coalesce(sum(${expr})${filtro}, 0)`;
  };
  return `INSERT INTO ${r.tabla} (${columnas})
SELECT ${claves.join(', ')},
  ${r.medidas.map(valor).join(',\n  ')}
FROM venta v JOIN tienda t ON t.id_tienda = v.tienda_id
LEFT JOIN (SELECT l.venta_id, ${conLineas.map((m) => `coalesce(${m.lineas}, 0) AS ${m.columna}`).join(', ')}
  FROM factura l WHERE l.tienda_id = p_tienda GROUP BY l.venta_id) l ON l.venta_id = v.id_venta
WHERE v.tienda_id = p_tienda GROUP BY ${grupos};${reconstruirAcumulado(r)}`;
}

/** The sale's columns a summary reads (its keys and what each sale adds), and its state. */
function columnasDeVenta(rs: readonly ResumenDeVentas[]): string[] {
  const usadas = new Set<string>(['tienda_id', 'fecha', 'estado']);
  for (const r of rs) for (const e of [...r.claves.map(([, x]) => x), ...r.medidas.map((m) => m.venta ?? '')]) for (const m of e.matchAll(/\bv\.(\w+)/g)) usadas.add(m[1]!);
  return [...usadas];
}

/** `soloExtremos`' branch of the venta trigger: the other columns unchanged, a row of the new min/max values only. */
function soloExtremos(r: ResumenDeVentas, rs: readonly ResumenDeVentas[]): string {
  const extremos = r.medidas.filter((m) => m.plegado === 'min' || m.plegado === 'max');
  const deExtremos = new Set(extremos.flatMap((m) => [...(m.venta ?? '').matchAll(/\bv\.(\w+)/g)].map((x) => x[1]!)));
  const otras = columnasDeVenta(rs).filter((c) => !deExtremos.has(c));
  const nueva = (e: string) => conLocal(e, '(NEW.fecha AT TIME ZONE t.zona_horaria)').replace(/\bv\./g, 'NEW.');
  return `-- The checkout's sale taking its number (ADR 057): its part is in already, and only the min/max measures
-- learn it (a row of zeros under the same keys carrying the new values).
IF ${r.soloExtremos} AND (${otras.map((c) => `OLD.${c}`).join(', ')})
   IS NOT DISTINCT FROM (${otras.map((c) => `NEW.${c}`).join(', ')}) THEN
${sangrar(
  insertarConAcumulado(
    r,
    `SELECT ${[...r.claves.map(([c, e]) => `${nueva(e)} AS ${c}`), ...extremos.map((m) => `${nueva(m.venta!)} AS ${m.columna}`)].join(', ')}
  FROM tienda t WHERE t.id_tienda = NEW.tienda_id`,
    [...r.claves.map(([c]) => c), ...extremos.map((m) => m.columna)],
  ),
  2,
)}
  RETURN NEW;
END IF;
`;
}

/** The columns of `alias` that a set of expressions reads, `fecha` and `tienda_id` first. */
function columnasLeidas(alias: string, exprs: string[]): string[] {
  const usadas = new Set<string>(['tienda_id', 'fecha']);
  for (const e of exprs) for (const m of e.matchAll(new RegExp(`\\b${alias}\\.(\\w+)`, 'g'))) usadas.add(m[1]!);
  return [...usadas];
}

/** A row's part of a summary fed row by row (`a.funcion`), its trigger function (`a.disparador`). */
function funcionesDeAlimentador(r: ResumenPorFilas, a: Alimentador): Record<string, string> {
  const local = `${a.alias}.fecha AT TIME ZONE t.zona_horaria`;
  const medidas = r.medidas.map((m) => m.columna).filter((c) => a.medidas[c] != null);
  const grupos = r.claves.map((_, i) => i + 1).join(', ');
  const claves = a.claves.map((e) => conLocal(e, `(${local})`));
  const parte = funcion(
    a.funcion,
    `${a.alias} ${a.tabla}, signo integer`,
    'void',
    `A ${a.tabla} row's part of ${r.tabla} with the sign given: rows where ${a.cuando}. Skips a store that no longer exists.`,
    `IF NOT coalesce(${a.cuando}, false) THEN
  RETURN;
END IF;
${insertarConAcumulado(
  r,
  `SELECT ${[...claves.map((e, i) => `${e} AS ${r.claves[i]}`), ...medidas.map((c) => `signo * sum(${a.medidas[c]}) AS ${c}`)].join(', ')}
  FROM tienda t${a.desde ? ` CROSS JOIN LATERAL ${a.desde}` : ''} WHERE t.id_tienda = ${a.alias}.tienda_id
  GROUP BY ${grupos}`,
  [...r.claves, ...medidas],
)}`,
  );
  const cols = columnasLeidas(a.alias, [...a.claves, ...Object.values(a.medidas), a.cuando, a.desde ?? '']);
  const disparador = funcion(
    a.disparador,
    '',
    'trigger',
    `Trigger on ${a.tabla} (insert, update, delete): its old part of ${r.tabla} out, its new part in (${a.funcion}),
when anything the summary reads of it changed.`,
    `IF TG_OP = 'UPDATE' AND (${cols.map((c) => `OLD.${c}`).join(', ')})
   IS NOT DISTINCT FROM (${cols.map((c) => `NEW.${c}`).join(', ')}) THEN
  RETURN NEW;
END IF;
IF TG_OP IN ('UPDATE', 'DELETE') THEN
  PERFORM ${a.funcion}(OLD, -1);
END IF;
IF TG_OP IN ('UPDATE', 'INSERT') THEN
  PERFORM ${a.funcion}(NEW, 1);
  RETURN NEW;
END IF;
RETURN OLD;`,
  );
  return { [`${a.funcion}.sql`]: parte, [`${a.disparador}.sql`]: disparador };
}

/** A summary fed row by row, rebuilt for a store from every table that feeds it, one row per key. */
function reconstruirPorFilas(r: ResumenPorFilas): string {
  const inserts = r.alimentadores.map((a) => {
    const local = `${a.alias}.fecha AT TIME ZONE t.zona_horaria`;
    const medidas = r.medidas.map((m) => m.columna).filter((c) => a.medidas[c] != null);
    return `INSERT INTO ${r.tabla} (${[...r.claves, ...medidas].join(', ')})
SELECT ${[...a.claves.map((e) => conLocal(e, `(${local})`)), ...medidas.map((c) => `coalesce(sum(${a.medidas[c]}), 0)`)].join(', ')}
FROM ${a.tabla} ${a.alias} JOIN tienda t ON t.id_tienda = ${a.alias}.tienda_id${a.desde ? ` CROSS JOIN LATERAL ${a.desde}` : ''}
WHERE ${a.alias}.tienda_id = p_tienda AND ${a.cuando}
GROUP BY ${r.claves.map((_, i) => i + 1).join(', ')};`;
  });
  return funcion(
    r.reconstruir,
    'p_tienda integer',
    'void',
    `A store's ${r.tabla} rebuilt from ${r.alimentadores.map((a) => a.tabla).join(' and ')}, folded (one row per key).`,
    `DELETE FROM ${r.tabla} WHERE tienda_id = p_tienda;${r.acumulado ? `\nDELETE FROM ${r.acumulado.tabla} WHERE tienda_id = p_tienda;` : ''}\n${inserts.join('\n')}${reconstruirAcumulado(r)}`,
  );
}

const CABECERA = '-- Generated by `npm run resumenes` from server/db/resumenes.ts (issue #54 point 2, ADR 066): do not edit by hand.\n';

function funcion(nombre: string, firma: string, retorno: string, comentario: string, cuerpo: string, declarar = ''): string {
  return `${CABECERA}${comentario.replace(/^/gm, '-- ')}
CREATE OR REPLACE FUNCTION ${nombre}(${firma}) RETURNS ${retorno} LANGUAGE plpgsql AS $$
${declarar ? `DECLARE\n${sangrar(declarar, 2)}\n` : ''}BEGIN
${sangrar(cuerpo, 2)}
END $$;
`;
}

/** Every generated file: its name under server/db/functions/ and its text. */
export function archivosGenerados(): Record<string, string> {
  const rs = RESUMENES_DE_VENTAS;
  rs.forEach(comprobar);
  const anuladas = rs.map((r) => filaDeVenta(r, 'anuladas')).filter((x): x is string => x != null);
  const vigentes = rs.map((r) => filaDeVenta(r, 'vigentes')).filter((x): x is string => x != null);
  const deVenta = funcion(
    'resumen_dia_venta',
    'v venta, signo integer',
    'void',
    `A sale's part of the summaries of sales (${rs.map((r) => [r.tabla, r.acumulado?.tabla].filter(Boolean).join(', ')).join(', ')}) with the sign given:
an annulled sale counts only as annulled, its lines add nothing. Skips a store that no longer exists.`,
    `SELECT ${LOCAL_DE_VENTA} INTO v_local FROM tienda t WHERE t.id_tienda = v.tienda_id;
IF NOT FOUND THEN
  RETURN;
END IF;
IF v.estado = 'Anulada' THEN
${sangrar(anuladas.join('\n'), 2)}
  RETURN;
END IF;
${vigentes.join('\n')}`,
    'v_local timestamp;',
  );
  const cols = columnasDeVenta(rs);
  const extremos = rs.filter((r) => r.soloExtremos).map((r) => soloExtremos(r, rs));
  const ventaTrigger = funcion(
    'venta_resumen_dia',
    '',
    'trigger',
    `Trigger on venta (insert, update, delete): the sale's part of the summaries of sales taken out with its old
values and put in with its new ones (resumen_dia_venta) when anything they key or sum by changed.`,
    `IF TG_OP = 'INSERT' THEN
  PERFORM resumen_dia_venta(NEW, 1);
  RETURN NEW;
ELSIF TG_OP = 'DELETE' THEN
  PERFORM resumen_dia_venta(OLD, -1);
  RETURN OLD;
END IF;
${extremos.join('\n')}IF (${cols.map((c) => `OLD.${c}`).join(', ')})
   IS DISTINCT FROM (${cols.map((c) => `NEW.${c}`).join(', ')}) THEN
  PERFORM resumen_dia_venta(OLD, -1);
  PERFORM resumen_dia_venta(NEW, 1);
END IF;
RETURN NEW;`,
  );
  const lineas = (t: 'viejas' | 'nuevas') =>
    rs
      .map((r) => filasDeLineas(r, t))
      .filter((x): x is string => x != null)
      .join('\n');
  const facturaTrigger = funcion(
    'factura_resumen_dia',
    '',
    'trigger',
    `Statement trigger on factura (insert, update, delete): the lines' part of the summaries of sales, for
sales not annulled (ADR 028, ADR 035): the old lines out, the new ones in.`,
    `IF TG_OP IN ('UPDATE', 'DELETE') THEN
${sangrar(lineas('viejas'), 2)}
END IF;
IF TG_OP IN ('UPDATE', 'INSERT') THEN
${sangrar(lineas('nuevas'), 2)}
END IF;
RETURN NULL;`,
  );
  const ventaDia = funcion(
    'resumen_venta_dia_reconstruir',
    'p_tienda integer',
    'void',
    'The sales\' summary alone (and its months), rebuilt from the store\'s sales and lines (resumen_dia_reconstruir calls it).',
    `DELETE FROM ${RESUMEN_VENTA_DIA.tabla} WHERE tienda_id = p_tienda;\n${RESUMEN_VENTA_DIA.acumulado ? `DELETE FROM ${RESUMEN_VENTA_DIA.acumulado.tabla} WHERE tienda_id = p_tienda;\n` : ''}${reconstruir(RESUMEN_VENTA_DIA)}`,
  );
  const p = RESUMEN_PRODUCTO_DIA;
  const otros = rs.filter((r) => r !== RESUMEN_VENTA_DIA && r !== p);
  const todo = funcion(
    'resumen_dia_reconstruir',
    'p_tienda integer',
    'void',
    `A store's per-day and per-month summaries rebuilt from its sales and lines, folded (one row per key):
after a change of its time zone (its days move), a restore, and a bulk load with the triggers off
(scripts/bench-*.ts). Takes resumen_bloquear first.`,
    `DELETE FROM ${p.tabla} WHERE tienda_id = p_tienda;
DELETE FROM ${p.acumulado!.tabla} WHERE tienda_id = p_tienda;
PERFORM resumen_venta_dia_reconstruir(p_tienda);
${reconstruir(p)}
${otros.map((r) => `DELETE FROM ${r.tabla} WHERE tienda_id = p_tienda;\n${reconstruir(r)}`).join('\n')}
PERFORM resumen_impuesto_reconstruir(p_tienda);
PERFORM resumen_pago_reconstruir(p_tienda);`,
  );
  return {
    ...Object.assign({}, ...RESUMEN_PAGO_DIA.alimentadores.map((a) => funcionesDeAlimentador(RESUMEN_PAGO_DIA, a))),
    [`${RESUMEN_PAGO_DIA.reconstruir}.sql`]: reconstruirPorFilas(RESUMEN_PAGO_DIA),
    'cantidad_en.sql': cantidadEn(),
    'resumen_dia_venta.sql': deVenta,
    'venta_resumen_dia.sql': ventaTrigger,
    'factura_resumen_dia.sql': facturaTrigger,
    'resumen_venta_dia_reconstruir.sql': ventaDia,
    'resumen_dia_reconstruir.sql': todo,
  };
}

/** `cantidad_en` from the unit rule (shared/unidades.ts): each measure, the units that add into it and how many make one. */
function cantidadEn(): string {
  const casos = MEDIDAS.map((m) => {
    const us = unidadesDe(m).map((u) => `WHEN '${u}' THEN ${UNIDADES[u].porMedida === 1 ? 'c' : `round(c / ${UNIDADES[u].porMedida}, 3)`}`);
    return `  WHEN '${columnaDeMedida(m)}' THEN CASE u ${us.join(' ')} ELSE 0 END`;
  });
  return `${CABECERA}-- A sale line's quantity in one measure (issue #52, issue #58 point 3), from the unit rule of
-- shared/unidades.ts: each measure counts the lines sold in its units, a smaller unit as its share of the
-- measure's (grams as kilos, millilitres as litres, centimetres as metres, to the thousandth); 0 for a line
-- of another measure. A pack's line counts cantidad × factor in its product's unit (a roll of 50 m sold as
-- one pack is 50 m). Never added to one another: the per-day summary keeps each apart, as
-- shared/cantidad.ts's totalesPorMedida (and shared/unidades.ts's porMedida) does. The line's own unit
-- (kept since 0048), else its product's current one.
-- PL/pgSQL (issue #55 point 3, ADR 057): a line carries its unit, so the product is read only for an
-- old line without one; as a SQL function with a subquery it was planned on every call (not inlined),
-- 9 calls a sale and a sixth of the checkout's time in the database.
CREATE OR REPLACE FUNCTION cantidad_en(p_medida text, p_cantidad numeric, p_factor integer, p_unidad text, p_producto integer) RETURNS numeric LANGUAGE plpgsql STABLE AS $$
DECLARE
  u text := p_unidad;
  c numeric := p_cantidad * p_factor;
BEGIN
  IF u IS NULL THEN
    SELECT p.unidad_dian INTO u FROM producto p WHERE p.id_producto = p_producto;
    u := coalesce(u, '94');
  END IF;
  RETURN CASE p_medida
${casos.join('\n')}
  END;
END $$;
`;
}
