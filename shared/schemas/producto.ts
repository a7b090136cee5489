import { z } from 'zod';
import { LIMITES_DINERO } from '../money';
import { registro } from '../messages/auth';
import { crud } from '../messages/crud';
import { productos } from '../messages/productos';
import { catalogoEmpresa } from '../messages/catalogo-empresa';
import { sinBidi } from './common';
import { UNIDADES_DIAN } from '../impuestos';
import { baseDe, columnasDe, extrasDe, importablesDe, leidoDe, nombresEn, siPresente, type Campo, type Campos, type ImportadosDe } from '../campos';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { crud, productos, registro, catalogoEmpresa };

const MAX_INT4 = 2_147_483_647;

/**
 * A whole number typed by a person (text) or sent by a client (number): no dots, commas, signs
 * or decimals. Empty or missing → `empty`; anything else that is not digits → `invalid`.
 */
export const zEntero = (opts: { empty: string; invalid: string; max?: number }) =>
  z.union([z.number(), z.string()], { error: opts.empty }).transform((v, ctx): number => {
    const s = typeof v === 'number' ? String(v) : v.trim();
    if (s === '') {
      ctx.addIssue({ code: 'custom', message: opts.empty });
      return z.NEVER;
    }
    const n = Number(s);
    if (!/^\d+$/.test(s) || !Number.isSafeInteger(n) || n > (opts.max ?? MAX_INT4)) {
      ctx.addIssue({ code: 'custom', message: opts.invalid });
      return z.NEVER;
    }
    return n;
  });

/** The largest stock a product may hold (numeric(12,3): nine whole digits). */
const MAX_STOCK = 999_999_999;

/**
 * A stock or quantity in stock typed by a person or sent by a client (ADR 030): whole, or with up
 * to three decimals for a product sold by weight or measure — "4,625" or "4.625" (a dot followed
 * by one to three digits is a decimal point, as the till reads it). Whether decimals are allowed
 * depends on the product's unit, a rule of the product's domain. Empty or missing → `empty`.
 */
export const zStock = (opts: { empty: string; invalid: string }) =>
  z.union([z.number(), z.string()], { error: opts.empty }).transform((v, ctx): number => {
    const s = typeof v === 'number' ? String(v) : v.trim();
    if (s === '') {
      ctx.addIssue({ code: 'custom', message: opts.empty });
      return z.NEVER;
    }
    const m = /^(\d{1,9})(?:[.,](\d{1,3}))?$/.exec(s);
    if (!m || Number(m[1]) > MAX_STOCK) {
      ctx.addIssue({ code: 'custom', message: opts.invalid });
      return z.NEVER;
    }
    // Through integer thousandths, so "4,625" and 4.625 are the same JS number.
    return (Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0'))) / 1000;
  });

/**
 * A unit price typed by a person or sent by a client: digits, or es-CO with thousand dots ("12.500",
 * "$ 12.500"), as the payment field takes them. Capped at LIMITES_DINERO.maxPrecio with its own message.
 */
export const zPrecio = (opts: { empty: string; invalid: string }) =>
  z.union([z.number(), z.string()], { error: opts.empty }).transform((v, ctx): number => {
    const s = typeof v === 'number' ? String(v) : v.trim().replace(/^\$\s*/, '');
    if (s === '') {
      ctx.addIssue({ code: 'custom', message: opts.empty });
      return z.NEVER;
    }
    const digits = /^\d{1,3}(\.\d{3})+$/.test(s) ? s.replace(/\./g, '') : s;
    const n = Number(digits);
    if (!/^\d+$/.test(digits) || !Number.isSafeInteger(n)) {
      ctx.addIssue({ code: 'custom', message: opts.invalid });
      return z.NEVER;
    }
    if (n > LIMITES_DINERO.maxPrecio) {
      ctx.addIssue({ code: 'custom', message: M.productos.precioMaximo });
      return z.NEVER;
    }
    return n;
  });

const requiredName = (message: string) => z.string({ error: message }).trim().min(1, message).max(120, M.registro.tooLong).refine(sinBidi, M.registro.bidi);

/** Estado 1 Disponible / 0 No disponible; a select sends it as text. */
export const zEstadoProducto = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: M.productos.estadoInvalido })
  .transform((v) => (Number(v) === 1 ? 1 : 0) as 0 | 1);

/** The id of a row a product points to (supplier, inventory), or none ('' from a select, null); absent: left as it is. */
const zReferencia = (message: string) =>
  siPresente(z.union([z.null(), z.literal(''), z.coerce.number().int().positive().max(MAX_INT4)], { error: message }).transform((v) => (v === '' || v == null ? null : v)));

/** A calendar date (YYYY-MM-DD) that exists — 2024-02-30 does not — or none; absent: left as it is. */
const zFecha = siPresente(
  z.union([z.null(), z.literal(''), z.iso.date({ error: M.productos.fechaInvalida })], { error: M.productos.fechaInvalida }).transform((v) => (v ? v : null)),
);

/** Scanner or shop code; absent means "leave as it is", empty means "no code". */
const zCodigoBarras = siPresente(
  z.union([z.null(), z.string().trim().max(64, M.registro.tooLong).regex(/^[0-9A-Za-z-]*$/, M.productos.codigoBarrasInvalido)]).transform((v) => (v ? v : null)),
);

/** Optional text: empty or null is none; absent: left as it is. */
const nullableText = (max: number) =>
  siPresente(z.union([z.null(), z.string().trim().max(max, M.registro.tooLong).refine(sinBidi, M.registro.bidi)]).transform((v) => (v ? v : null)));

/**
 * The stock a form showed when it was loaded (store detail form, back-office form, legacy
 * `stock_anterior`). When given, the stock is only touched if the person changed it, and a sale
 * made meanwhile is never silently undone (409 instead). Empty or missing: not sent.
 */
const zStockAnterior = z
  .union([z.null(), z.number(), z.string()], { error: M.productos.stockInvalido })
  .optional()
  .transform((v, ctx): number | undefined => {
    const s = v == null ? '' : String(v).trim();
    if (s === '') return undefined;
    const r = zStock({ empty: M.productos.stockInvalido, invalid: M.productos.stockInvalido }).safeParse(s);
    if (!r.success) {
      ctx.addIssue({ code: 'custom', message: M.productos.stockInvalido });
      return z.NEVER;
    }
    return r.data;
  });

/** Yes or no: a boolean, or its text as a form or a legacy face sends it (true/false, 1/0, sí/no). */
const zSiNo = (message: string) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    const t = v.trim().toLowerCase();
    return ['true', '1', 'si', 'sí'].includes(t) ? true : ['false', '0', 'no'].includes(t) ? false : v;
  }, z.boolean({ error: message }));

/** How the product is sold (ADR 030): by unit (DIAN '94') or by kilogram, gram, litre or millilitre; absent: left as it is. */
const zUnidad = siPresente(z.enum(UNIDADES_DIAN, { error: M.productos.unidadInvalida }));

const texto = z.string().nullable();
const entero = z.number().int();

/**
 * THE PRODUCT'S FIELD LIST (issue #29): each field once, under its domain name
 * (server/modules/producto/producto.domain.ts), in the back-office's order — how a request
 * validates it (`z`, with the store's messages), how it is read (`lee`), and only the names a face
 * gives it where they differ (shared/campos.ts says what each key means). The request and read
 * schemas of every face, the store's and the legacy API's renaming, the legacy extra keys and the
 * domain's columns all derive from it. An optional field that a request does not send is left as
 * it is on every face.
 *
 * A new field: its column (server/db/schema/producto.ts + migration), one entry here, its label and
 * its place on the web forms (docs/architecture.md "Where a new field goes"). `importa` gives the
 * catalogue's import its column: the mapping's name and the headers that name it (issue #54 point 4).
 */
export const CAMPOS_DEL_PRODUCTO = {
  nombre: { z: requiredName(M.productos.nombreRequerido), lee: z.string(), heredada2: ['Nombre'], importa: { encabezados: ['nombre', 'producto', 'nombredelproducto', 'nombreproducto', 'articulo', 'item'] } },
  precioUnit: { z: zPrecio({ empty: M.productos.precioRequerido, invalid: M.productos.precioInvalido }), lee: entero, tienda: 'precio', heredada2: ['Precio_unit'], forma: 'pesos', importa: { como: 'precio', encabezados: ['precio', 'preciodeventa', 'precioventa', 'preciounitario', 'preciounit', 'pvp', 'valor'] } },
  descripcion: { z: nullableText(500), lee: texto, heredada2: ['Descripcion', 'Descripción'], importa: { encabezados: ['descripcion', 'detalle'] } },
  marca: { z: nullableText(80), lee: texto, heredada2: ['Marca'], importa: { encabezados: ['marca'] } },
  categoria: { z: nullableText(80), lee: texto, heredada2: ['Categoria', 'Categoría'], importa: { encabezados: ['categoria', 'grupo', 'familia', 'linea'] } },
  presentacion: { z: nullableText(80), lee: texto, heredada2: ['Presentacion'], importa: { encabezados: ['presentacion'] } },
  // Where it sits in the shop (issue #58 point 1: a count of one aisle); the legacy calls do not carry it.
  ubicacion: { z: nullableText(40), lee: texto, heredada: false, alta: false, importa: { encabezados: ['ubicacion', 'pasillo', 'estante', 'gondola', 'ubicacionenbodega'] } },
  fechaVencimiento: { z: zFecha, lee: texto, heredada2: ['Fecha_vencimiento'], alta: false },
  // Tracks lots and expiry (issue #58 point 2, ADR 051): receipts then take lot and date, the till sells FEFO. The legacy calls do not carry it.
  manejaLotes: { z: siPresente(zSiNo(M.productos.manejaLotesInvalido)), lee: z.boolean(), heredada: false, alta: false, importa: { encabezados: ['controlalotes', 'manejalotes', 'lotes', 'controlalotesyvencimiento', 'manejalotesyvencimiento'] } },
  // Medicines (droguerías, migration 0074): registro INVIMA, active ingredient, and sold only on prescription
  // (the till asks the cashier to confirm it). The legacy calls do not carry them.
  registroInvima: { z: nullableText(40), lee: texto, heredada: false, alta: false, importa: { encabezados: ['registroinvima', 'invima', 'registrosanitario', 'registro'] } },
  principioActivo: { z: nullableText(120), lee: texto, heredada: false, alta: false, importa: { encabezados: ['principioactivo', 'principio', 'principiosactivos'] } },
  bajoFormula: { z: siPresente(zSiNo(M.productos.bajoFormulaInvalido)), lee: z.boolean(), heredada: false, alta: false, importa: { encabezados: ['ventabajoformula', 'ventabajoformulamedica', 'bajoformula', 'bajoformulamedica', 'formulamedica', 'requiereformula'] } },
  // Up to three decimals for a product sold by weight or measure, whole for one sold by unit (the domain's rule, ADR 030).
  stock: { z: zStock({ empty: M.productos.stockRequerido, invalid: M.productos.stockInvalido }), lee: z.number(), heredada2: ['Stock'], forma: 'cantidad', importa: { encabezados: ['stock', 'cantidad', 'existencias', 'existencia', 'inventario'] } },
  stockMin: { z: zEntero({ empty: M.productos.stockMinRequerido, invalid: M.productos.stockMinInvalido }), lee: entero, heredada: 'stock_min', heredada2: ['Stock_Min'], importa: { encabezados: ['stockminimo', 'stockmin', 'minimo', 'cantidadminima'] } },
  // How it is sold: by unit or by measure (ADR 030); the legacy application calls do not carry it.
  unidadDian: { z: zUnidad, lee: z.string(), tienda: 'unidad', heredada: false, heredada2: ['Unidad'], importa: { como: 'unidad', encabezados: ['unidad', 'unidaddemedida', 'medida', 'um'] } },
  estado: { z: siPresente(zEstadoProducto), lee: entero, heredada2: ['estado', 'Estado'], alta: false },
  codigoBarras: {
    z: zCodigoBarras,
    lee: texto,
    heredada: 'codigo_barras',
    extra: 'extra: barcode, unique in the store (on an edit, absent keeps it, empty clears it)',
    importa: { encabezados: ['codigodebarras', 'codigobarras', 'codigo', 'codbarras', 'ean', 'barcode', 'plu', 'referencia'] },
  },
  inventarioId: { z: zReferencia(M.crud.idInvalido), lee: entero.nullable(), tienda: false, heredada2: ['inventario_id_Inventario'] },
  proveedorId: { z: zReferencia(M.productos.proveedorInvalido), lee: entero.nullable(), tienda: 'idProveedor', heredada2: ['idProveedor', 'idproveedor'], importa: { como: 'proveedor', encabezados: ['proveedor', 'nombreproveedor'] } },
  stockAnterior: { z: zStockAnterior, heredada: 'stock_anterior', extra: 'extra: the stock the form showed; a sale made meanwhile is then never undone', alta: false },
  // Read-only here, kept by their own modules: the tax (#30, server/modules/impuestos) and the cost (#32, compras/costo.domain.ts).
  impuesto: { lee: texto, tienda: false, importa: { encabezados: ['impuesto', 'iva', 'tarifa', 'tarifaiva', 'impuestos'] } },
  costo: { lee: entero.nullable(), tienda: false, importa: { encabezados: ['costo', 'costounitario', 'preciodecompra', 'preciocompra', 'costopromedio'] } },
  costoPromedio: { lee: entero.nullable(), tienda: false },
} as const satisfies Campos;
type CP = typeof CAMPOS_DEL_PRODUCTO;

/** The product's writable fields under the domain's names, with the store's messages. */
export const ZProductoBase = baseDe(CAMPOS_DEL_PRODUCTO);
type BaseShape = typeof ZProductoBase.shape;
export type TCamposProducto = z.output<typeof ZProductoBase>;

/** The columns a product is read with (the domain's projection is these, from the table). */
export const COLUMNAS_PRODUCTO = columnasDe(CAMPOS_DEL_PRODUCTO);

/** The fields the catalogue's import reads (issue #54 point 4), in the list's order. */
export const IMPORTADOS_PRODUCTO = importablesDe(CAMPOS_DEL_PRODUCTO) as { campo: ImportadosDe<CP>[keyof ImportadosDe<CP>] & string; como: keyof ImportadosDe<CP> & string; encabezados: readonly string[] }[];

/** The legacy API's extra keys of a product write (params, parsing and answers). */
export const EXTRAS_PRODUCTO = extrasDe(CAMPOS_DEL_PRODUCTO);

/** `{ storeName: domainName }` where they differ, for every writable field the store's forms carry. */
type NombresTienda<Alta extends boolean> = {
  [K in keyof CP as CP[K] extends { z: z.ZodType }
    ? Alta extends true
      ? CP[K] extends { alta: false }
        ? never
        : K extends 'stock'
          ? never
          : CP[K] extends { tienda: infer N extends string }
            ? N
            : K
      : CP[K] extends { tienda: false }
        ? never
        : CP[K] extends { tienda: infer N extends string }
          ? N
          : K
    : never]: K;
};
/** The store's names of the fields (`precio`, `idProveedor`) and back. */
export const NOMBRES_TIENDA = nombresEn(CAMPOS_DEL_PRODUCTO, 'tienda') as unknown as NombresTienda<false>;
const NOMBRES_ALTA = Object.fromEntries(
  Object.entries(NOMBRES_TIENDA).filter(([, k]) => k !== 'stock' && (CAMPOS_DEL_PRODUCTO[k] as Campo).alta !== false),
) as unknown as NombresTienda<true>;

/**
 * A face's request schema: fields of the base under the face's own names, in the face's order
 * (`{ faceName: baseName }`); `.extend()` then puts a face's own message over a field.
 */
export const caraDeProducto = <N extends Record<string, keyof BaseShape>>(nombres: N) =>
  z.object(Object.fromEntries(Object.entries(nombres).map(([cara, base]) => [cara, ZProductoBase.shape[base]])) as { [K in keyof N]: BaseShape[N[K]] });

/** Add-product form of the store (spec §5): name, price without dots or commas, quantity; the rest optional. */
export const ZCreateProductoRequest = caraDeProducto(NOMBRES_ALTA).extend({
  // Spec §5: any of the three missing is 'Campos vacios'.
  nombre: requiredName(M.productos.camposVacios),
  precio: zPrecio({ empty: M.productos.camposVacios, invalid: M.productos.precioInvalido }),
  cantidad: zStock({ empty: M.productos.camposVacios, invalid: M.productos.cantidadInvalida }),
  stockMin: ZProductoBase.shape.stockMin.optional(),
  /** In an empresa of several stores, the other stores that get it too (all when absent; ADR 043 §2). */
  tiendas: z.array(z.number({ error: M.catalogoEmpresa.tiendaAjena }).int(M.catalogoEmpresa.tiendaAjena).positive(M.catalogoEmpresa.tiendaAjena).max(MAX_INT4, M.catalogoEmpresa.tiendaAjena), { error: M.catalogoEmpresa.tiendaAjena }).max(500, M.catalogoEmpresa.tiendaAjena).optional(),
});
export type TCreateProductoRequest = z.input<typeof ZCreateProductoRequest>;
export type TCreateProductoData = z.output<typeof ZCreateProductoRequest>;

/** Product detail form of the store (spec §3 "Product detail"). */
export const ZUpdateProductoRequest = caraDeProducto(NOMBRES_TIENDA).extend({
  /** In an empresa of several stores (ADR 043 §2): true, this store's own price; false, the empresa's. Absent: as it was. */
  precioPropio: z.boolean({ error: M.catalogoEmpresa.precioPropioInvalido }).optional(),
});
export type TUpdateProductoRequest = z.input<typeof ZUpdateProductoRequest>;
export type TUpdateProductoData = z.output<typeof ZUpdateProductoRequest>;

/** The legacy extra keys an addition carries (`extra`, not `alta: false`): the type says what the schema parses (issue #54 point 4). */
type ExtraDeAlta = { [K in keyof CP]: CP[K] extends { extra: string } ? (CP[K] extends { alta: false } ? never : K) : never }[keyof CP] & keyof BaseShape;

/**
 * Legacy API `registrarProductoUnico` (controlador.producto.php): the spec's name, price and
 * quantity, plus the extra keys of an addition (EXTRAS_PRODUCTO), under the domain's names.
 */
export const ZLegacyRegistrarProductoRequest = ZCreateProductoRequest.pick({ nombre: true, precio: true, cantidad: true }).extend(
  Object.fromEntries(EXTRAS_PRODUCTO.filter((e) => e.alta).map((e) => [e.campo, ZProductoBase.shape[e.campo as keyof BaseShape]])) as Pick<BaseShape, ExtraDeAlta>,
);
export type TLegacyRegistrarProductoData = z.output<typeof ZLegacyRegistrarProductoRequest>;

/**
 * Legacy API `modificarProducto`: the store's detail form under the old keys (`stock_min`…, see
 * `heredada` in the field list), parsed under the domain's names with the store's messages.
 */
export const ZLegacyModificarProductoRequest = ZProductoBase.pick(Object.fromEntries(Object.values(NOMBRES_TIENDA).map((k) => [k, true])) as { [K in NombresTienda<false>[keyof NombresTienda<false>]]: true });
export type TLegacyModificarProductoData = z.output<typeof ZLegacyModificarProductoRequest>;

export const ZProductoParams = z.object({ id: z.coerce.number().int().positive().max(MAX_INT4) });

export const ZProductoListItem = z.object({
  id: z.number().int(),
  nombre: z.string(),
  marca: z.string().nullable(),
  categoria: z.string().nullable(),
  precio: z.number().int(),
  /** Whole for a product sold by unit, up to three decimals for one sold by measure (`unidadDian`). */
  stock: z.number(),
  stockMin: z.number().int(),
  estado: z.number().int(),
  proveedor: z.string().nullable(),
  /** DIAN's unit of measure ('94' by unit, 'KGM'…): the list shows "5,5 kg" and "$ 12.000/kg" (issue #52 point 3). */
  unidadDian: z.string(),
  /** Only when the product has one. */
  codigoBarras: z.string().optional(),
  /** Stock at or below the minimum: the row stands out. */
  bajoStock: z.boolean(),
  /** Only when a sale went past the recorded stock (issue #36 point 7): the count needs checking. */
  revisarStock: z.boolean().optional(),
});
export type TProductoListItem = z.infer<typeof ZProductoListItem>;

/**
 * A product as its domain module reads it (`columnasProducto` in producto.domain.ts), under the
 * domain's names: the response base every face's product shape derives from.
 */
export const ZProductoLeido = z.object({ idProducto: entero, ...leidoDe(CAMPOS_DEL_PRODUCTO).shape, idTienda: entero });

/** The store's product detail: the read base under the detail form's names, with the supplier's name. */
type Leido = typeof ZProductoLeido.shape;
type NT = NombresTienda<false>;
export const ZProductoDetalle = z
  .object(
    Object.fromEntries(Object.entries(NOMBRES_TIENDA).flatMap(([cara, k]) => (k in ZProductoLeido.shape ? [[cara, ZProductoLeido.shape[k as keyof Leido]]] : []))) as {
      [F in keyof NT as NT[F] extends keyof Leido ? F : never]: NT[F] extends keyof Leido ? Leido[NT[F]] : never;
    },
  )
  .extend({
    id: ZProductoLeido.shape.idProducto,
    /** Current supplier's name, read-only (spec §3). */
    nombrepr: z.string().nullable(),
    /** Only when a sale went past the recorded stock (issue #36 point 7), read-only. */
    revisarStock: z.boolean().optional(),
    /** Only in an empresa of several stores (ADR 043 §2): how many, whether this store's price is its own, the empresa's price. */
    catalogo: z.object({ tiendas: entero, precioPropio: z.boolean(), precioEmpresa: entero.nullable(), editaCatalogo: z.boolean() }).optional(),
  });
export type TProductoDetalle = z.infer<typeof ZProductoDetalle>;

export const ZProductoMessage = z.object({ message: z.string() });
export const ZCreateProductoResponse = z.object({ message: z.string(), producto: ZProductoDetalle });
export const ZUpdateProductoResponse = ZCreateProductoResponse;
