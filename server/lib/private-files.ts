import fs from 'node:fs';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

/**
 * The data folder holds what no other local user may read: the embedded database, live recovery
 * codes (outbox), password hashes (backups) and the token secret. Folders are 0700 and files 0600
 * whatever umask the process inherited.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** The folders of $DATA_DIR that the app creates and owns (their whole tree is kept private). */
export const PRIVATE_SUBDIRS = ['pglite', 'outbox', 'secrets', 'backups'] as const;

/**
 * Every file this process creates from now on is private (umask 077). Only the main thread may
 * change the umask; worker threads share the process's.
 */
export function usePrivateUmask(): void {
  if (isMainThread) process.umask(0o077);
}

/** Creates `dir` (and missing parents) 0700; an existing app-owned folder is set to 0700. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Sets every folder under `dir` (itself included) to 0700 and every file to 0600; links are left alone. */
export function restrictTree(dir: string): void {
  if (!fs.existsSync(dir)) return;
  const stack = [dir];
  while (stack.length > 0) {
    const current = stack.pop()!;
    fs.chmodSync(current, PRIVATE_DIR_MODE);
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const p = path.join(current, entry.name);
      if (entry.isDirectory()) stack.push(p);
      else if (entry.isFile()) fs.chmodSync(p, PRIVATE_FILE_MODE);
    }
  }
}

/**
 * Start-up of anything that opens the data folder (server and scripts): private umask, $DATA_DIR
 * created 0700 when missing (an existing one, which the operator chose, keeps its mode), and the
 * app's own folders in it made private, including files written before this rule existed.
 */
export function secureDataDir(dataDir: string): void {
  usePrivateUmask();
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  for (const sub of PRIVATE_SUBDIRS) restrictTree(path.join(dataDir, sub));
}

/** Writes `file` 0600 (replacing it), in a folder created 0700 when missing. */
export function writePrivateFile(file: string, data: string | Uint8Array): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.writeFileSync(file, data, { mode: PRIVATE_FILE_MODE });
  fs.chmodSync(file, PRIVATE_FILE_MODE);
}

/** Runs `write` (synchronous) with umask 077, then makes `file` 0600: for writers that take no mode. */
export function writeWithPrivateMode<T>(file: string, write: () => T): T {
  const previous = isMainThread ? process.umask(0o077) : undefined;
  try {
    return write();
  } finally {
    if (previous !== undefined) process.umask(previous);
    if (fs.existsSync(file)) fs.chmodSync(file, PRIVATE_FILE_MODE);
  }
}
