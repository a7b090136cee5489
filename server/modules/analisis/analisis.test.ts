import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import type { TAnalisisResponse } from '#shared/schemas/analisis';
import { factura, producto, venta } from '../../db/schema';
import { crearTienda } from '../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { diaDeTienda } from '../../../tests/helpers/dia-tienda';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Store = Awaited<ReturnType<typeof crearTienda>>;

async function productos(tiendaId: number, nombres: string[]) {
  const rows = await t.database.db
    .insert(producto)
    .values(nombres.map((nombre) => ({ tiendaId, nombre, precioUnit: 1000, stock: 100 })))
    .returning({ id: producto.idProducto, nombre: producto.nombre });
  return Object.fromEntries(rows.map((r) => [r.nombre, r.id])) as Record<string, number>;
}

/** One sale written straight to the database: the API under test only reads. */
async function vender(tiendaId: number, lineas: [productoId: number, cantidad: number][], extra: { estado?: string; fecha?: Date } = {}) {
  const [v] = await t.database.db
    .insert(venta)
    .values({ tiendaId, metodoPagoId: 5, estado: extra.estado ?? 'Completada', fecha: extra.fecha ?? new Date(), total: 0 })
    .returning({ id: venta.idVenta });
  await t.database.db
    .insert(factura)
    .values(lineas.map(([productoId, cantidad]) => ({ tiendaId, ventaId: v!.id, productoId, cantidad, precio: 1000, estado: 'Pagado' })));
  return v!.id;
}

const get = (s: Store, query = '') => t.request({ method: 'GET', url: `/api/analisis${query}`, token: s.token });

describe('análisis de popularidad', () => {
  let s: Store;
  let p: Record<string, number>;
  beforeAll(async () => {
    s = await crearTienda(t);
    p = await productos(s.id, ['Arroz', 'Leche', 'Café', 'Sin ventas']);
    // Arroz 1, Leche 3 (1 + 2), Café 5: mean 3.
    await vender(s.id, [[p.Arroz!, 1], [p.Leche!, 1]], { fecha: new Date('2024-03-01T15:00:00Z') });
    await vender(s.id, [[p.Leche!, 2], [p['Café']!, 5]], { fecha: new Date('2024-03-10T15:00:00Z') });
    // Annulled: would make Arroz the most popular if it counted.
    await vender(s.id, [[p.Arroz!, 50]], { estado: 'Anulada', fecha: new Date('2024-03-10T16:00:00Z') });
  });

  it('clasifica contra el promedio: por debajo No Popular, igual Medio Popular, por encima Popular', async () => {
    const res = await get(s);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 3, unidades: 9, promedio: 3, resumen: { popular: 1, medio: 1, noPopular: 1 } });
    expect(body.items).toEqual([
      { id: p['Café'], nombre: 'Café', cantidadVendida: 5, unidad: '94', clase: 'Popular' },
      { id: p.Leche, nombre: 'Leche', cantidadVendida: 3, unidad: '94', clase: 'Medio Popular' },
      { id: p.Arroz, nombre: 'Arroz', cantidadVendida: 1, unidad: '94', clase: 'No Popular' },
    ]);
  });

  it('deja fuera las ventas anuladas y los productos sin ventas', async () => {
    const body = (await get(s)).json();
    expect(body.items.find((i: { id: number }) => i.id === p.Arroz).cantidadVendida).toBe(1);
    expect(body.items.map((i: { nombre: string }) => i.nombre)).not.toContain('Sin ventas');
  });

  it('compara exactamente aunque el promedio no sea entero', async () => {
    const o = await crearTienda(t);
    const q = await productos(o.id, ['A', 'B', 'C']);
    // 1, 1, 2 → mean 4/3: nobody is exactly average.
    await vender(o.id, [[q.A!, 1], [q.B!, 1], [q.C!, 2]]);
    const body = (await get(o)).json();
    expect(body.promedio).toBeCloseTo(4 / 3);
    expect(body.resumen).toEqual({ popular: 1, medio: 0, noPopular: 2 });
  });

  it('filtra por fechas (días de la tienda, ambos incluidos)', async () => {
    const body = (await get(s, '?desde=2024-03-10&hasta=2024-03-10')).json();
    expect(body.items.map((i: { nombre: string; cantidadVendida: number }) => [i.nombre, i.cantidadVendida])).toEqual([
      ['Café', 5],
      ['Leche', 2],
    ]);
    expect((await get(s, '?hasta=2024-03-01')).json().items).toHaveLength(2);
    expect((await get(s, '?desde=2024-04-01')).json()).toMatchObject({ items: [], total: 0, promedio: 0 });
  });

  it('pagina sin perder el promedio ni el resumen', async () => {
    const body = (await get(s, '?page=2&pageSize=2')).json();
    expect(body.items.map((i: { nombre: string }) => i.nombre)).toEqual(['Arroz']);
    expect(body).toMatchObject({ total: 3, promedio: 3, resumen: { popular: 1, medio: 1, noPopular: 1 } });
  });

  it('las páginas siguen el orden completo aunque muchas cantidades empaten en el borde', async () => {
    const o = await crearTienda(t);
    // 12 products: 3 sell 9, 6 tie at 4 (in no name order), 3 sell 1.
    const nombres = ['Zeta', 'Beta', 'Kilo', 'Alfa', 'Mango', 'Delta', 'Yuca', 'Coco', 'Eco', 'Faro', 'Gala', 'Hilo'];
    const q = await productos(o.id, nombres);
    const cantidades: Record<string, number> = { Zeta: 9, Beta: 9, Kilo: 9, Alfa: 4, Mango: 4, Delta: 4, Yuca: 4, Coco: 4, Eco: 4, Faro: 1, Gala: 1, Hilo: 1 };
    await vender(o.id, nombres.map((n) => [q[n]!, cantidades[n]!]));
    const esperado = [...nombres].sort((a, b) => cantidades[b]! - cantidades[a]! || a.localeCompare(b));
    const paginas: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const body = (await get(o, `?page=${page}&pageSize=5`)).json();
      expect(body.total).toBe(12);
      paginas.push(...body.items.map((i: { nombre: string }) => i.nombre));
    }
    expect(paginas).toEqual(esperado);
  });

  it('rechaza fechas imposibles o invertidas con un mensaje en español', async () => {
    const bad = await get(s, '?desde=2024-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(M.analisis.fechaInvalida);
    const inverted = await get(s, '?desde=2024-03-10&hasta=2024-03-01');
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().error.message).toBe(M.analisis.rangoInvalido);
  });

  it('una tienda sin ventas recibe una lista vacía; nunca ve las ventas de otra', async () => {
    const otra = await crearTienda(t);
    const res = await get(otra);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], total: 0, unidades: 0, kilos: 0, litros: 0, metros: 0, metrosCuadrados: 0, galones: 0, promedio: 0, resumen: { popular: 0, medio: 0, noPopular: 0 } });
  });

  it('una venta de 0,05 kg cuenta su fracción: la lista, el total y las clases responden con o sin fechas (issue #49)', async () => {
    const o = await crearTienda(t);
    const p = await productos(o.id, ['Queso', 'Pan']);
    await vender(o.id, [
      [p.Queso!, 0.05],
      [p.Pan!, 2],
    ]);
    const hoy = diaDeTienda();
    for (const query of ['', `?desde=${hoy.slice(0, 8)}01&hasta=${hoy}`]) {
      const res = await get(o, query);
      expect(res.statusCode, `${query} ${res.body}`).toBe(200);
      expect(res.json()).toEqual({
        items: [
          { id: p.Pan, nombre: 'Pan', cantidadVendida: 2, unidad: '94', clase: M.analisis.clases.popular },
          { id: p.Queso, nombre: 'Queso', cantidadVendida: 0.05, unidad: '94', clase: M.analisis.clases.noPopular },
        ],
        total: 2,
        unidades: 2.05,
        kilos: 0,
        litros: 0,
        metros: 0,
        metrosCuadrados: 0,
        galones: 0,
        promedio: 1.025,
        resumen: { popular: 1, medio: 0, noPopular: 1 },
      });
    }
  });

  it('los kilos y los litros no se suman a las unidades: cada total aparte, y cada fila con su unidad, con o sin fechas (issue #52 punto 3)', async () => {
    const o = await crearTienda(t);
    const p = await productos(o.id, ['Queso', 'Jamón en gramos', 'Aceite', 'Pan']);
    await t.database.db.update(producto).set({ unidadDian: 'KGM' }).where(eq(producto.idProducto, p.Queso!));
    await t.database.db.update(producto).set({ unidadDian: 'GRM' }).where(eq(producto.idProducto, p['Jamón en gramos']!));
    await t.database.db.update(producto).set({ unidadDian: 'LTR' }).where(eq(producto.idProducto, p.Aceite!));
    await vender(o.id, [
      [p.Queso!, 0.25],
      [p['Jamón en gramos']!, 500],
      [p.Aceite!, 1.5],
      [p.Pan!, 3],
    ]);
    await vender(o.id, [[p.Queso!, 0.5]], { estado: 'Anulada' });
    const hoy = diaDeTienda();
    for (const query of ['', `?desde=${hoy.slice(0, 8)}01&hasta=${hoy}`]) {
      const res = await get(o, query);
      expect(res.statusCode, `${query} ${res.body}`).toBe(200);
      const body = res.json() as TAnalisisResponse;
      // 3 loaves; 0,25 kg of cheese and 500 g of ham are 0,75 kg; 1,5 L of oil. Not "504,75 unidades".
      expect({ unidades: body.unidades, kilos: body.kilos, litros: body.litros }).toEqual({ unidades: 3, kilos: 0.75, litros: 1.5 });
      expect(Object.fromEntries(body.items.map((i) => [i.nombre, i.unidad]))).toEqual({ Queso: 'KGM', 'Jamón en gramos': 'GRM', Aceite: 'LTR', Pan: '94' });
    }
  });

  it('pide sesión', async () => {
    expect((await t.request({ method: 'GET', url: '/api/analisis' })).statusCode).toBe(401);
  });
});
