import { z } from 'zod';
import { crud } from '../../messages/crud';
import { siPresente, soloDeCara } from '../../campos';
import { CAMPOS_DEL_CLIENTE, clienteConMensajes, refinarDocumento, ZClienteLeido } from '../cliente';
import { zIdTiendaOpcional } from './common';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { crud };

/** The client's base (shared/schemas/cliente.ts) with the back-office's words, each field by its form's label, without the store's fiado fields. */
const ZClienteBackOffice = soloDeCara(
  clienteConMensajes({ vacio: (c) => M.crud.campo(M.crud.cliente.campos[c]), tipoDocumento: M.crud.tipoDocInvalido }),
  CAMPOS_DEL_CLIENTE,
  'administracion',
);
const { documento, nombre, apellido, tipoDocumento, ...resto } = ZClienteBackOffice.shape;

/**
 * Back-office client register (/crud/registrar_cliente, spec §5): Documento, Nombre, Apellido and
 * Tipo de documento required (CC when not sent, spec §9); Correo optional; the store, for the
 * platform operator. The fields and their normalisation are the store's.
 */
const ZCrudClienteCampos = z.object({
  // The form's order, which is the order its refusals are shown in.
  documento,
  nombre,
  apellido,
  tipoDocumento: tipoDocumento.default('CC'),
  ...resto,
  idTienda: zIdTiendaOpcional,
});
export const ZCrudCreateClienteRequest = ZCrudClienteCampos.superRefine(refinarDocumento);
export type TCrudCreateClienteRequest = z.input<typeof ZCrudCreateClienteRequest>;
export type TCrudCreateClienteData = z.output<typeof ZCrudCreateClienteRequest>;

/**
 * Back-office client edit (/crud/actualizar/actualizarCliente): a client never changes store; a
 * type not sent is left as it is (the register's default is for new clients only).
 */
export const ZCrudUpdateClienteRequest = ZCrudClienteCampos.omit({ idTienda: true })
  .extend({ tipoDocumento: siPresente(tipoDocumento) })
  .superRefine(refinarDocumento);
export type TCrudUpdateClienteRequest = z.input<typeof ZCrudUpdateClienteRequest>;
export type TCrudUpdateClienteData = z.output<typeof ZCrudUpdateClienteRequest>;

/** Legacy API `registroCrud` (controlador.cliente.php, back-office register) under the old keys. */
export const ZLegacyRegistroCrudClienteRequest = ZCrudCreateClienteRequest;

/** A client row of the back-office: the read base of the fields it carries. */
export const ZClienteRow = ZClienteLeido;
export type TClienteRow = z.infer<typeof ZClienteRow>;
