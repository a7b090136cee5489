import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
