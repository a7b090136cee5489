import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { costoNeto, costoPorUnidad, costoPromedio, importeCompra, margen } from './costo';
import { deMilesimas, importeLinea } from './cantidad';
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

describe('compras por presentación y por peso (ADR 036)', () => {
  it('factor × pacas entra al stock, el total es Σ pacas × costo por paca y el promedio queda a medio peso del exacto', () => {
    // A line: a pack (factor 2–1000, 1–9999 packs, cost per pack) or loose units; kilograms with decimals.
    const linea = fc.oneof(
      fc.record({ factor: fc.integer({ min: 2, max: 1000 }), cantidad: fc.integer({ min: 1, max: 9999 }), costo: fc.integer({ min: 0, max: LIMITES_DINERO.maxPrecio }) }),
      fc.record({ factor: fc.constant(null), cantidad: fc.integer({ min: 1, max: 9_999_000 }).map(deMilesimas), costo: fc.integer({ min: 0, max: LIMITES_DINERO.maxPrecio }) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 5000 }), fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }), fc.array(linea, { minLength: 1, maxLength: 20 }), (stock0, promedio0, lineas) => {
        // Stock in thousandths, as the database keeps it exactly.
        let stockM = stock0 * 1000;
        let promedio = promedio0;
        let total = 0;
        let esperado = 0;
        for (const l of lineas) {
          const unidadesM = Math.round(l.cantidad * 1000) * (l.factor ?? 1);
          const antes = { stock: deMilesimas(stockM), promedio };
          const nuevo = costoPromedio(antes, { cantidad: deMilesimas(unidadesM), costo: l.costo, factor: l.factor });
          // The exact average (a rational): previous stock at its average plus the line's exact money, over all units.
          const exacto = stockM > 0 && promedio != null ? (stockM * promedio + (unidadesM * l.costo) / (l.factor ?? 1)) / (stockM + unidadesM) : l.costo / (l.factor ?? 1);
          expect(Number.isSafeInteger(nuevo)).toBe(true);
          expect(Math.abs(nuevo - exacto)).toBeLessThanOrEqual(0.5 + 1e-9);
          // The unit cost: cost per pack ÷ factor, half up.
          if (l.factor != null) expect(Math.abs(costoPorUnidad(l.costo, l.factor) - l.costo / l.factor)).toBeLessThanOrEqual(0.5);
          const importe = importeCompra(l);
          esperado += l.factor != null ? l.cantidad * l.costo : importeLinea(l.costo, Math.round(l.cantidad * 1000));
          total += importe;
          expect(Number.isSafeInteger(importe)).toBe(true);
          stockM += unidadesM;
          promedio = nuevo;
        }
        // The purchase's money is the exact sum of its lines: packs × cost per pack, never units × a rounded unit cost.
        expect(total).toBe(esperado);
      }),
      { numRuns: 2000 },
    );
  });

  it('ejemplos: $ 30.000 la paca x12 → $ 2.500; $ 10.000 la x3 → $ 3.333 y dos pacas suman $ 20.000', () => {
    expect(costoPorUnidad(30_000, 12)).toBe(2_500);
    expect(costoPorUnidad(10_000, 3)).toBe(3_333);
    expect(costoPorUnidad(5, 2)).toBe(3); // 2,5 → up
    expect(importeCompra({ cantidad: 2, costo: 10_000, factor: 3 })).toBe(20_000);
    expect(importeCompra({ cantidad: 25.5, costo: 3_000 })).toBe(76_500);
    expect(importeCompra({ cantidad: 0.333, costo: 1_001 })).toBe(333);
    // 24 units at 2.500 on hand, 6 pacas x6 at 15.600: (60.000 + 93.600) / 60 = 2.560.
    expect(costoPromedio({ stock: 24, promedio: 2_500 }, { cantidad: 36, costo: 15_600, factor: 6 })).toBe(2_560);
    // A decimal stock (a product sold by weight) no longer breaks the average.
    expect(costoPromedio({ stock: 25.5, promedio: 3_000 }, { cantidad: 0.333, costo: 1_001 })).toBe(2_974);
  });
});
