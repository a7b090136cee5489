/**
 * The buyer of a factura electrónica de venta (issue #57 point 1, ADR 044): what the till sends and a
 * customer remembers. Only what DIAN asks of an identified buyer: ID type and number (a NIT with its
 * check digit), name, e-mail, RUT responsibilities and regime (Res. 202/2025 limits what may be asked).
 */
import { z } from 'zod';
import { facturaElectronica as FE } from '../messages/factura-electronica';
import { digitoVerificacion } from '../impuestos';
import { EMAIL_RE } from './common';

export const RESPONSABILIDADES_RUT = ['O-13', 'O-15', 'O-23', 'O-47', 'R-99-PN'] as const;
export const TIPOS_DOCUMENTO_FACTURA = ['31', '13', '22', '41'] as const;

export const ZAdquirente = z
  .object({
    tipoPersona: z.union([z.literal(1), z.literal(2)], { error: FE.tipoPersonaInvalido }),
    tipoDocumento: z.enum(TIPOS_DOCUMENTO_FACTURA, { error: FE.tipoDocumentoInvalido }),
    numero: z.string({ error: FE.numeroInvalido }).trim().max(20, FE.numeroInvalido).transform((s) => s.replace(/[.\s-]/g, '').toUpperCase()),
    dv: z.string({ error: FE.dvFalta }).trim().max(1, FE.dvFalta).optional().nullable(),
    nombre: z.string({ error: FE.nombreInvalido }).trim().min(1, FE.nombreInvalido).max(120, FE.nombreInvalido),
    email: z.string({ error: FE.emailInvalido }).trim().max(120, FE.emailInvalido).regex(EMAIL_RE, FE.emailInvalido),
    responsabilidades: z
      .array(z.enum(RESPONSABILIDADES_RUT, { error: FE.responsabilidadesInvalidas }), { error: FE.responsabilidadesInvalidas })
      .min(1, FE.responsabilidadesInvalidas)
      .max(5, FE.responsabilidadesInvalidas)
      .transform((r) => [...new Set(r)]),
    responsableIva: z.boolean({ error: FE.responsableIva }),
  })
  .superRefine((a, ctx) => {
    const valido = a.tipoDocumento === '41' ? /^[A-Z0-9]{3,20}$/.test(a.numero) : /^\d{3,15}$/.test(a.numero);
    if (!valido) ctx.addIssue({ code: 'custom', message: FE.numeroInvalido, path: ['numero'] });
    if (a.tipoDocumento === '31' && valido) {
      const dv = String(digitoVerificacion(a.numero));
      if (!a.dv) ctx.addIssue({ code: 'custom', message: FE.dvFalta, path: ['dv'] });
      else if (a.dv !== dv) ctx.addIssue({ code: 'custom', message: FE.dvIncorrecto(dv), path: ['dv'] });
    }
  })
  .transform((a) => ({ ...a, dv: a.tipoDocumento === '31' ? a.dv! : null }));
export type TAdquirente = z.output<typeof ZAdquirente>;
export type TAdquirenteRequest = z.input<typeof ZAdquirente>;

/** A till's invoice range: the POS range's fields plus the technical key DIAN gives with it. */
export const ZClaveTecnica = z
  .string({ error: FE.claveTecnicaInvalida })
  .trim()
  .regex(/^[A-Za-z0-9]{8,128}$/, FE.claveTecnicaInvalida);

/** A customer's remembered fiscal data (null: never asked). */
export const ZDatosFiscalesCliente = z.object({
  datosFiscales: z
    .object({
      tipoPersona: z.union([z.literal(1), z.literal(2)]),
      tipoDocumento: z.enum(TIPOS_DOCUMENTO_FACTURA),
      numero: z.string(),
      dv: z.string().nullable(),
      nombre: z.string(),
      email: z.string(),
      responsabilidades: z.array(z.enum(RESPONSABILIDADES_RUT)),
      responsableIva: z.boolean(),
    })
    .nullable(),
});
