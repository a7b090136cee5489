import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDb, type Database } from './client';
import { PGliteThread } from './pglite-thread';

// The embedded database on its own thread (ADR 009): what drizzle and the services rely on must
// behave as with PGlite on the server's thread. The services' own suites run on it too when
// TEST_PGLITE_THREAD=worker (scripts/test-all.sh).

let thread: PGliteThread;

beforeAll(async () => {
  thread = new PGliteThread({});
  await thread.waitReady;
  await thread.exec(`create table t (id serial primary key, nombre text unique not null, creado timestamptz not null default now())`);
});

afterAll(() => thread.close());

const count = async () => Number(((await thread.query('select count(*)::int as n from t')).rows[0] as { n: number }).n);

describe('PGlite en su propio hilo', () => {
  it('responde consultas con parámetros, en filas como objetos o como listas, y deja el texto de las fechas cuando se pide', async () => {
    await thread.query('insert into t (nombre) values ($1), ($2)', ['arroz', 'fríjol']);
    const objects = await thread.query('select id, nombre from t where nombre = $1', ['fríjol']);
    expect(objects.rows).toEqual([{ id: 2, nombre: 'fríjol' }]);
    expect(objects.fields.map((f) => f.name)).toEqual(['id', 'nombre']);
    const arrays = await thread.query('select nombre, creado from t order by id', [], { rowMode: 'array', parsers: { 1184: (v: string) => v } });
    expect(arrays.rows.map((r) => (r as unknown[])[0])).toEqual(['arroz', 'fríjol']);
    expect(typeof (arrays.rows[0] as unknown[])[1]).toBe('string');
    await expect(thread.query('select 1', [], { parsers: { 23: (v: string) => Number(v) } })).rejects.toThrow(/identity parsers/);
  });

  it('un error de la base de datos llega con su código y su restricción, y la base sigue respondiendo', async () => {
    const err = await thread.query('insert into t (nombre) values ($1)', ['arroz']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 't_nombre_key' });
    expect(await count()).toBe(2);
  });

  it('una transacción guarda todo o nada', async () => {
    await thread.transaction(async (tx) => {
      await tx.query('insert into t (nombre) values ($1)', ['panela']);
      await tx.query('insert into t (nombre) values ($1)', ['sal']);
    });
    expect(await count()).toBe(4);

    await expect(
      thread.transaction(async (tx) => {
        await tx.query('insert into t (nombre) values ($1)', ['azúcar']);
        throw new Error('el cajero canceló');
      }),
    ).rejects.toThrow('el cajero canceló');
    expect(await count()).toBe(4);

    // A statement that failed inside, its error swallowed: COMMIT is answered with ROLLBACK and that fails too.
    await expect(
      thread.transaction(async (tx) => {
        await tx.query('insert into t (nombre) values ($1)', ['café']);
        await tx.query('insert into t (nombre) values ($1)', ['arroz']).catch(() => undefined);
      }),
    ).rejects.toThrow(/ROLLBACK/);
    expect(await count()).toBe(4);
  });

  it('lo que se pide durante una transacción espera a que termine y no ve nada a medias', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = thread.transaction(async (t) => {
      await t.query('insert into t (nombre) values ($1)', ['leche']);
      await held;
      await t.query('insert into t (nombre) values ($1)', ['queso']);
    });
    await new Promise((r) => setTimeout(r, 20));
    const during = count();
    let answered = false;
    void during.then(() => (answered = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toBe(false);
    release();
    await tx;
    expect(await during).toBe(6);
  });

  it('muchas consultas a la vez se responden todas, cada una con lo suyo', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => thread.query('select $1::int * 2 as doble', [i])));
    expect(answers.map((a) => (a.rows[0] as { doble: number }).doble)).toEqual(Array.from({ length: 200 }, (_, i) => i * 2));
  });
});

describe('si el hilo de la base se detiene', () => {
  it('lo que esperaba y lo que venga falla con un mensaje, sin tumbar el servidor', async () => {
    const t = new PGliteThread({});
    await t.waitReady;
    const waiting = t.query('select pg_sleep(0.5)');
    await (t as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await expect(waiting).rejects.toThrow(/base de datos embebida se detuvo/);
    await expect(t.query('select 1')).rejects.toThrow(/base de datos embebida se detuvo/);
  });
});

describe('createDb con el hilo propio', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createDb({ pgliteThread: 'worker' });
    await database.migrate();
  });
  afterAll(() => database.close());

  it('migra y responde a drizzle; cerrada, ya no responde', async () => {
    const r = (await database.db.execute(sql`select count(*)::int as n from metodo_pago`)) as unknown as { rows: { n: number }[] };
    expect(r.rows[0]!.n).toBeGreaterThanOrEqual(0);
    const other = await createDb({ pgliteThread: 'worker' });
    await other.close();
    await expect(other.db.execute(sql`select 1`)).rejects.toThrow();
    // A second cluster made from nothing (initdb) on a thread of its own: 30 s ran out once at load 9.
  }, 120_000);
});
