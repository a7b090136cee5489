/**
 * Reads a spreadsheet a shop has (issue #33): what Excel in Spanish writes — `;` between cells,
 * UTF-8 with or without its byte-order mark, or Windows-1252 (Excel's plain "CSV delimitado" in
 * es-CO) — and XLSX workbooks (exceljs, pinned; never the npm `xlsx` 0.18.5, vulnerable on untrusted
 * files). Every read has caps: the file's bytes, its rows and its columns. The answer is the header
 * row and the rows below it as text (an XLSX number cell keeps its number).
 */
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { LIMITES_IMPORTACION } from '#shared/schemas/importacion';

export type Celda = string | number;
export interface Tabla {
  columnas: string[];
  /** Each row's cells in the columns' order; `fila` is its number in the spreadsheet (headers are row 1). */
  filas: { fila: number; celdas: Celda[] }[];
}

const L = LIMITES_IMPORTACION;
const rechazo = (msg: string) => new AppError('VALIDATION', msg);

/** UTF-8 when the bytes are valid UTF-8 (BOM or not), Windows-1252 otherwise. */
export function decodificar(bytes: Uint8Array): { texto: string; codificacion: 'utf-8' | 'windows-1252' } {
  const conBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const cuerpo = conBom ? bytes.subarray(3) : bytes;
  try {
    return { texto: new TextDecoder('utf-8', { fatal: true }).decode(cuerpo), codificacion: 'utf-8' };
  } catch {
    return { texto: new TextDecoder('windows-1252').decode(cuerpo), codificacion: 'windows-1252' };
  }
}

const esXlsx = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** The file's table: XLSX by its signature (a zip), CSV otherwise. Refusals are 400 with Spanish text. */
export async function leerArchivo(bytes: Uint8Array): Promise<Tabla> {
  if (bytes.length === 0) throw rechazo(M.importacion.archivoVacio);
  if (bytes.length > L.maxBytes) throw rechazo(M.importacion.archivoGrande(L.maxBytes / 1024 / 1024));
  const tabla = esXlsx(bytes) ? await leerXlsx(bytes) : leerCsv(bytes);
  const columnas = tabla.columnas.map((c) => c.trim());
  if (columnas.length === 0 || columnas.every((c) => c === '')) throw rechazo(M.importacion.sinEncabezados);
  if (columnas.length > L.maxColumnas) throw rechazo(M.importacion.demasiadasColumnas(L.maxColumnas));
  return { columnas, filas: tabla.filas };
}

function leerCsv(bytes: Uint8Array): Tabla {
  const { texto } = decodificar(bytes);
  let columnas: string[] | null = null;
  const filas: Tabla['filas'] = [];
  let n = 0;
  let demasiadas = false;
  const res = Papa.parse<string[]>(texto, {
    // Excel in Spanish writes ';'; other tools ',' or a tab.
    delimitersToGuess: [';', ',', '\t', '|'],
    skipEmptyLines: 'greedy',
    step: (r, parser) => {
      n++;
      const celdas = r.data;
      if (!columnas) {
        columnas = celdas;
        return;
      }
      if (filas.length >= L.maxFilas) {
        demasiadas = true;
        parser.abort();
        return;
      }
      filas.push({ fila: n, celdas });
    },
  });
  if (demasiadas) throw rechazo(M.importacion.demasiadasFilas(L.maxFilas));
  if (!columnas || (res.errors.length && filas.length === 0 && (columnas as string[]).length <= 1 && !texto.trim())) throw rechazo(M.importacion.archivoVacio);
  return { columnas: columnas as string[], filas };
}

/** A cell of exceljs as text or number: formulas give their result, rich text its plain text, dates dd/mm/aaaa. */
function celdaXlsx(v: ExcelJS.CellValue): Celda {
  if (v == null) return '';
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (v instanceof Date) return `${String(v.getUTCDate()).padStart(2, '0')}/${String(v.getUTCMonth() + 1).padStart(2, '0')}/${v.getUTCFullYear()}`;
  if ('richText' in v) return v.richText.map((t) => t.text).join('');
  if ('result' in v) return v.result == null || typeof v.result === 'object' ? '' : celdaXlsx(v.result as ExcelJS.CellValue);
  if ('text' in v) return String(v.text);
  return '';
}

async function leerXlsx(bytes: Uint8Array): Promise<Tabla> {
  const libro = new ExcelJS.Workbook();
  try {
    await libro.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw rechazo(M.importacion.archivoIlegible);
  }
  const hoja = libro.worksheets[0];
  if (!hoja || hoja.actualRowCount === 0) throw rechazo(M.importacion.archivoVacio);
  if (hoja.actualRowCount > L.maxFilas + 1) throw rechazo(M.importacion.demasiadasFilas(L.maxFilas));
  if (hoja.actualColumnCount > L.maxColumnas) throw rechazo(M.importacion.demasiadasColumnas(L.maxColumnas));
  let columnas: string[] | null = null;
  const filas: Tabla['filas'] = [];
  hoja.eachRow({ includeEmpty: false }, (row, numero) => {
    const valores = row.values as ExcelJS.CellValue[];
    const celdas: Celda[] = [];
    for (let i = 1; i < Math.min(valores.length, L.maxColumnas + 1); i++) celdas.push(celdaXlsx(valores[i] ?? null));
    if (!columnas) {
      columnas = celdas.map(String);
      return;
    }
    if (celdas.every((c) => c === '')) return;
    filas.push({ fila: numero, celdas });
  });
  if (!columnas) throw rechazo(M.importacion.archivoVacio);
  return { columnas, filas };
}

// ── Numbers as Excel in Spanish writes them ─────────────────────────────────────────────────

/**
 * A number written in a Colombian spreadsheet: '12.500' (dot thousands), '2.800,50' (decimal
 * comma), '$ 2.800', '1,5', or a number cell of an XLSX. A lone dot followed by other than three
 * digits ('2800.5', from a file in English) is a decimal point. Null when it is not a number.
 */
export function numeroEs(v: Celda): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  let s = v.replace(/[\s\u00a0$]/g, '');
  if (s === '') return null;
  let signo = 1;
  if (s.startsWith('-')) {
    signo = -1;
    s = s.slice(1);
  }
  if (s.includes(',')) {
    // Decimal comma: the dots are thousands, in groups of three.
    if (!/^\d{1,3}(\.\d{3})*(,\d+)?$/.test(s) && !/^\d+(,\d+)?$/.test(s)) return null;
    return signo * Number(s.replace(/\./g, '').replace(',', '.'));
  }
  if (/^\d{1,3}(\.\d{3})+$/.test(s)) return signo * Number(s.replace(/\./g, ''));
  if (/^\d+(\.\d+)?$/.test(s)) return signo * Number(s);
  return null;
}
