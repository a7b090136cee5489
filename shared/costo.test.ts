import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { costoNeto, costoPromedio, margen } from './costo';
import { LIMITES_DINERO } from './money';

describe('costo promedio ponderado', () => {
  it('queda siempre entre el menor y el mayor costo unitario recibido, con ventas entre recepciones', () => {
    const paso = fc.oneof(
      fc.record({ tipo: fc.constant('recibe' as const), cantidad: fc.integer({ min: 1, max: LIMITES_DINERO.maxCantidad }), costo: fc.integer({ min: 0, max: LIMITES_DINERO.maxPrecio }) }),
      fc.record({ tipo: fc.constant('vende' as const), cantidad: fc.integer({ min: 1, max: LIMITES_DINERO.maxCantidad }) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.array(paso, { minLength: 1, maxLength: 40 }), (stockInicial, pasos) => {
        let stock = stockInicial;
        let promedio: number | null = null;
        let min = Infinity;
        let max = -Infinity;
        for (const p of pasos) {
          if (p.tipo === 'vende') {
            // Selling past stock may leave it below zero (issue #36's counter).
            stock -= p.cantidad;
            continue;
          }
          promedio = costoPromedio({ stock, promedio }, p);
          stock += p.cantidad;
          min = Math.min(min, p.costo);
          max = Math.max(max, p.costo);
          expect(Number.isSafeInteger(promedio)).toBe(true);
          expect(promedio).toBeGreaterThanOrEqual(min);
          expect(promedio).toBeLessThanOrEqual(max);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('pondera por cantidad y redondea al peso', () => {
    expect(costoPromedio({ stock: 0, promedio: null }, { cantidad: 4, costo: 8000 })).toBe(8000);
    expect(costoPromedio({ stock: 6, promedio: 8000 }, { cantidad: 6, costo: 8600 })).toBe(8300);
    expect(costoPromedio({ stock: 2, promedio: 1000 }, { cantidad: 1, costo: 1001 })).toBe(1000); // 1000.33
    expect(costoPromedio({ stock: 1, promedio: 1000 }, { cantidad: 1, costo: 1001 })).toBe(1001); // 1000.5 → up
    expect(costoPromedio({ stock: -3, promedio: 500 }, { cantidad: 5, costo: 700 })).toBe(700);
  });
});

describe('costo neto de IVA', () => {
  it('un responsable de IVA descuenta el IVA pagado; los demás lo llevan al costo', () => {
    expect(costoNeto(11_900, 'iva19', true)).toBe(10_000);
    expect(costoNeto(10_500, 'iva5', true)).toBe(10_000);
    expect(costoNeto(11_900, 'iva19', false)).toBe(11_900);
    expect(costoNeto(10_800, 'inc8', true)).toBe(10_800);
    expect(costoNeto(5_000, null, true)).toBe(5_000);
  });

  it('el margen compara precio y costo sin IVA para el responsable', () => {
    expect(margen(12_000, 8_300, null, false)).toEqual({ pesos: 3_700, porcentaje: 30.8 });
    expect(margen(11_900, 8_000, 'iva19', true)).toEqual({ pesos: 2_000, porcentaje: 20 });
    expect(margen(0, 100, null, false)).toEqual({ pesos: -100, porcentaje: null });
  });
});
