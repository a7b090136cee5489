import { z } from 'zod';
import { registro } from '../messages/auth';
import { clientes } from '../messages/clientes';
import { fiado } from '../messages/fiado';
import { errorDocumentoPorTipo, errorFiadoPorTipo } from '../documento';
import { TIPOS_DOC_CLIENTE } from '../roles';
import { EMAIL_RE, sinBidi } from './common';
import { ZCupo, ZResumenCredito, ZTelefono } from './fiado';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { clientes, fiado, registro };

const tipoDocValues = TIPOS_DOC_CLIENTE.map((t) => t.value) as [string, ...string[]];

/** The client's fields a person must fill. */
export type CampoRequeridoCliente = 'documento' | 'tipoDocumento' | 'nombre' | 'apellido';

/**
 * What a face says about the client's fields: the spec gives the store's form one text for every
 * empty field ('Por favor llene todos los campos') and the back-office one per field
 * ("Por favor, complete el campo 'Documento'."). Only the words differ between faces.
 */
export interface MensajesCliente {
  vacio: (campo: CampoRequeridoCliente) => string;
  tipoDocumento: string;
}

/** People write "1.020.304.050": dots and spaces are separators, not part of the number. */
export const normalizarDocumento = (documento: string) => documento.replace(/[.\s]/g, '').toUpperCase();

/** The document checks as a zod refinement over an object with `documento` and `tipoDocumento`. */
export const refinarDocumento = (v: { documento: string; tipoDocumento: string; fiado?: boolean }, ctx: z.RefinementCtx) => {
  const doc = errorDocumentoPorTipo(v.tipoDocumento, v.documento);
  if (doc) ctx.addIssue({ code: 'custom', message: doc, path: ['documento'] });
  const fiado = errorFiadoPorTipo(v.tipoDocumento, v.fiado);
  if (fiado) ctx.addIssue({ code: 'custom', message: fiado, path: ['fiado'] });
};

const requerido = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, M.registro.tooLong).refine(sinBidi, M.registro.bidi);

/**
 * The client's fields under the names of its domain module (server/modules/cliente/cliente.domain.ts),
 * with a face's words. Every face's request schema is one of these: the fields, their shapes and
 * their normalisation are the same on every face (a documento typed with dots in the back-office is
 * the same client as the one the store typed without them).
 */
export const clienteConMensajes = (m: MensajesCliente) =>
  z.object({
    documento: requerido(m.vacio('documento'), 30)
      .transform(normalizarDocumento)
      .pipe(z.string().regex(/^[0-9A-Z]{3,20}$/, M.clientes.documentoInvalido)),
    tipoDocumento: requerido(m.vacio('tipoDocumento'), 30).pipe(z.enum(tipoDocValues, { error: m.tipoDocumento })),
    nombre: requerido(m.vacio('nombre'), 80),
    apellido: requerido(m.vacio('apellido'), 80),
    /** Optional; when given, a valid address, kept in lower case. */
    correo: z
      .union([z.null(), z.string().trim().max(254, M.registro.email)], { error: M.registro.email })
      .optional()
      .transform((v) => (v ? v.toLowerCase() : null))
      .pipe(z.union([z.null(), z.string().regex(EMAIL_RE, M.registro.email)])),
  });

/** The client's one zod base, with the store's words (spec §5: every field required but the correo). */
export const ZClienteBase = clienteConMensajes({ vacio: () => M.clientes.camposVacios, tipoDocumento: M.registro.tipoDoc });

/**
 * The store's client form (spec §5, /gestionar_clientes): the same for adding and editing. Fiado
 * (issue #17) adds the phone (for WhatsApp), whether the customer may buy on credit and the limit;
 * not sent means unchanged, and only role 1 may change fiado or the limit (cliente.domain.ts).
 */
export const ZClienteRequest = ZClienteBase.extend({
  telefono: ZTelefono,
  fiado: z.boolean({ error: M.fiado.cupoInvalido }).optional(),
  cupo: ZCupo.optional(),
}).superRefine(refinarDocumento);
export const ZCreateClienteRequest = ZClienteRequest;
export const ZUpdateClienteRequest = ZClienteRequest;
export type TClienteRequest = z.input<typeof ZClienteRequest>;
export type TClienteData = z.output<typeof ZClienteRequest>;

/**
 * Legacy API `registroCliente` and `actualizar` (controlador.cliente.php): the store's form under the
 * old keys (`Documento`, `Tipo_documento`, `NombreCliente`, `ApellidoCliente`, `Correo`), which the
 * controller renames to these.
 */
export const ZLegacyClienteRequest = ZClienteBase.superRefine(refinarDocumento);
export type TLegacyClienteData = z.output<typeof ZLegacyClienteRequest>;

export const ZClienteParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const ZCliente = z.object({
  id: z.number().int(),
  documento: z.string(),
  tipoDocumento: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  correo: z.string().nullable(),
  telefono: z.string().nullable(),
  /** Fiado (issue #17): may buy on credit, the limit, and the balance at a glance. */
  fiado: z.boolean(),
  cupo: z.number().int(),
  credito: ZResumenCredito.optional(),
});
export type TCliente = z.infer<typeof ZCliente>;

export const ZClienteMessage = z.object({ message: z.string() });
export const ZClienteResponse = z.object({ message: z.string(), cliente: ZCliente });
