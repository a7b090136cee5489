import { z } from 'zod';
import { crud } from '../../messages/crud';
import { baseDe, leidoDe, siEnviado, type Campos } from '../../campos';
import { ZClaveVenta } from '../venta';
import { ESTADOS_VENTA, zFecha, zHora, zIdTiendaOpcional, zInt, zOptText } from './common';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { crud };

/**
 * THE SALE HEADER'S FIELD LIST (issue #29): each field of a sale's header once, under its domain
 * name (server/modules/venta/venta.administracion.ts), in the back-office form's order — how a
 * request validates it (`z`, in the back-office's words) and how it is read (`lee`; shared/campos.ts
 * says what each key means). The back-office's request schemas, the header fields of its row and
 * the domain's header type derive from it.
 *
 * Only the back-office writes the header whole; the old controller API's step 3 and the store's
 * buttons change its state only (through the domain's transitions, not a field write), and every
 * face reads it: the back-office's row, the legacy list's positional row, the store's receipt.
 * The day and the time are one instant in the table: `fecha` reads it back (ISO), `hora` is the
 * form's half of it. A customer or cashier an edit does not send is left as it is; empty or null
 * takes it off.
 *
 * A new field: its column (server/db/schema/venta.ts + migration), one entry here, the domain's
 * read and write of it, its label and its place on the back-office form (docs/architecture.md
 * "Where a new field goes").
 */
export const CAMPOS_DE_LA_VENTA = {
  fecha: { z: zFecha('Fecha de la Venta'), lee: z.string() },
  hora: { z: zHora('Hora de Venta') },
  estado: { z: z.enum(ESTADOS_VENTA, { error: M.crud.campo('Estado de Venta') }), lee: z.string() },
  clienteDocumento: { z: siEnviado(zOptText(20)), lee: z.string().nullable() },
  metodoPagoId: { z: zInt({ required: M.crud.campo('Id del metodo de Pago'), invalid: M.crud.idInvalido, min: 1 }), lee: z.number().int() },
  usuarioDocumento: { z: siEnviado(zOptText(20)), lee: z.string().nullable() },
} as const satisfies Campos;

/** A sale's header under the domain's names: the back-office's edit, and what its domain writes. */
export const ZCabeceraVenta = baseDe(CAMPOS_DE_LA_VENTA);
export type TCabeceraVenta = z.output<typeof ZCabeceraVenta>;

/** The header as it is read back (the back-office's row's header fields). */
const L = leidoDe(CAMPOS_DE_LA_VENTA).shape;

/** A sale record: date and time in Bogotá, state, optional client and cashier by their documents. */
export const ZCreateVentaRequest = ZCabeceraVenta.extend({
  idTienda: zIdTiendaOpcional,
  /** The sale's key (ADR 011): the form sent twice records one sale. */
  clave: ZClaveVenta.optional(),
});
export type TCreateVentaRequest = z.input<typeof ZCreateVentaRequest>;

/** The header edited whole; a customer or cashier not sent keeps the one it has. */
export const ZUpdateVentaRequest = ZCabeceraVenta;
export type TUpdateVentaRequest = z.input<typeof ZUpdateVentaRequest>;

// The row's keys keep their order (the answer is serialised in the schema's order).
export const ZVentaRow = z.object({
  idVenta: z.number().int(),
  /** The sale's number in its store, as the till and its receipts show it (issue #36 point 8). */
  numero: z.number().int(),
  /** ISO timestamp; the list shows its date and time in Bogotá. */
  fecha: L.fecha,
  estado: L.estado,
  clienteDocumento: L.clienteDocumento,
  clienteNombre: z.string().nullable(),
  idTienda: z.number().int(),
  tiendaNombre: z.string(),
  metodoPagoId: L.metodoPagoId,
  usuarioDocumento: L.usuarioDocumento,
  usuarioTiendaId: z.number().int().nullable(),
  total: z.number().int(),
});
export type TVentaRow = z.infer<typeof ZVentaRow>;
