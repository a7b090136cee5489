import { z } from 'zod';
import { M } from '../messages';

const A = M.ajustesTienda;

/** POST /api/tienda/codigo-invitacion/regenerar: the store's new invitation code. */
export const ZCodigoInvitacionRegenerado = z.object({
  codigo_invitacion: z.string(),
  message: z.string(),
});
export type TCodigoInvitacionRegenerado = z.infer<typeof ZCodigoInvitacionRegenerado>;

/** The paper of the store's receipt printer (issue #19): 58 mm prints 32 characters a line, 80 mm 48. */
export const ANCHOS_PAPEL = ['58', '80'] as const;
export type TAnchoPapel = (typeof ANCHOS_PAPEL)[number];

const opcional = (max: number) =>
  z
    .string({ error: A.textoInvalido })
    .trim()
    .max(max, A.maximo(max))
    .transform((v) => (v === '' ? null : v))
    .nullable();

/** What the receipt's header and footer show: the store's name and contact, its NIT or documento, the paper. */
export const ZAjustesTienda = z.object({
  nombreTienda: z.string(),
  nit: z.string().nullable(),
  direccion: z.string().nullable(),
  telefono: z.string().nullable(),
  anchoPapel: z.enum(ANCHOS_PAPEL),
  pieRecibo: z.string().nullable(),
});
export type TAjustesTienda = z.infer<typeof ZAjustesTienda>;

/** PUT /api/tienda/ajustes (role 1): the receipt's settings; the name stays as registered. */
export const ZUpdateAjustesTienda = z.object({
  nit: opcional(20).pipe(z.string().regex(/^[0-9A-Za-z .-]*$/, A.nitInvalido).nullable()),
  direccion: opcional(120),
  telefono: opcional(20),
  anchoPapel: z.enum(ANCHOS_PAPEL, { error: A.anchoInvalido }),
  pieRecibo: opcional(120),
});
export type TUpdateAjustesTienda = z.input<typeof ZUpdateAjustesTienda>;
