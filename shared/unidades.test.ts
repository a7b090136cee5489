import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cantidadValida, formatCantidad, formatPrecioUnidad, importeLinea, parseCantidad, porUnidad, totalesPorMedida } from './cantidad';
import { desglosarVenta, IMPUESTOS } from './impuestos';
import { M } from './messages';
import { MEDIDAS, reglaUnidad, UNIDADES, UNIDADES_DIAN, unidadesDe } from './unidades';

/** Issue #58 point 3: the one unit rule, with a ferretería's measures. */
const MEDIDAS_FERRETERIA = ['MTR', 'CMT', 'MTK', 'GLL'] as const;

describe('la regla de unidades', () => {
  it('trae metro, centímetro, metro cuadrado y galón con sus códigos UN/ECE (Rec. 20) y sus símbolos', () => {
    expect(UNIDADES_DIAN).toEqual(['94', 'KGM', 'GRM', 'LTR', 'MLT', 'MTR', 'CMT', 'MTK', 'GLL']);
    expect(MEDIDAS_FERRETERIA.map((u) => UNIDADES[u].simbolo)).toEqual(['m', 'cm', 'm²', 'gal']);
    expect(M.productos.unidades).toMatchObject({ '94': 'Unidad', KGM: 'Kilo (kg)', MTR: 'Metro (m)', CMT: 'Centímetro (cm)', MTK: 'Metro cuadrado (m²)', GLL: 'Galón (gal)' });
    expect(M.impuestos.unidades).toMatchObject({ '94': 'Unidad (94)', KGM: 'Kilogramo (KGM)', MTR: 'Metro (MTR)', MTK: 'Metro cuadrado (MTK)', GLL: 'Galón (GLL)' });
    // Each measure has its units; every unit is in one.
    expect(MEDIDAS.flatMap(unidadesDe).sort()).toEqual([...UNIDADES_DIAN].sort());
  });

  it('se venden con decimales como el peso, y se escriben "2,5 m", "0,75 m²", "1,5 gal", "35 cm"', () => {
    for (const u of MEDIDAS_FERRETERIA) {
      expect(porUnidad(u)).toBe(false);
      expect(cantidadValida(1.125, u)).toBe(true);
      expect(cantidadValida(1.1255, u)).toBe(false);
      expect(cantidadValida(0, u)).toBe(false);
      expect(cantidadValida(10_000, u)).toBe(false);
    }
    expect(cantidadValida(1.5, '94')).toBe(false);
    expect(parseCantidad('2,5')).toBe(2_500);
    expect([formatCantidad(2.5, 'MTR'), formatCantidad(0.75, 'MTK'), formatCantidad(1.5, 'GLL'), formatCantidad(35, 'CMT')]).toEqual(['2,5 m', '0,75 m²', '1,5 gal', '35 cm']);
    expect(formatPrecioUnidad(3_900, 'MTR')).toBe('$ 3.900/m');
    // An unknown or missing unit reads as units, as lines older than migration 0048.
    expect(reglaUnidad(null)).toBe(UNIDADES['94']);
    expect(reglaUnidad('XYZ')).toBe(UNIDADES['94']);
  });

  it('los totales suman metros con centímetros, y nunca metros con kilos, unidades o galones', () => {
    expect(
      totalesPorMedida([
        { cantidad: 2.5, unidad: 'MTR' },
        { cantidad: 35, unidad: 'CMT' },
        { cantidad: 0.75, unidad: 'MTK' },
        { cantidad: 1.5, unidad: 'GLL' },
        { cantidad: 0.375, unidad: 'KGM' },
        { cantidad: 2, unidad: '94', factor: 12 },
      ]),
    ).toEqual({ unidades: 24, kilos: 0.375, litros: 0, metros: 2.85, metrosCuadrados: 0.75, galones: 1.5 });
  });
});

describe('dinero de cantidades con decimales (propiedad)', () => {
  it('una línea medida cobra pesos enteros, exactos y a la mitad hacia arriba, igual que la pesada; base + impuesto = lo pagado', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MEDIDAS_FERRETERIA),
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 1, max: 9_999_000 }),
        fc.constantFrom(...IMPUESTOS.filter((i) => i !== 'bolsa')),
        (unidad, precio, milesimas, impuesto) => {
          const importe = importeLinea(precio, milesimas);
          expect(Number.isSafeInteger(importe)).toBe(true);
          // Exact: ⌊(precio × milésimas + 500) / 1000⌋ in integers, whatever the unit (the same as a kilo's).
          expect(BigInt(importe)).toBe((BigInt(precio) * BigInt(milesimas) + 500n) / 1000n);
          expect(cantidadValida(milesimas / 1000, unidad)).toBe(true);
          const [l] = desglosarVenta([{ importe, cantidad: milesimas / 1000, impuesto }], 0);
          expect(l!.base + l!.impuesto).toBe(importe * 100);
          expect(Number.isSafeInteger(l!.base) && Number.isSafeInteger(l!.impuesto)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
