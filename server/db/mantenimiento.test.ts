/**
 * The embedded database's upkeep (ADR 083): PGlite runs no autovacuum, so the server analyzes the tables
 * that were never analyzed or grew by a fifth. Asserted on what the planner then has (statistics, row
 * counts), never on a time.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb, type Database } from './client';
import { atenderTablas, programarMantenimiento, tablasPorAtender } from './mantenimiento';

let database: Database;
const filas = async <T>(q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;
const estadisticas = async (tabla: string) => (await filas<{ n: number }>(sql`select count(*)::int as n from pg_statistic where starelid = ${tabla}::regclass`))[0]!.n;
const estimadas = async (tabla: string) => Number((await filas<{ reltuples: number }>(sql`select reltuples from pg_class where oid = ${tabla}::regclass`))[0]!.reltuples);
const porAtender = async () => (await tablasPorAtender(database.db)).map((t) => t.tabla);

beforeAll(async () => {
  database = await createDb({});
  await database.db.execute(sql`create table mant_ventas (id serial primary key, categoria text not null, valor bigint not null)`);
  await database.db.execute(sql`create table mant_vacia (id int)`);
  await database.db.execute(sql`create table mant_otra (id int)`);
  await database.db.execute(sql`insert into mant_otra select g from generate_series(1, 20000) g`);
});
afterAll(async () => {
  await database?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('mantenimiento de la base embebida (PGlite no tiene autovacuum)', () => {
  it('analiza una tabla nunca analizada, y no otra vez hasta que crece una quinta parte', async () => {
    await database.db.execute(sql`insert into mant_ventas (categoria, valor) select 'Categoría ' || (g % 7), g from generate_series(1, 10000) g`);
    expect(await estadisticas('mant_ventas')).toBe(0);
    expect(await porAtender()).toEqual(expect.arrayContaining(['mant_ventas', 'mant_otra']));
    // An empty table has nothing to analyze.
    expect(await porAtender()).not.toContain('mant_vacia');

    const hechas = await atenderTablas(database.db);
    expect(hechas).toEqual(expect.arrayContaining(['mant_ventas', 'mant_otra']));
    expect(await estadisticas('mant_ventas')).toBeGreaterThan(0);
    expect(await estimadas('mant_ventas')).toBe(10_000);
    // The planner now knows the categories: 7 of them, not a guess.
    const [d] = await filas<{ n_distinct: number }>(sql`select n_distinct from pg_stats where tablename = 'mant_ventas' and attname = 'categoria'`);
    expect(Number(d!.n_distinct)).toBe(7);
    expect(await porAtender()).toEqual([]);

    // A tenth more is not enough; a third more is.
    await database.db.execute(sql`insert into mant_ventas (categoria, valor) select 'Categoría ' || (g % 7), g from generate_series(1, 1000) g`);
    expect(await porAtender()).toEqual([]);
    await database.db.execute(sql`insert into mant_ventas (categoria, valor) select 'Nueva ' || (g % 3), g from generate_series(1, 3000) g`);
    const [t] = await tablasPorAtender(database.db);
    expect(t).toMatchObject({ tabla: 'mant_ventas', nunca: false });
    expect(await atenderTablas(database.db)).toEqual(['mant_ventas']);
    expect(await estimadas('mant_ventas')).toBe(14_000);
  });

  it('una pasada se detiene entre dos tablas cuando llega una petición', async () => {
    await database.db.execute(sql`insert into mant_ventas (categoria, valor) select 'Otra', g from generate_series(1, 10000) g`);
    await database.db.execute(sql`insert into mant_otra select g from generate_series(1, 20000) g`);
    // The largest first.
    expect(await porAtender()).toEqual(['mant_otra', 'mant_ventas']);
    let llamadas = 0;
    // Quiet for the first table, a request before the second.
    expect(await atenderTablas(database.db, { seguir: () => ++llamadas === 1 })).toEqual(['mant_otra']);
    expect(await porAtender()).toEqual(['mant_ventas']);
  });

  it('el servidor espera a estar quieto: con peticiones recientes no analiza; quieto, sí', async () => {
    expect(await porAtender()).toEqual(['mant_ventas']);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The server's clock, moved with the timers.
    let reloj = 1_000_000;
    const avanzar = async (ms: number) => {
      reloj += ms;
      await vi.advanceTimersByTimeAsync(ms);
    };
    let ultima = reloj;
    const log = { info: vi.fn(), error: vi.fn() };
    const m = programarMantenimiento({ db: database.db, cadaMs: 600_000, primeraMs: 1_000, quietoMs: 30_000, ultimaPeticion: () => ultima, log, ahora: () => reloj });
    // Requests every 10 s for five minutes: never quiet for 30 s, nothing analyzed.
    for (let i = 0; i < 30; i++) {
      ultima = reloj;
      await avanzar(10_000);
    }
    expect(log.info).not.toHaveBeenCalled();
    expect(await porAtender()).toEqual(['mant_ventas']);
    // Then quiet: the next try (a minute at most) analyzes it.
    await avanzar(61_000);
    vi.useRealTimers();
    await vi.waitFor(() => expect(log.info).toHaveBeenCalledWith(expect.objectContaining({ tabla: 'mant_ventas' }), expect.any(String)), { timeout: 20_000 });
    await m.stop();
    expect(log.error).not.toHaveBeenCalled();
    expect(await porAtender()).toEqual([]);
  });
});
