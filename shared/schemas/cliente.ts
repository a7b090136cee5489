import { z } from 'zod';
import { M } from '../messages';
import { TIPOS_DOC } from '../roles';
import { LOGIN_EMAIL_RE } from './common';

const llene = M.clientes.camposVacios;
const tipoDocValues = TIPOS_DOC.map((t) => t.value) as [string, ...string[]];

const requerido = (max: number) => z.string({ error: llene }).trim().min(1, llene).max(max, M.registro.tooLong);

/** Client form (spec §5): documento, tipo, nombre and apellido required; correo optional but valid. */
export const ZClienteRequest = z.object({
  // People write "1.020.304.050": dots and spaces are separators, not part of the number.
  documento: requerido(30)
    .transform((v) => v.replace(/[.\s]/g, '').toUpperCase())
    .pipe(z.string().regex(/^[0-9A-Z]{3,20}$/, M.clientes.documentoInvalido)),
  tipoDocumento: requerido(2).pipe(z.enum(tipoDocValues, { error: M.registro.tipoDoc })),
  nombre: requerido(80),
  apellido: requerido(80),
  correo: z
    .union([z.null(), z.string().trim().max(254, M.registro.email)], { error: M.registro.email })
    .optional()
    .transform((v) => (v ? v.toLowerCase() : null))
    .pipe(z.union([z.null(), z.string().regex(LOGIN_EMAIL_RE, M.registro.email)])),
});
export const ZCreateClienteRequest = ZClienteRequest;
export const ZUpdateClienteRequest = ZClienteRequest;
export type TClienteRequest = z.input<typeof ZClienteRequest>;
export type TClienteData = z.output<typeof ZClienteRequest>;

export const ZClienteParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const ZCliente = z.object({
  id: z.number().int(),
  documento: z.string(),
  tipoDocumento: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  correo: z.string().nullable(),
});
export type TCliente = z.infer<typeof ZCliente>;

export const ZClienteMessage = z.object({ message: z.string() });
export const ZClienteResponse = z.object({ message: z.string(), cliente: ZCliente });
