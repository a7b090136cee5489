/**
 * What every import shares (issue #33 point 1), whatever it imports: the mapping of the file's
 * columns to a kind's fields (guessed from the headers, or the person's), the cells read as Excel in
 * Spanish writes them, a row's plan (new, changed, unchanged or refused with its reasons), the
 * preview built from the plans, and the two steps' shape — a preview that writes nothing, and an
 * apply that reads the file again and hands the rows that pass to the kind's own domain module.
 */
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { CAMPO_CLAVE, CAMPOS_IMPORTACION, POR_PAGINA_IMPORTACION, type TAccionFila, type TEntidadImportacion, type TFilaMuestra, type TMapeo, type TResumenImportacion, type TVistaPrevia } from '#shared/schemas/importacion';
import { sinTildes } from '#shared/texto';
import { numeroEs, type Celda } from './leer-archivo';
import { aMilesimas } from '#shared/cantidad';

const MI = M.importacion;
const MAX_ERRORES = 500;

/** A header or a cell compared without accents, case, spaces or punctuation. */
export const clave = (s: string) => sinTildes(s).replace(/[^a-z0-9]/g, '');

/** A field → column guess from the headers: the first header that is one of the field's synonyms. */
export function adivinarMapeo(columnas: string[], sinonimos: Record<string, string[]>): TMapeo {
  const claves = columnas.map(clave);
  const usadas = new Set<number>();
  const mapeo: TMapeo = {};
  for (const [campo, lista] of Object.entries(sinonimos)) {
    for (const s of lista) {
      const i = claves.findIndex((c, j) => c === s && !usadas.has(j));
      if (i >= 0) {
        mapeo[campo] = columnas[i]!;
        usadas.add(i);
        break;
      }
    }
  }
  return mapeo;
}

/**
 * The mapping asked for, checked against the kind and the file: every key is one of the kind's
 * fields, every named column exists, and the row's key field (the product's or supplier's name, the
 * customer's document) is mapped. The answer is each mapped field's column index.
 */
export function validarMapeo<C extends string>(entidad: TEntidadImportacion, columnas: string[], mapeo: TMapeo): Partial<Record<C, number>> {
  const campos = CAMPOS_IMPORTACION[entidad];
  const indices: Partial<Record<string, number>> = {};
  for (const [campo, col] of Object.entries(mapeo)) {
    if (!campos.includes(campo)) throw new AppError('VALIDATION', MI.campoDesconocido(campo));
    if (col == null || col === '') continue;
    const i = columnas.indexOf(col);
    if (i < 0) throw new AppError('VALIDATION', MI.columnaInexistente(col));
    indices[campo] = i;
  }
  if (indices[CAMPO_CLAVE[entidad]] === undefined) throw new AppError('VALIDATION', MI.entidades[entidad].sinClave);
  return indices as Partial<Record<C, number>>;
}

/** A cell as the person sees it: trimmed text, a number written with a decimal comma. */
export const texto = (c: Celda | undefined): string => (c == null ? '' : typeof c === 'number' ? (Number.isInteger(c) ? String(c) : String(c).replace('.', ',')) : c.trim());

/** A whole number within [0, max] from a cell, or the row's error. */
export function entero(c: Celda, campo: string, max: number): number | string {
  const n = numeroEs(c);
  if (n == null) return MI.fila.numeroInvalido(campo, texto(c));
  if (!Number.isInteger(n)) return MI.fila.noEntero(campo);
  if (n < 0) return MI.fila.negativo(campo);
  if (n > max) return MI.fila.muyGrande(campo);
  return n;
}

/** A quantity in stock from a cell: whole, or with up to three decimals (a product sold by weight; the unit's rule is checked with the row). */
export function cantidad(c: Celda, campo: string, max: number): number | string {
  const n = numeroEs(c);
  if (n == null) return MI.fila.numeroInvalido(campo, texto(c));
  if (n < 0) return MI.fila.negativo(campo);
  const m = aMilesimas(n);
  if (m === null) return MI.fila.tresDecimales(campo);
  if (n > max) return MI.fila.muyGrande(campo);
  return m / 1000;
}

const SI = new Set(['si', 's', 'x', '1', 'true', 'verdadero', 'yes']);
const NO = new Set(['no', 'n', '0', 'false', 'falso']);

/** Sí or No from a cell ("Sí", "si", "X", "1"…), or the row's error. */
export function siNo(c: Celda, campo: string): boolean | string {
  const k = clave(texto(c));
  if (SI.has(k)) return true;
  if (NO.has(k)) return false;
  return MI.fila.siNo(campo, texto(c));
}

/** The cells of one row by field, through the mapping's indices. */
export function celdasDe<C extends string>(idx: Partial<Record<C, number>>, celdas: Celda[]) {
  const celda = (campo: C): Celda | undefined => (idx[campo] === undefined ? undefined : celdas[idx[campo]!]);
  return { celda, lleno: (campo: C) => texto(celda(campo)) !== '' };
}

/** One row's plan: what importing it does, why it cannot be imported, and what the preview shows of it. */
export interface FilaPlan<A, C> {
  fila: number;
  accion: TAccionFila;
  errores: string[];
  muestra: Omit<TFilaMuestra, 'fila' | 'accion'>;
  alta?: A;
  cambio?: C;
}

export function resumir(filas: { accion: TAccionFila }[]): TResumenImportacion {
  const cuenta = (a: TAccionFila) => filas.filter((f) => f.accion === a).length;
  return { total: filas.length, nuevos: cuenta('nuevo'), actualizados: cuenta('actualizar'), sinCambios: cuenta('igual'), conError: cuenta('error') };
}

/**
 * The preview of a plan: the summary, the rows with errors (up to 500) and one page of the rows
 * (issue #52 point 6: every row reachable, a bounded page at a time; past the last page, the last).
 */
export function vistaDe(plan: { columnas: string[]; mapeo: TMapeo; filas: FilaPlan<unknown, unknown>[] }, pedido: { pagina?: number; porPagina?: number } = {}): TVistaPrevia {
  const porPagina = Math.min(pedido.porPagina ?? POR_PAGINA_IMPORTACION.defecto, POR_PAGINA_IMPORTACION.max);
  const paginas = Math.max(1, Math.ceil(plan.filas.length / porPagina));
  const numero = Math.min(Math.max(1, pedido.pagina ?? 1), paginas);
  return {
    columnas: plan.columnas,
    mapeo: plan.mapeo,
    resumen: resumir(plan.filas),
    errores: plan.filas
      .filter((f) => f.accion === 'error')
      .slice(0, MAX_ERRORES)
      .map((f) => ({ fila: f.fila, mensajes: f.errores })),
    muestra: plan.filas.slice((numero - 1) * porPagina, numero * porPagina).map((f) => ({ fila: f.fila, accion: f.accion, ...f.muestra })),
    pagina: { numero, porPagina, paginas },
  };
}

/** What the apply step runs once the file is read and checked: the rows that pass, in the domain's one transaction. */
export interface Importacion {
  resumen: TResumenImportacion;
  total: number;
  aplicar: (alAvanzar?: (hechas: number, total: number) => void | Promise<void>) => Promise<TResumenImportacion>;
}

/** The apply of a plan: its new rows and its changes to the domain's import. */
export function importacionDe<A, C>(
  filas: FilaPlan<A, C>[],
  escribir: (altas: A[], cambios: C[], alAvanzar?: (hechas: number, total: number) => void | Promise<void>) => Promise<unknown>,
): Importacion {
  const resumen = resumir(filas);
  const altas = filas.flatMap((f) => (f.alta ? [f.alta] : []));
  const cambios = filas.flatMap((f) => (f.cambio ? [f.cambio] : []));
  return {
    resumen,
    total: altas.length + cambios.length,
    aplicar: async (alAvanzar) => {
      await escribir(altas, cambios, alAvanzar);
      return resumen;
    },
  };
}

export const bytesDe = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'));
