import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit from 'p-limit';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';

/**
 * One hash at a time: each holds 32 MiB while it runs (libuv's four threads would hold 128 MiB at
 * once). One core hashes 4–8 sign-ins a second, more than a chain's shops start a day with; a single
 * sign-in is as fast as before, and a burst waits its turn instead of raising the server's memory.
 */
const limit = pLimit(1);

/**
 * At most this many hashes wait their turn (issue #15): beyond that a sign-in, registration or
 * password change answers 429 at once instead of queueing, so a burst of sign-ins with made-up
 * emails cannot make a real one wait for seconds. Eight covers a shop's tills signing in together.
 */
export const HASH_QUEUE_MAX = 8;

/** Hashes waiting for their turn (not counting the one running). */
export const hashesWaiting = () => limit.pendingCount;

/** Runs `task` in the hashes' queue, in turn with them (the queue-limit test holds the queue with it). */
export const enTurnoDeHash = <T>(task: () => Promise<T>): Promise<T> => limit(task);

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) => {
  if (limit.pendingCount >= HASH_QUEUE_MAX) return Promise.reject(new AppError('RATE_LIMITED', M.generic.serverBusy));
  return limit(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
};

/** OWASP's scrypt setting N=2^15, r=8, p=3 (32 MiB, a few tens of ms per hash). */
const PARAMS = { N: 2 ** 15, r: 8, p: 3 };
const KEYLEN = 32;
const maxmem = (N: number, r: number) => 256 * N * r;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = PARAMS;
  const key = await scrypt(password.normalize('NFKC'), salt, KEYLEN, { N, r, p, maxmem: maxmem(N, r) });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algo, n, r, p, salt, hash] = stored.split('$');
  if (algo !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const N = Number(n);
  const R = Number(r);
  const key = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length, {
    N,
    r: R,
    p: Number(p),
    maxmem: maxmem(N, R),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password: verifying against it costs as much as a real check. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  if (!dummy) {
    const pending = hashPassword(randomBytes(12).toString('hex'));
    dummy = pending;
    // A refused first try (a full queue) is not kept: the next sign-in makes it again.
    pending.catch(() => {
      if (dummy === pending) dummy = undefined;
    });
  }
  return dummy;
}
