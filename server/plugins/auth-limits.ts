import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { Turno } from '../lib/password';
import type { RequestSession } from './auth';

/**
 * The limits of issue #15 on what a caller may learn or try:
 *
 * - **Sign-in, registration and recovery** (`attempt`): every try counts twice, once for the client
 *   address and the account it names, once for the address alone (all accounts). The account is the
 *   value the handler itself uses (the parsed `email` or `correo`), trimmed and in lower case, so a
 *   decoy key, another casing or leading spaces never open a fresh bucket. The clean API and the
 *   legacy controllers share the buckets.
 * - **Back-office answers that depend on other accounts** (`lookup`): whether an email is taken,
 *   whether an invitation code is the store's. The back-office services call it just before asking
 *   (a new or changed email, a code of another store), so a store admin's ordinary edits never count
 *   while a run of guesses gets 429: at most RATE_LIMIT_AUTH_MAX per window per signed-in account.
 *
 * Counters live in memory for one instance, in Redis (`REDIS_URL`) when several share the load.
 *
 * Under a flood (issue #49) a refusal costs as little as can be: an address over its limit is
 * remembered until its window ends and refused from then on before its body is read (`antes`, an
 * onRequest hook) and without asking the counters; and an address that goes on after
 * REFUSALS_AT_ONCE refusals gets each next one later and later (REFUSAL_HOLD_STEP_MS more each time, at most
 * REFUSAL_HOLD_MAX_MS), which holds a socket and a timer but no CPU, so a client that waits for its
 * answers (most brute-force tools) slows down to about one try a second per connection.
 */
export interface AuthLimits {
  /** Counts one sign-in, registration or recovery try for `account`; 429 once a bucket is over. */
  attempt(req: FastifyRequest, reply: FastifyReply, account: unknown): Promise<void>;
  /**
   * An onRequest hook for the routes `attempt` counts: 429 before the body is read when the client's
   * address is already over its limit for all accounts in this window (the answer `attempt` would give).
   */
  antes(req: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** A preHandler counting the try for the account in the validated body's `field`. */
  byBodyField(field: string): (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Counts one back-office question about other accounts for the signed-in caller; 429 when over. */
  lookup(req: FastifyRequest, reply: FastifyReply, sesion: RequestSession): Promise<void>;
  /**
   * The password queue's turn for a try `attempt` counted (issue #28): a low priority when its
   * address is suspect (a wrong sign-in, or a refusal of these limits, in the last SUSPECT_MS) or
   * made more than TRIES_AT_FULL_PRIORITY tries this window, so a flood waits behind a real sign-in
   * (server/lib/password.ts). Its `alFallar` marks the address suspect (wrong credentials).
   */
  turno(req: FastifyRequest): Turno;
}

/**
 * Tries an address makes in a window before its password checks wait behind everyone else's: only
 * its first. A person signs in once; a shop's tills behind one address still sign in, after any
 * first tries waiting (a flood's first try from each new address is all it gets at full priority).
 */
export const TRIES_AT_FULL_PRIORITY = 1;
/** How long an address that failed a sign-in stays behind everyone else's (longer than a window). */
export const SUSPECT_MS = 15 * 60_000;
/** Suspect addresses remembered at most (the oldest are forgotten first), per instance. */
const SUSPECT_MAX = 50_000;
/** Refusals of the limits an address gets at once in a window; each next one waits longer (issue #49). */
export const REFUSALS_AT_ONCE = 5;
/** How much longer each refusal beyond REFUSALS_AT_ONCE waits than the one before. */
export const REFUSAL_HOLD_STEP_MS = 50;
/** The longest a refusal waits. */
export const REFUSAL_HOLD_MAX_MS = 1000;
/** Refusals waiting at once at most, per instance: the next ones answer at once (a bound on held sockets). */
const HELD_MAX = 512;

export interface AuthLimitsOptions {
  /** Tries per window for one address and one account. */
  accountMax: number;
  /** Tries per window for one address, whatever the accounts. */
  addressMax: number;
  /** Back-office questions about other accounts per window for one signed-in account. */
  lookupMax: number;
  timeWindow: string;
}

/** Addresses marked until a moment, at most SUSPECT_MAX of them (a Map keeps insertion order: the oldest go first). */
function hastaCuando() {
  const hasta = new Map<string, number>();
  return {
    marcar(address: string, ms: number) {
      hasta.delete(address);
      hasta.set(address, Date.now() + ms);
      if (hasta.size > SUSPECT_MAX) hasta.delete(hasta.keys().next().value!);
    },
    vigente(address: string) {
      const until = hasta.get(address);
      if (until === undefined) return false;
      if (until > Date.now()) return true;
      hasta.delete(address);
      return false;
    },
  };
}

/** The account a try names, as the handlers use it (zod trims and lowers emails the same way). */
export function normalizeAccount(value: unknown): string {
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  return text.trim().toLowerCase().slice(0, 254);
}

const clientAddress = (req: FastifyRequest) => normalizeIP(req.ip);

/** An address's refusals in its current window: how many, and until when it is over its limit for all accounts. */
interface Negativas {
  veces: number;
  /** Until when (ms) the address is over its limit for every account; 0 when it is not. */
  cerradaHasta: number;
  /** When the count starts again (the end of the window of its last refusal). */
  hasta: number;
}

/** Refusals per address, at most SUSPECT_MAX addresses (the oldest are forgotten first). */
function registroDeNegativas() {
  const porDireccion = new Map<string, Negativas>();
  return {
    /** Ms left of the address's closed window (0 when open). */
    cerrada(address: string) {
      const n = porDireccion.get(address);
      const left = n ? n.cerradaHasta - Date.now() : 0;
      return left > 0 ? left : 0;
    },
    /** Counts one refusal; `cerrarMs` > 0 when the address went over its limit for all accounts. */
    contar(address: string, ttlMs: number, cerrarMs: number): Negativas {
      const now = Date.now();
      let n = porDireccion.get(address);
      if (!n || n.hasta <= now) n = { veces: 0, cerradaHasta: 0, hasta: 0 };
      n.veces++;
      n.hasta = Math.max(n.hasta, now + ttlMs);
      if (cerrarMs > 0) n.cerradaHasta = Math.max(n.cerradaHasta, now + cerrarMs);
      porDireccion.delete(address);
      porDireccion.set(address, n);
      if (porDireccion.size > SUSPECT_MAX) porDireccion.delete(porDireccion.keys().next().value!);
      return n;
    },
  };
}

/** The wait before the `veces`-th refusal of a window (0 for the first REFUSALS_AT_ONCE). */
export const esperaDeNegativa = (veces: number) => Math.min(REFUSAL_HOLD_MAX_MS, Math.max(0, veces - REFUSALS_AT_ONCE) * REFUSAL_HOLD_STEP_MS);

/** The limiters, on the store of @fastify/rate-limit (registered before: memory, or Redis when set). */
export function createAuthLimits(app: FastifyInstance, options: AuthLimitsOptions): AuthLimits {
  const accounts = new WeakMap<FastifyRequest, string>();
  const turnos = new WeakMap<FastifyRequest, Turno>();
  // Addresses that failed lately, until when.
  const sospechosas = hastaCuando();
  const marcar = (address: string) => sospechosas.marcar(address, SUSPECT_MS);
  const sospechosa = (address: string) => sospechosas.vigente(address);
  // Addresses that made more than TRIES_AT_FULL_PRIORITY tries, until their window ends: a first try
  // still queued at full priority is asked again when its hash would start (server/lib/password.ts).
  const ruidosas = hastaCuando();
  const callers = new WeakMap<FastifyRequest, string>();
  const negativas = registroDeNegativas();
  let retenidas = 0;
  const byAccount = app.createRateLimit({
    max: options.accountMax,
    timeWindow: options.timeWindow,
    keyGenerator: (req) => `auth:cuenta:${clientAddress(req)}|${accounts.get(req) ?? ''}`,
  });
  const byAddress = app.createRateLimit({
    max: options.addressMax,
    timeWindow: options.timeWindow,
    keyGenerator: (req) => `auth:direccion:${clientAddress(req)}`,
  });
  const lookups = app.createRateLimit({
    max: options.lookupMax,
    timeWindow: options.timeWindow,
    keyGenerator: (req) => `crud:consulta:${callers.get(req) ?? clientAddress(req)}`,
  });

  type Result = Awaited<ReturnType<typeof byAccount>>;
  const refuseIfOver = (reply: FastifyReply, results: Result[]) => {
    const over = results.filter((r) => !r.isAllowed && r.isExceeded);
    if (over.length === 0) return;
    const ttl = Math.max(...over.map((r) => (r.isAllowed ? 0 : r.ttl)));
    reply.header('retry-after', String(Math.max(1, Math.ceil(ttl / 1000))));
    throw new AppError('RATE_LIMITED', M.generic.tooManyRequests);
  };

  /** Refuses a try of `ip` (429, M.generic.tooManyRequests), after its wait when it went on after its first refusals. */
  const rechazar = async (reply: FastifyReply, ip: string, ttlMs: number, cerrarMs: number): Promise<never> => {
    const { veces } = negativas.contar(ip, ttlMs, cerrarMs);
    marcar(ip);
    reply.header('retry-after', String(Math.max(1, Math.ceil(ttlMs / 1000))));
    const espera = esperaDeNegativa(veces);
    if (espera > 0 && retenidas < HELD_MAX) {
      retenidas++;
      try {
        await new Promise((resolve) => setTimeout(resolve, espera));
      } finally {
        retenidas--;
      }
    }
    throw new AppError('RATE_LIMITED', M.generic.tooManyRequests);
  };

  const antes: AuthLimits['antes'] = async (req, reply) => {
    const ip = clientAddress(req);
    const cerrada = negativas.cerrada(ip);
    if (cerrada > 0) await rechazar(reply, ip, cerrada, 0);
  };

  const attempt: AuthLimits['attempt'] = async (req, reply, account) => {
    // Already over its limit for every account: refused without asking the counters (the same answer).
    await antes(req, reply);
    accounts.set(req, normalizeAccount(account));
    const [address, byAcc] = await Promise.all([byAddress(req), byAccount(req)]);
    const ip = clientAddress(req);
    const over = [address, byAcc].filter((r) => !r.isAllowed && r.isExceeded);
    if (over.length > 0) {
      const ttl = Math.max(...over.map((r) => (r.isAllowed ? 0 : r.ttl)));
      await rechazar(reply, ip, ttl, !address.isAllowed && address.isExceeded ? address.ttl : 0);
    }
    // (isAllowed is true only for an allow-listed caller, which has no count.)
    if (!address.isAllowed && options.addressMax - address.remaining > TRIES_AT_FULL_PRIORITY) ruidosas.marcar(ip, Math.max(1000, address.ttl));
    const prioridad = () => (sospechosa(ip) || ruidosas.vigente(ip) ? 'baja' : 'alta');
    turnos.set(req, { cola: 'sesion', prioridad, alFallar: () => marcar(ip), clave: ip });
  };

  return {
    attempt,
    antes,
    byBodyField: (field) => async (req, reply) => {
      const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
      await attempt(req, reply, body[field]);
    },
    turno: (req) => turnos.get(req) ?? { cola: 'sesion' },
    async lookup(req, reply, sesion) {
      callers.set(req, `${sesion.tipo}:${sesion.usuarioId ?? sesion.tiendaId}`);
      refuseIfOver(reply, [await lookups(req)]);
    },
  };
}
