/**
 * The functions of a summary of each sale's lines taken together (`ResumenDeVentaEntera`, resumenes.ts;
 * `resumen_impuesto_dia`, ADR 031), generated (ADR 066, ADR 081): the sale's part with a sign, its
 * triggers on `venta` and on `factura`, and its rebuild.
 */
import { LOCAL, type ResumenDeVentaEntera } from './resumenes';
import { conLocal, funcion } from './resumenes-sql-comun';

const LOCAL_DE_VENTA = 'v.fecha AT TIME ZONE t.zona_horaria';

/** The split's key (the one key over `d`) and the sale's keys. */
function partes(r: ResumenDeVentaEntera) {
  const deDesglose = r.claves.filter(([, e]) => /\bd\./.test(e));
  if (deDesglose.length !== 1) throw new Error(`${r.tabla}: una clave del desglose`);
  if (r.claves.some(([, e]) => /\bl\./.test(e))) throw new Error(`${r.tabla}: la clave es de la venta o del desglose`);
  for (const m of r.medidas) if (!m.valor === !m.unaPorVenta) throw new Error(`${r.tabla}.${m.columna}: un valor o unaPorVenta`);
  return { clave: deDesglose[0]!, columnas: [...r.claves.map(([c]) => c), ...r.medidas.map((m) => m.columna)] };
}

/** The sale's columns its part reads: its store, its date, and those of its keys, condition and split. */
function columnasDeVenta(r: ResumenDeVentaEntera): string[] {
  const usadas = new Set<string>(['tienda_id', 'fecha']);
  for (const e of [...r.claves.map(([, x]) => x), r.cuando, r.desglose]) for (const m of e.matchAll(/\bv\.(\w+)/g)) usadas.add(m[1]!);
  return [...usadas];
}

export function archivosDeVentaEntera(r: ResumenDeVentaEntera): Record<string, string> {
  const { clave, columnas } = partes(r);
  const medida = (m: ResumenDeVentaEntera['medidas'][number], ventana: string) =>
    m.unaPorVenta ? `(d.k = min(d.k) OVER (${ventana}))::int` : m.valor!;
  const parte = funcion(
    r.funcion,
    'v venta, lineas factura[], signo integer',
    'void',
    `A sale's part of ${r.tabla} with the sign given, from its lines taken together (passed in: the triggers pass
the old or the new set). Skips a sale it does not count (${r.cuando}), a sale without lines and a
store that no longer exists.`,
    `IF NOT coalesce(${r.cuando}, false) OR coalesce(cardinality(lineas), 0) = 0 THEN
  RETURN;
END IF;
SELECT ${LOCAL_DE_VENTA} INTO v_local FROM tienda t WHERE t.id_tienda = v.tienda_id;
IF NOT FOUND THEN
  RETURN;
END IF;
INSERT INTO ${r.tabla} (${columnas.join(', ')})
SELECT ${[...r.claves.map(([c, e]) => (c === clave[0] ? 'd.k' : conLocal(e, 'v_local'))), ...r.medidas.map((m) => `signo * ${medida(m, '')}`)].join(', ')}
FROM (SELECT ${clave[1]} AS k, d.* FROM ${r.desglose}) d
GROUP BY d.k;`,
    'v_local timestamp;',
  );
  const cols = columnasDeVenta(r);
  const venta = funcion(
    r.disparadorVenta,
    '',
    'trigger',
    `Trigger on venta: a sale inserted, changed in anything ${r.tabla} keys or splits by (its old part out, its
new part in: ${r.funcion}), or deleted (BEFORE, while its lines exist; the cascade on its lines then
finds no sale and adds nothing).`,
    `IF TG_OP = 'UPDATE' AND (${cols.map((c) => `OLD.${c}`).join(', ')})
   IS NOT DISTINCT FROM (${cols.map((c) => `NEW.${c}`).join(', ')}) THEN
  RETURN NEW;
END IF;
v_lineas := ARRAY(SELECT f FROM factura f WHERE f.venta_id = coalesce(NEW.id_venta, OLD.id_venta));
IF TG_OP IN ('UPDATE', 'DELETE') THEN
  PERFORM ${r.funcion}(OLD, v_lineas, -1);
END IF;
IF TG_OP IN ('UPDATE', 'INSERT') THEN
  PERFORM ${r.funcion}(NEW, v_lineas, 1);
  RETURN NEW;
END IF;
RETURN OLD;`,
    'v_lineas factura[];',
  );
  const lineas = funcion(
    r.disparadorLineas,
    '',
    'trigger',
    `Statement trigger on factura (insert, update, delete): for each sale the lines touch (still existing and
counted), its part of ${r.tabla} with the lines it had before the statement (its current ones but those
the statement wrote, plus those it removed or overwrote) out, its part with its current lines in.`,
    `IF TG_OP <> 'DELETE' THEN
  v_escritas := ARRAY(SELECT n.id_factura FROM nuevas n);
  v_ventas := ARRAY(SELECT DISTINCT n.venta_id FROM nuevas n);
END IF;
IF TG_OP <> 'INSERT' THEN
  v_viejas := ARRAY(SELECT o FROM viejas o);
  v_ventas := v_ventas || ARRAY(SELECT DISTINCT o.venta_id FROM viejas o);
END IF;
FOR v IN SELECT s.* FROM venta s WHERE s.id_venta = ANY (v_ventas) AND ${r.cuando.replace(/\bv\./g, 's.')} LOOP
  PERFORM ${r.funcion}(v, ARRAY(
    SELECT f FROM factura f WHERE f.venta_id = v.id_venta AND f.id_factura <> ALL (v_escritas)
    UNION ALL SELECT o FROM unnest(v_viejas) o WHERE o.venta_id = v.id_venta), -1);
  PERFORM ${r.funcion}(v, ARRAY(SELECT f FROM factura f WHERE f.venta_id = v.id_venta), 1);
END LOOP;
RETURN NULL;`,
    `v venta;
v_ventas integer[] := '{}';
v_escritas integer[] := '{}';
v_viejas factura[] := '{}';`,
  );
  // Set-based over the store: the split's rows per sale and key first, then each sale's keys.
  const porVenta = r.medidas.filter((m) => m.valor);
  const reconstruir = funcion(
    r.reconstruir,
    'p_tienda integer',
    'void',
    `A store's ${r.tabla} rebuilt from its sales (${r.cuando}), folded (one row per key): the split of every
line of the store at once (${r.desgloseDeTienda.split(' ')[0]}, the same rule as ${r.desglose.split('(')[0]}).`,
    `DELETE FROM ${r.tabla} WHERE tienda_id = p_tienda;
INSERT INTO ${r.tabla} (${columnas.join(', ')})
SELECT ${columnas.map((c) => (r.medidas.some((m) => m.columna === c) ? `sum(x.${c})` : `x.${c}`)).join(', ')}
FROM (
  SELECT ${[
    ...r.claves.map(([c, e]) => `${c === clave[0] ? 'd.k' : conLocal(e, `(${LOCAL_DE_VENTA})`)} AS ${c}`),
    ...r.medidas.map((m) => `${m.unaPorVenta ? medida(m, 'PARTITION BY v.id_venta') : `d.${m.columna}`} AS ${m.columna}`),
  ].join(', ')}
  FROM (
    SELECT d.venta_id, ${clave[1]} AS k, ${porVenta.map((m) => `${m.valor} AS ${m.columna}`).join(', ')}
    FROM ${r.desgloseDeTienda} WHERE d.tienda_id = p_tienda GROUP BY 1, 2
  ) d
  JOIN venta v ON v.id_venta = d.venta_id JOIN tienda t ON t.id_tienda = v.tienda_id
  WHERE ${r.cuando}
) x
GROUP BY ${r.claves.map((_, i) => i + 1).join(', ')};`,
  );
  if (!r.claves.some(([, e]) => e.includes(LOCAL))) throw new Error(`${r.tabla}: sin día`);
  return {
    [`${r.funcion}.sql`]: parte,
    [`${r.disparadorVenta}.sql`]: venta,
    [`${r.disparadorLineas}.sql`]: lineas,
    [`${r.reconstruir}.sql`]: reconstruir,
  };
}
