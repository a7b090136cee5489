import { z } from 'zod';
import { crud } from '../../messages/crud';
import { ZClaveVenta } from '../venta';
import { ESTADOS_VENTA, zFecha, zHora, zIdTiendaOpcional, zInt, zOptText } from './common';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { crud };

/** A sale record: date and time in Bogotá, state, optional client and cashier by their documents. */
export const ZCreateVentaRequest = z.object({
  fecha: zFecha('Fecha de la Venta'),
  hora: zHora('Hora de Venta'),
  estado: z.enum(ESTADOS_VENTA, { error: M.crud.campo('Estado de Venta') }),
  clienteDocumento: zOptText(20),
  metodoPagoId: zInt({ required: M.crud.campo('Id del metodo de Pago'), invalid: M.crud.idInvalido, min: 1 }),
  usuarioDocumento: zOptText(20),
  idTienda: zIdTiendaOpcional,
  /** The sale's key (ADR 011): the form sent twice records one sale. */
  clave: ZClaveVenta.optional(),
});
export type TCreateVentaRequest = z.input<typeof ZCreateVentaRequest>;

export const ZUpdateVentaRequest = ZCreateVentaRequest.omit({ idTienda: true, clave: true });
export type TUpdateVentaRequest = z.input<typeof ZUpdateVentaRequest>;

export const ZVentaRow = z.object({
  idVenta: z.number().int(),
  /** The sale's number in its store, as the till and its receipts show it (issue #36 point 8). */
  numero: z.number().int(),
  /** ISO timestamp; the list shows its date and time in Bogotá. */
  fecha: z.string(),
  estado: z.string(),
  clienteDocumento: z.string().nullable(),
  clienteNombre: z.string().nullable(),
  idTienda: z.number().int(),
  tiendaNombre: z.string(),
  metodoPagoId: z.number().int(),
  usuarioDocumento: z.string().nullable(),
  usuarioTiendaId: z.number().int().nullable(),
  total: z.number().int(),
});
export type TVentaRow = z.infer<typeof ZVentaRow>;
