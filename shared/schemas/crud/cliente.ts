import { z } from 'zod';
import { zCampo, zIdTiendaOpcional, zOptCorreo, zTipoDoc } from './common';

/** Register client (spec §5): Documento, Nombre, Apellido, Tipo de documento required; Correo optional. */
export const ZCreateClienteRequest = z.object({
  documento: zCampo('Documento', 20),
  nombre: zCampo('Nombre', 60),
  apellido: zCampo('Apellido', 60),
  tipoDocumento: zTipoDoc.default('CC'),
  correo: zOptCorreo,
  idTienda: zIdTiendaOpcional,
});
export type TCreateClienteRequest = z.input<typeof ZCreateClienteRequest>;

export const ZUpdateClienteRequest = ZCreateClienteRequest.omit({ idTienda: true });
export type TUpdateClienteRequest = z.input<typeof ZUpdateClienteRequest>;

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
