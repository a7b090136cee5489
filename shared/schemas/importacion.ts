import { z } from 'zod';
import { generic } from '../messages/comun';
import { importacion } from '../messages/importacion';
import { IMPORTADOS_PRODUCTO } from './producto';

// Only these areas' texts (and the product's field list's): a screen that loads this schema does not load the whole catalogue.
const M = { generic, importacion };

/**
 * The largest file accepted, and the most rows and columns read from it (issue #33: parse with caps).
 * A workbook (XLSX) is a zip: what it holds once inflated is capped too (issue #49 point 1), before
 * and while it is inflated — the number of its parts, each part's size and the sum of them all.
 */
export const LIMITES_IMPORTACION = {
  maxBytes: 4 * 1024 * 1024,
  maxFilas: 20_000,
  maxColumnas: 60,
  /** A cell's characters (a product's description takes 500). */
  maxLargoCelda: 1_000,
  /** The text of all the cells kept, in characters: a workbook can repeat one shared text in every cell. */
  maxCaracteres: 32 * 1024 * 1024,
  /** A workbook's parts (sheets, styles, images…). */
  maxPartes: 1_000,
  /** One part once inflated: the sheet's XML takes ~40 bytes a cell (20 000 rows × 60 columns). */
  maxBytesParte: 48 * 1024 * 1024,
  /** All the parts once inflated, as the workbook declares them. */
  maxBytesDescomprimidos: 64 * 1024 * 1024,
  /** Rows without any value read past the row limit before the file is refused (formatted but empty rows). */
  maxFilasVacias: 50_000,
} as const;

/** What can be imported (issue #33 point 1): the catalogue, the customers and the suppliers. */
export const ENTIDADES_IMPORTACION = ['productos', 'clientes', 'proveedores'] as const;
export type TEntidadImportacion = (typeof ENTIDADES_IMPORTACION)[number];

/**
 * What a product's row may carry; each is a column of the file chosen by the person (the mapping):
 * the product's field list's entries with `importa` (issue #54 point 4), under the mapping's names.
 */
export const CAMPOS_PRODUCTO = IMPORTADOS_PRODUCTO.map((i) => i.como);
export type TCampoProducto = (typeof CAMPOS_PRODUCTO)[number];

/** A customer's row: matched by its document (one customer per document in a store). */
export const CAMPOS_CLIENTE = ['documento', 'tipoDocumento', 'nombre', 'apellido', 'correo', 'telefono', 'fiado', 'cupo', 'plazoFiado'] as const;
export type TCampoClienteImportado = (typeof CAMPOS_CLIENTE)[number];

/** A supplier's row: matched by its exact name. */
export const CAMPOS_PROVEEDOR = ['nombre', 'telefono', 'email', 'documento', 'direccion'] as const;
export type TCampoProveedorImportado = (typeof CAMPOS_PROVEEDOR)[number];

/** Each kind's fields, in the mapping's order. */
export const CAMPOS_IMPORTACION: Record<TEntidadImportacion, readonly string[]> = { productos: CAMPOS_PRODUCTO, clientes: CAMPOS_CLIENTE, proveedores: CAMPOS_PROVEEDOR };

/** The fields a row cannot go without: the mapping must name their columns. */
export const CAMPO_CLAVE: Record<TEntidadImportacion, string> = { productos: 'nombre', clientes: 'documento', proveedores: 'nombre' };

/**
 * Field → the file's column header (null or missing: not imported). Keys are checked against the
 * kind's fields by the server (a key another kind has is refused there, with its Spanish message).
 */
export const ZMapeo = z.record(z.string({ error: M.generic.validation }).max(40, M.generic.validation), z.string({ error: M.generic.validation }).max(200, M.generic.validation).nullable());
export type TMapeo = z.infer<typeof ZMapeo>;

/** The file travels base64-encoded in JSON (the caps apply to its decoded bytes). */
const base64Max = Math.ceil((LIMITES_IMPORTACION.maxBytes * 4) / 3) + 4;

/** The preview's page size (issue #52 point 6): bounded, so a file of 20 000 rows is never one answer. */
export const POR_PAGINA_IMPORTACION = { defecto: 50, max: 100 } as const;

export const ZImportacionRequest = z.object({
  archivo: z
    .string({ error: M.importacion.archivoVacio })
    .min(1, M.importacion.archivoVacio)
    .max(base64Max, M.importacion.archivoGrande(LIMITES_IMPORTACION.maxBytes / 1024 / 1024))
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, M.importacion.archivoIlegible),
  /** Missing: the store's last mapping, or one guessed from the headers. */
  mapeo: ZMapeo.optional(),
  /** The preview's page of rows (issue #52 point 6): every row is reachable, a page at a time. Missing: the first. */
  pagina: z.number({ error: M.importacion.paginaInvalida }).int(M.importacion.paginaInvalida).min(1, M.importacion.paginaInvalida).max(LIMITES_IMPORTACION.maxFilas, M.importacion.paginaInvalida).optional(),
  /** Rows a page shows (POR_PAGINA_IMPORTACION). */
  porPagina: z.number({ error: M.importacion.paginaInvalida }).int(M.importacion.paginaInvalida).min(1, M.importacion.paginaInvalida).max(POR_PAGINA_IMPORTACION.max, M.importacion.paginaInvalida).optional(),
});
export type TImportacionRequest = z.infer<typeof ZImportacionRequest>;

export const ACCIONES_FILA = ['nuevo', 'actualizar', 'igual', 'error'] as const;
export type TAccionFila = (typeof ACCIONES_FILA)[number];

export const ZResumenImportacion = z.object({
  total: z.number().int(),
  nuevos: z.number().int(),
  actualizados: z.number().int(),
  sinCambios: z.number().int(),
  conError: z.number().int(),
});
export type TResumenImportacion = z.infer<typeof ZResumenImportacion>;

export const ZVistaPrevia = z.object({
  /** The file's column headers, in order. */
  columnas: z.array(z.string()),
  mapeo: ZMapeo,
  resumen: ZResumenImportacion,
  /** The rows with errors (row 2 is the first under the headers, as the spreadsheet numbers them), up to 500. */
  errores: z.array(z.object({ fila: z.number().int(), mensajes: z.array(z.string()) })),
  /** The page of rows asked for and what importing each does; each kind fills its own columns (MUESTRA_IMPORTACION). */
  muestra: z.array(
    z.object({
      fila: z.number().int(),
      accion: z.enum(ACCIONES_FILA),
      nombre: z.string(),
      codigoBarras: z.string().nullable().optional(),
      precio: z.number().nullable().optional(),
      /** In the product's unit (`unidad`): "12,5 kg". */
      stock: z.number().nullable().optional(),
      costo: z.number().nullable().optional(),
      impuesto: z.string().nullable().optional(),
      /** DIAN's unit the row's product will have (the row's, else the product's): its stock shows with it. */
      unidad: z.string().nullable().optional(),
      stockMin: z.number().nullable().optional(),
      categoria: z.string().nullable().optional(),
      marca: z.string().nullable().optional(),
      presentacion: z.string().nullable().optional(),
      descripcion: z.string().nullable().optional(),
      proveedor: z.string().nullable().optional(),
      documento: z.string().nullable().optional(),
      telefono: z.string().nullable().optional(),
      correo: z.string().nullable().optional(),
      /** An existing row's cells that importing changes (their column's `campo`), and what they hold now. */
      cambios: z.array(z.string()).optional(),
      antes: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).optional(),
    }),
  ),
  /** Which page `muestra` is (1 = the first rows), its size and how many pages the file's rows make. */
  pagina: z.object({ numero: z.number().int(), porPagina: z.number().int(), paginas: z.number().int() }),
});
export type TVistaPrevia = z.infer<typeof ZVistaPrevia>;
export type TFilaMuestra = TVistaPrevia['muestra'][number];

/** A column of the preview: the row's value (`campo`), how it shows, and the import field whose column must be mapped for it to show (every column that will be written). */
export interface ColumnaMuestra {
  campo: 'codigoBarras' | 'precio' | 'costo' | 'impuesto' | 'unidad' | 'stock' | 'stockMin' | 'categoria' | 'marca' | 'presentacion' | 'descripcion' | 'proveedor' | 'documento' | 'telefono' | 'correo';
  forma: 'texto' | 'pesos' | 'numero' | 'cantidad' | 'impuesto' | 'unidad';
  /** Shown only when this field's column is mapped; absent: always. */
  mapeado?: string;
}

/** The preview's columns of each kind, besides the row, the action and the name. */
export const MUESTRA_IMPORTACION: Record<TEntidadImportacion, readonly ColumnaMuestra[]> = {
  productos: [
    { campo: 'codigoBarras', forma: 'texto' },
    { campo: 'precio', forma: 'pesos' },
    { campo: 'costo', forma: 'pesos', mapeado: 'costo' },
    { campo: 'impuesto', forma: 'impuesto', mapeado: 'impuesto' },
    { campo: 'unidad', forma: 'unidad', mapeado: 'unidad' },
    { campo: 'stock', forma: 'cantidad' },
    { campo: 'stockMin', forma: 'numero', mapeado: 'stockMin' },
    { campo: 'categoria', forma: 'texto', mapeado: 'categoria' },
    { campo: 'marca', forma: 'texto', mapeado: 'marca' },
    { campo: 'presentacion', forma: 'texto', mapeado: 'presentacion' },
    { campo: 'descripcion', forma: 'texto', mapeado: 'descripcion' },
    { campo: 'proveedor', forma: 'texto', mapeado: 'proveedor' },
  ],
  clientes: [
    { campo: 'documento', forma: 'texto' },
    { campo: 'telefono', forma: 'texto' },
    { campo: 'correo', forma: 'texto' },
  ],
  proveedores: [
    { campo: 'telefono', forma: 'texto' },
    { campo: 'correo', forma: 'texto' },
  ],
};

/** The apply's answer is a stream of lines (NDJSON): progress, then the end or an error. */
export type TLineaAplicacion =
  | { tipo: 'progreso'; hechas: number; total: number }
  | { tipo: 'fin'; resumen: TResumenImportacion }
  | { tipo: 'error'; error: { code: string; message: string } };
