import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { and, asc, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import type { TLineaAplicacion, TVistaPrevia } from '#shared/schemas/importacion';
import { actividad, historialPrecio, movimiento, producto, proveedor } from '../../db/schema';
import { DIR, ENCABEZADOS, ERRORES_ESPERADOS, FILAS, PROVEEDORES, filas } from '../../../scripts/generar-fixture-importacion';
import { conRol, crearTienda, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { b64, csv } from './importacion.fixtures';
import { numeroEs } from './leer-archivo';

const t = usarApp();

const MI = M.importacion;
const fixture = (nombre: string) => fs.readFileSync(path.join(DIR, nombre));
const CP1252 = 'productos-10000-windows-1252.csv';
const UTF8_BOM = 'productos-10000-utf8-bom.csv';

async function vistaPrevia(token: string, archivo: Buffer | string, mapeo?: object) {
  const res = await t.request({ method: 'POST', url: '/api/importacion/productos/vista-previa', token, payload: { archivo: b64(archivo), ...(mapeo ? { mapeo } : {}) } });
  return res;
}
async function aplicar(token: string, archivo: Buffer | string, mapeo?: object) {
  const res = await t.request({ method: 'POST', url: '/api/importacion/productos/aplicar', token, payload: { archivo: b64(archivo), ...(mapeo ? { mapeo } : {}) } });
  const lineas = res.statusCode === 200 ? (res.body.trim().split('\n').map((l) => JSON.parse(l)) as TLineaAplicacion[]) : [];
  return { res, lineas, fin: lineas.at(-1) };
}

async function nuevaTienda(): Promise<Tienda> {
  const s = await crearTienda(t);
  for (const nombre of PROVEEDORES) await t.database.db.insert(proveedor).values({ tiendaId: s.id, nombre, telefono: '3001234567', email: 'p@prueba.co' });
  return s;
}

/** What a person would see of the store's catalogue and its records. */
async function estado(tiendaId: number) {
  const db = t.database.db;
  const productos = await db
    .select({ nombre: producto.nombre, codigo: producto.codigoBarras, precio: producto.precioUnit, stock: producto.stock, stockMin: producto.stockMin, categoria: producto.categoria, marca: producto.marca, proveedor: proveedor.nombre })
    .from(producto)
    .leftJoin(proveedor, eq(proveedor.idProveedor, producto.proveedorId))
    .where(eq(producto.tiendaId, tiendaId))
    .orderBy(asc(producto.nombre), asc(producto.codigoBarras));
  const [m] = await db.select({ n: count() }).from(movimiento).where(eq(movimiento.tiendaId, tiendaId));
  const [h] = await db.select({ n: count() }).from(historialPrecio).where(eq(historialPrecio.tiendaId, tiendaId));
  const [a] = await db.select({ n: count() }).from(actividad).where(eq(actividad.tiendaId, tiendaId));
  return { productos, movimientos: m!.n, precios: h!.n, actividad: a!.n };
}

describe('números como los escribe Excel en español', () => {
  it('puntos de miles, coma decimal, signo de pesos y celdas numéricas', () => {
    expect(numeroEs('12.500')).toBe(12500);
    expect(numeroEs('2.800,00')).toBe(2800);
    expect(numeroEs('$ 1.234.567')).toBe(1234567);
    expect(numeroEs('0,375')).toBe(0.375);
    expect(numeroEs('2800.5')).toBe(2800.5);
    expect(numeroEs('-3')).toBe(-3);
    expect(numeroEs(4500)).toBe(4500);
    for (const malo of ['doce mil', '1.2.3,4,5', '12.50,0', '1,2,3', '']) expect(numeroEs(malo), malo).toBeNull();
  });
});

describe('importar 10 000 productos de un CSV de Excel en español', () => {
  let s: Tienda;
  let vistaCp1252: TVistaPrevia;
  beforeAll(async () => {
    s = await nuevaTienda();
  });

  it('la vista previa (Windows-1252) muestra los errores de cada fila en español y no escribe nada', { timeout: 120_000 }, async () => {
    const antes = await estado(s.id);
    const res = await vistaPrevia(s.token, fixture(CP1252));
    expect(res.statusCode, res.body).toBe(200);
    vistaCp1252 = res.json();
    expect(vistaCp1252.columnas).toEqual(ENCABEZADOS);
    expect(vistaCp1252.mapeo).toMatchObject({ codigoBarras: 'Código', nombre: 'Nombre', precio: 'Precio', stock: 'Stock', stockMin: 'Stock mínimo', categoria: 'Categoría', marca: 'Marca', proveedor: 'Proveedor' });
    expect(vistaCp1252.resumen).toEqual({ total: FILAS, nuevos: FILAS - ERRORES_ESPERADOS, actualizados: 0, sinCambios: 0, conError: ERRORES_ESPERADOS });
    const errores = new Map(vistaCp1252.errores.map((e) => [e.fila, e.mensajes]));
    // Row i of the data is the spreadsheet's row i + 2.
    expect(errores.get(999 + 2)).toEqual([MI.fila.numeroInvalido(MI.campos.precio, 'doce mil')]);
    expect(errores.get(1234 + 2)).toEqual([MI.fila.nombreVacio]);
    expect(errores.get(77 + 2)).toEqual([MI.fila.negativo(MI.campos.stock)]);
    expect(errores.get(5 + 2)).toEqual([MI.fila.proveedorNoExiste('Proveedor Fantasma')]);
    expect(errores.get(4321 + 2)).toEqual([MI.fila.codigoRepetido(10 + 2)]);
    // The accents came through the Windows-1252 decoding.
    expect(vistaCp1252.muestra[0]).toMatchObject({ fila: 2, accion: 'nuevo', nombre: 'Café molido 500 g n.º 0', codigoBarras: '7701000000000', precio: 500, stock: 0 });
    expect(vistaCp1252.muestra[2]).toMatchObject({ nombre: 'Panela redonda 1 und n.º 2', precio: 7900, stock: 26 });
    expect(await estado(s.id)).toEqual(antes);
  });

  it('el mismo archivo en UTF-8 con BOM da la misma vista previa', { timeout: 120_000 }, async () => {
    const res = await vistaPrevia(s.token, fixture(UTF8_BOM));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(vistaCp1252);
  });

  it('se aplica solo al pedirlo, en una transacción, con el stock en los movimientos y cada precio en su historial', { timeout: 180_000 }, async () => {
    const { res, lineas, fin } = await aplicar(s.token, fixture(UTF8_BOM));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toMatch(/ndjson/);
    const progreso = lineas.filter((l) => l.tipo === 'progreso');
    expect(progreso.length).toBeGreaterThan(2);
    expect(progreso.at(-1)).toEqual({ tipo: 'progreso', hechas: FILAS - ERRORES_ESPERADOS, total: FILAS - ERRORES_ESPERADOS });
    expect(fin).toEqual({ tipo: 'fin', resumen: vistaCp1252.resumen });

    const e = await estado(s.id);
    expect(e.productos).toHaveLength(FILAS - ERRORES_ESPERADOS);
    expect(e.precios).toBe(FILAS - ERRORES_ESPERADOS);
    const cafe = e.productos.find((p) => p.nombre === 'Café molido 500 g n.º 0')!;
    expect(cafe).toMatchObject({ codigo: '7701000000000', precio: 500, stock: 0, categoria: 'Granos', marca: 'Colombina', proveedor: 'Distribuidora Andina' });
    expect(e.productos.find((p) => p.nombre === 'Limón Tahití 1 und n.º 4')).toMatchObject({ precio: 15300, stock: 52, marca: '"El Sol"' });
    expect(e.productos.find((p) => p.nombre === 'Panela redonda 1 und n.º 2')).toMatchObject({ marca: 'La Niña; Ltda' });
    // Each opening stock is an entry of the ledger, named as the import's.
    const movs = await t.database.db.select({ motivo: movimiento.motivo, n: count() }).from(movimiento).where(eq(movimiento.tiendaId, s.id)).groupBy(movimiento.motivo);
    expect(movs).toEqual([{ motivo: MI.motivoMovimiento, n: e.productos.filter((p) => p.stock > 0).length }]);
    const [registro] = await t.database.db.select().from(actividad).where(and(eq(actividad.tiendaId, s.id), eq(actividad.tipo, 'importacion')));
    expect(registro!.detalle).toMatchObject({ nuevos: FILAS - ERRORES_ESPERADOS, actualizados: 0 });
  });

  it('volver a importar el mismo archivo no cambia nada', { timeout: 180_000 }, async () => {
    const antes = await estado(s.id);
    const vista = (await vistaPrevia(s.token, fixture(CP1252))).json() as TVistaPrevia;
    expect(vista.resumen).toEqual({ total: FILAS, nuevos: 0, actualizados: 0, sinCambios: FILAS - ERRORES_ESPERADOS, conError: ERRORES_ESPERADOS });
    const { fin } = await aplicar(s.token, fixture(CP1252));
    expect(fin).toEqual({ tipo: 'fin', resumen: vista.resumen });
    expect(await estado(s.id)).toEqual(antes);
  });

  it('un XLSX con las mismas filas da el mismo resultado', { timeout: 240_000 }, async () => {
    const libro = new ExcelJS.Workbook();
    const hoja = libro.addWorksheet('Productos');
    hoja.addRow(ENCABEZADOS);
    // As Excel keeps them: amounts and codes as number cells, the rest as text.
    for (const fila of filas()) hoja.addRow(fila.map((c, i) => ([0, 2, 3, 4].includes(i) && c !== '' && numeroEs(c) != null ? numeroEs(c) : c)));
    const xlsx = Buffer.from(await libro.xlsx.writeBuffer());

    // The store that already imported the CSV: nothing to change.
    const otraVez = (await vistaPrevia(s.token, xlsx)).json() as TVistaPrevia;
    expect(otraVez.resumen).toEqual({ total: FILAS, nuevos: 0, actualizados: 0, sinCambios: FILAS - ERRORES_ESPERADOS, conError: ERRORES_ESPERADOS });

    // A new store that imports the XLSX ends with the same catalogue as the one that imported the CSV.
    const otra = await nuevaTienda();
    const vista = (await vistaPrevia(otra.token, xlsx)).json() as TVistaPrevia;
    expect(vista.resumen).toEqual(vistaCp1252.resumen);
    expect(vista.errores.map((e) => e.fila)).toEqual(vistaCp1252.errores.map((e) => e.fila));
    const { fin } = await aplicar(otra.token, xlsx);
    expect(fin).toMatchObject({ tipo: 'fin' });
    const [a, b] = [await estado(s.id), await estado(otra.id)];
    expect(b.productos).toEqual(a.productos);
    expect(b.movimientos).toBe(a.movimientos);
  });
});

describe('archivos pequeños: mapeo, permisos y rechazos', () => {
  
  it('un mapeo elegido por la persona; una columna que no existe o sin nombre se rechaza sin escribir', async () => {
    const s = await nuevaTienda();
    const archivo = csv('Artículo;Valor venta;Existencias', 'Panela;2.500;10');
    const adivinado = (await vistaPrevia(s.token, archivo)).json() as TVistaPrevia;
    expect(adivinado.mapeo).toEqual({ nombre: 'Artículo', stock: 'Existencias' });
    const res = await vistaPrevia(s.token, archivo, { nombre: 'Artículo', precio: 'Valor venta', stock: 'Existencias' });
    expect(res.json().muestra[0]).toMatchObject({ accion: 'nuevo', nombre: 'Panela', precio: 2500, stock: 10 });
    const mala = await vistaPrevia(s.token, archivo, { nombre: 'Artículo', precio: 'Precio' });
    expect(mala.statusCode).toBe(400);
    expect(mala.json().error.message).toBe(MI.columnaInexistente('Precio'));
    const sinNombre = await aplicar(s.token, archivo, { precio: 'Valor venta' });
    expect(sinNombre.res.statusCode).toBe(400);
    expect(sinNombre.res.json().error.message).toBe(MI.entidades.productos.sinClave);
    expect((await estado(s.id)).productos).toEqual([]);
  });

  it('actualiza por código de barras o por nombre exacto; el stock cambia con un ajuste en los movimientos', async () => {
    const s = await nuevaTienda();
    expect((await aplicar(s.token, csv('Código;Nombre;Precio;Stock', '111;Arroz;2.800;10', ';Frijol;5.000;4'))).fin).toMatchObject({ tipo: 'fin' });
    const v = (await vistaPrevia(s.token, csv('Código;Nombre;Precio;Stock', '111;Arroz Diana;3.000;10', ';Frijol;5.000;7', ';Lenteja;4.000;'))).json() as TVistaPrevia;
    expect(v.muestra.map((m) => m.accion)).toEqual(['actualizar', 'actualizar', 'nuevo']);
    await aplicar(s.token, csv('Código;Nombre;Precio;Stock', '111;Arroz Diana;3.000;10', ';Frijol;5.000;7', ';Lenteja;4.000;'));
    const e = await estado(s.id);
    expect(e.productos.map((p) => [p.nombre, p.codigo, p.precio, p.stock])).toEqual([
      ['Arroz Diana', '111', 3000, 10],
      ['Frijol', null, 5000, 7],
      ['Lenteja', null, 4000, 0],
    ]);
    const ajustes = await t.database.db.select({ antes: movimiento.stockAntes, entradas: movimiento.entradas, despues: movimiento.cantidadDespues }).from(movimiento).where(and(eq(movimiento.tiendaId, s.id), eq(movimiento.stockAntes, 4)));
    expect(ajustes).toEqual([{ antes: 4, entradas: 3, despues: 7 }]);
  });

  it('el stock con decimales entra para lo que se vende por peso o medida; por unidad es un error de fila', async () => {
    const s = await nuevaTienda();
    const archivo = csv('Código;Nombre;Precio;Stock;Unidad', '20001;Queso costeño;24.000;4,625;kg', '20002;Gaseosa;3.000;2,5;unidad', '20003;Aceite a granel;10.000;12,3456;litro');
    const v = (await vistaPrevia(s.token, archivo)).json() as TVistaPrevia;
    expect(v.muestra.map((m) => m.accion)).toEqual(['nuevo', 'error', 'error']);
    expect(v.errores).toEqual([
      { fila: 3, mensajes: [MI.fila.stockEntero] },
      { fila: 4, mensajes: [MI.fila.tresDecimales(MI.campos.stock)] },
    ]);
    await aplicar(s.token, archivo);
    expect((await estado(s.id)).productos.map((p) => [p.nombre, p.stock])).toEqual([['Queso costeño', 4.625]]);
    // Changed to 4,5 by a second file: the ledger takes the exact 0,125 out.
    await aplicar(s.token, csv('Código;Nombre;Precio;Stock', '20001;Queso costeño;24.000;4,5'));
    const [ajuste] = await t.database.db.select({ salidas: movimiento.salidas, despues: movimiento.cantidadDespues }).from(movimiento).where(and(eq(movimiento.tiendaId, s.id), eq(movimiento.stockAntes, 4.625)));
    expect(ajuste).toEqual({ salidas: 0.125, despues: 4.5 });
  });

  it('sin permiso de precios ni de stock (rol 2 por defecto), esas filas (y los productos nuevos, que ponen un primer precio) son errores de fila y el resto se importa', async () => {
    const s = await nuevaTienda();
    await aplicar(s.token, csv('Nombre;Precio;Stock;Categoría', 'Arroz;2.800;10;Granos', 'Frijol;5.000;4;Granos'));
    const cajero = await conRol(t, s, ROL.EMPLEADO);
    const archivo = csv('Nombre;Precio;Stock;Categoría', 'Arroz;3.000;10;Granos', 'Frijol;5.000;9;Granos', 'Lenteja;4.000;0;Granos', 'Arroz;2.800;10;Despensa');
    const v = (await vistaPrevia(cajero, archivo)).json() as TVistaPrevia;
    expect(v.errores).toEqual([
      { fila: 2, mensajes: [MI.fila.sinPermisoPrecios] },
      { fila: 3, mensajes: [MI.fila.sinPermisoStock] },
      { fila: 4, mensajes: [MI.fila.sinPermisoPrecios] },
      { fila: 5, mensajes: [MI.fila.nombreRepetido(2)] },
    ]);
    await aplicar(cajero, archivo);
    expect((await estado(s.id)).productos.map((p) => [p.nombre, p.precio, p.stock])).toEqual([
      ['Arroz', 2800, 10],
      ['Frijol', 5000, 4],
    ]);
  });

  it('archivos vacíos o ilegibles: 400 en español; con demasiadas filas: 413 que nombra el límite; nada escrito', async () => {
    const s = await nuevaTienda();
    const casos: [Buffer | string, string, number][] = [
      ['\uFEFF', MI.archivoVacio, 400],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), MI.archivoIlegible, 400],
      [`Nombre;Precio\r\n${'Pan;100\r\n'.repeat(20_001)}`, MI.demasiadasFilas(20_000), 413],
    ];
    for (const [archivo, mensaje, codigo] of casos) {
      for (const enviar of [vistaPrevia, aplicar]) {
        const r = await enviar(s.token, archivo);
        const res = 'res' in r ? r.res : r;
        expect(res.statusCode, res.body).toBe(codigo);
        expect(res.json().error.message).toBe(mensaje);
      }
    }
    const noBase64 = await t.request({ method: 'POST', url: '/api/importacion/productos/vista-previa', token: s.token, payload: { archivo: 'no es base64!' } });
    expect(noBase64.statusCode).toBe(400);
    expect(noBase64.json().error.message).toBe(MI.archivoIlegible);
    expect((await estado(s.id)).productos).toEqual([]);
  });
});
