import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { M } from '#shared/messages';

/**
 * One process per embedded data folder (issue #37 point 0). PGlite keeps no lock of its own: two
 * processes on one folder both start, both write, and one's data is lost at the next start.
 *
 * The lock is proper-lockfile's (npm's own): an atomic `mkdir` of `$DATA_DIR/datos.lock`, whose
 * modification time the holder refreshes every few seconds. Beside it, `datos.lock.json` says who
 * holds it (pid, host, what, since when, and the server's address once it listens).
 *
 * - A holder whose process is alive on this host is never taken over, however old its lock looks
 *   (a long statement may block the holder's refresh): the second process refuses at once and says
 *   who holds the folder and where to reach it.
 * - A holder that died (SIGKILL, a power cut) leaves its lock behind: when its pid is gone, the lock is
 *   taken over once its refresh is 2 s old; when nobody is named, after the usual 30 s.
 * - If the lock is taken from under a holder anyway, the holder stops (`onCompromised`).
 */
export interface LockOwner {
  pid: number;
  host: string;
  /** 'servidor', or the script's command. */
  what: string;
  since: string;
  url?: string;
}

export class DataDirLocked extends Error {
  constructor(
    message: string,
    readonly owner: LockOwner | null,
  ) {
    super(message);
    this.name = 'DataDirLocked';
  }
}

export interface DataDirLock {
  readonly dir: string;
  /** Records the server's address, for the message a second process shows. */
  setUrl(url: string): void;
  release(): Promise<void>;
}

const LOCK_NAME = 'datos.lock';
const OWNER_NAME = 'datos.lock.json';
/** A live holder refreshes its lock this often. */
const UPDATE_MS = 5_000;
/** A lock not refreshed for this long is stale when nobody alive is named as its holder. */
const STALE_MS = 30_000;
/** proper-lockfile's minimum: a dead holder's lock is taken over once its last refresh is this old. */
const STALE_DEAD_MS = 2_000;

function readOwner(dir: string): LockOwner | null {
  try {
    const o = JSON.parse(fs.readFileSync(path.join(dir, OWNER_NAME), 'utf8')) as LockOwner;
    return Number.isInteger(o.pid) && o.pid > 0 ? o : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: alive, owned by someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The holder named beside the lock, when it is a live process on this host other than this one. */
export function liveOwner(dataDir: string): LockOwner | null {
  const owner = readOwner(path.resolve(dataDir));
  if (!owner || owner.pid === process.pid || owner.host !== os.hostname()) return null;
  return isAlive(owner.pid) ? owner : null;
}

const fecha = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('es-CO', { dateStyle: 'short', timeStyle: 'medium' });
};

function lockedMessage(dir: string, owner: LockOwner | null): string {
  if (!owner) return M.operacion.carpetaEnUsoSinDueno(dir);
  const quien = owner.what === 'servidor' ? M.operacion.quienServidor : M.operacion.quienScript(owner.what);
  return M.operacion.carpetaEnUso({ carpeta: dir, quien, pid: owner.pid, url: owner.url, desde: fecha(owner.since) });
}

/**
 * Takes the data folder for this process, or throws DataDirLocked with the Spanish message naming
 * the holder. `onLost` runs if another process takes the lock over anyway (the default exits).
 */
export async function lockDataDir(dataDir: string, what: string, onLost?: (err: Error) => void): Promise<DataDirLock> {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const before = readOwner(dir);
  const here = before?.host === os.hostname();
  if (before && here && before.pid !== process.pid && isAlive(before.pid)) throw new DataDirLocked(lockedMessage(dir, before), before);
  // Known dead: a holder on this host whose pid is gone (or is this very process: a container's
  // restart gives the new process its predecessor's pid).
  const knownDead = before != null && here;
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dir, {
      lockfilePath: path.join(dir, LOCK_NAME),
      realpath: false,
      update: UPDATE_MS,
      // A holder known to be gone: its lock is stale as soon as proper-lockfile allows. Otherwise
      // (no holder named, or one on another host) wait for the lock to go stale, up to a little
      // longer than STALE_MS.
      stale: knownDead ? STALE_DEAD_MS : STALE_MS,
      retries: knownDead
        ? { retries: 8, minTimeout: 300, maxTimeout: 1_000 }
        : { retries: Math.ceil(STALE_MS / 1_000) + 5, factor: 1, minTimeout: 1_000, maxTimeout: 1_000 },
      onCompromised:
        onLost ??
        ((err) => {
          console.error(`${M.operacion.bloqueoPerdido} (${err.message})`);
          process.exit(1);
        }),
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') {
      const owner = readOwner(dir);
      throw new DataDirLocked(lockedMessage(dir, owner && isAlive(owner.pid) ? owner : null), owner);
    }
    throw err;
  }
  const owner: LockOwner = { pid: process.pid, host: os.hostname(), what, since: new Date().toISOString() };
  const writeOwner = () => {
    const tmp = path.join(dir, `${OWNER_NAME}.${process.pid}.tmp`);
    fs.writeFileSync(tmp, JSON.stringify(owner), { mode: 0o600 });
    fs.renameSync(tmp, path.join(dir, OWNER_NAME));
  };
  writeOwner();
  let released = false;
  return {
    dir,
    setUrl(url) {
      owner.url = url;
      if (!released) writeOwner();
    },
    async release() {
      if (released) return;
      released = true;
      if (readOwner(dir)?.pid === process.pid) fs.rmSync(path.join(dir, OWNER_NAME), { force: true });
      await release().catch(() => undefined);
    },
  };
}
