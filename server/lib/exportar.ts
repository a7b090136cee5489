/**
 * Tables as files a shop opens in Excel in Spanish (issue #33 point 2; shared with the reports'
 * exports). One description of the columns gives both formats:
 *
 * - CSV: UTF-8 with a byte-order mark, `;` between cells (the list separator where the decimal sign
 *   is a comma), CRLF between rows, numbers with a decimal comma and no thousands sign (so Excel reads
 *   them as numbers), dates as dd/mm/aaaa; a text a spreadsheet would run as a formula (= + - @ at
 *   its start) keeps a leading quote.
 * - XLSX (exceljs, pinned): numbers as numbers, dates as dates shown dd/mm/aaaa, a bold header row
 *   frozen at the top.
 *
 * The caller reads the rows (in the store's time zone when they carry a time: pass the local wall
 * time as text, 'YYYY-MM-DD' or 'YYYY-MM-DD HH:MM[:SS]') and caps how many it reads (EXPORT_MAX_FILAS).
 */

import { PassThrough } from 'node:stream';
import type { stream as ExcelStream } from 'exceljs';

export type FormatoExport = 'csv' | 'xlsx';

/** The most rows one export carries. */
export const EXPORT_MAX_FILAS = 100_000;

export type TipoColumna = 'texto' | 'numero' | 'fecha';

export interface ColumnaExport<T> {
  titulo: string;
  /** 'numero': integer pesos, quantities (decimals allowed); 'fecha': 'YYYY-MM-DD' or 'YYYY-MM-DD HH:MM[:SS]' local text. */
  tipo?: TipoColumna;
  /** XLSX: the column is formatted as text, so what a person types there keeps its digits (a barcode). */
  comoTexto?: boolean;
  valor: (fila: T) => string | number | null | undefined;
}

const FECHA = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/;

/** 'YYYY-MM-DD[ HH:MM[:SS]]' → 'dd/mm/aaaa[ HH:MM]'; anything else as it is. */
export function fechaCsv(v: string): string {
  const m = FECHA.exec(v);
  if (!m) return v;
  const dia = `${m[3]}/${m[2]}/${m[1]}`;
  return m[4] ? `${dia} ${m[4]}:${m[5]}` : dia;
}

/** A number with a decimal comma and no thousands sign: 1234,5 (Excel in es-CO reads it as a number). */
export function numeroCsv(n: number): string {
  return String(n).replace('.', ',');
}

/** A text cell: quoted when it holds the separator, a quote or a line break; a formula kept as text. */
export function textoCsv(v: string): string {
  const s = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function celda<T>(c: ColumnaExport<T>, fila: T): string {
  const v = c.valor(fila);
  if (v == null || v === '') return '';
  if (c.tipo === 'numero' && typeof v === 'number') return numeroCsv(v);
  if (c.tipo === 'fecha' && typeof v === 'string') return fechaCsv(v);
  return textoCsv(String(v));
}

/** The rows as Excel-in-Spanish CSV text (with its BOM). */
export function tablaCsv<T>(columnas: readonly ColumnaExport<T>[], filas: Iterable<T>): string {
  const lineas = [columnas.map((c) => textoCsv(c.titulo)).join(';')];
  for (const f of filas) lineas.push(columnas.map((c) => celda(c, f)).join(';'));
  return `\uFEFF${lineas.join('\r\n')}\r\n`;
}

/** A local wall time as a Date whose UTC parts are that time (Excel stores no zone). */
function fechaXlsx(v: string): Date | string {
  const m = FECHA.exec(v);
  if (!m) return v;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)));
}

/**
 * exceljs, loaded the first time a workbook is written: it is the heaviest library the server has
 * (~0,5 s of a start's CPU, issue #55 point 5) and most starts never write a spreadsheet.
 */
export const cargarExcel = async () => (await import('exceljs')).default;

/** Rows written between two turns of the event loop, so the compressor drains what they wrote. */
const FILAS_POR_TURNO = 500;

/**
 * A workbook written row by row with exceljs' streaming writer (issue #55 point 5): each row is
 * serialised and let go when it is committed, and the file is gathered already compressed. The whole
 * book in memory (exceljs' Workbook) held ~2 KB per cell: exporting a year's catalogue (100 000
 * products) or a month's report by product ran the embedded server out of its 256 MB heap and ended it.
 * `escribir` adds the sheets, their rows committed (`fila.commit()`); `turno()` between rows lets the
 * compressor take what they wrote.
 */
export async function libroPorFilas(escribir: (libro: ExcelStream.xlsx.WorkbookWriter, turno: () => Promise<void>) => Promise<void>): Promise<Buffer> {
  const ExcelJS = await cargarExcel();
  const salida = new PassThrough();
  const partes: Buffer[] = [];
  salida.on('data', (b: Buffer) => partes.push(b));
  const fin = new Promise<void>((resolve, reject) => {
    salida.on('end', resolve);
    salida.on('error', reject);
  });
  const libro = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: salida, useStyles: true, useSharedStrings: false });
  let filas = 0;
  await escribir(libro, async () => {
    if (++filas % FILAS_POR_TURNO === 0) await new Promise((r) => setImmediate(r));
  });
  await libro.commit();
  await fin;
  return Buffer.concat(partes);
}

/** The rows as an XLSX workbook of one sheet. */
export async function tablaXlsx<T>(columnas: readonly ColumnaExport<T>[], filas: Iterable<T>, hoja = 'Datos'): Promise<Buffer> {
  const lista = Array.isArray(filas) ? (filas as readonly T[]) : [...filas];
  // A date column whose values carry a time shows it (known before the first row is written).
  const conHora = new Set<number>();
  columnas.forEach((c, i) => {
    if (c.tipo === 'fecha' && lista.some((f) => String(c.valor(f) ?? '').length > 10)) conHora.add(i);
  });
  return libroPorFilas(async (libro, turno) => {
    const ws = libro.addWorksheet(hoja.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = columnas.map((c, i) => ({
      width: Math.max(10, Math.min(40, c.titulo.length + 4)),
      style: c.tipo === 'fecha' ? { numFmt: conHora.has(i) ? 'dd/mm/yyyy hh:mm' : 'dd/mm/yyyy' } : c.comoTexto ? { numFmt: '@' } : {},
    }));
    const cabecera = ws.addRow(columnas.map((c) => c.titulo));
    cabecera.font = { bold: true };
    cabecera.commit();
    for (const f of lista) {
      ws.addRow(
        columnas.map((c) => {
          const v = c.valor(f);
          if (v == null || v === '') return null;
          return c.tipo === 'fecha' && typeof v === 'string' ? fechaXlsx(v) : v;
        }),
      ).commit();
      await turno();
    }
    ws.commit();
  });
}

/** The file in the asked format, with its content type and the file name's extension. */
export async function exportarTabla<T>(options: {
  formato: FormatoExport;
  columnas: readonly ColumnaExport<T>[];
  filas: Iterable<T>;
  /** Without extension: 'productos-2026-11-25'. */
  nombre: string;
  hoja?: string;
}): Promise<{ contenido: string | Buffer; tipo: string; archivo: string }> {
  const { formato, columnas, filas, nombre } = options;
  if (formato === 'xlsx') {
    return {
      contenido: await tablaXlsx(columnas, filas, options.hoja),
      tipo: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      archivo: `${nombre}.xlsx`,
    };
  }
  return { contenido: tablaCsv(columnas, filas), tipo: 'text/csv; charset=utf-8', archivo: `${nombre}.csv` };
}

/** The Content-Disposition of a download (an ASCII name and the UTF-8 one). */
export function descargaComo(archivo: string): string {
  const ascii = archivo.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(archivo)}`;
}
