import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { valorDevuelto } from './devolucion';
import { LIMITES_DINERO } from './money';

describe('valorDevuelto: lo que se devuelve de una línea', () => {
  it('devolver todo de una vez devuelve exactamente lo pagado', () => {
    expect(valorDevuelto(10_000, 3, 0, 3)).toBe(10_000);
    expect(valorDevuelto(0, 5, 0, 5)).toBe(0);
  });

  it('una unidad de tres que costaron $ 10.000 vale $ 3.333; la última recoge el resto', () => {
    expect(valorDevuelto(10_000, 3, 0, 1)).toBe(3_333);
    expect(valorDevuelto(10_000, 3, 1, 1)).toBe(3_334);
    expect(valorDevuelto(10_000, 3, 2, 1)).toBe(3_333);
  });

  it('en cualquier orden de devoluciones parciales, la suma es lo pagado y ninguna es negativa', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: LIMITES_DINERO.maxCantidad }),
        fc.integer({ min: 0, max: LIMITES_DINERO.maxPrecio * 50 }),
        fc.array(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 30 }),
        (vendidas, pagado, trozos) => {
          let devueltas = 0;
          let suma = 0;
          for (const t of trozos) {
            const a = Math.min(t, vendidas - devueltas);
            if (a <= 0) break;
            const v = valorDevuelto(pagado, vendidas, devueltas, a);
            expect(v).toBeGreaterThanOrEqual(0);
            expect(Number.isSafeInteger(v)).toBe(true);
            suma += v;
            devueltas += a;
          }
          // The rest in one last return.
          if (devueltas < vendidas) suma += valorDevuelto(pagado, vendidas, devueltas, vendidas - devueltas);
          expect(suma).toBe(pagado);
        },
      ),
      { numRuns: 500 },
    );
  });
});
