import { z } from 'zod';
import { dian } from '../messages/dian';

// Only this area's texts (a screen that loads this schema does not load the whole catalogue).
const D = dian;
const UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/** Optional text: an empty string is "none" (or, for secrets, "keep the one saved"). */
const opcional = <T extends z.ZodTypeAny>(s: T) => z.union([z.literal('').transform(() => undefined), s]).optional();

export const AMBIENTES_DIAN = ['habilitacion', 'produccion'] as const;
export const TRANSPORTES_DIAN = ['dian', 'proveedor'] as const;

/** The store's electronic POS configuration as role 1 saves it (issue #31 point 8). Secrets left empty keep the saved ones. */
export const ZConfiguracionDianRequest = z.object({
  habilitado: z.boolean({ error: D.ambienteInvalido }),
  ambiente: z.enum(AMBIENTES_DIAN, { error: D.ambienteInvalido }),
  softwareId: opcional(z.string({ error: D.softwareIdInvalido }).trim().regex(UUID_RE, D.softwareIdInvalido)),
  softwarePin: opcional(z.string({ error: D.softwarePinInvalido }).trim().regex(/^\d{4,10}$/, D.softwarePinInvalido)),
  testSetId: opcional(z.string({ error: D.testSetIdInvalido }).trim().regex(UUID_RE, D.testSetIdInvalido)),
  transporte: z.enum(TRANSPORTES_DIAN, { error: D.transporteInvalido }),
  proveedorUrl: opcional(
    z
      .string({ error: D.proveedorUrlInvalida })
      .trim()
      .max(300, D.proveedorUrlInvalida)
      .regex(/^https:\/\/[^\s/$.?#][^\s]*$/i, D.proveedorUrlInvalida),
  ),
  proveedorToken: opcional(z.string({ error: D.proveedorTokenInvalido }).trim().min(10, D.proveedorTokenInvalido).max(500, D.proveedorTokenInvalido)),
});
export type TConfiguracionDianRequest = z.input<typeof ZConfiguracionDianRequest>;

/** The certificate's upload: the .p12 in base64 (≤ 100 KB) and its password. Never answered back. */
export const ZCertificadoDianRequest = z.object({
  p12: z
    .string({ error: D.archivoP12Invalido })
    .min(16, D.archivoP12Invalido)
    .max(140_000, D.archivoP12Invalido)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, D.archivoP12Invalido),
  clave: z.string({ error: D.claveCertificadoInvalida }).min(1, D.claveCertificadoInvalida).max(200, D.claveCertificadoInvalida),
});
export type TCertificadoDianRequest = z.input<typeof ZCertificadoDianRequest>;

export const ZResumenCertificado = z.object({ sujeto: z.string(), emisor: z.string(), serial: z.string(), validoDesde: z.string(), validoHasta: z.string() });

export const ZResultadoHabilitacion = z.object({
  fecha: z.string(),
  aceptado: z.boolean(),
  documentos: z.array(
    z.object({
      numero: z.string(),
      /** aceptado, rechazado, sin_respuesta, or en_proceso while DIAN validates the batch (`zipKey` to ask again). */
      estado: z.string(),
      codigo: z.string(),
      descripcion: z.string(),
      reglas: z.array(z.object({ codigo: z.string(), mensaje: z.string() })),
      zipKey: z.string().optional(),
    }),
  ),
});
export type TResultadoHabilitacion = z.infer<typeof ZResultadoHabilitacion>;

/** The other document types a store enables, each with its own habilitación (issue #57 point 5). */
export const TIPOS_HABILITACION = ['factura', 'soporte'] as const;
export type TTipoHabilitacion = (typeof TIPOS_HABILITACION)[number];
export const ZTipoHabilitacionParam = z.object({ tipo: z.enum(TIPOS_HABILITACION, { error: D.tipoHabilitacionInvalido }) });

/** One type's software and test set as role 1 saves them; empty keeps what is saved. */
export const ZHabilitacionTipoRequest = z.object({
  softwareId: opcional(z.string({ error: D.softwareIdInvalido }).trim().regex(UUID_RE, D.softwareIdInvalido)),
  softwarePin: opcional(z.string({ error: D.softwarePinInvalido }).trim().regex(/^\d{4,10}$/, D.softwarePinInvalido)),
  testSetId: opcional(z.string({ error: D.testSetIdInvalido }).trim().regex(UUID_RE, D.testSetIdInvalido)),
});
export type THabilitacionTipoRequest = z.input<typeof ZHabilitacionTipoRequest>;

export const ESTADOS_HABILITACION = ['sin_configurar', 'en_pruebas', 'habilitado', 'rechazado'] as const;

/** One type's habilitación as the routes answer it (never its PIN). */
export const ZHabilitacionTipo = z.object({
  tipo: z.enum(TIPOS_HABILITACION),
  softwareId: z.string().nullable(),
  pinGuardado: z.boolean(),
  testSetId: z.string().nullable(),
  estado: z.enum(ESTADOS_HABILITACION),
  habilitadoEn: z.string().nullable(),
  resultado: ZResultadoHabilitacion.nullable(),
});
export type THabilitacionTipo = z.infer<typeof ZHabilitacionTipo>;

/** What the routes answer: never the certificate, its password, the PIN or the provider's token. */
export const ZConfiguracionDian = z.object({
  habilitado: z.boolean(),
  ambiente: z.enum(AMBIENTES_DIAN),
  softwareId: z.string().nullable(),
  pinGuardado: z.boolean(),
  testSetId: z.string().nullable(),
  transporte: z.enum(TRANSPORTES_DIAN),
  proveedorUrl: z.string().nullable(),
  tokenGuardado: z.boolean(),
  certificado: ZResumenCertificado.nullable(),
  /** The stores of the empresa sharing the certificate and the software (ADR 069): two or more, and only the owner changes them. */
  tiendasEmpresa: z.number().int(),
  habilitacionSuperadaEn: z.string().nullable(),
  habilitacion: ZResultadoHabilitacion.nullable(),
  /** The factura electrónica's and the documento soporte's own habilitación (issue #57 point 5). */
  tipos: z.array(ZHabilitacionTipo),
});
export type TConfiguracionDian = z.infer<typeof ZConfiguracionDian>;

/** One document of the outbox as the panel lists it. */
export const ZDocumentoDian = z.object({
  id: z.number().int(),
  ventaId: z.number().int().nullable(),
  tipo: z.string(),
  numero: z.string(),
  cude: z.string(),
  estado: z.string(),
  contingencia: z.string().nullable(),
  limiteContingencia: z.string().nullable(),
  /** Minutes left of the 48 hours (negative once expired); null outside contingency. */
  minutosRestantes: z.number().int().nullable(),
  alerta: z.boolean(),
  regla: z.string().nullable(),
  mensaje: z.string().nullable(),
  descripcion: z.string().nullable(),
  intentos: z.number().int(),
  creadoEn: z.string(),
  aceptadoEn: z.string().nullable(),
});
export type TDocumentoDian = z.infer<typeof ZDocumentoDian>;

export const ZDocumentosDian = z.object({ items: z.array(ZDocumentoDian), total: z.number().int(), alertas: z.number().int() });
export type TDocumentosDian = z.infer<typeof ZDocumentosDian>;

export const ZDocumentosDianQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  estado: z.enum(['pendiente', 'enviado', 'aceptado', 'rechazado', 'contingencia']).optional(),
});

const FECHA = z.iso.date({ error: D.rangoInvalido });
export const ZArchivoDianQuery = z
  .object({ desde: FECHA, hasta: FECHA })
  .refine((v) => v.hasta >= v.desde && Date.parse(v.hasta) - Date.parse(v.desde) <= 366 * 86_400_000, { message: D.rangoInvalido, path: ['hasta'] });

/** The tirilla's electronic part (issue #31 point 6): shown on every receipt of a sale that has a document. */
export const ZDocumentoRecibo = z.object({
  /** 20 documento equivalente POS; 01 factura electrónica de venta (issue #57), asked by an identified buyer. */
  tipo: z.enum(['20', '01']).optional(),
  /** An invoice's buyer as its receipt names them (issue #57): name and ID (a NIT with its check digit). */
  adquirente: z.object({ nombre: z.string(), documento: z.string() }).nullable().optional(),
  numero: z.string(),
  cude: z.string(),
  /** DIAN's catalogue URL with the CUDE (the QR's content). */
  url: z.string(),
  estado: z.string(),
  contingencia: z.string().nullable(),
  ambiente: z.enum(AMBIENTES_DIAN),
  software: z.string(),
  fabricante: z.string(),
});
export type TDocumentoRecibo = z.infer<typeof ZDocumentoRecibo>;

/** Taxes a debit note's charge may carry (no bag: a bag is sold, not charged afterwards). */
export const IMPUESTOS_NOTA_DEBITO = ['iva19', 'iva5', 'inc8', 'exento', 'excluido'] as const;
const N = D.notaDebito;

/** A debit note to an invoiced sale (issue #57 point 2, ADR 050): the reason's code, the reason, the charges in pesos (tax included). */
export const ZNotaDebitoRequest = z.object({
  concepto: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: N.conceptoInvalido }),
  motivo: z.string({ error: N.motivoInvalido }).trim().min(3, N.motivoInvalido).max(200, N.motivoInvalido),
  cargos: z
    .array(
      z.object({
        descripcion: z.string({ error: N.descripcionInvalida }).trim().min(1, N.descripcionInvalida).max(100, N.descripcionInvalida),
        valor: z.number({ error: N.valorInvalido }).int(N.valorInvalido).min(1, N.valorInvalido).max(100_000_000, N.valorInvalido),
        impuesto: z.enum(IMPUESTOS_NOTA_DEBITO, { error: N.impuestoInvalido }),
      }),
      { error: N.cargosInvalidos },
    )
    .min(1, N.cargosInvalidos)
    .max(20, N.cargosInvalidos),
});
export type TNotaDebitoRequest = z.input<typeof ZNotaDebitoRequest>;

export const ZNotaDebito = z.object({
  id: z.number().int(),
  numero: z.string(),
  cude: z.string(),
  estado: z.string(),
  concepto: z.number().int().nullable(),
  motivo: z.string(),
  /** Pesos charged (the note's PayableAmount). */
  total: z.number().int(),
  creadoEn: z.string(),
});
export type TNotaDebito = z.infer<typeof ZNotaDebito>;

/** A sale's invoice and its debit notes, as the sale's detail shows them to role 1. */
export const ZNotasDebitoVenta = z.object({
  factura: z.object({ numero: z.string(), cufe: z.string(), estado: z.string() }).nullable(),
  /** Whether a debit note may be issued now (a completed sale with its invoice, the store's document on). */
  puedeEmitir: z.boolean(),
  notas: z.array(ZNotaDebito),
});
export type TNotasDebitoVenta = z.infer<typeof ZNotasDebitoVenta>;

/** The month's DIAN documents by type (issue #57 point 6), shown with the tax report. */
export const ZConteoDocumentosDian = z.object({ tipos: z.array(z.object({ tipo: z.string(), nombre: z.string(), cantidad: z.number().int() })) });
export type TConteoDocumentosDian = z.infer<typeof ZConteoDocumentosDian>;

/**
 * A sale's invoice's copy for the buyer (issue #57 point 4): whether DIAN accepted it (then the ZIP and
 * the PDF download), the buyer's e-mail given at the till and what became of the e-mail.
 */
export const ZCopiaComprador = z.object({
  numero: z.string(),
  aceptada: z.boolean(),
  correo: z.string().nullable(),
  correoEstado: z.enum(['pendiente', 'enviando', 'enviado', 'sin_correo', 'fallido', 'anterior']),
  enviadoEn: z.string().nullable(),
});
export type TCopiaComprador = z.infer<typeof ZCopiaComprador>;
