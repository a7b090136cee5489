import { z } from 'zod';
import { aMilesimas } from '../cantidad';
import { compras } from '../messages/compras';
import { lotes } from '../messages/lotes';

const M = { compras, lotes };

/** Lots and expiry (issue #58 point 2, ADR 051). */

/** One lot received on a receipt line: its code, its expiry and its units in the product's own unit. */
export const ZLoteRecibido = z.object({
  codigo: z.string({ error: M.compras.loteLargo }).trim().min(1, M.compras.loteLargo).max(40, M.compras.loteLargo),
  vence: z.iso.date({ error: M.compras.venceInvalido }),
  cantidad: z.number({ error: M.lotes.cantidadLoteInvalida }).positive(M.lotes.cantidadLoteInvalida).max(99_999_999, M.lotes.cantidadLoteInvalida)
    .refine((v) => aMilesimas(v) != null, M.lotes.cantidadLoteInvalida),
});
export type TLoteRecibido = z.infer<typeof ZLoteRecibido>;

/** A lot of a product with units, as the till and the product screen read it (first to expire first). */
export const ZLote = z.object({
  id: z.number().int(),
  /** Null: the units of no known lot. */
  codigo: z.string().nullable(),
  vence: z.string().nullable(),
  cantidad: z.number(),
  vencido: z.boolean(),
});
export type TLote = z.infer<typeof ZLote>;

export const ZLotesProducto = z.object({ productoId: z.number().int(), manejaLotes: z.boolean(), lotes: z.array(ZLote) });
export type TLotesProducto = z.infer<typeof ZLotesProducto>;

/** One row of *por vencer*: a lot with units expiring within the store's days, or expired. */
export const ZLotePorVencer = z.object({
  loteId: z.number().int(),
  productoId: z.number().int(),
  producto: z.string(),
  unidad: z.string(),
  codigo: z.string(),
  vence: z.string(),
  /** Days from the store's today to the expiry: negative when expired. */
  dias: z.number().int(),
  cantidad: z.number(),
  /** Null without the `reportes` permission or without a known cost. */
  costoUnit: z.number().int().nullable(),
  valor: z.number().int().nullable(),
});
export type TLotePorVencer = z.infer<typeof ZLotePorVencer>;

export const ZPorVencer = z.object({
  dias: z.number().int(),
  vencidos: z.number().int(),
  porVencer: z.number().int(),
  lotes: z.array(ZLotePorVencer),
  /** The value at cost of the listed lots (null without the `reportes` permission). */
  total: z.number().int().nullable(),
});
export type TPorVencer = z.infer<typeof ZPorVencer>;

export const ZDiasPorVencerRequest = z.object({
  dias: z.number({ error: M.lotes.diasInvalidos }).int(M.lotes.diasInvalidos).min(1, M.lotes.diasInvalidos).max(365, M.lotes.diasInvalidos),
});
export type TDiasPorVencerRequest = z.infer<typeof ZDiasPorVencerRequest>;

export const ZLoteProductoParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
