import fs from 'node:fs';
import path from 'node:path';
import type { BackupFile } from './backup';
import { backupFileName } from './backup';

/**
 * Backups on a schedule for the embedded database (issue #37 point 4): one every `everyMs` (a day by
 * default), in `$DATA_DIR/backups/`, the server's own consistent dump (the same as `npm run backup`);
 * backups written by the schedule or by `npm run backup` (`adax-*.json.gz`) older than `keepDays` are
 * removed after each new one. The first is due one interval after the newest backup there (when there
 * is none, a minute after start, or one interval if that is shorter), so restarting the server does not
 * pile up copies.
 */
export interface BackupSchedule {
  /** When the next backup is due. */
  next(): Date;
  stop(): void;
}

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const NAME = /^adax-.*\.json\.gz$/;
const FIRST_DELAY_MS = 60_000;

export function scheduleBackups(options: {
  dataDir: string;
  everyMs: number;
  keepDays: number;
  dump: () => Promise<BackupFile>;
  save: (backup: BackupFile, file: string) => string;
  log: Log;
}): BackupSchedule {
  const dir = path.join(options.dataDir, 'backups');
  const newest = () => {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => NAME.test(f)) : [];
    return Math.max(0, ...files.map((f) => fs.statSync(path.join(dir, f)).mtimeMs));
  };
  const prune = () => {
    const limit = Date.now() - options.keepDays * 86_400_000;
    for (const f of fs.readdirSync(dir).filter((n) => NAME.test(n))) {
      const file = path.join(dir, f);
      if (fs.statSync(file).mtimeMs < limit) {
        fs.rmSync(file, { force: true });
        options.log.info({ file }, 'respaldo antiguo eliminado');
      }
    }
  };
  let timer: NodeJS.Timeout | undefined;
  let due = 0;
  let stopped = false;
  let failed = false;
  const plan = () => {
    if (stopped) return;
    const last = newest();
    // After a failure, try again in a while (at most ten minutes), not at once.
    if (failed) due = Date.now() + Math.min(options.everyMs, 10 * 60_000);
    else due = last ? Math.max(Date.now() + 1_000, last + options.everyMs) : Date.now() + Math.min(options.everyMs, FIRST_DELAY_MS);
    // setTimeout holds at most ~24.8 days; a longer interval is reached in steps.
    timer = setTimeout(run, Math.min(due - Date.now(), 2 ** 31 - 1));
    timer.unref();
  };
  const run = async () => {
    if (Date.now() >= due) {
      try {
        const file = options.save(await options.dump(), backupFileName(dir));
        options.log.info({ file }, 'respaldo programado escrito');
        failed = false;
        prune();
      } catch (err) {
        failed = true;
        options.log.error({ err }, 'no se pudo escribir el respaldo programado');
      }
    }
    plan();
  };
  plan();
  return {
    next: () => new Date(due),
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
