import { z } from 'zod';
import { crud } from '../../messages/crud';
import { clienteConMensajes, refinarDocumento, type CampoRequeridoCliente } from '../cliente';
import { zIdTiendaOpcional } from './common';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { crud };

const ETIQUETA: Record<CampoRequeridoCliente, string> = {
  documento: 'Documento',
  tipoDocumento: 'Tipo de documento',
  nombre: 'Nombre',
  apellido: 'Apellido',
};

/** The client's base (shared/schemas/cliente.ts) with the back-office's words. */
const ZClienteBackOffice = clienteConMensajes({ vacio: (c) => M.crud.campo(ETIQUETA[c]), tipoDocumento: M.crud.tipoDocInvalido });

/**
 * Back-office client register (/crud/registrar_cliente, spec §5): Documento, Nombre, Apellido and
 * Tipo de documento required (CC when not sent, spec §9); Correo optional; the store, for the
 * platform operator. The fields and their normalisation are the store's.
 */
const ZCrudClienteCampos = z.object({
  // The form's order, which is the order its refusals are shown in.
  documento: ZClienteBackOffice.shape.documento,
  nombre: ZClienteBackOffice.shape.nombre,
  apellido: ZClienteBackOffice.shape.apellido,
  tipoDocumento: ZClienteBackOffice.shape.tipoDocumento.default('CC'),
  correo: ZClienteBackOffice.shape.correo,
  idTienda: zIdTiendaOpcional,
});
export const ZCrudCreateClienteRequest = ZCrudClienteCampos.superRefine(refinarDocumento);
export type TCrudCreateClienteRequest = z.input<typeof ZCrudCreateClienteRequest>;
export type TCrudCreateClienteData = z.output<typeof ZCrudCreateClienteRequest>;

/** Back-office client edit (/crud/actualizar/actualizarCliente): a client never changes store. */
export const ZCrudUpdateClienteRequest = ZCrudClienteCampos.omit({ idTienda: true }).superRefine(refinarDocumento);
export type TCrudUpdateClienteRequest = z.input<typeof ZCrudUpdateClienteRequest>;
export type TCrudUpdateClienteData = z.output<typeof ZCrudUpdateClienteRequest>;

/** Legacy API `registroCrud` (controlador.cliente.php, back-office register) under the old keys. */
export const ZLegacyRegistroCrudClienteRequest = ZCrudCreateClienteRequest;

export const ZClienteRow = z.object({
  idCliente: z.number().int(),
  documento: z.string(),
  tipoDocumento: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  correo: z.string().nullable(),
  idTienda: z.number().int(),
});
export type TClienteRow = z.infer<typeof ZClienteRow>;
