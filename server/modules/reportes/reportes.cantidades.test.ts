import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TReporte } from '#shared/schemas/reportes';
import { crearTienda, type Tienda } from '../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

/** Issue #52 point 3: the reports show a weighed product's quantity in kilos, and never add kilos to units. */
let t: TestApp;
let s: Tienda;
let quesoId: number;
beforeAll(async () => {
  t = await createTestApp();
  s = await crearTienda(t);
  const nuevo = async (payload: object) => {
    const r = await t.request({ method: 'POST', url: '/api/productos', token: s.token, payload });
    expect(r.statusCode, r.body).toBe(201);
    return (r.json() as { producto: { id: number } }).producto.id;
  };
  quesoId = await nuevo({ nombre: 'Queso campesino', precio: 12_000, cantidad: 10, unidad: 'KGM', categoria: 'Lácteos' });
  const queso = quesoId;
  const arroz = await nuevo({ nombre: 'Arroz 500 g', precio: 2_800, cantidad: 40, categoria: 'Granos' });
  // Counted by the unit, in the cheese's category, never sold (no stock: the inventory's totals stay).
  await nuevo({ nombre: 'Yogur de mora', precio: 3_500, cantidad: 0, categoria: 'Lácteos' });
  for (const lineas of [[{ productoId: queso, cantidad: 0.204 }, { productoId: arroz, cantidad: 13 }], [{ productoId: arroz, cantidad: 17 }]]) {
    const v = await t.request({ method: 'POST', url: '/api/ventas', token: s.token, payload: { lineas, metodoPagoId: 5, montoRecibido: 100_000 } });
    expect(v.statusCode, v.body).toBe(201);
  }
});
afterAll(() => t?.close());

const pedir = (url: string) => t.request({ method: 'GET', url, token: s.token });

describe('cantidades en su unidad en los reportes (issue #52 punto 3)', () => {
  it('por producto: "Unidades vendidas" cuenta unidades y los kilos van aparte; cada fila lleva su unidad', async () => {
    const rep = (await pedir('/api/reportes/productos?periodo=hoy')).json() as TReporte;
    const v = Object.fromEntries(rep.indicadores.map((i) => [i.clave, i.valor]));
    // Not 30,204: 30 units and 0,204 kg.
    expect(v).toMatchObject({ unidades: 30, kilos: 0.204 });
    expect(rep.indicadores.find((i) => i.clave === 'kilos')!.titulo).toBe('Kilos vendidos');
    const [tabla] = rep.tablas;
    expect(tabla!.columnas.find((c) => c.clave === 'cantidad')).toMatchObject({ unidad: 'unidad' });
    expect(tabla!.filas.find((f) => f.producto === 'Queso campesino')).toMatchObject({ cantidad: 0.204, unidad: 'KGM' });
    expect(tabla!.filas.find((f) => f.producto === 'Arroz 500 g')).toMatchObject({ cantidad: 30, unidad: '94' });
  });

  it('resumen de ventas: "Unidades vendidas" y su columna por día cuentan unidades; los kilos van aparte, con y sin el resumen por día', async () => {
    for (const directo of [false, true]) {
      const { generarReporte } = await import('./reportes.service');
      const rep = await generarReporte({ db: t.app.db, tiendaId: s.id, informe: 'ventas', filtros: { periodo: 'hoy', dias: 30 }, completo: true, directo });
      const v = Object.fromEntries(rep.indicadores.map((i) => [i.clave, i.valor]));
      // Not 30,204: 30 units and 0,204 kg.
      expect(v, `directo=${directo}`).toMatchObject({ unidades: 30, kilos: 0.204 });
      expect(v, `directo=${directo}`).not.toHaveProperty('litros');
      const [tabla] = rep.tablas;
      expect(tabla!.columnas.map((c) => c.clave)).toEqual(expect.arrayContaining(['unidades', 'kilos']));
      expect(tabla!.columnas.find((c) => c.clave === 'kilos')!.titulo).toBe('Kilos');
      expect(tabla!.filas.at(-1), `directo=${directo}`).toMatchObject({ unidades: 30, kilos: 0.204 });
    }
    const http = (await pedir('/api/reportes/ventas?periodo=hoy')).json() as TReporte;
    expect(Object.fromEntries(http.indicadores.map((i) => [i.clave, i.valor]))).toMatchObject({ unidades: 30, kilos: 0.204 });
  });

  it('Inicio: los más vendidos del día llevan su unidad (0,204 kg de queso, no "0"), con y sin los resúmenes', async () => {
    const { resumenDeInicio } = await import('./inicio');
    for (const directo of [false, true]) {
      const { top } = await resumenDeInicio({ db: t.app.db, tiendaId: s.id, directo });
      expect(top.find((x) => x.producto === 'Queso campesino'), `directo=${directo}`).toMatchObject({ cantidad: 0.204, unidad: 'KGM' });
      expect(top.find((x) => x.producto === 'Arroz 500 g'), `directo=${directo}`).toMatchObject({ cantidad: 30, unidad: '94' });
    }
  });

  it('por categoría: igual, y una categoría de una sola unidad la lleva', async () => {
    const rep = (await pedir('/api/reportes/categorias?periodo=hoy')).json() as TReporte;
    expect(Object.fromEntries(rep.indicadores.map((i) => [i.clave, i.valor]))).toMatchObject({ unidades: 30, kilos: 0.204 });
    // Its row adds up kilos of cheese only: the yogurt of the same category, counted by the unit, sold none.
    expect(rep.tablas[0]!.filas.find((f) => f.categoria === 'Lácteos')).toMatchObject({ cantidad: 0.204, unidad: 'KGM' });
  });

  it('el CSV pone la unidad al lado de la cantidad, que sigue siendo un número', async () => {
    const res = await pedir('/api/reportes/productos/exportar?periodo=hoy&formato=csv');
    expect(res.statusCode, res.body).toBe(200);
    const [cabecera, ...filas] = res.rawPayload.toString('utf8').slice(1).split('\r\n');
    const cols = cabecera!.split(';');
    expect(cols.slice(cols.indexOf('Cantidad'), cols.indexOf('Cantidad') + 2)).toEqual(['Cantidad', 'Unidad']);
    const queso = filas.find((f) => f.includes('Queso campesino'))!.split(';');
    const arroz = filas.find((f) => f.includes('Arroz 500 g'))!.split(';');
    expect(queso.slice(cols.indexOf('Cantidad'), cols.indexOf('Cantidad') + 2)).toEqual(['0,204', 'kg']);
    expect(arroz.slice(cols.indexOf('Cantidad'), cols.indexOf('Cantidad') + 2)).toEqual(['30', 'und']);
  });

  it('inventario: unidades y kilos en existencia aparte; el queso se lee en kilos y por kilo', async () => {
    const rep = (await pedir('/api/reportes/inventario?periodo=hoy')).json() as TReporte;
    const v = Object.fromEntries(rep.indicadores.map((i) => [i.clave, i.valor]));
    // 40 − 30 rice; 10 − 0,204 kg of cheese: never 19,796 "units".
    expect(v).toMatchObject({ unidadesInventario: 10, kilosInventario: 9.796 });
    expect(rep.indicadores.find((i) => i.clave === 'kilosInventario')!.titulo).toBe('Kilos en inventario');
    const [tabla] = rep.tablas;
    expect(tabla!.columnas.filter((c) => c.unidad).map((c) => c.clave)).toEqual(['stock', 'precio']);
    expect(tabla!.filas.find((f) => f.producto === 'Queso campesino')).toMatchObject({ stock: 9.796, unidad: 'KGM', precio: 12_000 });
  });

  it('kardex y cierre mensual: las cantidades del queso en kilos', async () => {
    const k = (await pedir(`/api/reportes/kardex?periodo=hoy&productoId=${quesoId}`)).json() as TReporte;
    expect(k.tablas[0]!.columnas.filter((c) => c.unidad).map((c) => c.clave)).toEqual(['entradas', 'salidas', 'saldo']);
    expect(k.tablas[0]!.filas.at(-1)).toMatchObject({ salidas: 0.204, saldo: 9.796, unidad: 'KGM' });
    const cm = (await pedir('/api/reportes/cierre-mensual?periodo=mes')).json() as TReporte;
    const productos = cm.tablas.find((t) => t.columnas.some((c) => c.clave === 'cantidad' && c.unidad))!;
    expect(productos.filas.find((f) => f.producto === 'Queso campesino')).toMatchObject({ cantidad: 0.204, unidad: 'KGM' });
  });
});

/**
 * Issue #58 points 2 and 3: a ferretería's metres (centimetres as metres), square metres and gallons in
 * every day's totals, apart from units; and a roll of 50 m, a pack of factor 50 of a product sold by the
 * metre, moves 50 m of stock, counts 50 m in the totals, and its return takes them back.
 */
describe('metros, metros cuadrados y galones en los totales del día (issue #58 puntos 2 y 3)', () => {
  let f: Tienda;
  let cable: number;
  let rollo: number;
  let ventaRollo: number;
  const pedirF = (method: 'GET' | 'POST', url: string, payload?: object) => t.request({ method, url, token: f.token, ...(payload ? { payload } : {}) });
  beforeAll(async () => {
    f = await crearTienda(t);
    const nuevo = async (payload: object) => {
      const r = await pedirF('POST', '/api/productos', payload);
      expect(r.statusCode, r.body).toBe(201);
      return (r.json() as { producto: { id: number } }).producto.id;
    };
    cable = await nuevo({ nombre: 'Cable 12 AWG', precio: 3_900, cantidad: 200, unidad: 'MTR', categoria: 'Eléctricos' });
    const cinta = await nuevo({ nombre: 'Cinta de enmascarar', precio: 20, cantidad: 1_000, unidad: 'CMT', categoria: 'Pinturas' });
    const baldosa = await nuevo({ nombre: 'Baldosa 60x60', precio: 45_000, cantidad: 40, unidad: 'MTK', categoria: 'Pisos' });
    const pintura = await nuevo({ nombre: 'Vinilo blanco', precio: 52_000, cantidad: 10, unidad: 'GLL', categoria: 'Pinturas' });
    const clavos = await nuevo({ nombre: 'Clavos 2"', precio: 100, cantidad: 500, categoria: 'Ferretería' });
    const p = await pedirF('POST', `/api/productos/${cable}/presentaciones`, { nombre: 'Rollo x50 m', factor: 50, codigoBarras: '7709990000501', precio: 180_000 });
    expect(p.statusCode, p.body).toBe(201);
    rollo = (p.json() as { presentacion: { id: number } }).presentacion.id;
    const vender = async (lineas: object[]) => {
      const v = await pedirF('POST', '/api/ventas', { lineas, metodoPagoId: 5, montoRecibido: 1_000_000 });
      expect(v.statusCode, v.body).toBe(201);
      return (v.json() as { id: number }).id;
    };
    await vender([{ productoId: cable, cantidad: 2.5 }, { productoId: cinta, cantidad: 150 }, { productoId: baldosa, cantidad: 3 }, { productoId: pintura, cantidad: 1.5 }, { productoId: clavos, cantidad: 20 }]);
    ventaRollo = await vender([{ productoId: cable, cantidad: 1, unidadVentaId: rollo }]);
  });

  const stockDelCable = async () => ((await pedirF('GET', `/api/productos/${cable}`)).json() as { stock: number }).stock;

  it('el rollo de 50 m saca 50 m del stock, y medio rollo no se vende', async () => {
    expect(await stockDelCable()).toBe(147.5);
    const medio = await pedirF('POST', '/api/ventas', { lineas: [{ productoId: cable, cantidad: 0.5, unidadVentaId: rollo }], metodoPagoId: 5, montoRecibido: 1_000_000 });
    expect(medio.statusCode).toBe(400);
    expect(await stockDelCable()).toBe(147.5);
  });

  it('resumen de ventas: metros (cm como metros), m² y galones aparte de las unidades, con y sin el resumen por día', async () => {
    const { generarReporte } = await import('./reportes.service');
    for (const directo of [false, true]) {
      const rep = await generarReporte({ db: t.app.db, tiendaId: f.id, informe: 'ventas', filtros: { periodo: 'hoy', dias: 30 }, completo: true, directo });
      const v = Object.fromEntries(rep.indicadores.map((i) => [i.clave, i.valor]));
      // 2,5 m + 50 m of the roll + 150 cm = 54 m; never added to the 20 nails.
      expect(v, `directo=${directo}`).toMatchObject({ unidades: 20, metros: 54, metrosCuadrados: 3, galones: 1.5 });
      expect(v).not.toHaveProperty('kilos');
      expect(rep.indicadores.filter((i) => i.unidad).map((i) => [i.clave, i.titulo, i.unidad])).toEqual([
        ['metros', 'Metros vendidos', 'MTR'],
        ['metrosCuadrados', 'Metros cuadrados vendidos', 'MTK'],
        ['galones', 'Galones vendidos', 'GLL'],
      ]);
      const [tabla] = rep.tablas;
      expect(tabla!.columnas.filter((c) => ['metros', 'metrosCuadrados', 'galones'].includes(c.clave)).map((c) => c.titulo)).toEqual(['Metros', 'Metros cuadrados', 'Galones']);
      expect(tabla!.filas.at(-1), `directo=${directo}`).toMatchObject({ unidades: 20, metros: 54, metrosCuadrados: 3, galones: 1.5 });
    }
    // The summary's own columns (migration 0093), folded by the triggers.
    const [fila] = (
      (await t.app.db.execute(sql`select sum(metros)::text as metros, sum(metros_cuadrados)::text as m2, sum(galones)::text as galones from resumen_venta_dia where tienda_id = ${f.id}`)) as unknown as {
        rows: { metros: string; m2: string; galones: string }[];
      }
    ).rows;
    expect(fila).toEqual({ metros: '54.000', m2: '3.000', galones: '1.500' });
  });

  it('Inicio: lo vendido por medida con su unidad; por producto y análisis igual', async () => {
    const { resumenDeInicio } = await import('./inicio');
    for (const directo of [false, true]) {
      const { indicadores } = await resumenDeInicio({ db: t.app.db, tiendaId: f.id, directo });
      expect(indicadores.filter((i) => i.unidad).map((i) => [i.clave, i.valor, i.unidad]), `directo=${directo}`).toEqual([
        ['metros', 54, 'MTR'],
        ['metrosCuadrados', 3, 'MTK'],
        ['galones', 1.5, 'GLL'],
      ]);
    }
    const rep = (await pedirF('GET', '/api/reportes/productos?periodo=hoy')).json() as TReporte;
    expect(Object.fromEntries(rep.indicadores.map((i) => [i.clave, i.valor]))).toMatchObject({ unidades: 20, metros: 54, metrosCuadrados: 3, galones: 1.5 });
    expect(rep.tablas[0]!.filas.find((x) => x.producto === 'Cable 12 AWG')).toMatchObject({ cantidad: 52.5, unidad: 'MTR' });
    // A category whose row adds up centimetres of tape and gallons of paint has no unit: a count of mixed things.
    const cat = (await pedirF('GET', '/api/reportes/categorias?periodo=hoy')).json() as TReporte;
    expect(cat.tablas[0]!.filas.find((x) => x.categoria === 'Pinturas')).toMatchObject({ unidad: null });
    expect(cat.tablas[0]!.filas.find((x) => x.categoria === 'Eléctricos')).toMatchObject({ cantidad: 52.5, unidad: 'MTR' });
    const a = (await pedirF('GET', '/api/analisis')).json() as Record<string, number>;
    expect(a).toMatchObject({ unidades: 20, kilos: 0, litros: 0, metros: 54, metrosCuadrados: 3, galones: 1.5 });
  });

  it('exportación de ventas: columnas Metros, Metros cuadrados y Galones', async () => {
    const res = await pedirF('GET', '/api/facturas/exportar/csv');
    expect(res.statusCode, res.body).toBe(200);
    const [cabecera, ...filas] = res.rawPayload.toString('utf8').slice(1).split('\r\n');
    const cols = cabecera!.split(';');
    const de = (fila: string, titulo: string) => fila.split(';')[cols.indexOf(titulo)];
    const porMetros = filas.map((x) => [de(x, 'Unidades'), de(x, 'Metros'), de(x, 'Metros cuadrados'), de(x, 'Galones')]);
    expect(porMetros).toEqual(expect.arrayContaining([['20', '4', '3', '1,5'], ['0', '50', '0', '0']]));
  });

  it('devolver el rollo devuelve 50 m al stock y a los totales por producto; medio rollo no se devuelve', async () => {
    const lineas = (await pedirF('GET', `/api/ventas/${ventaRollo}/devoluciones`)).json().lineas as { facturaId: number }[];
    const medio = await pedirF('POST', `/api/ventas/${ventaRollo}/devoluciones`, { metodoPagoId: 5, motivo: 'Sobró', lineas: [{ facturaId: lineas[0]!.facturaId, cantidad: 0.5, destino: 'inventario' }] });
    expect(medio.statusCode).toBe(400);
    expect(await stockDelCable()).toBe(147.5);
    const d = await pedirF('POST', `/api/ventas/${ventaRollo}/devoluciones`, { metodoPagoId: 5, motivo: 'Sobró', lineas: [{ facturaId: lineas[0]!.facturaId, cantidad: 1, destino: 'inventario' }] });
    expect(d.statusCode, d.body).toBe(201);
    expect(await stockDelCable()).toBe(197.5);
    const rep = (await pedirF('GET', '/api/reportes/productos?periodo=hoy')).json() as TReporte;
    expect(Object.fromEntries(rep.indicadores.map((i) => [i.clave, i.valor]))).toMatchObject({ metros: 4 });
    expect(rep.tablas[0]!.filas.find((x) => x.producto === 'Cable 12 AWG')).toMatchObject({ cantidad: 2.5, unidad: 'MTR' });
    // Its ledger: out 50 m with the sale, in 50 m with the return.
    const movs = (await t.app.db.execute(sql`select entradas::text as entradas, salidas::text as salidas, cantidad_despues::text as despues from movimiento where producto_id = ${cable} order by id_movimiento`)) as unknown as {
      rows: { entradas: string; salidas: string; despues: string }[];
    };
    expect(movs.rows.slice(-2).map((x) => [Number(x.entradas), Number(x.salidas), Number(x.despues)])).toEqual([
      [0, 50, 147.5],
      [50, 0, 197.5],
    ]);
  });

  it('un producto con presentaciones no cambia de unidad (el factor cuenta en ella)', async () => {
    const { id: _id, nombrepr: _n, ...form } = (await pedirF('GET', `/api/productos/${cable}`)).json() as Record<string, unknown>;
    const r = await t.request({ method: 'PUT', url: `/api/productos/${cable}`, token: f.token, payload: { ...form, unidad: 'CMT', unidadDian: 'CMT' } });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toBe('Este producto tiene presentaciones (paca, caja, rollo…), que cuentan en su unidad de ahora. Elimínelas antes de cambiar cómo se vende.');
  });
});
