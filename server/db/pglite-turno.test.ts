/**
 * The embedded database on the server's own thread lets the event loop poll before each statement
 * (`turnoJusto`, client.ts): a request that arrives while another runs a series of statements is read
 * and served in its turn, not after the whole series (bench:caja at 16 connections: the first request of
 * eight connections waited 0.8–4.4 s while the other eight were each served several times). Asserted as
 * an order, never a time: a statement asked for from a macrotask (as a new request's handler is) while a
 * series of 20 runs finishes before the series does.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Database } from './client';

let database: Database;
beforeAll(async () => {
  database = await createDb({});
});
afterAll(async () => {
  await database?.close();
});

describe('la base embebida en el hilo del servidor atiende por turnos', () => {
  it('una consulta que llega durante una serie de consultas se atiende antes de que la serie termine', async () => {
    const orden: string[] = [];
    const serie = (async () => {
      for (let i = 0; i < 20; i++) {
        await database.db.execute(sql`select ${i}::int as i`);
        orden.push(`serie ${i}`);
      }
    })();
    const llegada = new Promise<void>((resolve, reject) =>
      setImmediate(() =>
        database.db
          .execute(sql`select 1`)
          .then(() => orden.push('llegada'))
          .then(() => resolve(), reject),
      ),
    );
    await Promise.all([serie, llegada]);
    expect(orden).toHaveLength(21);
    expect(orden.indexOf('llegada'), orden.join(', ')).toBeLessThan(orden.indexOf('serie 19'));
  });

  it('una transacción no cede dentro de sí: sus consultas van juntas', async () => {
    const orden: string[] = [];
    const tx = database.db.transaction(async (t) => {
      for (let i = 0; i < 5; i++) {
        await t.execute(sql`select ${i}::int`);
        orden.push(`tx ${i}`);
      }
    });
    const llegada = new Promise<void>((resolve, reject) => setImmediate(() => database.db.execute(sql`select 1`).then(() => orden.push('llegada')).then(() => resolve(), reject)));
    await Promise.all([tx, llegada]);
    expect(orden.slice(0, 5)).toEqual(['tx 0', 'tx 1', 'tx 2', 'tx 3', 'tx 4']);
  });
});
