import { z } from 'zod';
import { zCampo, zContrasena, zContrasenaOpcional, zCorreo, zOptTelefono, zOptText } from './common';

export const ZCreateTiendaRequest = z.object({
  nombreTienda: zCampo('Nombre de la tienda', 120),
  direccion: zOptText(200),
  telefono: zOptTelefono,
  correo: zCorreo('Correo'),
  contrasena: zContrasena(),
});
export type TCreateTiendaRequest = z.input<typeof ZCreateTiendaRequest>;

export const ZUpdateTiendaRequest = ZCreateTiendaRequest.extend({ contrasena: zContrasenaOpcional });
export type TUpdateTiendaRequest = z.input<typeof ZUpdateTiendaRequest>;

export const ZTiendaRow = z.object({
  idTienda: z.number().int(),
  nombreTienda: z.string(),
  direccion: z.string().nullable(),
  telefono: z.string().nullable(),
  correo: z.string(),
  codigoInvitacion: z.string(),
});
export type TTiendaRow = z.infer<typeof ZTiendaRow>;
