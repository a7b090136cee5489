/**
 * Lots that travel with a transfer (issue #56, ADR 056 addendum, migration 0113): a line of a product
 * that tracks lots at the origin leaves lot by lot (the lot domain picks the unexpired lots, first to
 * expire first), and each lot's code, expiry and units are kept on the line (`traslado_lote`); a
 * receipt says, or is given in that order, what arrived of each lot, and enters it at the destination
 * under the same code and expiry when the destination's product tracks lots too. Called only by
 * traslado.domain.ts, inside its legs' transactions, with the products already locked.
 */
import { asc, eq } from 'drizzle-orm';
import { deMilesimas, formatCantidad, milesimasDe } from '#shared/cantidad';
import { AppError } from '#shared/errors';
import { traslados as T } from '#shared/messages/traslados';
import type { TTrasladoLote } from '#shared/schemas/traslado';
import type { Db, Tx } from '../../db/client';
import { trasladoLinea, trasladoLote } from '../../db/schema';
import { sacarDeLotes, type LoteQueViaja } from '../lote/lote.domain';
import { fieldError } from '../tienda/alcance';

type FilaLote = typeof trasladoLote.$inferSelect;
const enTransito = (l: FilaLote) => milesimasDe(l.despachada) - milesimasDe(l.recibida) - milesimasDe(l.faltante);

/** Dispatch of one line of a lot-tracked product: its lots leave the origin and are kept on the line. */
export async function despacharConLotes(
  tx: Tx,
  options: { tiendaId: number; lineaId: number; productoId: number; nombre: string; unidad: string | null; cantidad: number; motivo: string },
): Promise<void> {
  const salida = await sacarDeLotes(tx, { tiendaId: options.tiendaId, productoId: options.productoId, cantidad: options.cantidad, motivo: options.motivo });
  if ('faltan' in salida) throw new AppError('CONFLICT', T.sinStockVigente(options.nombre, formatCantidad(salida.faltan, options.unidad)));
  await tx.insert(trasladoLote).values(salida.lotes.map((l) => ({ lineaId: options.lineaId, codigo: l.codigo, vence: l.vence, despachada: l.cantidad })));
}

/** The lots of a transfer's lines, by line, in the order they left (first to expire first). */
export async function lotesDeTraslado(db: Db | Tx, trasladoId: number): Promise<Map<number, FilaLote[]>> {
  const filas = await db
    .select({ l: trasladoLote })
    .from(trasladoLote)
    .innerJoin(trasladoLinea, eq(trasladoLinea.idLinea, trasladoLote.lineaId))
    .where(eq(trasladoLinea.trasladoId, trasladoId))
    .orderBy(asc(trasladoLote.idTrasladoLote));
  const out = new Map<number, FilaLote[]>();
  for (const { l } of filas) out.set(l.lineaId, [...(out.get(l.lineaId) ?? []), l]);
  return out;
}

export const loteVisto = (l: FilaLote): TTrasladoLote => ({
  id: l.idTrasladoLote,
  codigo: l.codigo,
  vence: l.vence,
  despachada: l.despachada,
  recibida: l.recibida,
  faltante: l.faltante,
  enTransito: deMilesimas(enTransito(l)),
});

/** What a receipt takes of each lot of a line: per lot and the lots' units as they enter the destination. */
export interface RecepcionDeLotes {
  porLote: { fila: FilaLote; recibe: number; falta: number }[];
  entran: LoteQueViaja[];
}

/**
 * Splits a line's receipt (`recibe` thousandths) over its lots: as the person said (`dichos`, each at
 * most its lot's units in transit, adding up to the line's), else the first to expire first; with
 * `cerrar`, what each lot still has in transit becomes its difference.
 */
export function repartirRecepcion(
  nombre: string,
  lotes: FilaLote[],
  recibe: number,
  cerrar: boolean,
  dichos: { loteId: number; cantidad: number }[] | undefined,
): RecepcionDeLotes {
  const recibeDe = new Map<number, number>();
  if (dichos?.length) {
    const porId = new Map(lotes.map((l) => [l.idTrasladoLote, l]));
    let suma = 0;
    for (const d of dichos) {
      const fila = porId.get(d.loteId);
      if (!fila || recibeDe.has(d.loteId)) throw fieldError('lineas', T.loteNoViaja);
      const c = milesimasDe(d.cantidad);
      if (c > enTransito(fila)) throw fieldError('lineas', T.masQueEnTransitoLote(nombre, fila.codigo ?? T.sinLote));
      recibeDe.set(d.loteId, c);
      suma += c;
    }
    if (suma !== recibe) throw fieldError('lineas', T.sumaLotes(nombre));
  } else {
    let resto = recibe;
    for (const l of lotes) {
      const c = Math.min(resto, enTransito(l));
      recibeDe.set(l.idTrasladoLote, c);
      resto -= c;
    }
  }
  const porLote = lotes.map((fila) => {
    const r = recibeDe.get(fila.idTrasladoLote) ?? 0;
    return { fila, recibe: r, falta: cerrar ? enTransito(fila) - r : 0 };
  });
  return {
    porLote,
    entran: porLote.filter((p) => p.recibe > 0).map((p) => ({ codigo: p.fila.codigo, vence: p.fila.vence, cantidad: deMilesimas(p.recibe) })),
  };
}

/** Records on each lot what arrived and what will not. */
export async function anotarRecepcion(tx: Tx, r: RecepcionDeLotes): Promise<void> {
  for (const p of r.porLote) {
    if (p.recibe === 0 && p.falta === 0) continue;
    await tx
      .update(trasladoLote)
      .set({ recibida: deMilesimas(milesimasDe(p.fila.recibida) + p.recibe), faltante: deMilesimas(milesimasDe(p.fila.faltante) + p.falta) })
      .where(eq(trasladoLote.idTrasladoLote, p.fila.idTrasladoLote));
  }
}
