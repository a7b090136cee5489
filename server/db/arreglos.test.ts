/** A list as one parameter (arreglos.ts): what the database reads back is the list, element by element. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arregloBigint, arregloInt, arregloNumeric, arregloText } from './arreglos';
import { createDb, type Database } from './client';

let database: Database;
beforeAll(async () => {
  database = await createDb({});
});
afterAll(async () => {
  await database?.close();
});

const leer = async (q: ReturnType<typeof sql>) => ((await database.db.execute(sql`select ${q} as x`)) as unknown as { rows: [{ x: unknown }] }).rows[0].x;

describe('una lista como un solo parámetro', () => {
  it('enteros (truncados), montos grandes y vacíos; null es NULL', async () => {
    expect(await leer(sql`${arregloInt([3, 7.9, null, -2])}::text`)).toBe('{3,7,NULL,-2}');
    expect(await leer(sql`${arregloBigint([9_000_000_000_000, undefined])}::text`)).toBe('{9000000000000,NULL}');
    expect(await leer(sql`cardinality(${arregloInt([])})`)).toBe(0);
  });

  it('cantidades exactas (0,1 + 0,2 no es 0,30000000000000004)', async () => {
    expect(await leer(sql`${arregloNumeric([0.1 + 0.2, 1.5, 2])}::text`)).toBe('{0.3,1.5,2}');
  });

  it('textos con comillas, barras, comas, llaves y espacios llegan tal cual', async () => {
    const textos = ['Arroz "Roa"', 'C:\\caja', 'a,b', '{x}', ' con espacios ', 'NULL', ''];
    expect(await leer(sql`array_to_json(${arregloText([...textos, null])})`)).toEqual([...textos, null]);
  });
});
