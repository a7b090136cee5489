import ExcelJS from 'exceljs';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { CAMPOS_IMPORTACION, ENTIDADES_IMPORTACION, type TLineaAplicacion, type TVistaPrevia } from '#shared/schemas/importacion';
import { cliente, producto, proveedor } from '../../db/schema';
import { crearTienda, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { b64, csv } from './importacion.fixtures';
import { leerArchivo } from './leer-archivo';

/**
 * Issue #52 point 6, "an import that shows its hand": a template to start from, every row of the file
 * in the preview a page at a time with every column that will be written (the changes to an existing
 * product marked), and a barcode Excel turned into 7,70999E+12 refused with the reason.
 */
const t = usarApp();

const MI = M.importacion;

async function vistaPrevia(token: string, archivo: Buffer | string, extra: object = {}, entidad = 'productos') {
  return t.request({ method: 'POST', url: `/api/importacion/${entidad}/vista-previa`, token, payload: { archivo: b64(archivo), ...extra } });
}
async function aplicar(token: string, archivo: Buffer | string, entidad = 'productos') {
  const res = await t.request({ method: 'POST', url: `/api/importacion/${entidad}/aplicar`, token, payload: { archivo: b64(archivo) } });
  expect(res.statusCode, res.body).toBe(200);
  return res.body.trim().split('\n').map((l) => JSON.parse(l) as TLineaAplicacion).at(-1);
}
const productos = (tiendaId: number) =>
  t.database.db
    .select({ nombre: producto.nombre, codigo: producto.codigoBarras, precio: producto.precioUnit, costo: producto.costo, impuesto: producto.impuesto, unidad: producto.unidadDian, stock: producto.stock, stockMin: producto.stockMin, categoria: producto.categoria })
    .from(producto)
    .where(eq(producto.tiendaId, tiendaId))
    .orderBy(asc(producto.idProducto));

describe('la plantilla de la importación', () => {
  let s: Tienda;
  beforeAll(async () => {
    s = await crearTienda(t);
  });

  it('CSV y Excel traen los mismos encabezados en español, que la importación reconoce todos', async () => {
    for (const entidad of ENTIDADES_IMPORTACION) {
      const encabezados = CAMPOS_IMPORTACION[entidad].map((c) => MI.campos[c as keyof typeof MI.campos]);
      for (const formato of ['csv', 'xlsx'] as const) {
        const res = await t.request({ method: 'GET', url: `/api/importacion/${entidad}/plantilla/${formato}`, token: s.token });
        expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
        expect(res.headers['content-disposition']).toContain(`plantilla-${entidad}.${formato}`);
        const tabla = await leerArchivo(new Uint8Array(res.rawPayload));
        expect(tabla.columnas, `${entidad} ${formato}`).toEqual(encabezados);
        expect(tabla.filas, `${entidad} ${formato}`).toHaveLength(1);
        // Every column is guessed from its header: nothing to map by hand.
        const vista = (await vistaPrevia(s.token, res.rawPayload, {}, entidad)).json() as TVistaPrevia;
        expect(Object.keys(vista.mapeo).sort(), `${entidad} ${formato}`).toEqual([...CAMPOS_IMPORTACION[entidad]].sort());
        expect(vista.resumen, `${entidad} ${formato}`).toMatchObject({ total: 1, nuevos: 1, conError: 0 });
      }
    }
  });

  it('en Excel la columna del código de barras es texto, para que no pierda dígitos', async () => {
    const res = await t.request({ method: 'GET', url: '/api/importacion/productos/plantilla/xlsx', token: s.token });
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.worksheets[0]!;
    const col = CAMPOS_IMPORTACION.productos.indexOf('codigoBarras') + 1;
    expect(hoja.getColumn(col).numFmt).toBe('@');
    expect(hoja.getCell(2, col).value).toBe('7707123450018');
  });

  it('importar la fila de ejemplo crea el producto tal como se lee: 12,5 kg, exento, con costo', async () => {
    const res = await t.request({ method: 'GET', url: '/api/importacion/productos/plantilla/csv', token: s.token });
    expect(await aplicar(s.token, res.rawPayload)).toEqual({ tipo: 'fin', resumen: { total: 1, nuevos: 1, actualizados: 0, sinCambios: 0, conError: 0 } });
    expect(await productos(s.id)).toEqual([
      { nombre: 'Queso costeño', codigo: '7707123450018', precio: 24_000, costo: 18_000, impuesto: 'exento', unidad: 'KGM', stock: 12.5, stockMin: 2, categoria: 'Lácteos' },
    ]);
    // The same template as Excel is the same product: nothing changes.
    const xlsx = await t.request({ method: 'GET', url: '/api/importacion/productos/plantilla/xlsx', token: s.token });
    expect(((await vistaPrevia(s.token, xlsx.rawPayload)).json() as TVistaPrevia).resumen).toMatchObject({ sinCambios: 1 });
    for (const entidad of ['clientes', 'proveedores'] as const) {
      const p = await t.request({ method: 'GET', url: `/api/importacion/${entidad}/plantilla/xlsx`, token: s.token });
      expect(await aplicar(s.token, p.rawPayload, entidad)).toMatchObject({ tipo: 'fin', resumen: { nuevos: 1, conError: 0 } });
    }
    expect(await t.database.db.select({ d: cliente.documento, fiado: cliente.fiado, cupo: cliente.cupo }).from(cliente).where(eq(cliente.tiendaId, s.id))).toEqual([{ d: '1020304050', fiado: true, cupo: 150_000 }]);
    expect(await t.database.db.select({ n: proveedor.nombre, d: proveedor.documento }).from(proveedor).where(eq(proveedor.tiendaId, s.id))).toEqual([{ n: 'Distribuidora Andina', d: '900123456' }]);
  });

  it('un formato que no es csv ni xlsx: 400 en español', async () => {
    const res = await t.request({ method: 'GET', url: '/api/importacion/productos/plantilla/pdf', token: s.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(M.exportacion.formatoInvalido);
  });
});

describe('Controla lotes y Venta bajo fórmula (issue #58 point 2): sí/no en la importación y la exportación', () => {
  const leer = (tiendaId: number) =>
    t.database.db.select({ nombre: producto.nombre, lotes: producto.manejaLotes, formula: producto.bajoFormula }).from(producto).where(eq(producto.tiendaId, tiendaId)).orderBy(asc(producto.idProducto));

  it('se importan con sus encabezados, la exportación vuelve a entrar sin cambios, y un cambio muestra el valor de ahora en sí/no', async () => {
    const s = await crearTienda(t);
    const archivo = csv('Nombre;Precio;Controla lotes;Venta bajo fórmula', 'Amoxicilina 500 mg;9000;Sí;sí', 'Acetaminofén 500 mg;3000;sí;No', 'Jabón;2500;no;no');
    const vista = (await vistaPrevia(s.token, archivo)).json() as TVistaPrevia;
    expect(vista.mapeo).toMatchObject({ manejaLotes: 'Controla lotes', bajoFormula: 'Venta bajo fórmula' });
    expect(await aplicar(s.token, archivo)).toMatchObject({ tipo: 'fin', resumen: { nuevos: 3, conError: 0 } });
    expect(await leer(s.id)).toEqual([
      { nombre: 'Amoxicilina 500 mg', lotes: true, formula: true },
      { nombre: 'Acetaminofén 500 mg', lotes: true, formula: false },
      { nombre: 'Jabón', lotes: false, formula: false },
    ]);

    // The export writes them as Sí/No under the headers the import reads back: nothing to change.
    const exportado = await t.request({ method: 'GET', url: '/api/productos/exportar/csv', token: s.token });
    const tabla = await leerArchivo(new Uint8Array(exportado.rawPayload));
    expect(tabla.columnas).toEqual(expect.arrayContaining(['Controla lotes', 'Venta bajo fórmula']));
    const otra = (await vistaPrevia(s.token, exportado.rawPayload)).json() as TVistaPrevia;
    expect(otra.resumen).toMatchObject({ total: 3, sinCambios: 3, conError: 0 });

    // A change: marked, with what the product holds now written as the file writes it.
    const cambio = (await vistaPrevia(s.token, csv('Nombre;Controla lotes;Venta bajo fórmula', 'Jabón;Sí;no'))).json() as TVistaPrevia;
    expect(cambio.muestra[0]).toMatchObject({ accion: 'actualizar', cambios: ['manejaLotes'], antes: { manejaLotes: MI.no } });

    // Neither yes nor no: the row's error in Spanish, nothing written.
    const mala = csv('Nombre;Precio;Controla lotes;Venta bajo fórmula', 'Jarabe;5000;quizás;no');
    const errores = (await vistaPrevia(s.token, mala)).json() as TVistaPrevia;
    expect(errores.errores).toEqual([{ fila: 2, mensajes: [`${MI.campos.manejaLotes}: ${M.productos.manejaLotesInvalido}`] }]);
    expect(await aplicar(s.token, mala)).toMatchObject({ tipo: 'fin', resumen: { nuevos: 0, conError: 1 } });
    expect(await leer(s.id)).toHaveLength(3);
  });
});

describe('la vista previa por páginas', () => {
  const filas = (n: number) => csv('Nombre;Precio;Costo;Impuesto;Unidad;Stock', ...Array.from({ length: n }, (_, i) => `Producto ${i + 1};${1000 + i};${500 + i};IVA 19 %;${i % 2 ? 'kg' : 'unidad'};${i % 2 ? '12,5' : '3'}`));

  it('cada fila se alcanza: la fila 21 y siguientes están en sus páginas, con unidad, costo e impuesto', async () => {
    const s = await crearTienda(t);
    const archivo = filas(60);
    const primera = (await vistaPrevia(s.token, archivo)).json() as TVistaPrevia;
    expect(primera.pagina).toEqual({ numero: 1, porPagina: 50, paginas: 2 });
    expect(primera.muestra.map((m) => m.fila)).toEqual(Array.from({ length: 50 }, (_, i) => i + 2));
    const segunda = (await vistaPrevia(s.token, archivo, { pagina: 2 })).json() as TVistaPrevia;
    expect(segunda.pagina).toEqual({ numero: 2, porPagina: 50, paginas: 2 });
    expect(segunda.muestra.map((m) => m.fila)).toEqual(Array.from({ length: 10 }, (_, i) => i + 52));

    const res = await vistaPrevia(s.token, archivo, { pagina: 2, porPagina: 20 });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json() as TVistaPrevia;
    expect(v.pagina).toEqual({ numero: 2, porPagina: 20, paginas: 3 });
    // Row 22 of the spreadsheet is the file's 21st product.
    expect(v.muestra[0]).toEqual({ fila: 22, accion: 'nuevo', nombre: 'Producto 21', codigoBarras: null, precio: 1020, costo: 520, impuesto: 'iva19', unidad: '94', stock: 3, stockMin: null, categoria: null, marca: null, presentacion: null, descripcion: null, proveedor: null });
    expect(v.muestra[1]).toMatchObject({ fila: 23, nombre: 'Producto 22', unidad: 'KGM', stock: 12.5 });
    // Past the last page: the last one.
    expect(((await vistaPrevia(s.token, archivo, { pagina: 9, porPagina: 20 })).json() as TVistaPrevia).muestra.map((m) => m.fila)).toEqual(Array.from({ length: 20 }, (_, i) => i + 42));
  });

  it('el tamaño de página tiene tope: 101 filas o una página 0 se rechazan en español', async () => {
    const s = await crearTienda(t);
    for (const extra of [{ porPagina: 101 }, { pagina: 0 }, { pagina: 1.5 }, { porPagina: '20' }]) {
      const res = await vistaPrevia(s.token, filas(3), extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().error.message).toBe(MI.paginaInvalida);
    }
  });

  it('en un producto que ya existe, las celdas que cambian van marcadas con su valor de ahora', async () => {
    const s = await crearTienda(t);
    await t.database.db.insert(proveedor).values({ tiendaId: s.id, nombre: 'Lácteos del Valle', telefono: '3001234567', email: 'p@prueba.co' });
    await aplicar(s.token, csv('Código;Nombre;Precio;Costo;Unidad;Stock;Categoría', '111;Queso;20.000;15.000;unidad;4;Lácteos'));
    const v = (await vistaPrevia(s.token, csv('Código;Nombre;Precio;Costo;Unidad;Stock;Categoría;Proveedor', '111;Queso;24.000;15.000;kg;4,5;Lácteos;Lácteos del Valle'))).json() as TVistaPrevia;
    expect(v.muestra[0]).toMatchObject({ accion: 'actualizar', precio: 24_000, unidad: 'KGM', stock: 4.5, proveedor: 'Lácteos del Valle' });
    expect([...v.muestra[0]!.cambios!].sort()).toEqual(['precio', 'proveedor', 'stock', 'unidad']);
    expect(v.muestra[0]!.antes).toEqual({ precio: 20_000, proveedor: null, stock: 4, unidad: '94' });
    // A row with nothing new marks nothing.
    const igual = (await vistaPrevia(s.token, csv('Código;Nombre;Precio', '111;Queso;20.000'))).json() as TVistaPrevia;
    expect(igual.muestra[0]).toMatchObject({ accion: 'igual' });
    expect(igual.muestra[0]!.cambios).toBeUndefined();
  });
});

describe('códigos de barras que Excel convirtió en número', () => {
  it('7,70999E+12 en un CSV se rechaza diciendo por qué; nada se escribe', async () => {
    const s = await crearTienda(t);
    const archivo = csv('Código;Nombre;Precio', '7,70999E+12;Leche entera;4.200', '7.70999E+12;Leche deslactosada;4.500', '7709990000017;Yogur;3.000');
    const v = (await vistaPrevia(s.token, archivo)).json() as TVistaPrevia;
    expect(v.errores).toEqual([
      { fila: 2, mensajes: [MI.fila.codigoCientifico('7,70999E+12')] },
      { fila: 3, mensajes: [MI.fila.codigoCientifico('7.70999E+12')] },
    ]);
    expect(MI.fila.codigoCientifico('7,70999E+12')).toContain('Excel lo convirtió en número: formatee la columna como texto');
    await aplicar(s.token, archivo);
    expect((await productos(s.id)).map((p) => [p.nombre, p.codigo])).toEqual([['Yogur', '7709990000017']]);
  });

  it('una celda numérica de Excel con los 13 dígitos se acepta con todos ellos', async () => {
    const s = await crearTienda(t);
    const libro = new ExcelJS.Workbook();
    const hoja = libro.addWorksheet('Catálogo');
    hoja.addRow(['Código de barras', 'Nombre', 'Precio']);
    const fila = hoja.addRow([7709990000017, 'Leche entera', 4200]);
    // Shown as Excel shows a long number; the cell keeps the whole value.
    fila.getCell(1).numFmt = '0.00E+00';
    const archivo = Buffer.from(await libro.xlsx.writeBuffer());
    const v = (await vistaPrevia(s.token, archivo)).json() as TVistaPrevia;
    expect(v.errores).toEqual([]);
    expect(v.muestra[0]).toMatchObject({ accion: 'nuevo', codigoBarras: '7709990000017' });
    await aplicar(s.token, archivo);
    expect((await productos(s.id)).map((p) => [p.nombre, p.codigo])).toEqual([['Leche entera', '7709990000017']]);
  });
});
