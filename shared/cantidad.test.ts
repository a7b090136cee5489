import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aMilesimas, cantidadPorValor, cantidadValida, deMilesimas, formatCantidad, formatMilesimas, formatPrecioUnidad, importeLinea, parseCantidad, totalesPorMedida } from './cantidad';
import { LIMITES_DINERO } from './money';

const precio = fc.integer({ min: 0, max: LIMITES_DINERO.maxPrecio });
const milesimas = fc.integer({ min: 1, max: LIMITES_DINERO.maxCantidad * 1000 });

describe('cantidades por peso o medida', () => {
  it('cobra 0,375 kg a $12.000/kg como $4.500', () => {
    expect(importeLinea(12_000, 375)).toBe(4_500);
    expect(importeLinea(12_000, 3_000)).toBe(36_000);
  });

  it('redondea la mitad hacia arriba, al peso', () => {
    expect(importeLinea(1, 500)).toBe(1); // 0,5 → 1
    expect(importeLinea(1, 499)).toBe(0);
    expect(importeLinea(3_333, 125)).toBe(417); // 416,625
    expect(importeLinea(2_500, 1_001)).toBe(2_503); // 2.502,5 → 2.503
  });

  it('el importe es entero, es el redondeo hacia arriba de la mitad del producto exacto, y las sumas son exactas', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(precio, milesimas), { minLength: 1, maxLength: LIMITES_DINERO.maxLineas }), (lineas) => {
        let total = 0n;
        let suma = 0;
        for (const [p, m] of lineas) {
          const importe = importeLinea(p, m);
          expect(Number.isSafeInteger(importe)).toBe(true);
          // The exact product in BigInt thousandths: the amount is the nearest peso, a half going up.
          const exacto = BigInt(p) * BigInt(m);
          const esperado = (exacto + 500n) / 1000n;
          expect(BigInt(importe)).toBe(esperado);
          const diferencia = exacto - BigInt(importe) * 1000n;
          expect(diferencia >= -500n && diferencia < 500n).toBe(true);
          total += esperado;
          suma += importe;
        }
        expect(Number.isSafeInteger(suma)).toBe(true);
        expect(BigInt(suma)).toBe(total);
      }),
      { numRuns: 1000 },
    );
  });

  it('por unidad coincide con precio × cantidad', () => {
    fc.assert(
      fc.property(precio, fc.integer({ min: 1, max: LIMITES_DINERO.maxCantidad }), (p, n) => {
        expect(importeLinea(p, n * 1000)).toBe(p * n);
      }),
    );
  });

  it('"$500 de aceite" da la cantidad más cercana', () => {
    expect(cantidadPorValor(500, 10_000)).toBe(50); // 0,050 L → $500
    expect(importeLinea(10_000, 50)).toBe(500);
    expect(cantidadPorValor(500, 12_000)).toBe(42); // 0,0416… → 0,042 kg
    expect(importeLinea(12_000, 42)).toBe(504);
    expect(cantidadPorValor(4_500, 12_000)).toBe(375);
    expect(cantidadPorValor(0, 12_000)).toBeNull();
    expect(cantidadPorValor(500, 0)).toBeNull();
    expect(cantidadPorValor(1, 100_000)).toBeNull(); // less than a thousandth
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: LIMITES_DINERO.maxPrecio }), (valor, p) => {
        const m = cantidadPorValor(valor, p);
        if (m === null) return;
        // Nearest: the amount charged is within half a thousandth's price (plus the peso's rounding) of the value asked.
        expect(Math.abs(importeLinea(p, m) - valor)).toBeLessThanOrEqual(p / 2000 + 0.5);
      }),
    );
  });

  it('lee lo que escribe el cajero y lo muestra en español', () => {
    expect(parseCantidad('0,375')).toBe(375);
    expect(parseCantidad('0.375')).toBe(375);
    expect(parseCantidad('1,5')).toBe(1_500);
    expect(parseCantidad(' 2 ')).toBe(2_000);
    expect(parseCantidad('0,3755')).toBeNull();
    expect(parseCantidad('1.000,5')).toBeNull();
    expect(parseCantidad('-1')).toBeNull();
    expect(parseCantidad('abc')).toBeNull();
    expect(formatMilesimas(375)).toBe('0,375');
    expect(formatMilesimas(1_500)).toBe('1,5');
    expect(formatMilesimas(2_000)).toBe('2');
    expect(formatMilesimas(1_234_050)).toBe('1.234,05');
    expect(formatCantidad(0.375, 'KGM')).toBe('0,375 kg');
    expect(formatCantidad(3, '94')).toBe('3');
    expect(formatCantidad(250, 'GRM')).toBe('250 g');
  });

  it('acepta decimales solo donde el producto los permite', () => {
    expect(cantidadValida(0.375, 'KGM')).toBe(true);
    expect(cantidadValida(0.375, '94')).toBe(false);
    expect(cantidadValida(2, '94')).toBe(true);
    expect(cantidadValida(0.0001, 'KGM')).toBe(false);
    expect(cantidadValida(0, 'KGM')).toBe(false);
    expect(cantidadValida(10_000, 'KGM')).toBe(false);
    expect(cantidadValida(9_999, 'LTR')).toBe(true);
    expect(aMilesimas(1.001)).toBe(1_001);
    expect(aMilesimas(0.1 + 0.2)).toBe(300);
    expect(deMilesimas(375)).toBe(0.375);
  });
});

describe('formatPrecioUnidad (issue #52 punto 3)', () => {
  it('el precio de un producto por medida lleva su unidad; el de uno por unidad, no', () => {
    expect(formatPrecioUnidad(12_000, 'KGM')).toBe('$ 12.000/kg');
    expect(formatPrecioUnidad(3_500, 'LTR')).toBe('$ 3.500/L');
    expect(formatPrecioUnidad(2_800, '94')).toBe('$ 2.800');
    expect(formatPrecioUnidad(2_800, null)).toBe('$ 2.800');
  });
});

describe('totalesPorMedida (issue #52 point 3)', () => {
  it('cuenta unidades (por el factor de la paca), kilos y litros aparte; gramos como kilos y mililitros como litros', () => {
    expect(
      totalesPorMedida([
        { cantidad: 13, unidad: '94' },
        { cantidad: 2, unidad: '94', factor: 12 },
        { cantidad: 0.204, unidad: 'KGM' },
        { cantidad: 500, unidad: 'GRM' },
        { cantidad: 0.05, unidad: 'LTR' },
        { cantidad: 250, unidad: 'MLT' },
        { cantidad: 1, unidad: null },
      ]),
    ).toEqual({ unidades: 38, kilos: 0.704, litros: 0.3, metros: 0, metrosCuadrados: 0, galones: 0 });
  });
});
