/**
 * The SQL round trips a piece of work makes (issue #54 point 6, ADR 076): every statement the drivers
 * send to the database while `contar` runs, on either engine. PostgreSQL: each `query` of a pg client
 * (a pooled query, a transaction's BEGIN, its statements and its COMMIT). PGlite: each `query` and `exec`
 * of the instance, and a transaction's BEGIN and COMMIT (or ROLLBACK) with each statement inside it.
 * A test asserts a count, never a time; the statements' first words say which ones they were.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

type Fn = (...a: unknown[]) => Promise<unknown>;

/** Runs `trabajo` and answers its result with the statements sent meanwhile (their first 80 characters). */
export async function contarViajes<T>(trabajo: () => Promise<T>): Promise<{ resultado: T; viajes: string[] }> {
  const viajes: string[] = [];
  const anotar = (texto: unknown) => viajes.push(String(typeof texto === 'object' && texto && 'text' in texto ? (texto as { text: unknown }).text : texto).replace(/\s+/g, ' ').trim().slice(0, 80));
  const cliente = pg.Client.prototype as unknown as { query: Fn };
  const lite = PGlite.prototype as unknown as { query: Fn; exec: Fn; transaction: Fn };
  const originales = { pg: cliente.query, query: lite.query, exec: lite.exec, transaction: lite.transaction };
  const propios = (['query', 'exec', 'transaction'] as const).filter((k) => Object.prototype.hasOwnProperty.call(lite, k));
  cliente.query = function (this: unknown, ...a: unknown[]) {
    anotar(a[0]);
    return originales.pg.apply(this, a);
  } as Fn;
  lite.query = function (this: unknown, ...a: unknown[]) {
    anotar(a[0]);
    return originales.query.apply(this, a);
  };
  lite.exec = function (this: unknown, ...a: unknown[]) {
    anotar(a[0]);
    return originales.exec.apply(this, a);
  };
  lite.transaction = function (this: unknown, fn: unknown) {
    anotar('BEGIN');
    let cerrada = false;
    return originales.transaction
      .call(this, async (tx: { query: Fn; exec: Fn; rollback: () => Promise<void> }) => {
        const contado = {
          ...tx,
          query: (...a: unknown[]) => (anotar(a[0]), tx.query(...a)),
          exec: (...a: unknown[]) => (anotar(a[0]), tx.exec(...a)),
          rollback: () => ((cerrada = true), anotar('ROLLBACK'), tx.rollback()),
          get closed() {
            return (tx as unknown as { closed: boolean }).closed;
          },
        };
        return (fn as (t: unknown) => Promise<unknown>)(contado);
      })
      .then(
        (r) => {
          if (!cerrada) anotar('COMMIT');
          return r;
        },
        (err: unknown) => {
          if (!cerrada) anotar('ROLLBACK');
          throw err;
        },
      );
  };
  try {
    return { resultado: await trabajo(), viajes };
  } finally {
    cliente.query = originales.pg;
    for (const k of ['query', 'exec', 'transaction'] as const) {
      if (propios.includes(k)) lite[k] = originales[k];
      else delete (lite as Partial<typeof lite>)[k];
    }
  }
}
