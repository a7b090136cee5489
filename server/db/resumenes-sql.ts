/**
 * The SQL generated from the summaries declared in `resumenes.ts` (issue #54 point 2, ADR 066), which
 * migrate() applies as it is, with no file of its own (`fuentes.ts`, ADR 081): each summary's trigger functions (a sale, its lines, the rows that feed it) and its
 * rebuild, and `cantidad_en` from the unit rule. Apart from the declarations so that the readers, who
 * import only those, stay small (issue #54: no file over 600 lines).
 */
import { MEDIDAS, UNIDADES, unidadesDe } from '#shared/unidades';
import {
  aAcumulado,
  columnaDeMedida,
  LOCAL,
  nombresDeClaves,
  RESUMEN_PAGO_DIA,
  RESUMEN_PRODUCTO_DIA,
  RESUMEN_VENTA_DIA,
  CONTADORES,
  IMPUESTO_DIA,
  RESUMENES_DE_VENTAS,
  type Alimentador,
  type Medida,
  type ResumenDeVentas,
  type ResumenPorFilas,
} from './resumenes';
import { CABECERA, conLocal, funcion, sangrar } from './resumenes-sql-comun';
import { archivosDeVentaEntera } from './resumenes-sql-venta-entera';

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
    if (r.enSitio && (!m.lineas || m.venta || m.porVenta)) throw new Error(`${r.tabla}.${m.columna}: en sitio solo suma líneas`);
  }
  if (r.enSitio && (!porLinea(r) || r.acumulado || r.soloExtremos)) throw new Error(`${r.tabla}: en sitio, por línea y sin acumulado`);
}

/** An in-place summary's groups that add nothing write nothing (as a delta of 0 would leave a new row of 0). */
const sinCeros = (r: ResumenDeVentas, medidas: readonly Medida[]) =>
  r.enSitio ? ` HAVING ${medidas.map((m) => `coalesce(${m.lineas}, 0) <> 0`).join(' OR ')}` : '';

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
  FROM factura l WHERE l.venta_id = v.id_venta GROUP BY ${r.claves.map((_, i) => i + 1).join(', ')}${sinCeros(r, medidas)}`);
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
  if ('enSitio' in r && r.enSitio) {
    const claves = nombresDeClaves(r);
    const medidas = columnas.filter((c) => !claves.includes(c));
    return `INSERT INTO ${r.tabla} (${lista})
${select}
ON CONFLICT (${claves.join(', ')}) DO UPDATE SET ${medidas.map((c) => `${c} = ${r.tabla}.${c} + EXCLUDED.${c}`).join(', ')};`;
  }
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
  if (r.enSitio) return enSitioDeLineas(r, tabla);
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

/**
 * An in-place summary's part of a statement's lines: an update's old and new lines netted per key first
 * (an update that moves nothing it sums, a line's DIAN state, writes nothing: its rows are shared by
 * every sale of the product, each write a lock held to the commit).
 */
function enSitioDeLineas(r: ResumenDeVentas, tabla: 'viejas' | 'nuevas'): string | null {
  const medidas = r.medidas.filter((m) => m.lineas);
  const columnas = [...r.claves.map(([c]) => c), ...medidas.map((m) => m.columna)];
  if (tabla === 'viejas') return `IF TG_OP = 'DELETE' THEN
${sangrar(insertarConAcumulado(r, selectDeLineas(r, 'viejas', false), columnas), 2)}
END IF;`;
  const claves = r.claves.map(([c]) => c);
  const neto = `SELECT ${[...claves, ...medidas.map((m) => `sum(${m.columna}) AS ${m.columna}`)].join(', ')}
  FROM (
${sangrar(`${selectDeLineas(r, 'viejas', false, false)}
UNION ALL
${selectDeLineas(r, 'nuevas', false, false)}`, 4)}
  ) x GROUP BY ${claves.map((_, i) => i + 1).join(', ')} HAVING ${medidas.map((m) => `sum(${m.columna}) <> 0`).join(' OR ')}`;
  return `IF TG_OP = 'UPDATE' THEN
${sangrar(insertarConAcumulado(r, neto, columnas), 2)}
ELSE
${sangrar(insertarConAcumulado(r, selectDeLineas(r, 'nuevas', false), columnas), 2)}
END IF;`;
}

function filasDeLineasEn(r: ResumenDeVentas, tabla: 'viejas' | 'nuevas', conViejas: boolean): string | null {
  const medidas = r.medidas.filter((m) => m.lineas);
  if (!medidas.length) return null;
  return insertarConAcumulado(r, selectDeLineas(r, tabla, conViejas), [...r.claves.map(([c]) => c), ...medidas.map((m) => m.columna)]);
}

/** The SELECT of what a statement's lines (`viejas`, with a minus; `nuevas`) add to a summary, per key. */
function selectDeLineas(r: ResumenDeVentas, tabla: 'viejas' | 'nuevas', conViejas: boolean, ceros = true): string {
  const medidas = r.medidas.filter((m) => m.lineas);
  const signo = tabla === 'viejas' ? '-' : '';
  const lineas = (m: Medida) => (m.porVenta ? porVentaEn(r, m, tabla, conViejas) : m.lineas);
  const nombrar = porLinea(r) || r.acumulado != null;
  return `SELECT ${[
    ...r.claves.map(([c, e]) => `${conLocal(e, `(${LOCAL_DE_VENTA})`)}${nombrar ? ` AS ${c}` : ''}`),
    ...medidas.map((m) => `${signo}coalesce(${lineas(m)}, 0)${nombrar ? ` AS ${m.columna}` : ''}`),
  ].join(', ')}
  FROM ${tabla} l JOIN venta v ON v.id_venta = l.venta_id JOIN tienda t ON t.id_tienda = v.tienda_id
  WHERE ${CONDICION.vigentes} GROUP BY ${r.claves.map((_, i) => i + 1).join(', ')}${ceros ? sinCeros(r, medidas) : ''}`;
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

/** The columns of `alias` that a set of expressions reads, `tienda_id` (and `fecha`, for a key of its local time) first. */
function columnasLeidas(alias: string, exprs: string[], local: boolean): string[] {
  const usadas = new Set<string>(local ? ['tienda_id', 'fecha'] : ['tienda_id']);
  for (const e of exprs) for (const m of e.matchAll(new RegExp(`\\b${alias}\\.(\\w+)`, 'g'))) usadas.add(m[1]!);
  return [...usadas];
}

/** A row's part of a summary fed row by row (`a.funcion`), its trigger function (`a.disparador`). */
function funcionesDeAlimentador(r: ResumenPorFilas, a: Alimentador): Record<string, string> {
  const local = `${a.alias}.fecha AT TIME ZONE t.zona_horaria`;
  const medidas = r.medidas.map((m) => m.columna).filter((c) => a.medidas[c] != null);
  const grupos = r.claves.map((_, i) => i + 1).join(', ');
  const claves = a.claves.map((e) => conLocal(e, `(${local})`));
  // Without `desde` a row adds one key's worth: no aggregate.
  const valor = (c: string) => (a.desde ? `signo * sum(${a.medidas[c]})` : `signo * (${a.medidas[c]})`);
  const parte = funcion(
    a.funcion,
    `${a.alias} ${a.tabla}, signo integer`,
    'void',
    `A ${a.tabla} row's part of ${r.tabla} with the sign given${a.cuando ? `: rows where ${a.cuando}` : ''}. Skips a store that no longer exists.`,
    `${
      a.cuando
        ? `IF NOT coalesce(${a.cuando}, false) THEN
  RETURN;
END IF;
`
        : ''
    }${insertarConAcumulado(
      r,
      `SELECT ${[...claves.map((e, i) => `${e} AS ${r.claves[i]}`), ...medidas.map((c) => `${valor(c)} AS ${c}`)].join(', ')}
  FROM tienda t${a.desde ? ` CROSS JOIN LATERAL ${a.desde}` : ''} WHERE t.id_tienda = ${a.alias}.tienda_id${a.desde ? `\n  GROUP BY ${grupos}` : ''}`,
      [...r.claves, ...medidas],
    )}`,
  );
  const usaLocal = a.claves.some((e) => e.includes(LOCAL));
  const cols = columnasLeidas(a.alias, [...a.claves, ...Object.values(a.medidas), a.cuando ?? '', a.desde ?? ''], usaLocal);
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
WHERE ${a.alias}.tienda_id = p_tienda${a.cuando ? ` AND ${a.cuando}` : ''}
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

/** Every generated function: its name as a file of server/db/functions/ would have it, and its text. */
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
    `A store's summaries (per day, per month, per product, the counters) rebuilt from its sales and lines, folded (one row per key):
after a change of its time zone (its days move), a restore, and a bulk load with the triggers off
(scripts/bench-*.ts). Takes resumen_bloquear first.`,
    `DELETE FROM ${p.tabla} WHERE tienda_id = p_tienda;
DELETE FROM ${p.acumulado!.tabla} WHERE tienda_id = p_tienda;
PERFORM resumen_venta_dia_reconstruir(p_tienda);
${reconstruir(p)}
${otros.map((r) => `DELETE FROM ${r.tabla} WHERE tienda_id = p_tienda;\n${reconstruir(r)}`).join('\n')}
PERFORM ${IMPUESTO_DIA.reconstruir}(p_tienda);
${[RESUMEN_PAGO_DIA, ...CONTADORES].map((r) => `PERFORM ${r.reconstruir}(p_tienda);`).join('\n')}`,
  );
  const porFilas = [RESUMEN_PAGO_DIA, ...CONTADORES];
  return {
    ...Object.assign({}, ...porFilas.flatMap((r) => r.alimentadores.map((a) => funcionesDeAlimentador(r, a)))),
    ...Object.fromEntries(porFilas.map((r) => [`${r.reconstruir}.sql`, reconstruirPorFilas(r)])),
    'cantidad_en.sql': cantidadEn(),
    'resumen_dia_venta.sql': deVenta,
    'venta_resumen_dia.sql': ventaTrigger,
    'factura_resumen_dia.sql': facturaTrigger,
    'resumen_venta_dia_reconstruir.sql': ventaDia,
    'resumen_dia_reconstruir.sql': todo,
    ...archivosDeVentaEntera(IMPUESTO_DIA),
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
