/**
 * Reads a spreadsheet a shop has (issue #33): what Excel in Spanish writes — `;` between cells,
 * UTF-8 with or without its byte-order mark, or Windows-1252 (Excel's plain "CSV delimitado" in
 * es-CO) — and XLSX workbooks (exceljs, pinned; never the npm `xlsx` 0.18.5, vulnerable on untrusted
 * files). Every read has caps (issue #49 point 1): the file's bytes, what a workbook holds once
 * inflated, its rows, its columns and each cell's length. The answer is the header row and the rows
 * below it as text (an XLSX number cell keeps its number).
 *
 * The reading itself runs on a thread of its own (leer-archivo-worker.mjs; two at most, one file
 * each at a time, kept a while for the next file) with a memory ceiling: a file of the largest size
 * takes seconds to read, which the server's thread spends answering the other requests, and a file
 * that still found a way past the caps ends that thread, never the server.
 */
import { Worker } from 'node:worker_threads';
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
/** A limit passed: 413, its message names the limit. */
const limite = (msg: string) => new AppError('PAYLOAD_TOO_LARGE', msg);
const MB = 1024 * 1024;

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

/** A column's letters as a spreadsheet shows them (1 → A, 27 → AA). */
export function letraColumna(n: number): string {
  let s = '';
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) s = String.fromCharCode(65 + ((k - 1) % 26)) + s;
  return s;
}

/** What the reading thread answers: the table, or why the file is refused. */
type Respuesta = { ok: true; tabla: Tabla } | { ok: false; motivo: string; datos?: { fila?: number; columna?: number } };

function error(r: Extract<Respuesta, { ok: false }>): AppError {
  switch (r.motivo) {
    case 'vacio':
      return rechazo(M.importacion.archivoVacio);
    case 'demasiadasFilas':
      return limite(M.importacion.demasiadasFilas(L.maxFilas));
    case 'demasiadasColumnas':
      return limite(M.importacion.demasiadasColumnas(L.maxColumnas));
    case 'celdaLarga':
      return limite(M.importacion.celdaLarga(r.datos?.fila ?? 0, letraColumna(r.datos?.columna ?? 0), L.maxLargoCelda));
    case 'demasiadasPartes':
      return limite(M.importacion.demasiadasPartes(L.maxPartes));
    case 'contenidoGrande':
      return limite(M.importacion.contenidoGrande(L.maxBytesDescomprimidos / MB));
    default:
      return rechazo(M.importacion.archivoIlegible);
  }
}

/** Files read at once, each on its own thread; the next wait their turn. */
const HILOS = 2;
/** A thread left idle this long ends (its memory goes with it); the next file starts another. */
const OCIOSO_MS = 30_000;
/** A reading that takes longer ends its thread: the file is refused as unreadable. */
const MAX_LECTURA_MS = 90_000;

interface Hilo {
  worker: Worker;
  ocupado: boolean;
  ocioso?: NodeJS.Timeout;
  tarea?: { resolve: (r: Respuesta) => void; reject: (e: Error) => void };
}
const hilos: Hilo[] = [];
const turnos: (() => void)[] = [];

function nuevoHilo(): Hilo {
  const worker = new Worker(new URL('./leer-archivo-worker.mjs', import.meta.url), {
    workerData: { limites: L },
    // Plain JavaScript: no loader of the parent (tsx, Vitest) is needed there.
    execArgv: [],
    // Within the caps a workbook's reading takes well under this; a file that finds a way around them
    // ends this thread (ERR_WORKER_OUT_OF_MEMORY), refused as unreadable, and the server goes on.
    resourceLimits: { maxOldGenerationSizeMb: 384, maxYoungGenerationSizeMb: 32 },
  });
  const hilo: Hilo = { worker, ocupado: false };
  const terminar = (err: Error) => {
    sacar(hilo);
    hilo.tarea?.reject(err);
    hilo.tarea = undefined;
  };
  worker.on('message', (r: Respuesta) => {
    hilo.tarea?.resolve(r);
    hilo.tarea = undefined;
  });
  worker.on('error', terminar);
  worker.on('exit', () => terminar(new Error('el hilo de lectura terminó')));
  hilos.push(hilo);
  return hilo;
}

/** Out of the pool at once: a thread being ended takes no other file (it ends some time after `terminate`). */
function sacar(hilo: Hilo) {
  const i = hilos.indexOf(hilo);
  if (i >= 0) hilos.splice(i, 1);
  clearTimeout(hilo.ocioso);
}
function acabar(hilo: Hilo) {
  sacar(hilo);
  void hilo.worker.terminate();
}

async function tomarHilo(): Promise<Hilo> {
  for (;;) {
    const hilo = hilos.find((h) => !h.ocupado) ?? (hilos.length < HILOS ? nuevoHilo() : null);
    if (hilo) {
      hilo.ocupado = true;
      clearTimeout(hilo.ocioso);
      hilo.worker.ref();
      return hilo;
    }
    await new Promise<void>((r) => turnos.push(r));
  }
}

function soltarHilo(hilo: Hilo) {
  hilo.ocupado = false;
  if (hilos.includes(hilo)) {
    // An idle thread does not keep the process alive, and ends after a while.
    hilo.worker.unref();
    hilo.ocioso = setTimeout(() => acabar(hilo), OCIOSO_MS);
    hilo.ocioso.unref();
  }
  turnos.shift()?.();
}

async function enHilo(pedido: { tipo: 'xlsx'; bytes: Uint8Array } | { tipo: 'csv'; texto: string }): Promise<Respuesta> {
  const hilo = await tomarHilo();
  let plazo: NodeJS.Timeout | undefined;
  try {
    return await new Promise<Respuesta>((resolve, reject) => {
      hilo.tarea = { resolve, reject };
      plazo = setTimeout(() => acabar(hilo), MAX_LECTURA_MS);
      if (pedido.tipo === 'xlsx') {
        // A copy of its own is moved to the thread, not copied again.
        const bytes = new Uint8Array(pedido.bytes);
        hilo.worker.postMessage({ tipo: 'xlsx', bytes }, [bytes.buffer]);
      } else hilo.worker.postMessage(pedido);
    });
  } catch {
    // The thread ended (out of memory, or out of time): the file is not read.
    return { ok: false, motivo: 'ilegible' };
  } finally {
    clearTimeout(plazo);
    soltarHilo(hilo);
  }
}

/** The file's table: XLSX by its signature (a zip), CSV otherwise. Refusals are 400 (or 413 for a limit) with Spanish text. */
export async function leerArchivo(bytes: Uint8Array): Promise<Tabla> {
  if (bytes.length === 0) throw rechazo(M.importacion.archivoVacio);
  if (bytes.length > L.maxBytes) throw limite(M.importacion.archivoGrande(L.maxBytes / MB));
  const r = await enHilo(esXlsx(bytes) ? { tipo: 'xlsx', bytes } : { tipo: 'csv', texto: decodificar(bytes).texto });
  if (!r.ok) throw error(r);
  const columnas = r.tabla.columnas.map((c) => c.trim());
  if (columnas.length === 0 || columnas.every((c) => c === '')) throw rechazo(M.importacion.sinEncabezados);
  if (columnas.length > L.maxColumnas) throw limite(M.importacion.demasiadasColumnas(L.maxColumnas));
  return { columnas, filas: r.tabla.filas };
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
