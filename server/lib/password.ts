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
}

interface Espera {
  correr: () => void;
  nivel: () => Prioridad;
}

class ColaDeHash {
  private corriendo = 0;
  private readonly esperan: Record<Prioridad, Espera[]> = { alta: [], baja: [] };

  get esperando() {
    return this.esperan.alta.length + this.esperan.baja.length;
  }

  turno<T>(task: () => Promise<T>, turno: Turno = {}): Promise<T> {
    const prioridad = turno.prioridad ?? 'alta';
    const nivelDe = typeof prioridad === 'function' ? prioridad : () => prioridad;
    const nivel = nivelDe();
    if (this.esperan[nivel].length >= HASH_QUEUE_MAX) return Promise.reject(new AppError('RATE_LIMITED', M.generic.serverBusy, { retryAfter: 1 }));
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
      this.esperan[nivel].push({ correr, nivel: nivelDe });
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
    this.esperan.baja.shift()?.correr();
  }
}

/**
 * The turn of a try that names no account: it still costs a whole hash (its answer takes as long as a
 * wrong password's), but waits behind every try that names one, so a flood of made-up sign-ins from
 * many new addresses never delays a real one. Under a flood this tells, by time, whether an e-mail
 * has an account; registration already tells that (`M.auth.emailTaken`), within its limits.
 */
export const sinCuenta = (turno: Turno = {}): Turno => ({ ...turno, prioridad: 'baja' });

const colas: Record<NombreCola, ColaDeHash> = { sesion: new ColaDeHash(), pin: new ColaDeHash() };

/** Hashes waiting for their turn in a queue (not counting the one running). */
export const hashesWaiting = (cola: NombreCola = 'sesion') => colas[cola].esperando;

/** Runs `task` in a hashes' queue, in turn with them (the queue-limit tests hold the queue with it). */
export const enTurnoDeHash = <T>(task: () => Promise<T>, turno: Turno = {}): Promise<T> => colas[turno.cola ?? 'sesion'].turno(task, turno);

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions, turno: Turno = {}) =>
  enTurnoDeHash(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
      ),
    turno,
  );

/** OWASP's scrypt setting N=2^15, r=8, p=3 (32 MiB, a few tens of ms per hash). */
const PARAMS = { N: 2 ** 15, r: 8, p: 3 };
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
