import { z } from 'zod';
import { registro } from '../messages/auth';
import { ajustesTienda } from '../messages/tienda';
import { sinBidi } from './common';
import { ZFormatoBalanza } from './balanza';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { ajustesTienda, registro };

/** The receipt's phone (issue #28): digits only, with Colombia's +57 in front if wanted. */
export const TELEFONO_RECIBO_RE = /^(?:\+57)?\d{7,10}$/;

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
    .refine(sinBidi, M.registro.bidi)
    .transform((v) => (v === '' ? null : v))
    .nullable();

/**
 * True for an IANA zone name (America/Bogota, Asia/Tokyo, UTC) this runtime can format in. Offsets
 * ("-05:00") and POSIX strings ("EST5EDT") are refused: PostgreSQL reads their sign the other way.
 */
export function esZonaHoraria(v: string): boolean {
  if (v.length > 64 || !/^(?:UTC|[A-Z][A-Za-z_-]+(?:\/[A-Za-z0-9_+-]+){1,2})$/.test(v)) return false;
  try {
    new Intl.DateTimeFormat('es-CO', { timeZone: v });
    return true;
  } catch {
    return false;
  }
}

/** What the receipt's header and footer show: the store's name and contact, its NIT or documento, the paper. */
export const ZAjustesTienda = z.object({
  nombreTienda: z.string(),
  nit: z.string().nullable(),
  direccion: z.string().nullable(),
  telefono: z.string().nullable(),
  anchoPapel: z.enum(ANCHOS_PAPEL),
  pieRecibo: z.string().nullable(),
  /** The IANA zone every date of the store is shown and grouped in (issue #16); America/Bogota by default. */
  zonaHoraria: z.string(),
  /** "Exigir caja abierta para vender" (issue #27): on by default; a one-person shop may turn it off. */
  exigirCaja: z.boolean(),
  /** Whether the store is responsible for IVA (its fiscal profile, issue #30); changed in *Datos fiscales*, not here. */
  responsableIva: z.boolean(),
});
export type TAjustesTienda = z.infer<typeof ZAjustesTienda>;

/** PUT /api/tienda/ajustes (role 1): the receipt's settings; the name stays as registered. */
export const ZUpdateAjustesTienda = z.object({
  nit: opcional(20).pipe(z.string().regex(/^[0-9A-Za-z .-]*$/, A.nitInvalido).nullable()),
  direccion: opcional(120),
  telefono: opcional(20)
    .transform((v) => (v == null ? null : v.replace(/[\s().-]/g, '')))
    .pipe(z.string().regex(TELEFONO_RECIBO_RE, A.telefonoInvalido).nullable()),
  anchoPapel: z.enum(ANCHOS_PAPEL, { error: A.anchoInvalido }),
  pieRecibo: opcional(120),
  /** Optional: a client that sends only the receipt's fields leaves the zone as it is. */
  zonaHoraria: z.string({ error: A.zonaInvalida }).trim().refine(esZonaHoraria, A.zonaInvalida).optional(),
  /** Optional: not sent, the setting stays as it is. */
  exigirCaja: z.boolean({ error: A.exigirCajaInvalido }).optional(),
});
export type TUpdateAjustesTienda = z.input<typeof ZUpdateAjustesTienda>;

/** How many scale layouts a store keeps (issue #33 point 4): one per brand of scale is plenty. */
export const MAX_FORMATOS_BALANZA = 10;

/**
 * GET and PUT /api/tienda/balanzas: the layouts of the store's label scales (shared/balanza.ts). Two
 * layouts never share a prefix: the till reads a label with the first whose prefix it starts with.
 */
export const ZFormatosBalanza = z
  .object({
    formatos: z
      .array(ZFormatoBalanza, { error: A.balanzas.invalidos })
      .max(MAX_FORMATOS_BALANZA, A.balanzas.maximo(MAX_FORMATOS_BALANZA))
      .superRefine((formatos, ctx) => {
        const vistos = new Set<string>();
        formatos.forEach((f, i) => {
          if (vistos.has(f.prefijo)) ctx.addIssue({ code: 'custom', message: A.balanzas.prefijoRepetido(f.prefijo), path: [i, 'prefijo'] });
          vistos.add(f.prefijo);
        });
      }),
  })
  .strict();
export type TFormatosBalanza = z.infer<typeof ZFormatosBalanza>;
