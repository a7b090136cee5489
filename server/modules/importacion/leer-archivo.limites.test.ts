import ExcelJS from 'exceljs';
import { Zip, ZipDeflate, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { LIMITES_IMPORTACION as L, type TVistaPrevia } from '#shared/schemas/importacion';
import { crearTienda, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { b64 } from './importacion.fixtures';
import { leerArchivo } from './leer-archivo';

/**
 * Issue #49 point 1: a spreadsheet is read within bounds. A workbook (XLSX) is a zip: a few hundred
 * KB can inflate to gigabytes, or to a million rows. Each file below is built here, small on disk,
 * and sent as any cashier could: the answer is a clear Spanish refusal (413 naming the limit, or
 * 400), the server answers the next request, and its memory does not follow the bomb.
 */
const t = usarApp();
let s: Tienda;
beforeAll(async () => {
  s = await crearTienda(t);
});

const MI = M.importacion;
const MB = 1024 * 1024;
const LENTO = { timeout: 180_000 };

const enc = new TextEncoder();
const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const TIPOS =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>';
const RAIZ =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
const LIBRO = `<?xml version="1.0" encoding="UTF-8"?><workbook ${NS} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Hoja1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const RELACIONES =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>';

/** Text in pieces of ~64 KB: a part of hundreds of MB is never one string here. */
function* enTrozos(n: number, pieza: (i: number) => string): Generator<string> {
  let b = '';
  for (let i = 1; i <= n; i++) {
    b += pieza(i);
    if (b.length > 65_536) {
      yield b;
      b = '';
    }
  }
  yield b;
}

/** A workbook whose sheet and shared strings are streamed into the zip (fflate, level 9). */
function libro(hoja: () => Iterable<string>, textos: () => Iterable<string> = () => [`<sst ${NS}><si><t>Nombre</t></si><si><t>Pan</t></si></sst>`]): Buffer {
  const salida: Uint8Array[] = [];
  const zip = new Zip((err, dat) => {
    if (err) throw err;
    salida.push(dat);
  });
  const partes: [string, () => Iterable<string>][] = [
    ['[Content_Types].xml', () => [TIPOS]],
    ['_rels/.rels', () => [RAIZ]],
    ['xl/workbook.xml', () => [LIBRO]],
    ['xl/_rels/workbook.xml.rels', () => [RELACIONES]],
    ['xl/sharedStrings.xml', textos],
    ['xl/worksheets/sheet1.xml', hoja],
  ];
  for (const [nombre, trozos] of partes) {
    const f = new ZipDeflate(nombre, { level: 9 });
    zip.add(f);
    for (const trozo of trozos()) f.push(enc.encode(trozo));
    f.push(new Uint8Array(0), true);
  }
  zip.end();
  const b = Buffer.concat(salida);
  // Small on disk: within the file's cap, so that what is inside is what gets tested.
  expect(b.length).toBeLessThan(L.maxBytes);
  return b;
}
const hoja = (filas: () => Iterable<string>) =>
  function* () {
    yield `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet ${NS}><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row>`;
    yield* filas();
    yield '</sheetData></worksheet>';
  };

const memoria = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

async function enviar(archivo: Buffer | string, entidad = 'productos', paso: 'vista-previa' | 'aplicar' = 'vista-previa') {
  return t.request({ method: 'POST', url: `/api/importacion/${entidad}/${paso}`, token: s.token, payload: { archivo: b64(archivo) } });
}

/** The refusal a person reads, the server still answers a good file, and memory did not follow the file. */
async function rechazado(archivo: Buffer | string, codigo: number, mensaje: string, entidad = 'productos') {
  const antes = memoria();
  const res = await enviar(archivo, entidad);
  const crecio = memoria() - antes;
  expect(res.statusCode, res.body).toBe(codigo);
  expect(res.json().error.message).toBe(mensaje);
  // The reading thread's memory is its own and is gone with it; this thread only held the request.
  expect(crecio).toBeLessThan(96 * MB);
  const bien = await enviar('Nombre;Documento;Precio\r\nPan;1020304050;1.000\r\n', entidad);
  expect(bien.statusCode, bien.body).toBe(200);
}

describe('libros de Excel que se inflan (zip bombs)', () => {
  it('una hoja de 1 000 000 filas vacías: demasiadas filas, sin leerla entera', LENTO, async () => {
    const archivo = libro(hoja(() => enTrozos(1_000_000, (i) => `<row r="${i + 1}"/>`)));
    await rechazado(archivo, 413, MI.demasiadasFilas(L.maxFilas));
  });

  it('un texto compartido de 200 MB: el libro ocupa demasiado al abrirlo, sin inflarlo', LENTO, async () => {
    const mega = 'a'.repeat(MB);
    const archivo = libro(hoja(() => [`<row r="2"><c r="A2" t="s"><v>1</v></c></row>`]), function* () {
      yield `<sst ${NS}><si><t>Nombre</t></si><si><t>`;
      for (let i = 0; i < 200; i++) yield mega;
      yield '</t></si></sst>';
    });
    await rechazado(archivo, 413, MI.contenidoGrande(L.maxBytesDescomprimidos / MB));
  });

  it('una hoja de 200 000 filas con datos: demasiadas filas (también para clientes y proveedores)', LENTO, async () => {
    const archivo = libro(hoja(() => enTrozos(200_000, (i) => `<row r="${i + 1}"><c r="A${i + 1}" t="s"><v>1</v></c><c r="B${i + 1}"><v>${i}</v></c></row>`)));
    await rechazado(archivo, 413, MI.demasiadasFilas(L.maxFilas));
    await rechazado(archivo, 413, MI.demasiadasFilas(L.maxFilas), 'clientes');
    await rechazado(archivo, 413, MI.demasiadasFilas(L.maxFilas), 'proveedores');
    const aplicar = await enviar(archivo, 'productos', 'aplicar');
    expect(aplicar.statusCode).toBe(413);
    expect(aplicar.json().error.message).toBe(MI.demasiadasFilas(L.maxFilas));
  });

  it('un tamaño declarado falso: se deja de inflar donde la parte dijo que terminaba', LENTO, async () => {
    // A sheet of ~75 MB whose central directory says 2 000 bytes.
    const mega = '<row/>'.repeat(MB / 8);
    const archivo = libro(
      hoja(function* () {
        for (let i = 0; i < 100; i++) yield mega;
      }),
    );
    const fin = archivo.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    let o = archivo.readUInt32LE(fin + 16);
    for (let i = 0; i < archivo.readUInt16LE(fin + 10); i++) {
      const nombre = archivo.subarray(o + 46, o + 46 + archivo.readUInt16LE(o + 28)).toString();
      if (nombre === 'xl/worksheets/sheet1.xml') archivo.writeUInt32LE(2_000, o + 24);
      o += 46 + archivo.readUInt16LE(o + 28) + archivo.readUInt16LE(o + 30) + archivo.readUInt16LE(o + 32);
    }
    await rechazado(archivo, 400, MI.archivoIlegible);
  });

  it('un libro de más de mil partes se rechaza antes de abrir ninguna', LENTO, async () => {
    const partes: Record<string, Uint8Array> = {};
    for (let i = 0; i <= L.maxPartes; i++) partes[`xl/media/image${i}.png`] = new Uint8Array(1);
    partes['xl/workbook.xml'] = enc.encode(LIBRO);
    await rechazado(Buffer.from(zipSync(partes, { level: 9 })), 413, MI.demasiadasPartes(L.maxPartes));
  });

  it('una celda demasiado larga o una columna de más en un libro de Excel', LENTO, async () => {
    const larga = libro(hoja(() => [`<row r="2"><c r="A2" t="s"><v>1</v></c><c r="C2" t="inlineStr"><is><t>${'x'.repeat(L.maxLargoCelda + 1)}</t></is></c></row>`]));
    await rechazado(larga, 413, MI.celdaLarga(2, 'C', L.maxLargoCelda));
    // A value in column 61 of a row; the columns beyond the headers are empty in a usual sheet.
    const ancha = libro(hoja(() => [`<row r="2"><c r="A2" t="s"><v>1</v></c><c r="BI2"><v>7</v></c></row>`]));
    await rechazado(ancha, 413, MI.demasiadasColumnas(L.maxColumnas));
  });
});

describe('CSV con los mismos límites', () => {
  it('una fila con más columnas que el límite', LENTO, async () => {
    await rechazado(`Nombre;Precio\r\nPan;100;${'x;'.repeat(L.maxColumnas)}\r\n`, 413, MI.demasiadasColumnas(L.maxColumnas));
  });

  it('un campo gigante (3 MB entre comillas): se nombra la fila y la columna', LENTO, async () => {
    await rechazado(`Nombre;Precio\r\nPan;100\r\nArroz;"${'a'.repeat(3 * MB)}"\r\n`, 413, MI.celdaLarga(3, 'B', L.maxLargoCelda));
  });
});

describe('lo que se leía bien se sigue leyendo igual', () => {
  it('un libro con tildes y eñes en miles de filas: cada texto entero, la misma vista previa', LENTO, async () => {
    // Many rows of accented text: the sheet's XML reaches the reader in many chunks, and a character
    // split between two of them must not turn into '��' (exceljs's streaming reader alone breaks ~1 row in 500).
    const nombre = (i: number) => `Ñame añejo ${i} — jalapeño 🌶 ${'ñ'.repeat(60)}`;
    const archivo = (n: number) =>
      libro(
        () => [
          `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet ${NS}><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>Precio</t></is></c></row>`,
          ...enTrozos(n, (i) => `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is><t>${nombre(i)}</t></is></c><c r="B${i + 1}"><v>${1000 + i}</v></c></row>`),
          '</sheetData></worksheet>',
        ],
        () => [`<sst ${NS}><si><t>Nombre</t></si></sst>`],
      );
    const n = L.maxFilas;
    const tabla = await leerArchivo(new Uint8Array(archivo(n)));
    expect(tabla.filas).toHaveLength(n);
    expect(tabla.filas.filter((f, i) => f.fila !== i + 2 || f.celdas[0] !== nombre(i + 1) || f.celdas[1] !== 1001 + i)).toEqual([]);

    const res = await enviar(archivo(3));
    expect(res.statusCode, res.body).toBe(200);
    const vista = res.json() as TVistaPrevia;
    expect(vista.columnas).toEqual(['Nombre', 'Precio']);
    expect(vista.resumen).toMatchObject({ total: 3, nuevos: 3, conError: 0 });
    expect(vista.muestra.map((m) => [m.fila, m.nombre, m.precio])).toEqual([
      [2, nombre(1), 1001],
      [3, nombre(2), 1002],
      [4, nombre(3), 1003],
    ]);
  });

  it('un libro de Excel con fechas, números y fórmulas: como se ven en la hoja', LENTO, async () => {
    const libro = new ExcelJS.Workbook();
    const hoja = libro.addWorksheet('Catálogo');
    libro.addWorksheet('Otra hoja').addRow(['no se lee']);
    hoja.addRow(['Nombre', 'Vence', 'Precio', 'Total']);
    hoja.addRow(['Leche', new Date(Date.UTC(2026, 10, 29)), 2800, { formula: 'C2*2', result: 5600 }]);
    hoja.addRow([]);
    hoja.addRow(['Pan', '', 500]);
    const tabla = await leerArchivo(new Uint8Array(await libro.xlsx.writeBuffer()));
    expect(tabla).toEqual({
      columnas: ['Nombre', 'Vence', 'Precio', 'Total'],
      filas: [
        { fila: 2, celdas: ['Leche', '29/11/2026', 2800, 5600] },
        { fila: 4, celdas: ['Pan', '', 500] },
      ],
    });
  });
});
