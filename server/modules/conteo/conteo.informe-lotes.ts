/**
 * The variance report's breakdown per lot (issue #58 points 1 and 2, ADR 051's addendum). Used only by
 * conteo.domain.ts, which owns the count's rules.
 *
 * A product counted per lot shows, under its row, each lot counted (its units when first counted in
 * the count, what was counted in it, the difference and its value at the product's cost) and, when
 * anything is left, one row of the rest (the lots nobody counted and the units of no known lot, less
 * what was counted without naming a lot): the rows add up to the product's. A product counted with no
 * lot named has no breakdown. Values follow the product's (valorarFila: half-up to the peso per row).
 */
import { sql } from 'drizzle-orm';
import { deMilesimas, milesimasDe } from '#shared/cantidad';
import type { TDiferencia, TLoteInforme } from '#shared/schemas/conteo';
import type { Db, Tx } from '../../db/client';
import { valorarFila, type FilaConteo } from './valorar';

type LoteContado = { loteId: number; codigo: string | null; vence: string | null; sistema: number; contado: number };

/** The lots counted in the count, by product, first to expire first. */
export async function lotesDelInforme(db: Db | Tx, tiendaId: number, conteoId: number): Promise<Map<number, LoteContado[]>> {
  const res = (await db.execute(sql`
    select cl.producto_id as "productoId", cl.lote_id as "loteId", l.codigo, l.vence::text as vence, cl.stock_sistema as sistema,
      coalesce((select sum(x.cantidad) from conteo_linea x where x.conteo_id = cl.conteo_id and x.lote_id = cl.lote_id and not x.reemplazada), 0) as contado
    from conteo_lote cl
    join lote l on l.id_lote = cl.lote_id
    where cl.conteo_id = ${conteoId} and cl.tienda_id = ${tiendaId}
    order by cl.producto_id, l.vence nulls last, l.id_lote`)) as unknown as {
    rows: { productoId: number; loteId: number; codigo: string | null; vence: string | null; sistema: string | number; contado: string | number }[];
  };
  const out = new Map<number, LoteContado[]>();
  for (const r of res.rows) {
    const lista = out.get(Number(r.productoId)) ?? [];
    lista.push({ loteId: Number(r.loteId), codigo: r.codigo, vence: r.vence, sistema: Number(r.sistema), contado: Number(r.contado) });
    out.set(Number(r.productoId), lista);
  }
  return out;
}

/** A product's rows per lot, and the rest (lotes nobody counted, units of no known lot, entries without a lot) when any. */
export function desgloseDe(f: FilaConteo & Pick<TDiferencia, 'productoId'>, lotes: readonly LoteContado[] | undefined): TLoteInforme[] | undefined {
  if (!lotes?.length) return undefined;
  const fila = (l: Omit<TLoteInforme, 'diferencia' | 'valor'>): TLoteInforme => ({ ...l, ...valorarFila({ sistema: l.sistema, contado: l.contado, costo: f.costo }) });
  const filas = lotes.map((l) => fila(l));
  const sistema = milesimasDe(f.sistema) - lotes.reduce((a, l) => a + milesimasDe(l.sistema), 0);
  const contado = milesimasDe(f.contado) - lotes.reduce((a, l) => a + milesimasDe(l.contado), 0);
  if (sistema !== 0 || contado !== 0) filas.push(fila({ loteId: null, codigo: null, vence: null, sistema: deMilesimas(sistema), contado: deMilesimas(contado) }));
  return filas;
}
