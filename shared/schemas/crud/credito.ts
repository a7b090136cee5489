import { z } from 'zod';

/**
 * A line of the fiado ledger (issue #17), read-only in the back-office: charges, abonos and
 * reversals are written by the till's rules alone. Date and time are the shop's (Bogotá).
 */
export const ZCreditoRow = z.object({
  idCreditoMovimiento: z.number().int(),
  /** Calendar date in Bogotá (YYYY-MM-DD). */
  fecha: z.string(),
  /** Clock time in Bogotá (HH:MM, 24 h). */
  hora: z.string(),
  tipo: z.enum(['cargo', 'abono', 'reverso', 'devolucion']),
  /** Signed pesos: charges positive, abonos and reversals negative. */
  monto: z.number().int(),
  clienteDocumento: z.string(),
  clienteNombre: z.string(),
  idVenta: z.number().int().nullable(),
  /** The sale's number in its store, the receipt's (ADR 026, issue #52); `idVenta` addresses it. */
  ventaNumero: z.number().int().nullable(),
  /** The payment method's name (abonos). */
  metodoPago: z.string().nullable(),
  /** Documento of the user who recorded it; null for the store account or a removed user. */
  usuario: z.string().nullable(),
  idTurno: z.number().int().nullable(),
  nota: z.string().nullable(),
  idTienda: z.number().int(),
});
export type TCreditoRow = z.infer<typeof ZCreditoRow>;
