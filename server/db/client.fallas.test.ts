import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { tcpProxy, type TcpProxy } from '../../tests/helpers/tcp-proxy';
import { toAppError } from '../plugins/errors';
import { createDb, type Database } from './client';

/**
 * The pool outlives its database's failures (issue #50 point 4), on real PostgreSQL: a connection lost
 * inside a transaction is a 503, not the end of the process; a network that goes silent (packets
 * dropped, nobody told) or a statement that runs too long gives up in bounded time, and the pool heals
 * once the network is back.
 */
const URL_BASE = process.env.TEST_DATABASE_URL;
const abiertas: Database[] = [];
let proxy: TcpProxy | undefined;

afterAll(async () => {
  proxy?.unsilence();
  for (const d of abiertas) await d.close().catch(() => undefined);
  await proxy?.close();
});

async function abrir(opciones: { url?: string; statementTimeoutMs?: number } = {}) {
  const d = await createDb({ databaseUrl: opciones.url ?? URL_BASE!, poolSize: 2, statementTimeoutMs: opciones.statementTimeoutMs });
  abiertas.push(d);
  return d;
}

const dormir = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The first row of a query's answer. */
const fila = <T>(r: unknown) => (r as { rows: T[] }).rows[0]!;

describe.skipIf(!URL_BASE)('la base de datos falla a mitad de una transacción', () => {
  it('una conexión cortada entre dos sentencias de una transacción es un 503 y el proceso sigue', async () => {
    const base = await abrir();
    const err = await base.db
      .transaction(async (tx) => {
        const { pid } = fila<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`));
        const admin = new pg.Client({ connectionString: URL_BASE });
        await admin.connect();
        await admin.query('select pg_terminate_backend($1)', [pid]);
        await admin.end();
        // The backend's goodbye reaches the checked-out client as an 'error' event: unheard, it ended the process.
        await dormir(300);
        await tx.execute(sql`select 1`);
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(toAppError(err)?.toBody().error).toEqual({ code: 'UNAVAILABLE', message: M.operacion.baseNoDisponible });
    expect(fila<{ x: number }>(await base.db.execute(sql`select 1 as x`)).x).toBe(1);
  });

  it('una sentencia que pasa del límite se cancela con un mensaje en español', async () => {
    const base = await abrir({ statementTimeoutMs: 300 });
    const err = await base.db.execute(sql`select pg_sleep(3)`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(toAppError(err)?.toBody().error).toEqual({ code: 'UNAVAILABLE', message: M.operacion.consultaMuyLarga });
    expect(fila<{ x: number }>(await base.db.execute(sql`select 1 as x`)).x).toBe(1);
  });

  it('una red que calla deja de esperar y, cuando vuelve, la siguiente consulta funciona', { timeout: 60_000 }, async () => {
    const real = new URL(URL_BASE!);
    proxy = await tcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
    const base = await abrir({ url: proxy.url(URL_BASE!), statementTimeoutMs: 500 });
    expect(fila<{ x: number }>(await base.db.execute(sql`select 1 as x`)).x).toBe(1);

    proxy.silence();
    // Without a limit on silence this waited for the kernel's retries (~15 minutes): the test's own timeout.
    const err = await base.db.execute(sql`select 2 as x`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(toAppError(err)?.code).toBe('UNAVAILABLE');

    proxy.unsilence();
    let x: number | undefined;
    for (let i = 0; i < 20 && x === undefined; i++) {
      x = await base.db.execute(sql`select 3 as x`).then(
        (r) => fila<{ x: number }>(r).x,
        async () => {
          await dormir(200);
          return undefined;
        },
      );
    }
    expect(x).toBe(3);
  });
});
