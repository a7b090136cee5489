import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { observarEspaciado, type BaseLocal } from './base-local';

/**
 * Issue #53 point 5 (the soak): the banner's counts are read again after the device's database
 * changes, but at most once a second while it changes — a sync sending 10 000 sales no longer counts
 * the outbox 10 000 times. What the cashier sees: the first change after a quiet spell shows at once.
 */
afterEach(() => {
  vi.useRealTimers();
});

const db = { name: 'adax-sin-red:prueba' } as BaseLocal;
const cambio = (nombre = db.name) => Dexie.on.storagemutated.fire({ [`idb://${nombre}/salida/estado`]: { d: 0, l: null, r: null, from: [], to: [] } as never });

describe('el estado del equipo se lee espaciado', () => {
  it('se lee al empezar, un cambio tras un rato se lee enseguida, una ráfaga se lee una vez por segundo, y al dejarlo no se lee más', async () => {
    vi.useFakeTimers();
    let lecturas = 0;
    const vistos: number[] = [];
    const dejar = observarEspaciado(db, async () => ++lecturas, (n) => vistos.push(n), 1_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(vistos).toEqual([1]);

    // After a quiet spell, a change is read at once.
    await vi.advanceTimersByTimeAsync(5_000);
    cambio();
    await vi.advanceTimersByTimeAsync(0);
    expect(vistos).toEqual([1, 2]);

    // A burst of 150 changes over a second and a half: read a second after the last read, then once
    // more for the changes after it, and no more when the changes stop.
    for (let i = 0; i < 150; i++) {
      cambio();
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(vistos).toEqual([1, 2, 3]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(vistos).toEqual([1, 2, 3, 4]);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(vistos).toEqual([1, 2, 3, 4]);

    // Another account's database changing is not this one's.
    await vi.advanceTimersByTimeAsync(5_000);
    cambio('adax-sin-red:otra');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(vistos).toEqual([1, 2, 3, 4]);

    dejar();
    cambio();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(vistos).toEqual([1, 2, 3, 4]);
  });
});
