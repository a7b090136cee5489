import { z } from 'zod';
import { registro } from '../messages/auth';
import { clientes } from '../messages/clientes';
import { generic } from '../messages/comun';
import { fiado } from '../messages/fiado';
import { errorDocumentoPorTipo, errorFiadoPorTipo } from '../documento';
import { TIPOS_DOC_CLIENTE } from '../roles';
import { EMAIL_RE, sinBidi } from './common';
import { baseDe, columnasDe, leidoDeCara, leidosEn, siPresente, soloDeCara, type Campos } from '../campos';
import { ZCupo, ZPlazoFiado, ZResumenCredito, ZTelefono } from './fiado';

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
export const refinarDocumento = (v: { documento: string; tipoDocumento?: string; fiado?: boolean }, ctx: z.RefinementCtx) => {
  // An edit that does not send the type keeps it: the domain checks the documento against the stored one.
  if (v.tipoDocumento === undefined) return;
  const doc = errorDocumentoPorTipo(v.tipoDocumento, v.documento);
  if (doc) ctx.addIssue({ code: 'custom', message: doc, path: ['documento'] });
  const fiado = errorFiadoPorTipo(v.tipoDocumento, v.fiado);
  if (fiado) ctx.addIssue({ code: 'custom', message: fiado, path: ['fiado'] });
};

const requerido = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, M.registro.tooLong).refine(sinBidi, M.registro.bidi);

/** Optional; when given, a valid address, kept in lower case; empty or null: none; absent: left as it is. */
const zCorreo = siPresente(
  z
    .union([z.null(), z.string().trim().max(254, M.registro.email)], { error: M.registro.email })
    .transform((v) => (v ? v.toLowerCase() : null))
    .pipe(z.union([z.null(), z.string().regex(EMAIL_RE, M.registro.email)])),
);

const texto = z.string();

/**
 * THE CUSTOMER'S FIELD LIST (issue #29): each field once, under its domain name
 * (server/modules/cliente/cliente.domain.ts), in the store form's order — how a request validates it
 * (`z`, in a face's words), how it is read (`lee`), and only the names a face gives it where they
 * differ (shared/campos.ts says what each key means): the legacy calls' old keys (`heredada`), and
 * the fiado fields (issue #17) that only the store's form carries. Every face's request schema, the
 * store's and the back-office's rows, the legacy keys and extra keys, and the domain's columns
 * derive from it: the fields, their shapes and their normalisation are the same on every face (a
 * documento typed with dots in the back-office is the same client as the one the store typed
 * without them), only the words differ. An optional field a request does not send is left as it is.
 *
 * A new field: its column (server/db/schema/cliente.ts + migration), one entry here, its label and
 * its place on the web forms (docs/architecture.md "Where a new field goes").
 */
export const camposDelCliente = (m: MensajesCliente) =>
  ({
    documento: {
      z: requerido(m.vacio('documento'), 30)
        .transform(normalizarDocumento)
        .pipe(z.string().regex(/^[0-9A-Z]{3,20}$/, M.clientes.documentoInvalido)),
      lee: texto,
      heredada: 'Documento',
    },
    tipoDocumento: { z: requerido(m.vacio('tipoDocumento'), 30).pipe(z.enum(tipoDocValues, { error: m.tipoDocumento })), lee: texto, heredada: 'Tipo_documento' },
    nombre: { z: requerido(m.vacio('nombre'), 80), lee: texto, heredada: 'NombreCliente' },
    apellido: { z: requerido(m.vacio('apellido'), 80), lee: texto, heredada: 'ApellidoCliente' },
    correo: { z: zCorreo, lee: texto.nullable(), heredada: 'Correo' },
    // Fiado (issue #17): the phone (for WhatsApp), whether the customer may buy on credit and the
    // limit; only the store's form carries them, and only who has `credito` changes the last two.
    telefono: { z: ZTelefono, lee: texto.nullable(), heredada: false, administracion: false },
    fiado: { z: z.boolean({ error: M.fiado.cupoInvalido }).optional(), lee: z.boolean(), heredada: false, administracion: false },
    cupo: { z: ZCupo.optional(), lee: z.number().int(), heredada: false, administracion: false, forma: 'pesos' },
    // The days each fiado sale has to be paid (issue #30 point 6): credit terms, changed like the limit.
    plazoFiado: { z: ZPlazoFiado.optional(), lee: z.number().int(), heredada: false, administracion: false },
    // Read-only here, kept by the archive (issue #27).
    activo: { lee: z.boolean(), tienda: false, administracion: false },
  }) as const satisfies Campos;

/** The customer's field list with the store's words (spec §5: every field required but the correo). */
export const CAMPOS_DEL_CLIENTE = camposDelCliente({ vacio: () => M.clientes.camposVacios, tipoDocumento: M.registro.tipoDoc });

/** The client's fields under the domain's names, with a face's words: every face's request schema is this, or part of it. */
export const clienteConMensajes = (m: MensajesCliente) => baseDe(camposDelCliente(m));

/** The client's one zod base, with the store's words. */
export const ZClienteBase = baseDe(CAMPOS_DEL_CLIENTE);
export type TCamposCliente = z.output<typeof ZClienteBase>;

/** The columns a client is read with (the domain's projection is these, from the table). */
export const COLUMNAS_CLIENTE = columnasDe(CAMPOS_DEL_CLIENTE);

/** The columns the store's screens read, and the back-office's (the domain's names on both). */
export const LEIDAS_TIENDA = leidosEn(CAMPOS_DEL_CLIENTE, 'tienda') as (keyof z.output<typeof ZLeidoTienda>)[];
export const LEIDAS_ADMINISTRACION = leidosEn(CAMPOS_DEL_CLIENTE, 'administracion') as (keyof z.output<typeof ZLeidoAdministracion>)[];
const ZLeidoTienda = leidoDeCara(CAMPOS_DEL_CLIENTE, 'tienda');
const ZLeidoAdministracion = leidoDeCara(CAMPOS_DEL_CLIENTE, 'administracion');

/** The client as the back-office reads it, under the domain's names. */
export const ZClienteLeido = z.object({ idCliente: z.number().int(), ...ZLeidoAdministracion.shape, idTienda: z.number().int() });

/**
 * The store's client form (spec §5, /gestionar_clientes): the same for adding and editing. Fiado
 * (issue #17) adds the phone (for WhatsApp), whether the customer may buy on credit and the limit;
 * not sent means unchanged, and only role 1 may change fiado or the limit (cliente.domain.ts).
 */
export const ZClienteRequest = ZClienteBase.superRefine(refinarDocumento);
export const ZCreateClienteRequest = ZClienteRequest;
export const ZUpdateClienteRequest = ZClienteRequest;
export type TClienteRequest = z.input<typeof ZClienteRequest>;
export type TClienteData = z.output<typeof ZClienteRequest>;

/**
 * Legacy API `registroCliente` and `actualizar` (controlador.cliente.php): the store's form under the
 * old keys (`Documento`, `Tipo_documento`, `NombreCliente`, `ApellidoCliente`, `Correo`), which the
 * controller renames to these.
 */
export const ZLegacyClienteRequest = soloDeCara(ZClienteBase, CAMPOS_DEL_CLIENTE, 'heredada').superRefine(refinarDocumento);
export type TLegacyClienteData = z.output<typeof ZLegacyClienteRequest>;

export const ZClienteParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Merge another customer with the same flagged documento into this one (issue #56, ADR 067): the other's id. */
export const ZUnirClientesRequest = z.object({ clienteId: z.number({ error: generic.validation }).int().positive().max(2_147_483_647) }).strict();
export type TUnirClientesRequest = z.infer<typeof ZUnirClientesRequest>;

/** A client of the store's screens: the read base of the store's fields, with, in the list, the balance at a glance (fiado, issue #17). */
export const ZCliente = z.object({
  id: z.number().int(),
  ...ZLeidoTienda.shape,
  credito: ZResumenCredito.optional(),
  /**
   * Another customer of the empresa has the same documento (issue #56): two stores had each created the
   * person before customers were shared (migration 0090 kept both). The list flags them to correct one.
   */
  documentoRepetido: z.boolean().optional(),
});
export type TCliente = z.infer<typeof ZCliente>;

export const ZClienteMessage = z.object({ message: z.string() });
export const ZClienteResponse = z.object({ message: z.string(), cliente: ZCliente });
