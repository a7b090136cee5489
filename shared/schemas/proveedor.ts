import { z } from 'zod';
import { M } from '../messages';
import { LOGIN_EMAIL_RE } from './common';

const llene = M.proveedores.camposVacios;

/**
 * Digits only, 7 to 15 of them, kept as text so that 10-digit Colombian mobiles and leading zeros
 * fit (spec: "parsed as an integer"; a number is accepted too). Spaces and dashes typed between
 * digits as separators are dropped.
 */
export const zTelefono = z.union([z.string(), z.number()], { error: llene }).transform((v, ctx): string => {
  const s = (typeof v === 'number' ? String(v) : v).trim().replace(/(?<=\d)[\s-]+(?=\d)/g, '');
  if (s === '') {
    ctx.addIssue({ code: 'custom', message: llene });
    return z.NEVER;
  }
  if (!/^\d{7,15}$/.test(s)) {
    ctx.addIssue({ code: 'custom', message: M.proveedores.telefonoInvalido });
    return z.NEVER;
  }
  return s;
});

/** Supplier form (spec §5): every field required. */
export const ZCreateProveedorRequest = z.object({
  nombre: z.string({ error: llene }).trim().min(1, llene).max(120, M.registro.tooLong),
  telefono: zTelefono,
  email: z
    .string({ error: llene })
    .trim()
    .min(1, llene)
    .max(254, M.registro.email)
    .regex(LOGIN_EMAIL_RE, M.registro.email)
    .transform((v) => v.toLowerCase()),
});
export type TCreateProveedorRequest = z.input<typeof ZCreateProveedorRequest>;

export const ZProveedorParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const ZProveedor = z.object({
  id: z.number().int(),
  nombre: z.string(),
  telefono: z.string(),
  email: z.string(),
  /** How many of the store's products name this supplier. */
  productos: z.number().int(),
});
export type TProveedor = z.infer<typeof ZProveedor>;

export const ZProveedorOpcion = z.object({ id: z.number().int(), nombre: z.string() });
export type TProveedorOpcion = z.infer<typeof ZProveedorOpcion>;

export const ZProductoDeProveedor = z.object({
  id: z.number().int(),
  nombre: z.string(),
  marca: z.string().nullable(),
  precio: z.number().int(),
  stock: z.number().int(),
  estado: z.number().int(),
});
export type TProductoDeProveedor = z.infer<typeof ZProductoDeProveedor>;

export const ZProveedorMessage = z.object({ message: z.string() });
export const ZCreateProveedorResponse = z.object({ message: z.string(), proveedor: ZProveedor });
