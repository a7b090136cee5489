import { z } from 'zod';
import { registro } from '../../messages/auth';
import { crud } from '../../messages/crud';
import { zCampo, zContrasena, zContrasenaOpcional, zCorreo, zInt, zOptText, zTipoDoc } from './common';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { crud, registro };

const zDocumento = z
  .string({ error: M.registro.documento })
  .trim()
  .regex(/^\d{10,15}$/, M.registro.documento);

const zIdRol = zInt({ required: M.crud.campo('Id Rol'), min: 1 });

/** Register user (spec §5 'Administration'): the order of the keys is the order of the checks. */
export const ZCreateUsuarioRequest = z.object({
  documento: zDocumento,
  tipoDoc: zTipoDoc.default('CC'),
  nombre: zCampo('Nombre', 60),
  nombre2: zOptText(60),
  apellido: zCampo('Apellido', 60),
  apellido2: zOptText(60),
  email: zCorreo('Correo'),
  contrasena: zContrasena(),
  codigo_invitacion: zCampo('Código de invitación', 32).transform((v) => v.toUpperCase()),
  idRol: zIdRol,
});
export type TCreateUsuarioRequest = z.input<typeof ZCreateUsuarioRequest>;

/** Update user: an empty password keeps the current one; an empty code keeps the store. */
export const ZUpdateUsuarioRequest = ZCreateUsuarioRequest.extend({
  contrasena: zContrasenaOpcional,
  codigo_invitacion: zOptText(32).transform((v) => (v ? v.toUpperCase() : null)),
});
export type TUpdateUsuarioRequest = z.input<typeof ZUpdateUsuarioRequest>;

/** A user as the back-office lists it: never the password. */
export const ZUsuarioRow = z.object({
  idUsuario: z.number().int(),
  documento: z.string(),
  tipoDoc: z.string(),
  nombre: z.string(),
  nombre2: z.string().nullable(),
  apellido: z.string(),
  apellido2: z.string().nullable(),
  email: z.string(),
  idRol: z.number().int(),
  codigoInvitacion: z.string().nullable(),
  idTienda: z.number().int().nullable(),
});
export type TUsuarioRow = z.infer<typeof ZUsuarioRow>;
