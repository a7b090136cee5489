import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryDelayMs, scheduleBackups } from './backup-schedule';

/**
 * Issue #50 point 3: a failed scheduled backup is tried again after an hour, then two, four… (at most
 * a day), never every minute; and a process that died during a backup does not try again a minute
 * after its next start (the crash loop of a shop whose backup ran out of memory).
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const log = { info: () => undefined, error: () => undefined };
const dirs: string[] = [];
const dataDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'adax-prog-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  vi.useRealTimers();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('respaldos programados: reintentos', () => {
  it('la espera tras cada fallo: una hora, el doble cada vez, a lo sumo un día', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 30].map((n) => retryDelayMs(n, DAY) / HOUR)).toEqual([1, 2, 4, 8, 16, 24, 24, 24]);
    // An interval shorter than an hour still waits an hour after a failure.
    expect(retryDelayMs(1, 3_000)).toBe(HOUR);
  });

  it('un respaldo que falla se reintenta con espera creciente, y uno bueno vuelve al intervalo', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T08:00:00Z') });
    let fail = true;
    const attempts: number[] = [];
    const schedule = scheduleBackups({
      dataDir: dataDir(),
      everyMs: DAY,
      keepDays: 7,
      log,
      backup: async (file) => {
        attempts.push(Date.now());
        if (fail) throw new Error('sin memoria');
        fs.writeFileSync(file, 'x');
        // The file's time on the test's clock: the next one is due one interval after it.
        fs.utimesSync(file, new Date(), new Date());
      },
    });
    const start = Date.now();
    // The first one a minute after start, as before.
    expect(schedule.next().getTime() - start).toBe(60_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts).toHaveLength(1);
    for (const hours of [1, 2, 4]) {
      expect(schedule.next().getTime() - attempts.at(-1)!).toBe(hours * HOUR);
      await vi.advanceTimersByTimeAsync(hours * HOUR);
    }
    expect(attempts).toHaveLength(4);
    // Never more often than that: nothing in the next 7 hours 59 minutes.
    await vi.advanceTimersByTimeAsync(8 * HOUR - 60_000);
    expect(attempts).toHaveLength(4);
    fail = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts).toHaveLength(5);
    expect(schedule.next().getTime() - attempts.at(-1)!).toBe(DAY);
    schedule.stop();
  });

  it('un proceso que murió durante un respaldo no lo repite un minuto después de arrancar', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T08:00:00Z') });
    const dir = dataDir();
    let calls = 0;
    // The first process starts its backup and dies during it (the promise never ends).
    const first = scheduleBackups({ dataDir: dir, everyMs: DAY, keepDays: 7, log, backup: () => new Promise(() => (calls += 1)) });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(1);
    first.stop();
    const diedAt = Date.now();
    // The next start a few seconds later: the unfinished attempt counts as a failure.
    await vi.advanceTimersByTimeAsync(5_000);
    const second = scheduleBackups({ dataDir: dir, everyMs: DAY, keepDays: 7, log, backup: async () => void (calls += 1) });
    expect(second.next().getTime()).toBe(diedAt + HOUR);
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(calls).toBe(1);
    second.stop();
    // On record as one failure: another failure would wait two hours.
    const state = JSON.parse(fs.readFileSync(path.join(dir, 'backups', '.estado.json'), 'utf8')) as { failures: number };
    expect(state.failures).toBe(1);
  });
});
