import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearTienda } from '../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

/**
 * Issue #55 point 6: the till's search counts up to 1 000 matches ("más de 1 000") and still answers
 * every page as the whole list would, in name order, whether the fragment is common or rare.
 */
let t: TestApp;
let s: Awaited<ReturnType<typeof crearTienda>>;
/** The store's products on sale that contain the fragment, in the till's order (lower(nombre), id). */
let esperado: (q: string) => Promise<string[]>;
beforeAll(async () => {
  t = await createTestApp();
  s = await crearTienda(t);
  const otra = await crearTienda(t);
  // 1 200 «Arroz …» in a shuffled physical order (names by a hash, so insertion order is not name order),
  // 30 «Aceite de arroz …» that come before them, 40 «Leche …», some off sale, and another store's.
  await t.database.db.execute(sql`
    insert into producto (tienda_id, nombre, precio_unit, stock, estado)
    select ${s.id}::int, 'Arroz ' || substr(md5(g::text), 1, 6) || ' ' || g, 1000, 5, (case when g % 50 = 0 then 0 else 1 end)::smallint from generate_series(1, 1200) g
    union all select ${s.id}::int, 'Aceite de arroz ' || g, 1000, 5, 1::smallint from generate_series(1, 30) g
    union all select ${s.id}::int, 'Leche Alpina ' || g, 1000, 5, 1::smallint from generate_series(1, 40) g
    union all select ${otra.id}::int, 'Arroz de la otra tienda ' || g, 1000, 5, 1::smallint from generate_series(1, 30) g`);
  esperado = async (q: string) => {
    const r = (await t.database.db.execute(sql`
      select nombre from producto where tienda_id = ${s.id} and estado = 1 and sin_tildes(nombre) like ${`%${q}%`}
      order by lower(nombre), id_producto`)) as unknown as { rows: { nombre: string }[] };
    return r.rows.map((x) => x.nombre);
  };
});
afterAll(() => t?.close());

const buscar = async (q: string, page: number) => {
  const res = await t.request({ method: 'GET', url: `/api/ventas/productos?q=${encodeURIComponent(q)}&page=${page}&pageSize=20`, token: s.token });
  expect(res.statusCode).toBe(200);
  return res.json() as { items: { nombre: string }[]; total: number; masDe?: boolean };
};

describe('búsqueda de la caja acotada por la página', () => {
  it('más de 1 000 coincidencias: cuenta hasta 1 000, dice «más de» y cada página es la de la lista completa', async () => {
    const todos = await esperado('arroz');
    expect(todos.length).toBe(1200 - 24 + 30);
    for (const page of [1, 2, 7, 50]) {
      const r = await buscar('arroz', page);
      expect(r.total).toBe(1000);
      expect(r.masDe).toBe(true);
      expect(r.items.map((p) => p.nombre)).toEqual(todos.slice((page - 1) * 20, page * 20));
    }
    // The «Aceite de arroz» come first: the page is the list's, not the first rows found.
    expect((await buscar('arroz', 1)).items[0]!.nombre).toBe('Aceite de arroz 1');
  });

  it('pasadas las 1 000, las páginas siguen hasta la última y el conteo sigue diciendo que hay más', async () => {
    const todos = await esperado('arroz');
    const r = await buscar('arroz', 51);
    expect(r.items.map((p) => p.nombre)).toEqual(todos.slice(1000, 1020));
    expect(r.masDe).toBe(true);
    const ultima = Math.ceil(todos.length / 20);
    const u = await buscar('arroz', ultima);
    expect(u.items.map((p) => p.nombre)).toEqual(todos.slice((ultima - 1) * 20));
    expect(u.masDe).toBeUndefined();
    expect(u.total).toBe(todos.length);
    expect(await buscar('arroz', ultima + 1)).toEqual({ items: [], total: todos.length });
  });

  it('hasta 1 000 coincidencias el conteo es exacto y sin «más de»', async () => {
    const r = await buscar('leche', 2);
    expect(r).toEqual({ items: (await esperado('leche')).slice(20, 40).map((nombre) => expect.objectContaining({ nombre })), total: 40 });
  });
});
