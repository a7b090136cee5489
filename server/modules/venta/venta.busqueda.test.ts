import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { producto } from '../../db/schema';
import { crearTienda } from '../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

/** The till's search forgives typos (issue #16 point 2) when nothing contains what was typed. */
let t: TestApp;
let s: Awaited<ReturnType<typeof crearTienda>>;
beforeAll(async () => {
  t = await createTestApp();
  s = await crearTienda(t);
  const otra = await crearTienda(t);
  const nombres = ['Arroz Diana 500 g', 'Coca-Cola 1,5 L', 'Aceite de girasol 1 L', 'Azúcar morena 1 kg', 'Galletas de chocolate x12', 'Chocolatina Jet'];
  await t.database.db.insert(producto).values(nombres.map((nombre) => ({ tiendaId: s.id, nombre, precioUnit: 1000, stock: 5, estado: 1 })));
  await t.database.db.insert(producto).values({ tiendaId: s.id, nombre: 'Arroz agotado de baja', precioUnit: 1000, stock: 5, estado: 0 });
  await t.database.db.insert(producto).values({ tiendaId: otra.id, nombre: 'Arroz de la otra tienda', precioUnit: 1000, stock: 5, estado: 1 });
});
afterAll(() => t?.close());

const buscar = async (q: string) => {
  const res = await t.request({ method: 'GET', url: `/api/ventas/productos?q=${encodeURIComponent(q)}&page=1&pageSize=20`, token: s.token });
  expect(res.statusCode).toBe(200);
  return res.json() as { items: { nombre: string }[]; total: number };
};

describe('búsqueda con errores de tecleo en la caja', () => {
  it.each([
    ['arros', 'Arroz Diana 500 g'],
    ['cocacola', 'Coca-Cola 1,5 L'],
    ['azucra', 'Azúcar morena 1 kg'],
    ['galetas', 'Galletas de chocolate x12'],
    ['aseite', 'Aceite de girasol 1 L'],
  ])('«%s» encuentra «%s» primero', async (q, nombre) => {
    const r = await buscar(q);
    expect(r.items[0]?.nombre).toBe(nombre);
    expect(r.total).toBe(r.items.length);
  });

  it('solo productos a la venta de la propia tienda', async () => {
    const r = await buscar('arros');
    expect(r.items.map((p) => p.nombre)).toEqual(['Arroz Diana 500 g']);
  });

  it('lo que se encuentra tal cual no se mezcla con parecidos', async () => {
    const r = await buscar('chocolat');
    expect(r.items.map((p) => p.nombre).sort()).toEqual(['Chocolatina Jet', 'Galletas de chocolate x12']);
  });

  it('algo que no se parece a nada sigue sin resultados', async () => {
    expect(await buscar('xyzw')).toEqual({ items: [], total: 0 });
    expect(await buscar('7702001999999')).toEqual({ items: [], total: 0 });
  });
});
