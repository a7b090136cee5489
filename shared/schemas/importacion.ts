import { z } from 'zod';
import { generic } from '../messages/comun';
import { importacion } from '../messages/importacion';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { generic, importacion };

/** The largest file accepted, and the most rows and columns read from it (issue #33: parse with caps). */
export const LIMITES_IMPORTACION = { maxBytes: 4 * 1024 * 1024, maxFilas: 20_000, maxColumnas: 60 } as const;

/** What a product's row may carry; each is a column of the file chosen by the person (the mapping). */
export const CAMPOS_PRODUCTO = ['nombre', 'codigoBarras', 'precio', 'stock', 'stockMin', 'categoria', 'marca', 'presentacion', 'descripcion', 'proveedor'] as const;
export type TCampoProducto = (typeof CAMPOS_PRODUCTO)[number];

/** Field → the file's column header (null or missing: not imported). */
export const ZMapeo = z.partialRecord(z.enum(CAMPOS_PRODUCTO, { error: M.generic.validation }), z.string({ error: M.generic.validation }).max(200, M.generic.validation).nullable());
export type TMapeo = z.infer<typeof ZMapeo>;

/** The file travels base64-encoded in JSON (the caps apply to its decoded bytes). */
const base64Max = Math.ceil((LIMITES_IMPORTACION.maxBytes * 4) / 3) + 4;

export const ZImportacionRequest = z.object({
  archivo: z
    .string({ error: M.importacion.archivoVacio })
    .min(1, M.importacion.archivoVacio)
    .max(base64Max, M.importacion.archivoGrande(LIMITES_IMPORTACION.maxBytes / 1024 / 1024))
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, M.importacion.archivoIlegible),
  /** Missing: the store's last mapping, or one guessed from the headers. */
  mapeo: ZMapeo.optional(),
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
  /** The first rows and what importing them does. */
  muestra: z.array(
    z.object({
      fila: z.number().int(),
      accion: z.enum(ACCIONES_FILA),
      nombre: z.string(),
      codigoBarras: z.string().nullable(),
      precio: z.number().nullable(),
      stock: z.number().nullable(),
    }),
  ),
});
export type TVistaPrevia = z.infer<typeof ZVistaPrevia>;

/** The apply's answer is a stream of lines (NDJSON): progress, then the end or an error. */
export type TLineaAplicacion =
  | { tipo: 'progreso'; hechas: number; total: number }
  | { tipo: 'fin'; resumen: TResumenImportacion }
  | { tipo: 'error'; error: { code: string; message: string } };
