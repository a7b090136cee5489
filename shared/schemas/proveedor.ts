import { z } from 'zod';
import { registro } from '../messages/auth';
import { generic } from '../messages/comun';
import { proveedores } from '../messages/proveedores';
import { EMAIL_RE, sinBidi } from './common';
import { baseDe, columnasDe, leidoDe, siPresente, type Campos } from '../campos';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { proveedores, registro };

/** The supplier's fields a person must fill. */
export type CampoProveedor = 'nombre' | 'telefono' | 'email';

/**
 * What a face says about the supplier's fields: the store's form has one text for every empty field
 * ('Por favor llene todos los campos', spec §5), the back-office one per field ("Por favor, complete
 * el campo 'Nombre'.") and its own words for a bad phone. Only the words differ between faces.
 */
export interface MensajesProveedor {
  vacio: (campo: CampoProveedor) => string;
  telefono: string;
}

/**
 * Digits only, 7 to 15 of them, kept as text so that 10-digit Colombian mobiles and leading zeros
 * fit (spec: "parsed as an integer"; a number is accepted too). Spaces and dashes typed between
 * digits as separators are dropped.
 */
export const zTelefonoProveedor = (m: { vacio: string; invalido: string }) =>
  z.union([z.string(), z.number()], { error: m.vacio }).transform((v, ctx): string => {
    const s = (typeof v === 'number' ? String(v) : v).trim().replace(/(?<=\d)[\s-]+(?=\d)/g, '');
    if (s === '') {
      ctx.addIssue({ code: 'custom', message: m.vacio });
      return z.NEVER;
    }
    if (!/^\d{7,15}$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: m.invalido });
      return z.NEVER;
    }
    return s;
  });

const texto = z.string();

/** DIAN's ID types a supplier may have (ADR 055): cédula, cédula de extranjería, NIT, pasaporte, tarjeta de identidad, PEP, PPT, a foreign NIT. */
export const TIPOS_IDENTIFICACION_PROVEEDOR = ['CC', 'CE', 'NIT', 'PA', 'TI', 'PEP', 'PPT', 'NITE'] as const;
export type TTipoIdentificacionProveedor = (typeof TIPOS_IDENTIFICACION_PROVEEDOR)[number];

/**
 * THE SUPPLIER'S FIELD LIST (issue #29): each field once, under its domain name
 * (server/modules/proveedor/proveedor.domain.ts), in the forms' order — how a request validates it
 * (`z`, in a face's words), how it is read (`lee`), and only the names a face gives it where they
 * differ (shared/campos.ts says what each key means; no face renames a supplier's field today).
 * Every face's request schema, the store's and the back-office's rows, the legacy extra keys and
 * the domain's columns derive from it: the fields, their shapes and their normalisation (the
 * phone's separators, the email in lower case) are the same on every face, only the words differ.
 *
 * A new field: its column (server/db/schema/proveedor.ts + migration), one entry here, its label
 * and its place on the web forms (docs/architecture.md "Where a new field goes").
 */
export const camposDelProveedor = (m: MensajesProveedor) =>
  ({
    nombre: { z: z.string({ error: m.vacio('nombre') }).trim().min(1, m.vacio('nombre')).max(120, M.registro.tooLong).refine(sinBidi, M.registro.bidi), lee: texto },
    telefono: { z: zTelefonoProveedor({ vacio: m.vacio('telefono'), invalido: m.telefono }), lee: texto },
    email: {
      z: z
        .string({ error: m.vacio('email') })
        .trim()
        .min(1, m.vacio('email'))
        .max(254, M.registro.email)
        .regex(EMAIL_RE, M.registro.email)
        .transform((v) => v.toLowerCase()),
      lee: texto,
    },
    // For a later documento soporte (issue #32 point 7): optional; empty is none; absent, left as it is.
    documento: {
      z: siPresente(
        z
          .union([z.null(), z.string().trim().max(20, M.proveedores.documentoInvalido)], { error: M.proveedores.documentoInvalido })
          .transform((v) => (v ? v.replace(/[.\s]/g, '') : null))
          .pipe(z.union([z.null(), z.string().regex(/^[0-9]{5,15}(-[0-9])?$/, M.proveedores.documentoInvalido)])),
      ),
      lee: texto.nullable(),
      heredada: false,
    },
    direccion: {
      z: siPresente(
        z
          .union([z.null(), z.string().trim().max(160, M.registro.tooLong)], { error: M.registro.tooLong })
          .transform((v) => v || null)
          .pipe(z.union([z.null(), z.string().refine(sinBidi, M.registro.bidi)])),
      ),
      lee: texto.nullable(),
      heredada: false,
    },
    // What the documento soporte names of a supplier who does not invoice (issue #57 point 3, ADR 055):
    // optional; empty is none; absent, left as it is. The domain requires them when the supplier does not invoice.
    tipoIdentificacion: {
      z: siPresente(
        z
          .union([z.null(), z.string().trim()], { error: M.proveedores.tipoIdentificacionInvalido })
          .transform((v) => (v ? v.toUpperCase() : null))
          .pipe(z.union([z.null(), z.enum(TIPOS_IDENTIFICACION_PROVEEDOR, { error: M.proveedores.tipoIdentificacionInvalido })])),
      ),
      lee: texto.nullable(),
      heredada: false,
    },
    municipio: {
      z: siPresente(
        z
          .union([z.null(), z.string().trim().max(5, M.proveedores.municipioInvalido)], { error: M.proveedores.municipioInvalido })
          .transform((v) => v || null)
          .pipe(z.union([z.null(), z.string().regex(/^\d{5}$/, M.proveedores.municipioInvalido)])),
      ),
      lee: texto.nullable(),
      heredada: false,
    },
    // A ticked box of the back-office's form is 'true', an unticked one ''.
    obligadoFacturar: {
      z: z.union([z.boolean(), z.enum(['true', 'false', '']).transform((v) => v === 'true')], { error: M.proveedores.obligadoInvalido }).optional(),
      lee: z.boolean(),
      heredada: false,
    },
  }) as const satisfies Campos;

/** The supplier's field list with the store's words. */
export const CAMPOS_DEL_PROVEEDOR = camposDelProveedor({ vacio: () => M.proveedores.camposVacios, telefono: M.proveedores.telefonoInvalido });

/** The supplier's fields under the domain's names, with a face's words: every face's request schema is this. */
export const proveedorConMensajes = (m: MensajesProveedor) => baseDe(camposDelProveedor(m));

/** The supplier's one zod base, with the store's words. */
export const ZProveedorBase = baseDe(CAMPOS_DEL_PROVEEDOR);
export type TCamposProveedor = z.output<typeof ZProveedorBase>;

/** The columns a supplier is read with (the domain's projection is these, from the table). */
export const COLUMNAS_PROVEEDOR = columnasDe(CAMPOS_DEL_PROVEEDOR);

/** The supplier as its domain module reads it, under the domain's names: every face's row derives from it. */
export const ZProveedorLeido = z.object({ idProveedor: z.number().int(), ...leidoDe(CAMPOS_DEL_PROVEEDOR).shape, idTienda: z.number().int() });

/** The store's add-supplier form (spec §5, /gestionar_proveedores): every field required. */
export const ZCreateProveedorRequest = ZProveedorBase;
export type TCreateProveedorRequest = z.input<typeof ZCreateProveedorRequest>;
export type TCreateProveedorData = z.output<typeof ZCreateProveedorRequest>;

/** Legacy API `agregarProveedor` (controlador.proveedor.php): the store's form under the same keys. */
export const ZLegacyAgregarProveedorRequest = ZCreateProveedorRequest;

export const ZProveedorParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** A supplier of the store's list: the read base under the store's names, with its product count. */
export const ZProveedor = z.object({
  id: ZProveedorLeido.shape.idProveedor,
  ...leidoDe(CAMPOS_DEL_PROVEEDOR).shape,
  /** How many of the store's products name this supplier. */
  productos: z.number().int(),
  /** The empresa's supplier created in another of its stores (ADR 064): that store's name; absent for the store's own. */
  creadoEn: z.string().optional(),
  /** Another supplier of the empresa has the same documento, from before suppliers were shared (migration 0097). */
  documentoRepetido: z.boolean().optional(),
  /** For a flagged one: the other supplier with the same number, which *Unir con el otro* merges into this one (ADR 072). */
  gemeloId: z.number().int().optional(),
});
export type TProveedor = z.infer<typeof ZProveedor>;

export const ZProveedorOpcion = z.object({ id: z.number().int(), nombre: z.string() });
export type TProveedorOpcion = z.infer<typeof ZProveedorOpcion>;

export const ZProductoDeProveedor = z.object({
  id: z.number().int(),
  nombre: z.string(),
  marca: z.string().nullable(),
  precio: z.number().int(),
  stock: z.number(),
  estado: z.number().int(),
  /** The product's DIAN unit: '94' by unit, KGM/GRM/LTR/MLT by measure (ADR 030). */
  unidad: z.string(),
  codigoBarras: z.string().nullable(),
  /** It tracks lots (ADR 051): receiving it asks for each lot's code and expiry. */
  manejaLotes: z.boolean(),
  /** Its packs (ADR 033), for ordering and receiving by pack (ADR 036). */
  presentaciones: z.array(z.object({ id: z.number().int(), nombre: z.string(), factor: z.number().int(), codigoBarras: z.string() })),
});
export type TProductoDeProveedor = z.infer<typeof ZProductoDeProveedor>;

export const ZProveedorMessage = z.object({ message: z.string() });

/** POST /api/proveedores/:id/unir (issue #56, ADR 072): the other supplier with the same flagged NIT or cédula, merged into this one. */
export const ZUnirProveedoresRequest = z.object({ proveedorId: z.number({ error: generic.validation }).int().positive().max(2_147_483_647) }).strict();
export const ZUnirProveedoresResponse = z.object({ message: z.string(), proveedor: ZProveedor });
export const ZCreateProveedorResponse = z.object({ message: z.string(), proveedor: ZProveedor });
