// @ts-check
// Reads an import's spreadsheet on its own thread (issue #49 point 1): a workbook of 4 MB may hold
// 48 MB of XML, and reading it takes seconds that the server's thread must not spend. Plain
// JavaScript on purpose: the same file is loaded by the built server, by tsx and by Vitest (as
// server/db/pglite-worker.mjs). leer-archivo.ts starts it with a hard memory ceiling, sends it one
// file at a time and turns each refusal below (a `motivo`) into its Spanish message.
//
// Every step is bounded before it runs:
//   1. the zip's central directory is read first: its number of entries and each entry's declared
//      uncompressed size are checked before anything is inflated;
//   2. only the parts a table needs are inflated (fflate, in small steps), and inflating stops as soon
//      as an entry gives more bytes than it declared (a lying header) or than its cap;
//   3. those parts, and only the first sheet, are read as a stream by exceljs's WorkbookReader, which
//      stops at the row limit; each cell's length, the columns and the total text are capped.
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { Inflate, zipSync } from 'fflate';
import Papa from 'papaparse';

/**
 * @typedef {{ maxFilas: number, maxColumnas: number, maxLargoCelda: number, maxCaracteres: number,
 *   maxPartes: number, maxBytesParte: number, maxBytesDescomprimidos: number, maxFilasVacias: number }} Limites
 * @typedef {string | number} Celda
 * @typedef {{ columnas: string[], filas: { fila: number, celdas: Celda[] }[] }} Tabla
 * @typedef {{ fila?: number, columna?: number }} Datos
 */

/** A refusal of the file: leer-archivo.ts gives each `motivo` its Spanish message. */
class Rechazo extends Error {
  /** @param {string} motivo @param {Datos} [datos] */
  constructor(motivo, datos = {}) {
    super(motivo);
    this.motivo = motivo;
    this.datos = datos;
  }
}

// ── The zip, by its central directory ────────────────────────────────────────────────────────

/** @param {Uint8Array} b @param {number} o */
const u16 = (b, o) => b[o] | (b[o + 1] << 8);
/** @param {Uint8Array} b @param {number} o */
const u32 = (b, o) => (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16)) + b[o + 3] * 0x1000000;

/**
 * The entries the central directory declares (APPNOTE 4.3.12), checked against the caps before
 * anything is inflated. Zip64 is refused: no spreadsheet within 4 MB needs it.
 * @param {Uint8Array} bytes @param {Limites} L
 * @returns {Map<string, { metodo: number, comprimido: number, declarado: number, local: number }>}
 */
function directorio(bytes, L) {
  let fin = -1;
  for (let o = bytes.length - 22; o >= 0 && o >= bytes.length - 22 - 0xffff; o--) {
    if (u32(bytes, o) === 0x06054b50) {
      fin = o;
      break;
    }
  }
  if (fin < 0) throw new Rechazo('ilegible');
  const total = u16(bytes, fin + 10);
  const inicio = u32(bytes, fin + 16);
  if (total === 0xffff || inicio === 0xffffffff) throw new Rechazo('ilegible');
  if (total > L.maxPartes) throw new Rechazo('demasiadasPartes');
  /** @type {Map<string, { metodo: number, comprimido: number, declarado: number, local: number }>} */
  const entradas = new Map();
  let suma = 0;
  let o = inicio;
  const nombres = new TextDecoder();
  for (let i = 0; i < total; i++) {
    if (o + 46 > bytes.length || u32(bytes, o) !== 0x02014b50) throw new Rechazo('ilegible');
    const banderas = u16(bytes, o + 8);
    const metodo = u16(bytes, o + 10);
    const comprimido = u32(bytes, o + 20);
    const declarado = u32(bytes, o + 24);
    const largoNombre = u16(bytes, o + 28);
    const siguiente = o + 46 + largoNombre + u16(bytes, o + 30) + u16(bytes, o + 32);
    const local = u32(bytes, o + 42);
    if (siguiente > bytes.length || comprimido === 0xffffffff || declarado === 0xffffffff || local === 0xffffffff) throw new Rechazo('ilegible');
    // An encrypted entry cannot be read.
    if (banderas & 1) throw new Rechazo('ilegible');
    suma += declarado;
    if (suma > L.maxBytesDescomprimidos) throw new Rechazo('contenidoGrande');
    entradas.set(nombres.decode(bytes.subarray(o + 46, o + 46 + largoNombre)), { metodo, comprimido, declarado, local });
    o = siguiente;
  }
  return entradas;
}

/** Inflating goes this many compressed bytes at a time: at deflate's best ratio (~1:1032), ~4 MB out per step. */
const PASO = 4096;

/**
 * An entry's bytes, inflated in steps: refused as soon as they pass what the entry declared (a lying
 * header) or the cap of one part. The declared size itself was checked by `directorio`.
 * @param {Uint8Array} bytes @param {{ metodo: number, comprimido: number, declarado: number, local: number }} e @param {Limites} L
 */
function inflar(bytes, e, L) {
  if (e.declarado > L.maxBytesParte) throw new Rechazo('contenidoGrande');
  if (e.local + 30 > bytes.length || u32(bytes, e.local) !== 0x04034b50) throw new Rechazo('ilegible');
  const desde = e.local + 30 + u16(bytes, e.local + 26) + u16(bytes, e.local + 28);
  if (desde + e.comprimido > bytes.length) throw new Rechazo('ilegible');
  const datos = bytes.subarray(desde, desde + e.comprimido);
  if (e.metodo === 0) {
    if (datos.length > e.declarado) throw new Rechazo('contenidoGrande');
    return datos;
  }
  if (e.metodo !== 8) throw new Rechazo('ilegible');
  /** @type {Uint8Array[]} */
  const partes = [];
  let n = 0;
  let terminado = false;
  const inflador = new Inflate((parte, final) => {
    n += parte.length;
    if (n > L.maxBytesParte) throw new Rechazo('contenidoGrande');
    // More than the entry declared: a damaged file, or one made to pass the check of its sizes.
    if (n > e.declarado) throw new Rechazo('ilegible');
    partes.push(parte);
    if (final) terminado = true;
  });
  try {
    for (let i = 0; i < datos.length; i += PASO) inflador.push(datos.subarray(i, i + PASO), i + PASO >= datos.length);
    if (datos.length === 0) inflador.push(new Uint8Array(0), true);
  } catch (err) {
    if (err instanceof Rechazo) throw err;
    throw new Rechazo('ilegible');
  }
  if (!terminado) throw new Rechazo('ilegible');
  const salida = new Uint8Array(n);
  let o = 0;
  for (const p of partes) {
    salida.set(p, o);
    o += p.length;
  }
  return salida;
}

/**
 * The XML with every character past ASCII written as a character reference (`ñ` → `&#xf1;`), the
 * same document for any XML parser. exceljs's streaming reader decodes each chunk of a part on its
 * own and breaks a character split between two chunks into `��` (exceljs issues #2084 and #2063,
 * open in 4.4.0); a part of ASCII only has no character to split. Invalid UTF-8 is refused, and so
 * is a part that outgrows its cap once written this way.
 * @param {Uint8Array} b @param {Limites} L
 */
function aAscii(b, L) {
  const inicio = b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
  /** The code point at `i` and its length in bytes; invalid UTF-8 is refused. @param {number} i */
  const punto = (i) => {
    const c = b[i];
    const largo = c >= 0xf0 && c < 0xf5 ? 4 : c >= 0xe0 && c < 0xf0 ? 3 : c >= 0xc2 && c < 0xe0 ? 2 : 0;
    if (!largo || i + largo > b.length) throw new Rechazo('ilegible');
    let cp = largo === 2 ? c & 0x1f : largo === 3 ? c & 0x0f : c & 0x07;
    for (let k = 1; k < largo; k++) {
      const d = b[i + k];
      if ((d & 0xc0) !== 0x80) throw new Rechazo('ilegible');
      cp = (cp << 6) | (d & 0x3f);
    }
    if ((largo === 3 && cp < 0x800) || (largo === 4 && (cp < 0x10000 || cp > 0x10ffff)) || (cp >= 0xd800 && cp <= 0xdfff)) throw new Rechazo('ilegible');
    return { cp, largo };
  };
  // `&#x` + hex digits + `;`
  const referencia = (/** @type {number} */ cp) => 4 + cp.toString(16).length;
  let n = 0;
  for (let i = inicio; i < b.length; ) {
    if (b[i] < 0x80) {
      n++;
      i++;
      continue;
    }
    const { cp, largo } = punto(i);
    n += referencia(cp);
    i += largo;
  }
  if (n > L.maxBytesParte) throw new Rechazo('contenidoGrande');
  if (n === b.length - inicio) return b.subarray(inicio);
  const r = new Uint8Array(n);
  let o = 0;
  for (let i = inicio; i < b.length; ) {
    const c = b[i];
    if (c < 0x80) {
      r[o++] = c;
      i++;
      continue;
    }
    const { cp, largo } = punto(i);
    const hex = cp.toString(16);
    r[o++] = 0x26; // &
    r[o++] = 0x23; // #
    r[o++] = 0x78; // x
    for (let k = 0; k < hex.length; k++) r[o++] = hex.charCodeAt(k);
    r[o++] = 0x3b; // ;
    i += largo;
  }
  return r;
}

// ── XLSX ─────────────────────────────────────────────────────────────────────────────────────

const R_OFICIAL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const R_ESTRICTO = 'http://purl.oclc.org/ooxml/officeDocument/relationships';

/**
 * The path of the workbook's first sheet (the first of workbook.xml, as Excel shows its tabs), from
 * workbook.xml and its relationships: small parts (capped like any other) read with xmldom.
 * @param {Uint8Array} libro @param {Uint8Array} relaciones
 */
async function primeraHoja(libro, relaciones) {
  const { DOMParser } = await import('@xmldom/xmldom');
  const texto = new TextDecoder();
  const xml = (/** @type {Uint8Array} */ b) => new DOMParser({ onError: () => undefined }).parseFromString(texto.decode(b), 'text/xml');
  const hoja = xml(libro).getElementsByTagNameNS('*', 'sheet')[0];
  const id = hoja && (hoja.getAttributeNS(R_OFICIAL, 'id') || hoja.getAttributeNS(R_ESTRICTO, 'id') || hoja.getAttribute('r:id'));
  if (!id) return null;
  const rels = xml(relaciones).getElementsByTagNameNS('*', 'Relationship');
  for (let i = 0; i < rels.length; i++) {
    const r = rels[i];
    if (r?.getAttribute('Id') !== id) continue;
    const destino = r.getAttribute('Target') ?? '';
    return destino.startsWith('/') ? destino.slice(1) : `xl/${destino}`;
  }
  return null;
}

/** A cell of exceljs as text or number: formulas give their result, rich text its plain text, dates dd/mm/aaaa. @param {import('exceljs').CellValue} v @returns {Celda} */
function celdaXlsx(v) {
  if (v == null) return '';
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (v instanceof Date) return `${String(v.getUTCDate()).padStart(2, '0')}/${String(v.getUTCMonth() + 1).padStart(2, '0')}/${v.getUTCFullYear()}`;
  if ('richText' in v) return v.richText.map((t) => t.text ?? '').join('');
  if ('result' in v) return v.result == null || typeof v.result === 'object' ? '' : celdaXlsx(/** @type {import('exceljs').CellValue} */ (v.result));
  if ('text' in v) return String(v.text);
  return '';
}

/**
 * The caps every table shares (CSV and XLSX): rows with values, columns, each cell's length and the
 * whole text kept. `agregar` takes a row's cells (index 0 = column A) and its number in the file.
 * @param {Limites} L
 */
function acumulador(L) {
  /** @type {string[] | null} */
  let columnas = null;
  /** @type {Tabla['filas']} */
  const filas = [];
  let caracteres = 0;
  return {
    /** @param {Celda[]} celdas @param {number} numero */
    agregar(celdas, numero) {
      let ultima = -1;
      for (let i = 0; i < celdas.length; i++) {
        const c = celdas[i];
        if (c === '' || c == null) continue;
        ultima = i;
        if (typeof c === 'string') {
          if (c.length > L.maxLargoCelda) throw new Rechazo('celdaLarga', { fila: numero, columna: i + 1 });
          caracteres += c.length;
        }
      }
      if (ultima < 0) return;
      if (ultima >= L.maxColumnas) throw new Rechazo('demasiadasColumnas');
      if (caracteres > L.maxCaracteres) throw new Rechazo('contenidoGrande');
      const propias = celdas.length > ultima + 1 ? celdas.slice(0, ultima + 1) : celdas;
      if (!columnas) {
        columnas = propias.map(String);
        return;
      }
      if (filas.length >= L.maxFilas) throw new Rechazo('demasiadasFilas');
      filas.push({ fila: numero, celdas: propias });
    },
    /** @returns {Tabla} */
    tabla() {
      if (!columnas) throw new Rechazo('vacio');
      return { columnas, filas };
    },
  };
}

/** @param {Uint8Array} bytes @param {Limites} L @returns {Promise<Tabla>} */
async function leerXlsx(bytes, L) {
  const entradas = directorio(bytes, L);
  const parte = (/** @type {string} */ nombre) => {
    const e = entradas.get(nombre);
    return e ? aAscii(inflar(bytes, e, L), L) : null;
  };
  const libro = parte('xl/workbook.xml');
  const relaciones = parte('xl/_rels/workbook.xml.rels');
  if (!libro || !relaciones) throw new Rechazo('ilegible');
  const ruta = await primeraHoja(libro, relaciones);
  const hoja = ruta ? parte(ruta) : null;
  if (!hoja) throw new Rechazo('vacio');
  // A new, small workbook of only what the table needs, in the order the streaming reader reads it
  // without temporary files: relationships, workbook, styles (date formats), shared strings, the sheet.
  /** @type {Record<string, Uint8Array>} */
  const limpio = {};
  limpio['xl/_rels/workbook.xml.rels'] = new TextEncoder().encode(
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  );
  limpio['xl/workbook.xml'] = libro;
  const estilos = parte('xl/styles.xml');
  if (estilos) limpio['xl/styles.xml'] = estilos;
  limpio['xl/sharedStrings.xml'] = parte('xl/sharedStrings.xml') ?? new TextEncoder().encode('<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>');
  limpio['xl/worksheets/sheet1.xml'] = hoja;
  const zip = zipSync(limpio, { level: 0 });
  const trozos = function* () {
    for (let i = 0; i < zip.length; i += 65536) yield Buffer.from(zip.buffer, zip.byteOffset + i, Math.min(65536, zip.length - i));
  };

  const tabla = acumulador(L);
  let filasLeidas = 0;
  const fuente = Readable.from(trozos());
  try {
    // Loaded on the first workbook only: a thread that reads CSV files does not pay for it.
    const { default: ExcelJS } = await import('exceljs');
    const lector = new ExcelJS.stream.xlsx.WorkbookReader(fuente, {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    });
    for await (const hojaLeida of lector) {
      for await (const fila of /** @type {AsyncIterable<import('exceljs').Row>} */ (/** @type {unknown} */ (hojaLeida))) {
        // Rows without values count too (a sheet of a million empty rows stops here, not at its end).
        if (++filasLeidas > L.maxFilas + 1 + L.maxFilasVacias) throw new Rechazo('demasiadasFilas');
        const valores = /** @type {import('exceljs').CellValue[]} */ (fila.values);
        // exceljs's values start at index 1 (column A); a cell beyond the last column is refused below.
        const hasta = Math.min(valores.length, L.maxColumnas + 2);
        /** @type {Celda[]} */
        const celdas = [];
        for (let i = 1; i < hasta; i++) celdas.push(celdaXlsx(valores[i] ?? null));
        if (valores.length > hasta && valores.slice(hasta).some((v) => celdaXlsx(v ?? null) !== '')) throw new Rechazo('demasiadasColumnas');
        tabla.agregar(celdas, fila.number);
      }
      // Only the first sheet is in this workbook.
      break;
    }
  } catch (err) {
    if (err instanceof Rechazo) throw err;
    throw new Rechazo('ilegible');
  } finally {
    // A reading stopped at a limit leaves nothing behind on this thread, which reads the next file.
    fuente.destroy();
  }
  return tabla.tabla();
}

// ── CSV ──────────────────────────────────────────────────────────────────────────────────────

/** @param {string} texto @param {Limites} L @returns {Tabla} */
function leerCsv(texto, L) {
  const tabla = acumulador(L);
  let n = 0;
  /** @type {Rechazo | null} */
  let rechazo = null;
  Papa.parse(texto, {
    // Excel in Spanish writes ';'; other tools ',' or a tab.
    delimitersToGuess: [';', ',', '\t', '|'],
    skipEmptyLines: 'greedy',
    step: (/** @type {Papa.ParseStepResult<string[]>} */ r, /** @type {Papa.Parser} */ parser) => {
      n++;
      try {
        tabla.agregar(r.data, n);
      } catch (err) {
        rechazo = err instanceof Rechazo ? err : new Rechazo('ilegible');
        parser.abort();
      }
    },
  });
  if (rechazo) throw rechazo;
  return tabla.tabla();
}

// ── The thread ───────────────────────────────────────────────────────────────────────────────

/** @param {{ tipo: 'xlsx', bytes: Uint8Array } | { tipo: 'csv', texto: string }} pedido @param {Limites} L */
export async function leer(pedido, L) {
  return pedido.tipo === 'xlsx' ? leerXlsx(pedido.bytes, L) : leerCsv(pedido.texto, L);
}

if (parentPort) {
  const port = parentPort;
  // One file at a time: leer-archivo.ts sends the next once this one is answered.
  port.on('message', (/** @type {{ tipo: 'xlsx', bytes: Uint8Array } | { tipo: 'csv', texto: string }} */ pedido) => {
    leer(pedido, /** @type {Limites} */ (workerData.limites)).then(
      (tabla) => port.postMessage({ ok: true, tabla }),
      (err) => port.postMessage(err instanceof Rechazo ? { ok: false, motivo: err.motivo, datos: err.datos } : { ok: false, motivo: 'ilegible' }),
    );
  });
}
