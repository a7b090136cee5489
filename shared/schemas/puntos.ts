import { z } from 'zod';
import { puntos } from '../messages/puntos';

/** Loyalty points (issue #59 point 3, ADR 054). */
const P = puntos;

/** A store's points settings: on/off, pesos per point earned, a point's value in pesos when spent. */
export const ZPuntosConfiguracion = z.object({
  activo: z.boolean({ error: P.pesosInvalidos }),
  pesosPorPunto: z.number({ error: P.pesosInvalidos }).int(P.pesosInvalidos).min(100, P.pesosInvalidos).max(1_000_000, P.pesosInvalidos),
  valorPunto: z.number({ error: P.valorInvalido }).int(P.valorInvalido).min(1, P.valorInvalido).max(10_000, P.valorInvalido),
});
export type TPuntosConfiguracion = z.infer<typeof ZPuntosConfiguracion>;

export const TIPOS_MOVIMIENTO_PUNTOS = ['ganado', 'redimido', 'reverso', 'devolucion', 'union'] as const;

/** A customer's points: the balance and the latest movements of the ledger. */
export const ZPuntosCliente = z.object({
  activo: z.boolean(),
  valorPunto: z.number().int(),
  saldo: z.number().int(),
  movimientos: z.array(
    z.object({
      id: z.number().int(),
      fecha: z.string(),
      tipo: z.enum(TIPOS_MOVIMIENTO_PUNTOS),
      puntos: z.number().int(),
      ventaId: z.number().int().nullable(),
      ventaNumero: z.number().int().nullable(),
    }),
  ),
});
export type TPuntosCliente = z.infer<typeof ZPuntosCliente>;

/** What a receipt says of points: earned and spent by the sale, and the customer's balance after it. */
export const ZPuntosRecibo = z.object({ ganados: z.number().int(), redimidos: z.number().int(), saldo: z.number().int() });
export type TPuntosRecibo = z.infer<typeof ZPuntosRecibo>;

/** What the till knows of the chosen customer's points. */
export const ZPuntosEnCaja = z.object({ saldo: z.number().int(), valorPunto: z.number().int() });
