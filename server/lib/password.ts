import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';

/**
 * Hashes run one at a time per queue: each holds 32 MiB while it runs (libuv's four threads would
 * hold 128 MiB at once). There are two queues (issue #28): **sesion** for passwords (sign-in,
 * registration, password changes) and **pin** for the till's supervisor PINs, so a flood of made-up
 * sign-ins never delays a PIN-authorised discount (at most two hashes, 64 MiB, at once).
 *
 * Each queue is bounded: at most HASH_QUEUE_MAX hashes wait at each of its two levels, and a try
 * beyond that answers 429 at once instead of queueing. A try is `baja` (low) when its caller's address
 * already made several tries this window (a flood, `AuthLimits.prioridad`): the queue serves every
 * waiting `alta` try first, so a real sign-in waits for at most the hash that is running, however
 * many addresses flood it. The level is asked again when a hash is about to start: a try that queued
 * at full priority (an address's first) whose address has flooded since then waits behind every
 * other full-priority try, so the first tries of twenty flooding addresses never run ahead of a real
 * sign-in that came after them.
 *
 * Within the low level, the tries of the caller served least lately go first (`Turno.clave`, the
 * address, issue #49): twenty tries of one flooding address never make another address's one try
 * wait behind all of them.
 *
 * A try that names no account runs no hash at all (issue #49): it waits as long as a recent real hash
 * took (`imitarVerificacion`), holding no CPU and no place in the queue, so a flood of made-up e-mails
 * leaves the CPU to real sign-ins and PINs.
 */
export type NombreCola = 'sesion' | 'pin';
export type Prioridad = 'alta' | 'baja';

/** Hashes that may wait at each level of a queue; the next answers 429 at once. */
export const HASH_QUEUE_MAX = 8;
/** Who asks for a hash: the queue and the level it waits at. */
export interface Turno {
  cola?: NombreCola;
  /** The level; a function is asked when the try queues and again when its hash would start. */
  prioridad?: Prioridad | (() => Prioridad);
  /** Told when the password was wrong (a sign-in's address becomes suspect: server/plugins/auth-limits.ts). */
  alFallar?: () => void;
  /** Who asks (the client's address): at the low level, the one served least lately goes first. */
  clave?: string;
}

interface Espera {
  correr: () => void;
  nivel: () => Prioridad;
  clave: string | undefined;
}

/** Callers remembered for the low level's turns at most (the oldest are forgotten first). */
const CLAVES_MAX = 10_000;

class ColaDeHash {
  private corriendo = 0;
  private readonly esperan: Record<Prioridad, Espera[]> = { alta: [], baja: [] };
  /** When each caller was last served at the low level (a count of turns given, not a time). */
  private readonly servida = new Map<string, number>();
  private turnos = 0;

  get esperando() {
    return this.esperan.alta.length + this.esperan.baja.length;
  }

  /** Whether a try at `nivel` would be refused now (its level full). */
  llena(nivel: Prioridad) {
    return this.esperan[nivel].length >= HASH_QUEUE_MAX;
  }

  turno<T>(task: () => Promise<T>, turno: Turno = {}): Promise<T> {
    const nivelDe = nivelDeTurno(turno);
    const nivel = nivelDe();
    if (this.llena(nivel)) return Promise.reject(ocupado());
    return new Promise<T>((resolve, reject) => {
      const correr = () => {
        this.corriendo++;
        task()
          .then(resolve, reject)
          .finally(() => {
            this.corriendo--;
            this.siguiente();
          });
      };
      this.esperan[nivel].push({ correr, nivel: nivelDe, clave: turno.clave });
      // Started on the next tick: a caller may still count the waiting ones.
      queueMicrotask(() => this.siguiente());
    });
  }

  private siguiente() {
    if (this.corriendo > 0) return;
    for (let next = this.esperan.alta.shift(); next; next = this.esperan.alta.shift()) {
      if (next.nivel() === 'alta') return next.correr();
      // Its address flooded after it queued: it waits behind everyone else now.
      this.esperan.baja.push(next);
    }
    this.bajaSiguiente()?.correr();
  }

  /** The low level's next: the caller served least lately (never served first), in order of arrival among equals. */
  private bajaSiguiente(): Espera | undefined {
    const baja = this.esperan.baja;
    if (baja.length === 0) return undefined;
    let mejor = 0;
    let mejorVez = Infinity;
    for (let i = 0; i < baja.length; i++) {
      const clave = baja[i]!.clave;
      const vez = clave === undefined ? -1 : (this.servida.get(clave) ?? -1);
      if (vez < mejorVez) {
        mejor = i;
        mejorVez = vez;
      }
    }
    const [next] = baja.splice(mejor, 1);
    if (next!.clave !== undefined) {
      this.servida.delete(next!.clave);
      this.servida.set(next!.clave, ++this.turnos);
      if (this.servida.size > CLAVES_MAX) this.servida.delete(this.servida.keys().next().value!);
    }
    return next;
  }
}

const ocupado = () => new AppError('RATE_LIMITED', M.generic.serverBusy, { retryAfter: 1 });

function nivelDeTurno(turno: Turno): () => Prioridad {
  const prioridad = turno.prioridad ?? 'alta';
  return typeof prioridad === 'function' ? prioridad : () => prioridad;
}

/**
 * The turn of a try that names no account: the low level. Its check (`imitarVerificacion`) takes as
 * long as a wrong password's but runs no hash; it is refused when the low level is full, as a real
 * try of a flooding address would be. Under a flood the times differ (a try naming an account may
 * wait for the hash that runs), so time may tell whether an e-mail has an account; registration
 * already tells that (`M.auth.emailTaken`), within its limits.
 */
export const sinCuenta = (turno: Turno = {}): Turno => ({ ...turno, prioridad: 'baja' });

const colas: Record<NombreCola, ColaDeHash> = { sesion: new ColaDeHash(), pin: new ColaDeHash() };

/** Hashes waiting for their turn in a queue (not counting the one running). */
export const hashesWaiting = (cola: NombreCola = 'sesion') => colas[cola].esperando;

/** Runs `task` in a hashes' queue, in turn with them (the queue-limit tests hold the queue with it). */
export const enTurnoDeHash = <T>(task: () => Promise<T>, turno: Turno = {}): Promise<T> => colas[turno.cola ?? 'sesion'].turno(task, turno);

/** OWASP's scrypt setting N=2^15, r=8, p=3 (32 MiB, a few tens of ms per hash). */
export const PARAMS_PRODUCCION = { N: 2 ** 15, r: 8, p: 3 } as const;

/**
 * The setting new hashes use. Inside Vitest's workers only (`VITEST` is set by Vitest itself, never by
 * a server), the work factor is N=2^10: the test suite builds stores, employees and PINs by the
 * thousand, and each hash at the production factor cost ~0.3 CPU-s of a 2-core CI machine (issue #54
 * point 7). A hash names its own N, so verifying works either way; the queues, limits and timings under
 * test are the same code. The journeys' built server asks for the same factor with HASH_LIGERO_PRUEBAS=1.
 */
export function parametrosHash(env: NodeJS.ProcessEnv = process.env): { N: number; r: number; p: number } {
  const vitest = env.VITEST === 'true' && env.NODE_ENV === 'test';
  // The journeys' built server (tests/e2e/support/serve.mjs) asks for the same factor: its sign-ins,
  // sign-ups and PINs at 0.29 CPU-s each were over a third of its CPU (270 → 174 CPU-s over the suite,
  // 2026-12-02). Never in production, whatever the variable says.
  const journeys = env.HASH_LIGERO_PRUEBAS === '1' && env.NODE_ENV !== 'production';
  return vitest || journeys ? { ...PARAMS_PRODUCCION, N: 2 ** 10 } : { ...PARAMS_PRODUCCION };
}
const PARAMS = parametrosHash();

/** Hashes started since the process began (the tests count them). */
let hashesStarted = 0;
export const hashesRun = () => hashesStarted;

/** How long the last real password hashes took (ms), the newest last: what a try naming no account waits. */
const DURACIONES_MAX = 16;
const duraciones: number[] = [];

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions, turno: Turno = {}) =>
  enTurnoDeHash(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        hashesStarted++;
        const t0 = performance.now();
        scryptCb(password, salt, keylen, options, (err, key) => {
          if (err) return reject(err);
          if ((turno.cola ?? 'sesion') === 'sesion' && options.N === PARAMS.N) {
            duraciones.push(performance.now() - t0);
            if (duraciones.length > DURACIONES_MAX) duraciones.shift();
          }
          resolve(key);
        });
      }),
    turno,
  );

const KEYLEN = 32;
const maxmem = (N: number, r: number) => 256 * N * r;

export async function hashPassword(password: string, turno: Turno = {}): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = PARAMS;
  const key = await scrypt(password.normalize('NFKC'), salt, KEYLEN, { N, r, p, maxmem: maxmem(N, r) }, turno);
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string, turno: Turno = {}): Promise<boolean> {
  const [algo, n, r, p, salt, hash] = stored.split('$');
  if (algo !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const N = Number(n);
  const R = Number(r);
  const key = await scrypt(
    password.normalize('NFKC'),
    Buffer.from(salt, 'base64'),
    expected.length,
    { N, r: R, p: Number(p), maxmem: maxmem(N, R) },
    turno,
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password: verifying against it costs as much as a real check. */
let dummy: Promise<string> | undefined;
export function dummyHash(turno: Turno = {}): Promise<string> {
  if (!dummy) {
    const pending = hashPassword(randomBytes(12).toString('hex'), turno);
    dummy = pending;
    // A refused first try (a full queue) is not kept: the next sign-in makes it again.
    pending.catch(() => {
      if (dummy === pending) dummy = undefined;
    });
  }
  return dummy;
}

/**
 * The check of a try that names no account (issue #49): always false, and as slow as a real one, but
 * it runs no hash. It waits as long as one of the last real password hashes took (one picked at random,
 * so its times spread like theirs) and holds no place in the queue, so a flood of made-up e-mails costs
 * no CPU and never delays a real sign-in. It is refused like a real try (`M.generic.serverBusy`) when
 * the level it would wait at is full. Before any real hash was timed, it checks the stand-in hash for real.
 */
export async function imitarVerificacion(password: string, turno: Turno = {}): Promise<false> {
  const cola = colas[turno.cola ?? 'sesion'];
  if (cola.llena(nivelDeTurno(turno)())) throw ocupado();
  const muestra = duraciones.length > 0 ? duraciones[Math.floor(Math.random() * duraciones.length)]! : null;
  if (muestra === null) {
    await verifyPassword(password, await dummyHash(), turno);
    return false;
  }
  await new Promise((resolve) => setTimeout(resolve, muestra));
  return false;
}
