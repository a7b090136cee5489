import { z } from 'zod';
import { login, recuperacion, registro } from '../messages/auth';
import { TIPOS_DOC } from '../roles';
import { LOGIN_EMAIL_RE, optionalText, requiredText, zEmail, zStrongPassword } from './common';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { login, recuperacion, registro };

export const ZTipoLogin = z.enum(['empleado', 'tienda'], { error: M.login.tipoInvalido });
export type TTipoLogin = z.infer<typeof ZTipoLogin>;

export const ZLoginRequest = z.object({
  tipo: ZTipoLogin,
  email: z
    .string({ error: M.login.invalidEmailText })
    .trim()
    .max(254, M.login.invalidEmailText)
    .regex(LOGIN_EMAIL_RE, M.login.invalidEmailText)
    .transform((v) => v.toLowerCase()),
  contrasena: z
    .string({ error: M.login.emptyPasswordText })
    .min(1, M.login.emptyPasswordText)
    .max(128, M.login.badCredentialsText),
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;

/** What the browser keeps of a session (spec §3 "Session"). */
export const ZSesion = z.object({
  tipo: ZTipoLogin,
  documento: z.string().nullable(),
  usuario: z.string(),
  tienda: z.string().nullable(),
  id_Tienda: z.number().int().nullable(),
  rol: z.number().int(),
  codigo_invitacion: z.string().nullable(),
});
export type TSesion = z.infer<typeof ZSesion>;

export const ZLoginResponse = z.object({ token: z.string(), sesion: ZSesion });
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

const tipoDocValues = TIPOS_DOC.map((t) => t.value) as [string, ...string[]];

export const ZRegistroUsuarioRequest = z.object({
  documento: z
    .string({ error: M.registro.documento })
    .trim()
    .regex(/^\d{10,15}$/, M.registro.documento),
  tipoDoc: z.enum(tipoDocValues, { error: M.registro.tipoDoc }).default('CC'),
  nombre: requiredText('Nombre'),
  nombre2: optionalText(),
  apellido: requiredText('Apellido'),
  apellido2: optionalText(),
  email: zEmail(M.registro.required('Correo'), M.registro.email),
  contrasena: z.string({ error: M.registro.required('Contraseña') }).min(1, M.registro.required('Contraseña')).pipe(zStrongPassword),
  codigo_invitacion: requiredText('Código de invitación', 32).transform((v) => v.toUpperCase()),
});
export type TRegistroUsuarioRequest = z.input<typeof ZRegistroUsuarioRequest>;

/** The form adds the repeated password, checked in the browser only. */
export const ZRegistroUsuarioForm = ZRegistroUsuarioRequest.extend({
  confirmarContrasena: z.string().min(1, M.registro.required('Repetir contraseña')),
}).refine((v) => v.contrasena === v.confirmarContrasena, {
  message: M.registro.passwordsDontMatch,
  path: ['confirmarContrasena'],
});

export const ZRegistroTiendaRequest = z.object({
  nombreTienda: requiredText('Nombre', 120),
  telefono: z
    .string()
    .trim()
    .regex(/^\d{7,15}$/, M.registro.telefono)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  email: zEmail(M.registro.required('Correo'), M.registro.email),
  contrasena: z.string({ error: M.registro.required('Contraseña') }).min(1, M.registro.required('Contraseña')).pipe(zStrongPassword),
  direccion: optionalText(200),
});
export type TRegistroTiendaRequest = z.input<typeof ZRegistroTiendaRequest>;

export const ZRegistroTiendaResponse = z.object({
  id_Tienda: z.number().int(),
  codigo_invitacion: z.string(),
});

export const ZEnviarCodigoRequest = z.object({
  correo: zEmail(M.recuperacion.email, M.recuperacion.email),
});
export const ZVerificarCodigoRequest = ZEnviarCodigoRequest.extend({
  codigo: z
    .string({ error: M.recuperacion.codeRequired })
    .trim()
    .min(1, M.recuperacion.codeRequired)
    .regex(/^\d{6}$/, M.recuperacion.wrongCode),
});
export const ZRestablecerRequest = ZVerificarCodigoRequest.extend({
  contrasena: zStrongPassword,
});
export type TEnviarCodigoRequest = z.input<typeof ZEnviarCodigoRequest>;
export type TVerificarCodigoRequest = z.input<typeof ZVerificarCodigoRequest>;
export type TRestablecerRequest = z.input<typeof ZRestablecerRequest>;

export const ZMessageResponse = z.object({ message: z.string() });
