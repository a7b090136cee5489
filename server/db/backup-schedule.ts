import fs from 'node:fs';
import path from 'node:path';
import { backupFileName } from './backup';

/**
 * Backups on a schedule for the embedded database (issue #37 point 4): one every `everyMs` (a day by
 * default), in `$DATA_DIR/backups/`, the server's own consistent dump (the same as `npm run backup`);
 * backups written by the schedule or by `npm run backup` (`adax-*.json.gz`) older than `keepDays` are
 * removed after each new one. The first is due one interval after the newest backup there (when there
 * is none, a minute after start, or one interval if that is shorter), so restarting the server does not
 * pile up copies.
 *
 * A failed backup is tried again after an hour, then two, four… up to a day (or the interval, when
 * longer), never every minute (issue #50). The attempt is recorded in `backups/.estado.json` before it
 * starts: a process that died during a backup (the machine ran out of memory, the power went) finds
 * the attempt on its next start and counts it as a failure, so a start does not try again a minute
 * later and fall into a loop.
 */
export interface BackupSchedule {
  /** When the next backup is due. */
  next(): Date;
  /**
   * No more backups; one under way is stopped between two batches (the server's shutdown must end
   * inside its limit, issue #50 point 5) and does not count as a failure.
   */
  stop(): void;
}

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const NAME = /^adax-.*\.json\.gz$/;
/** A backup's unfinished file (writeBackup renames it when whole). */
const PARTIAL = /^adax-.*\.json\.gz\.tmp$/;
const STATE = '.estado.json';
const FIRST_DELAY_MS = 60_000;
const HOUR = 3_600_000;

/** The wait after `failures` failures in a row: an hour, doubled each time, at most a day (or the interval). */
export function retryDelayMs(failures: number, everyMs: number): number {
  return Math.min(HOUR * 2 ** Math.max(0, Math.min(failures, 20) - 1), Math.max(24 * HOUR, everyMs));
}

interface State {
  /** Failed attempts in a row. */
  failures: number;
  /** When the last attempt started (ms). */
  at: number;
  /** An attempt started and never ended: the process died during it. */
  running: boolean;
}

/** Colombia's offset from UTC (one zone, no daylight saving: shared/zona-horaria.ts). */
const BOGOTA_MS = -5 * HOUR;

/** The first instant at or after `desde` when the clock in Colombia reads `hora` ("HH:MM"). */
export function siguienteHora(desde: number, hora: string): number {
  const [h, m] = hora.split(':').map(Number) as [number, number];
  const local = desde + BOGOTA_MS;
  const dia = Math.floor(local / (24 * HOUR)) * 24 * HOUR;
  let t = dia + h * HOUR + m * 60_000;
  if (t < local) t += 24 * HOUR;
  return t - BOGOTA_MS;
}

export function scheduleBackups(options: {
  dataDir: string;
  everyMs: number;
  /**
   * "HH:MM" in Colombia (BACKUP_HORA): each backup starts at that hour, outside opening hours, since on
   * the embedded database a sale waits for a running backup (45–95 s on a year of a busy shop, issue
   * #50). Backups are then a day apart (or BACKUP_EVERY, when longer); a failed one is tried again at
   * that hour too, never in the middle of the day.
   */
  hora?: string;
  keepDays: number;
  /** Writes one backup to `file` (whole, or not at all); stops when `signal` aborts. */
  backup: (file: string, signal: AbortSignal) => Promise<unknown>;
  log: Log;
}): BackupSchedule {
  const dir = path.join(options.dataDir, 'backups');
  const stateFile = path.join(dir, STATE);
  const readState = (): State => {
    try {
      const s = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as Partial<State>;
      return { failures: Number(s.failures) || 0, at: Number(s.at) || 0, running: s.running === true };
    } catch {
      return { failures: 0, at: 0, running: false };
    }
  };
  const writeState = (s: State) => {
    try {
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      fs.writeFileSync(stateFile, JSON.stringify(s), { mode: 0o600 });
    } catch (err) {
      options.log.error({ err }, 'no se pudo anotar el estado del respaldo programado');
    }
  };
  const newest = () => {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => NAME.test(f)) : [];
    return Math.max(0, ...files.map((f) => fs.statSync(path.join(dir, f)).mtimeMs));
  };
  const prune = () => {
    const limit = Date.now() - options.keepDays * 86_400_000;
    for (const f of fs.readdirSync(dir).filter((n) => NAME.test(n) || PARTIAL.test(n))) {
      const file = path.join(dir, f);
      // A partial file is a backup that never finished (its process died): gone after an hour.
      if (fs.statSync(file).mtimeMs < (PARTIAL.test(f) ? Date.now() - HOUR : limit)) {
        fs.rmSync(file, { force: true });
        options.log.info({ file }, 'respaldo antiguo eliminado');
      }
    }
  };

  // A backup that was under way when the process ended counts as a failed one.
  let state = readState();
  if (state.running) {
    state = { failures: state.failures + 1, at: state.at, running: false };
    writeState(state);
    options.log.error({ intentos: state.failures }, 'el respaldo programado anterior no terminó (el proceso se detuvo durante él)');
  }

  let timer: NodeJS.Timeout | undefined;
  let due = 0;
  let stopped = false;
  let enCurso: AbortController | undefined;
  const plan = () => {
    if (stopped) return;
    const last = newest();
    if (options.hora) {
      // At the hour: the first one after the newest backup's day is over (half a day of slack, so a
      // manual backup in the afternoon does not skip the night's), or after the retry's wait.
      const base =
        state.failures > 0
          ? Math.max(Date.now() + FIRST_DELAY_MS, state.at + retryDelayMs(state.failures, options.everyMs))
          : last
            ? last + Math.max(options.everyMs, 24 * HOUR) - 12 * HOUR
            : Date.now();
      due = siguienteHora(Math.max(base, Date.now() + 1_000), options.hora);
    } else if (state.failures > 0) due = Math.max(Date.now() + FIRST_DELAY_MS, state.at + retryDelayMs(state.failures, options.everyMs));
    else due = last ? Math.max(Date.now() + 1_000, last + options.everyMs) : Date.now() + Math.min(options.everyMs, FIRST_DELAY_MS);
    // setTimeout holds at most ~24.8 days; a longer interval is reached in steps.
    timer = setTimeout(() => void run(), Math.min(due - Date.now(), 2 ** 31 - 1));
    timer.unref();
  };
  const run = async () => {
    if (Date.now() >= due && !stopped) {
      const at = Date.now();
      writeState({ failures: state.failures, at, running: true });
      const control = new AbortController();
      enCurso = control;
      try {
        const file = backupFileName(dir);
        await options.backup(file, control.signal);
        state = { failures: 0, at, running: false };
        writeState(state);
        options.log.info({ file }, 'respaldo programado escrito');
        prune();
      } catch (err) {
        if (control.signal.aborted) {
          // Stopped by the shutdown: not a failure; the next start plans it as before.
          writeState(state);
          options.log.info({}, 'respaldo programado detenido por el cierre del servidor; se hará en el próximo arranque');
          return;
        }
        state = { failures: state.failures + 1, at, running: false };
        writeState(state);
        options.log.error({ err, intentos: state.failures, reintento: new Date(at + retryDelayMs(state.failures, options.everyMs)).toISOString() }, 'no se pudo escribir el respaldo programado');
      } finally {
        enCurso = undefined;
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
      enCurso?.abort(new Error('el servidor se está cerrando'));
    },
  };
}
