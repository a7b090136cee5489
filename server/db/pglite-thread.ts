import { Worker } from 'node:worker_threads';

/** What drizzle's PGlite session reads of an answer. */
interface Results {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
  command?: string;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}

/** The part of PGlite's interface that drizzle-orm/pglite uses, for a transaction. */
export interface ThreadTransaction {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: Record<string, unknown> };

/** A database error as PGlite throws it: message, and code, detail, constraint… as properties. */
function rebuildError(plain: Record<string, unknown>): Error {
  const err = new Error(String(plain.message ?? 'Error de la base de datos embebida'));
  Object.assign(err, plain);
  return err;
}

/** The type ids whose parser hands back the text unchanged (all that drizzle passes); anything else is refused. */
function rawTypes(parsers: QueryOptions['parsers']): number[] | undefined {
  if (!parsers) return undefined;
  const oids = Object.keys(parsers).map(Number);
  for (const oid of oids) {
    const probe = 'probe';
    if (parsers[oid]!(probe, oid) !== probe) throw new Error(`pglite-thread: only identity parsers cross the thread (type ${oid})`);
  }
  return oids;
}

/**
 * PGlite on a worker thread (ADR 009), with the interface drizzle-orm/pglite calls: `query`, `exec`,
 * `transaction`. The worker runs messages one at a time in arrival order; this side decides that
 * order. A statement outside a transaction is posted at once (several can be on their way, and the
 * server's thread does not wait for one answer to send the next); a transaction holds the gate from
 * its BEGIN to its COMMIT or ROLLBACK, so nothing else runs inside it, exactly as on one connection.
 */
export class PGliteThread {
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private gateHeld = false;
  private readonly gateQueue: (() => void)[] = [];
  private stopped: Error | null = null;

  /** `startParams` are added to PGlite's own (`-c name=value` pairs). */
  constructor(options: { dataDir?: string; startParams?: string[]; loadDataDir?: string }) {
    this.worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir: options.dataDir, startParams: options.startParams ?? [], loadDataDir: options.loadDataDir },
      // The worker is plain JavaScript: no loader of the parent (tsx, Vitest) is needed or wanted there.
      execArgv: [],
      // Its JavaScript is only the wire protocol and the rows in transit: a small young generation keeps
      // the memory of a busy shop low (the main thread runs with --max-semi-space-size=4 for the same reason).
      resourceLimits: { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 128 },
    });
    let ready!: { resolve: () => void; reject: (e: Error) => void };
    this.waitReady = new Promise<void>((resolve, reject) => (ready = { resolve, reject }));
    this.pending.set(0, { resolve: () => ready.resolve(), reject: (e) => ready.reject(e) });
    this.worker.on('message', (reply: Reply) => {
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiter.resolve(reply.result);
      else waiter.reject(rebuildError(reply.error));
    });
    this.worker.on('error', (err: Error) => this.stop(err));
    this.worker.on('exit', (code) => this.stop(new Error(`La base de datos embebida se detuvo (código ${code})`)));
  }

  /** Every waiting call fails, and so does every later one: a stopped database answers nothing. */
  private stop(err: Error) {
    if (!this.stopped) this.stopped = err;
    for (const waiter of this.pending.values()) waiter.reject(err);
    this.pending.clear();
  }

  private send<T>(message: Record<string, unknown>): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  private acquire(): Promise<void> {
    if (!this.gateHeld) {
      this.gateHeld = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.gateQueue.push(resolve));
  }

  private release() {
    const next = this.gateQueue.shift();
    if (next) next();
    else this.gateHeld = false;
  }

  /** Posted in turn, answered later: the gate is held only while posting. */
  private async inTurn<T>(message: Record<string, unknown>): Promise<T> {
    await this.acquire();
    const answer = this.send<T>(message);
    this.release();
    return answer;
  }

  private queryMessage(sql: string, params: unknown[] | undefined, options: QueryOptions | undefined) {
    return { op: 'query', sql, params: params ?? [], rowMode: options?.rowMode ?? 'object', rawTypes: rawTypes(options?.parsers) };
  }

  async query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results> {
    return this.inTurn<Results>(this.queryMessage(sql, params, options));
  }

  async exec(sql: string): Promise<Results[]> {
    return this.inTurn<Results[]>({ op: 'exec', sql });
  }

  async transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    await this.acquire();
    let closed = false;
    const tx: ThreadTransaction = {
      query: async (sql, params, options) => this.send<Results>(this.queryMessage(sql, params, options)),
      exec: async (sql) => this.send<Results[]>({ op: 'exec', sql }),
      rollback: async () => {
        closed = true;
        await this.send({ op: 'exec', sql: 'ROLLBACK' });
      },
      get closed() {
        return closed;
      },
    };
    try {
      await this.send({ op: 'exec', sql: 'BEGIN' });
      let result: T;
      try {
        result = await fn(tx);
      } catch (err) {
        if (!closed) {
          closed = true;
          await this.send({ op: 'exec', sql: 'ROLLBACK' }).catch(() => undefined);
        }
        throw err;
      }
      if (!closed) {
        closed = true;
        // COMMIT of a transaction that failed inside answers ROLLBACK: nothing was kept, so it fails (as in PGlite).
        const [done] = await this.send<Results[]>({ op: 'exec', sql: 'COMMIT' });
        if (done?.command === 'ROLLBACK') throw new Error('Transaction aborted: COMMIT was answered with ROLLBACK');
      }
      return result;
    } finally {
      this.release();
    }
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    await this.acquire();
    try {
      await this.send({ op: 'close' });
    } finally {
      this.stop(new Error('La base de datos embebida está cerrada'));
      this.release();
      await this.worker.terminate();
    }
  }
}
