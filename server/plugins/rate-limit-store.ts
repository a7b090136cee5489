import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';

/**
 * Redis is a helper, not a gate (issue #37 point 0c). The sign-in and PIN limits count on Redis when
 * several instances share the load; when Redis does not answer, each instance counts on its own
 * (the limits still hold, per instance), the log says so once, `ready` shows it, and the shared counters
 * are used again as soon as Redis is back. A sign-in never waits for an unreachable Redis: the client is
 * made with no offline queue and a short command timeout, so a down Redis answers at once.
 */
export type EstadoContadores = 'compartidos' | 'locales (Redis no responde)';

interface Log {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

type Result = { current: number; ttl: number };
type Callback = (err: Error | null, result?: Result) => void;
interface Store extends FastifyRateLimitStore {
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
}
type StoreCtor = new (...args: unknown[]) => Store;

export interface SharedCounters {
  /** The store class for @fastify/rate-limit's `store` option. */
  Store: new (options: FastifyRateLimitOptions) => FastifyRateLimitStore;
  estado(): EstadoContadores;
}

export function sharedCounters(redis: Redis, options: { nameSpace: string; log: Log }): SharedCounters {
  const { log } = options;
  let degraded = redis.status !== 'ready';
  const goDegraded = (err?: Error) => {
    if (degraded) return;
    degraded = true;
    log.warn({ err: err?.message }, 'Redis no responde: los límites de inicio de sesión se cuentan en esta instancia hasta que vuelva');
  };
  redis.on('ready', () => {
    if (!degraded) return;
    degraded = false;
    log.info({}, 'Redis responde de nuevo: los límites vuelven a ser compartidos');
  });
  redis.on('error', (err: Error) => goDegraded(err));
  redis.on('end', () => goDegraded());

  class Fallback implements Store {
    constructor(
      private readonly shared: Store,
      private readonly local: Store,
    ) {}

    private run(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number) {
      const local = () => (method === 'read' ? this.local.read!(key, cb, timeWindow, max) : this.local.incr(key, cb, timeWindow, max));
      if (degraded || redis.status !== 'ready') {
        goDegraded();
        return local();
      }
      const done: Callback = (err, result) => {
        if (!err) return cb(null, result);
        goDegraded(err);
        local();
      };
      if (method === 'read') this.shared.read!(key, done, timeWindow, max);
      else this.shared.incr(key, done, timeWindow, max);
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number) {
      this.run('incr', key, cb, timeWindow, max);
    }

    read(key: string, cb: Callback, timeWindow: number, max: number) {
      this.run('read', key, cb, timeWindow, max);
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      return new Fallback(this.shared.child(routeOptions) as Store, this.local.child(routeOptions) as Store);
    }
  }

  return {
    Store: class extends Fallback {
      constructor(params: FastifyRateLimitOptions) {
        const { continueExceeding, exponentialBackoff } = params as { continueExceeding?: boolean; exponentialBackoff?: boolean };
        super(
          new (RedisStore as unknown as StoreCtor)(continueExceeding, exponentialBackoff, redis, options.nameSpace),
          new (LocalStore as unknown as StoreCtor)(continueExceeding, exponentialBackoff),
        );
      }
    },
    estado: () => (degraded ? 'locales (Redis no responde)' : 'compartidos'),
  };
}
