import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { CATALOGO, producto } from './schema';
import { CONTADORES, RESUMEN_IMPUESTO_DIA, RESUMEN_PAGO_DIA, RESUMENES_DE_VENTAS, tablaAcumulada, tablaDe, type TablaPlegable } from './resumenes';

/**
 * The consistency checks run after every fault (issue #50 point 7): what must hold in the data whatever
 * happened to the process, the database or the network while it was written. Each check is one query
 * over the ledgers and the summaries; an empty answer means the data agrees with itself.
 *
 * - **stock = libro**: each product's stock is the sum of its stock ledger (entradas − salidas).
 * - **venta a medias**: a completed sale has its lines (a sale is written whole or not at all).
 * - **resúmenes = ventas**: the summaries the triggers keep (sales, products, payments, taxes, the counters)
 *   equal what `resumen_dia_reconstruir` computes from the sales and lines, checked inside a transaction
 *   that is rolled back (nothing is changed).
 * - **catálogo = hermanas**: in an empresa of several stores, each store's row of a catalogue entry has the
 *   same catalogue fields as the row of the empresa's first store that has it, and the same price when
 *   both follow the empresa's price (ADR 043 §2: the product domain writes them all in one transaction).
 * - **DIAN = empresa**: a store that kept its own DIAN software or certificate, different from its
 *   empresa's, when migration 0104 made them the empresa's (ADR 069), or its own software of another
 *   document type when migration 0108 did (ADR 069's addendum): a person decides which is right (a
 *   franchise wrongly in one empresa); saving the empresa's certificate or software clears it.
 *
 * `npm run verificar` runs them on a data folder or a PostgreSQL database; `npm run test:fallas` after
 * each fault of the fault suite. A customer's balance below zero is not a fault: a return of a fiado
 * sale that was partly paid credits the account (ADR 039), leaving it in the customer's favour.
 */
export interface Falla {
  regla: 'stock = libro' | 'venta a medias' | 'resúmenes = ventas' | 'catálogo = hermanas' | 'DIAN = empresa';
  tiendaId: number;
  detalle: string;
}

type Filas<T> = { rows: T[] };
const filas = async <T>(db: Db, q: ReturnType<typeof sql>): Promise<T[]> => ((await db.execute(q)) as unknown as Filas<T>).rows;

/**
 * The summary tables `resumen_dia_reconstruir` rebuilds (every one declared in resumenes.ts), compared by
 * their keys on their summed measures (not the first and last receipt of a day, a min/max).
 */
const RESUMENES: readonly TablaPlegable[] = [
  ...RESUMENES_DE_VENTAS.flatMap((r) => [tablaDe(r), ...(r.acumulado ? [tablaAcumulada(r)] : [])]),
  RESUMEN_PAGO_DIA,
  tablaAcumulada(RESUMEN_PAGO_DIA),
  RESUMEN_IMPUESTO_DIA,
  ...CONTADORES,
];

/** Each catalogue field of a store's row (h) that differs from its first sister's (b), named by its column. */
const CAMPOS_DISTINTOS = sql.raw(
  CATALOGO.map((k) => producto[k].name)
    .map((c) => `case when h.${c} is distinct from b.${c} then '${c}' end`)
    .join(', '),
);

class Deshacer extends Error {}

export async function comprobarConsistencia(db: Db, opciones: { tiendaId?: number } = {}): Promise<Falla[]> {
  const fallas: Falla[] = [];
  const deTienda = (col: string) => (opciones.tiendaId === undefined ? sql`true` : sql`${sql.raw(col)} = ${opciones.tiendaId}`);

  for (const r of await filas<{ tienda_id: number; id_producto: number; nombre: string; stock: string; libro: string }>(
    db,
    sql`select p.tienda_id, p.id_producto, p.nombre, p.stock::text as stock, coalesce(sum(m.entradas - m.salidas), 0)::text as libro
        from producto p left join movimiento m on m.producto_id = p.id_producto
        where ${deTienda('p.tienda_id')}
        group by p.tienda_id, p.id_producto, p.nombre, p.stock
        having p.stock <> coalesce(sum(m.entradas - m.salidas), 0)
        order by 1, 2 limit 100`,
  ))
    fallas.push({ regla: 'stock = libro', tiendaId: r.tienda_id, detalle: `producto ${r.id_producto} (${r.nombre}): stock ${r.stock}, libro ${r.libro}` });

  for (const r of await filas<{ tienda_id: number; id_venta: number; numero: number | null }>(
    db,
    sql`select v.tienda_id, v.id_venta, v.numero from venta v
        where ${deTienda('v.tienda_id')} and v.estado = 'Completada' and not exists (select 1 from factura f where f.venta_id = v.id_venta)
        order by 1, 2 limit 100`,
  ))
    fallas.push({ regla: 'venta a medias', tiendaId: r.tienda_id, detalle: `venta N.º ${r.numero ?? '—'} (id ${r.id_venta}) completada sin líneas` });

  for (const r of await filas<{ tienda_id: number; id_producto: number; nombre: string; base: number; campos: string }>(
    db,
    sql`select h.tienda_id, h.id_producto, h.nombre, b.tienda_id as base,
          concat_ws(', ',
            ${CAMPOS_DISTINTOS},
            case when not h.precio_propio and not b.precio_propio and h.precio_unit <> b.precio_unit then 'precio_unit' end) as campos
        from producto h join tienda th on th.id_tienda = h.tienda_id
        join lateral (
          select p.* from producto p join tienda tp on tp.id_tienda = p.tienda_id
          where tp.empresa_id = th.empresa_id and p.catalogo_id = h.catalogo_id and p.tienda_id < h.tienda_id
          order by p.tienda_id limit 1) b on true
        where ${deTienda('h.tienda_id')}
        order by 1, 2 limit 1000`,
  ))
    if (r.campos) fallas.push({ regla: 'catálogo = hermanas', tiendaId: r.tienda_id, detalle: `producto ${r.id_producto} (${r.nombre}): ${r.campos} distinto de la tienda ${r.base}` });

  for (const r of await filas<{ tienda_id: number; empresa_id: number; sujeto: string | null; software_id: string | null; pin: boolean }>(
    db,
    sql`select c.tienda_id, t.empresa_id, c.certificado_resumen ->> 'sujeto' as sujeto, c.software_id, c.software_pin is not null as pin
        from dian_configuracion c join tienda t on t.id_tienda = c.tienda_id
        where ${deTienda('c.tienda_id')}
          and (c.software_id is not null or c.software_pin is not null or c.certificado_sellado is not null or c.certificado_resumen is not null)
        order by 1 limit 100`,
  )) {
    const que = [r.sujeto != null ? `el certificado de «${r.sujeto}»` : null, r.software_id != null ? `el software ${r.software_id}` : null, r.pin ? 'su PIN' : null].filter(Boolean).join(', ');
    fallas.push({ regla: 'DIAN = empresa', tiendaId: r.tienda_id, detalle: `la tienda conserva ${que || 'su configuración DIAN'}, distinto del de la empresa ${r.empresa_id}` });
  }
  // Each other type's software (migration 0108): a store's kept copy still signs its documents of that type.
  for (const r of await filas<{ tienda_id: number; empresa_id: number; tipo: string; software_id: string | null; pin: boolean }>(
    db,
    sql`select h.tienda_id, t.empresa_id, h.tipo, h.software_id, h.software_pin is not null as pin
        from dian_habilitacion_tipo h join tienda t on t.id_tienda = h.tienda_id
        where ${deTienda('h.tienda_id')} and (h.software_id is not null or h.software_pin is not null)
        order by 1, 3 limit 100`,
  )) {
    const que = [r.software_id != null ? `el software ${r.software_id}` : null, r.pin ? 'su PIN' : null].filter(Boolean).join(', ');
    fallas.push({ regla: 'DIAN = empresa', tiendaId: r.tienda_id, detalle: `la tienda conserva, para «${r.tipo}», ${que}, distinto del de la empresa ${r.empresa_id}` });
  }

  const tiendas = (await filas<{ id: number }>(db, sql`select id_tienda as id from tienda where ${deTienda('id_tienda')} order by 1`)).map((t) => t.id);
  const columnas = new Map(
    RESUMENES.map((t) => [t.tabla, { claves: [...t.claves], medidas: t.medidas.filter((m) => (m.plegado ?? 'sum') === 'sum').map((m) => m.columna) }]),
  );
  /** A table's rows of one store folded by key, measures as text (exact), rows of zeros left out. */
  const plegado = async (ej: Db, tabla: string, tiendaId: number) => {
    const { claves, medidas } = columnas.get(tabla)!;
    const k = claves.map((c) => `"${c}"`).join(', ');
    const m = medidas.map((c) => `sum("${c}")::text as "${c}"`).join(', ');
    const noCero = medidas.map((c) => `sum("${c}") <> 0`).join(' or ');
    const r = await filas<Record<string, unknown>>(ej, sql.raw(`select ${k}, ${m} from "${tabla}" where tienda_id = ${Number(tiendaId)} group by ${k} having ${noCero} order by ${k}`));
    return new Map(r.map((f) => [claves.map((c) => String(f[c])).join('|'), medidas.map((c) => `${c}=${String(f[c])}`).join(' ')]));
  };
  for (const tiendaId of tiendas) {
    try {
      await db.transaction(async (tx) => {
        const ej = tx as unknown as Db;
        await ej.execute(sql`select resumen_bloquear(${tiendaId})`);
        const guardados = new Map<string, Map<string, string>>();
        for (const { tabla } of RESUMENES) guardados.set(tabla, await plegado(ej, tabla, tiendaId));
        await ej.execute(sql`select resumen_dia_reconstruir(${tiendaId})`);
        for (const { tabla } of RESUMENES) {
          const antes = guardados.get(tabla)!;
          const despues = await plegado(ej, tabla, tiendaId);
          const diferencias: string[] = [];
          for (const clave of new Set([...antes.keys(), ...despues.keys()]))
            if (antes.get(clave) !== despues.get(clave)) diferencias.push(`[${clave}] guardado {${antes.get(clave) ?? 'nada'}} ≠ calculado {${despues.get(clave) ?? 'nada'}}`);
          if (diferencias.length)
            fallas.push({ regla: 'resúmenes = ventas', tiendaId, detalle: `${tabla}: ${diferencias.slice(0, 3).join('; ')}${diferencias.length > 3 ? ` (y ${diferencias.length - 3} más)` : ''}` });
        }
        throw new Deshacer();
      });
    } catch (err) {
      if (!(err instanceof Deshacer)) throw err;
    }
  }
  return fallas;
}
