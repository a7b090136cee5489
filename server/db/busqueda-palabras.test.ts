import { and, eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearTienda } from '../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { contieneTexto, contieneTextoPorFila, paginaAcotada, paginaPorPalabras, PALABRAS_MAX, porPalabras } from './name-search';
import { producto } from './schema';

/**
 * Issue #55 point 6, ADR 062: the till's search through the word index (`paginaPorPalabras`) answers
 * exactly what the trigram path (`paginaAcotada`) answers — the same rows, order, count and «más de» on
 * every page — on a varied catalogue: accents, ñ, several words, repeated names, off-sale products,
 * another store's, double spaces, numbers and codes, and names changed, switched off and deleted after
 * they were indexed (the triggers keep it).
 */
let t: TestApp;
let tienda: number;
let otra: number;
const NOMBRES = [
  'Café Sello Rojo 500 g',
  'Cafe sello rojo 250 g',
  'CAFÉ  SELLO ROJO x12',
  'Arroz Diana 1 kg',
  'Arroz  Diana 1 kg',
  'Arroz con leche Alpina',
  'Superarroz Roa 500 g',
  'Aceite de arroz 1 L',
  'Piña Colada Hit 1,5 L',
  'Pina colada hit',
  'Año Nuevo Galletas Noel',
  'Jabón Rey 300 g',
  'jabon rey',
  'Jabonera plástica',
  'Crema dental Colgate 75 ml',
  'Pasta Doria 250 g',
  'Pasta dental Colgate',
  'Cerveza Águila 330 ml',
  'Cerveza Aguila lata x6',
  'Cerveza Alpina',
  'Agua Cristal 600 ml',
  'Aguacate Hass',
  'Paraguas negro',
  'Leche 50% menos grasa',
  'Leche_entera Colanta',
  '7702001000001',
  'Producto 12345',
  'Bolsa x6 x12',
  'Ñame espino',
  'Champú Sedal ñ-ñ',
];
beforeAll(async () => {
  t = await createTestApp();
  tienda = (await crearTienda(t)).id;
  otra = (await crearTienda(t)).id;
  const db = t.database.db;
  // Each name several times (repeated names: the id breaks the tie), a few off sale, and a copy in
  // the other store; the many «Galletas …» make a fragment with more than 1 000 matches.
  await db.execute(sql`
    insert into producto (tienda_id, nombre, precio_unit, stock, estado, codigo_barras)
    select ${tienda}::int, n.nombre, 1000, 5, (case when (n.i + g) % 7 = 0 then 0 else 1 end)::smallint, case when g = 1 then '77' || n.i else null end
    from unnest(${sql`array[${sql.join(NOMBRES.map((n) => sql`${n}`), sql`, `)}]::text[]`}) with ordinality n(nombre, i), generate_series(1, 3) g
    union all select ${otra}::int, n, 1000, 5, 1::smallint, null from unnest(${sql`array[${sql.join(NOMBRES.map((n) => sql`${n}`), sql`, `)}]::text[]`}) n
    union all select ${tienda}::int, 'Galletas ' || substr(md5(g::text), 1, 5) || ' ' || g, 1000, 5, (case when g % 40 = 0 then 0 else 1 end)::smallint, null from generate_series(1, 1100) g`);
  // After they were indexed: a rename, one switched off and one back on, one deleted, one moved.
  await db.execute(sql`update producto set nombre = 'Arroz Roa renombrado' where tienda_id = ${tienda} and nombre = 'Pasta Doria 250 g' and codigo_barras is not null`);
  await db.execute(sql`update producto set estado = 0 where tienda_id = ${tienda} and nombre = 'Aguacate Hass' and estado = 1 and codigo_barras is null`);
  await db.execute(sql`update producto set estado = 1 where tienda_id = ${tienda} and estado = 0 and nombre like 'Galletas %' and id_producto % 3 = 0`);
  await db.execute(sql`delete from producto where tienda_id = ${tienda} and nombre = 'Jabonera plástica' and codigo_barras is null`);
  await db.execute(sql`update producto set precio_unit = 2000 where tienda_id = ${tienda} and nombre like 'Leche%'`);
});
afterAll(() => t?.close());

const FRAGMENTOS = [
  'arroz', 'ARROZ', 'arr', 'café sello', 'cafe  sello', 'sello rojo', 'rroz', 'perarr', 'roz di', 'z d', 'piña', 'pina', 'ñam', 'año',
  'jabón', 'jabon r', 'pasta d', 'cerveza á', 'cerveza a', 'agua', 'gua', 'leche 50%', '50%', 'e_e', 'leche_', '500', '500 g', 'x6', 'x6 x',
  '7702001000001', '771', '12345', 'galletas', 'galle', 'noel', 'hit 1,5', '1,5 l', 'renombrado', 'doria', 'jabonera', 'colgate 75', 'xyz',
  'rojo 500', 'a c', 'ñ-ñ', '-ñ', 'a  d', 'sedal ñ',
];

/** The page as listarProductosVenta's trigram path answers it (both of its ways of testing a name). */
async function porTrigramas(q: string, limit: number, offset: number, fila: boolean) {
  const contiene = fila ? contieneTextoPorFila : contieneTexto;
  const where = and(eq(producto.tiendaId, tienda), eq(producto.estado, 1), or(contiene(producto.nombre, q), eq(producto.codigoBarras, q)))!;
  return paginaAcotada(t.database.db, { where, limit, offset });
}

describe('la búsqueda de la caja por el índice de palabras', () => {
  it('da las mismas filas, en el mismo orden, con el mismo conteo que el índice de trigramas, página por página', async () => {
    let servidas = 0;
    for (const q of FRAGMENTOS) {
      for (const [limit, offset] of [[20, 0], [20, 20], [7, 14], [20, 980], [20, 1000], [20, 1060], [50, 5000]] as const) {
        const esperado = await porTrigramas(q, limit, offset, false);
        if (offset === 0) expect(await porTrigramas(q, limit, offset, true), `${q} por fila`).toEqual(esperado);
        const r = await paginaPorPalabras(t.database.db, { tiendaId: tienda, q, limit, offset });
        if (r == null) continue;
        servidas++;
        expect(r, `«${q}» ${limit}@${offset}`).toEqual(esperado);
      }
    }
    // Most of the fragments are served by the word index; the codes and numbers are not.
    expect(servidas).toBeGreaterThan(FRAGMENTOS.length * 5);
    expect(await paginaPorPalabras(t.database.db, { tiendaId: tienda, q: '7702001000001', limit: 20, offset: 0 })).toBeNull();
    expect(await paginaPorPalabras(t.database.db, { tiendaId: tienda, q: 'a b c', limit: 20, offset: 0 })).toBeNull();
  }, 180_000);

  it('un fragmento común cuenta hasta 1 000 y dice «más de»; uno en la mitad de una palabra encuentra la palabra', async () => {
    const g = await paginaPorPalabras(t.database.db, { tiendaId: tienda, q: 'galletas', limit: 20, offset: 0 });
    expect(g).toMatchObject({ total: 1000, masDe: true });
    const rroz = await paginaPorPalabras(t.database.db, { tiendaId: tienda, q: 'perarroz', limit: 20, offset: 0 });
    expect(rroz?.ids.length).toBeGreaterThan(0);
    expect(rroz).toEqual(await porTrigramas('perarroz', 20, 0, false));
  });

  it('qué fragmentos sirve: sin espacio o con uno entre dos piezas que no sean solo cifras', () => {
    expect(['arroz', 'cafe sello', 'x6', '1,5 l', 'a-1'].every(porPalabras)).toBe(true);
    expect(['500', '500 g', 'g 500', 'a b c', 'cafe ', ' cafe', 'a  b', ''].some(porPalabras)).toBe(false);
    expect(PALABRAS_MAX).toBeGreaterThan(10);
  });

  it('el índice se llena igual desde cero (la migración) que por los disparadores', async () => {
    const db = t.database.db;
    const antes = (await db.execute(sql`select count(*)::int as n, md5(string_agg(tienda_id || '|' || palabra || '|' || orden || '|' || producto_id, ',' order by tienda_id, palabra, orden, producto_id)) as h from producto_palabra`)) as unknown as { rows: { n: number; h: string }[] };
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from producto_palabra`);
      await tx.execute(sql`select producto_palabras_llenar()`);
      const despues = (await tx.execute(sql`select count(*)::int as n, md5(string_agg(tienda_id || '|' || palabra || '|' || orden || '|' || producto_id, ',' order by tienda_id, palabra, orden, producto_id)) as h from producto_palabra`)) as unknown as { rows: { n: number; h: string }[] };
      expect(despues.rows[0]).toEqual(antes.rows[0]);
      expect(Number(antes.rows[0]!.n)).toBeGreaterThan(1000);
    });
  });
});
