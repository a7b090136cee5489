/**
 * The till's checkout asked as factura electrónica de venta (issue #57, ADR 044). Apart from
 * `factura-electronica.ts` so that the numbering's schema (which takes an invoice range's technical
 * key) does not load the sale's schemas.
 */
import { z } from 'zod';
import { ZAdquirente } from './factura-electronica';
import { ZCreateVentaRequest } from './venta';

/** The till's checkout asked as factura electrónica: the sale as `POST /api/ventas` takes it, and its buyer. */
export const ZVentaFacturaRequest = z.object({
  venta: ZCreateVentaRequest,
  adquirente: ZAdquirente,
  /** Keep these data on the sale's customer (`venta.documentoCliente`) for next time. */
  recordar: z.boolean().default(false),
});
export type TVentaFacturaRequest = z.input<typeof ZVentaFacturaRequest>;

