import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeBackup } from './backup';
import { scheduleBackups, siguienteHora } from './backup-schedule';
import { baseDemo } from './demo.fixtures';

/**
 * Issue #50 point 5: the server's shutdown ends inside its limit even while a backup runs. A backup
 * holds the embedded database's one connection for up to minutes on a big shop; on shutdown it stops
 * between two batches, leaves no file, frees the connection, and the schedule does not count it as a
 * failure (the next start plans the backup as usual, not an hour's retry).
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const log = { info: () => undefined, error: () => undefined };
const demo = baseDemo('adax-bk-detener-');
afterEach(() => vi.useRealTimers());

describe('un respaldo en curso se detiene con el cierre del servidor', () => {
  it('se detiene entre dos tandas: no deja archivo ni temporal, y la base sigue respondiendo', async () => {
    const control = new AbortController();
    const file = path.join(demo.dir, 'adax-detenido.json.gz');
    let tandas = 0;
    const respaldo = writeBackup(demo.database.db, file, {
      pagesPerBatch: 1,
      signal: control.signal,
      onBatch: () => {
        tandas += 1;
        if (tandas === 3) control.abort(new Error('el servidor se está cerrando'));
      },
    });
    await expect(respaldo).rejects.toThrow('el servidor se está cerrando');
    // Stopped at once, not at the end of the whole dump.
    expect(tandas).toBe(3);
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(`${file}.tmp`)).toBe(false);
    // The read-only transaction ended: the connection takes a write.
    const r = (await demo.database.db.execute(sql`select 1 as uno`)) as unknown as { rows: { uno: number }[] };
    expect(Number(r.rows[0]!.uno)).toBe(1);
    // And a backup after it is whole.
    const { rows } = await writeBackup(demo.database.db, path.join(demo.dir, 'adax-despues.json.gz'));
    expect(rows.producto).toBeGreaterThan(0);
  });

  it('el respaldo programado que el cierre detiene no cuenta como fallo: el siguiente arranque lo planea como siempre', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T08:00:00Z') });
    const datos = fs.mkdtempSync(path.join(demo.dir, 'prog-'));
    let senal: AbortSignal | undefined;
    const primero = scheduleBackups({
      dataDir: datos,
      everyMs: DAY,
      keepDays: 7,
      log,
      backup: (_file, signal) =>
        new Promise((_resolve, reject) => {
          senal = signal;
          signal.addEventListener('abort', () => reject(signal.reason));
        }),
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(senal?.aborted).toBe(false);
    // The shutdown.
    primero.stop();
    expect(senal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    const estado = JSON.parse(fs.readFileSync(path.join(datos, 'backups', '.estado.json'), 'utf8')) as { failures: number; running: boolean };
    expect(estado).toMatchObject({ failures: 0, running: false });
    // The next start: a minute after it, as a shop with no backup yet (a failure would wait an hour).
    const inicio = Date.now();
    const segundo = scheduleBackups({ dataDir: datos, everyMs: DAY, keepDays: 7, log, backup: async () => undefined });
    expect(segundo.next().getTime() - inicio).toBe(60_000);
    segundo.stop();
  });
});

describe('los respaldos programados a una hora (BACKUP_HORA)', () => {
  // 03:00 in Colombia is 08:00 UTC (one zone, no daylight saving).
  const noche = (dia: string) => new Date(`${dia}T08:00:00Z`).getTime();
  /** A daily schedule at 03:00 over the folder `dataDir`, as the server starts it with BACKUP_HORA=03:00. */
  const aLasTres = (dataDir: string, backup: Parameters<typeof scheduleBackups>[0]['backup']) =>
    scheduleBackups({ dataDir, everyMs: DAY, hora: '03:00', keepDays: 7, log, backup });

  it('la hora siguiente en Colombia, hoy o mañana', () => {
    expect(new Date(siguienteHora(new Date('2026-11-29T12:00:00Z').getTime(), '03:00')).toISOString()).toBe('2026-11-30T08:00:00.000Z');
    expect(new Date(siguienteHora(new Date('2026-11-29T07:59:00Z').getTime(), '03:00')).toISOString()).toBe('2026-11-29T08:00:00.000Z');
    // 22:30 in Colombia is 03:30 UTC of the next day.
    expect(new Date(siguienteHora(new Date('2026-11-29T12:00:00Z').getTime(), '22:30')).toISOString()).toBe('2026-11-30T03:30:00.000Z');
  });

  it('la tienda nueva respalda esa noche; cada respaldo, a la misma hora del día siguiente; uno hecho a mano en la tarde no salta el de la noche', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T14:00:00Z') });
    const datos = fs.mkdtempSync(path.join(demo.dir, 'hora-'));
    const hechos: string[] = [];
    const schedule = aLasTres(datos, async (file) => {
      hechos.push(new Date().toISOString());
      fs.writeFileSync(file, 'x');
      fs.utimesSync(file, new Date(), new Date());
    });
    // Not a minute after start, in opening hours: at 03:00.
    expect(schedule.next().getTime()).toBe(noche('2026-11-30'));
    await vi.advanceTimersByTimeAsync(noche('2026-11-30') - Date.now());
    expect(hechos).toEqual(['2026-11-30T08:00:00.000Z']);
    expect(schedule.next().getTime()).toBe(noche('2026-12-01'));
    schedule.stop();
    // A manual backup at 15:00 (Colombia) on the 1st: the next start still backs up that night.
    vi.setSystemTime(new Date('2026-12-01T20:00:00Z'));
    fs.writeFileSync(path.join(datos, 'backups', 'adax-manual.json.gz'), 'x');
    fs.utimesSync(path.join(datos, 'backups', 'adax-manual.json.gz'), new Date(), new Date());
    const otra = aLasTres(datos, async () => undefined);
    expect(otra.next().getTime()).toBe(noche('2026-12-02'));
    otra.stop();
  });

  it('uno que falla se intenta otra vez a esa hora del día siguiente, no una hora después en plena venta', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T07:00:00Z') });
    const datos = fs.mkdtempSync(path.join(demo.dir, 'hora-fallo-'));
    const intentos: string[] = [];
    const schedule = aLasTres(datos, async () => {
      intentos.push(new Date().toISOString());
      throw new Error('disco lleno');
    });
    await vi.advanceTimersByTimeAsync(noche('2026-11-29') - Date.now());
    expect(intentos).toEqual(['2026-11-29T08:00:00.000Z']);
    expect(schedule.next().getTime()).toBe(noche('2026-11-30'));
    schedule.stop();
  });
});
