import { z } from 'zod';
import { productos } from '../messages/productos';
import { registro } from '../messages/auth';
import { sinBidi } from './common';
import { zPrecio } from './producto';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const P = productos.presentaciones;

/** Units of the product in one sale unit: a paca de 12 is 12 (ADR 033). */
export const FACTOR_MINIMO = 2;
export const FACTOR_MAXIMO = 1000;
/** Sale units a product may have. */
export const MAX_PRESENTACIONES = 10;

const MAX_INT4 = 2_147_483_647;

/** A whole factor typed by a person ("12") or sent by a client (12), 2 to 1 000. */
const zFactor = z.union([z.number(), z.string()], { error: P.factorInvalido }).transform((v, ctx): number => {
  const s = typeof v === 'number' ? String(v) : v.trim();
  const n = Number(s);
  if (!/^\d+$/.test(s) || n < FACTOR_MINIMO || n > FACTOR_MAXIMO) {
    ctx.addIssue({ code: 'custom', message: P.factorInvalido });
    return z.NEVER;
  }
  return n;
});

/** A sale unit as the product screen writes it (issue #33 point 5). */
export const ZPresentacionRequest = z.object({
  nombre: z.string({ error: P.nombreRequerido }).trim().min(1, P.nombreRequerido).max(60, registro.tooLong).refine(sinBidi, registro.bidi),
  factor: zFactor,
  codigoBarras: z
    .string({ error: P.codigoRequerido })
    .trim()
    .min(1, P.codigoRequerido)
    .max(64, registro.tooLong)
    .regex(/^[0-9A-Za-z-]*$/, productos.codigoBarrasInvalido),
  precio: zPrecio({ empty: P.precioRequerido, invalid: productos.precioInvalido }),
});
export type TPresentacionRequest = z.input<typeof ZPresentacionRequest>;
export type TPresentacionData = z.output<typeof ZPresentacionRequest>;

export const ZPresentacion = z.object({
  id: z.number().int(),
  productoId: z.number().int(),
  nombre: z.string(),
  factor: z.number().int(),
  codigoBarras: z.string(),
  precio: z.number().int(),
});
export type TPresentacion = z.infer<typeof ZPresentacion>;

export const ZPresentaciones = z.object({ items: z.array(ZPresentacion) });
export type TPresentaciones = z.infer<typeof ZPresentaciones>;

export const ZPresentacionParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_INT4),
  presentacionId: z.coerce.number().int().positive().max(MAX_INT4),
});

export const ZPresentacionRespuesta = z.object({ message: z.string(), presentacion: ZPresentacion });
