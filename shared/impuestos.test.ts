import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITES_DINERO } from './money';
import { decimalComa, desglosarImporte, dividirRedondeando, desglosarVenta, digitoVerificacion, formatCentavos, IMPUESTOS, repartirDescuento, totalesPorTarifa, uvtDe } from './impuestos';

describe('dígito de verificación del NIT', () => {
  it('800197268 → 4 (el NIT de la DIAN), y otros calculados a mano', () => {
    expect(digitoVerificacion('800197268')).toBe(4);
    // By hand: 6·3 + 7·7 + 0·13 + 3·17 + 7·19 + 3·23 + 0·29 + 0·37 + 9·41 = 689; 689 mod 11 = 7 → 4.
    expect(digitoVerificacion('900373076')).toBe(4);
    // 1·3 = 3 → 11 − 3 = 8; a remainder of 0 or 1 is the digit itself.
    expect(digitoVerificacion('1')).toBe(8);
    expect(digitoVerificacion('0')).toBe(0);
    expect(digitoVerificacion('4')).toBe(1);
  });
  it('rechaza lo que no son 1 a 15 dígitos', () => {
    for (const nit of ['', '80019726a', '800.197.268', '1234567890123456', ' 800197268']) expect(digitoVerificacion(nit), nit).toBeNull();
  });
  it('siempre da un dígito de 0 a 9', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{1,15}$/), (nit) => {
      const dv = digitoVerificacion(nit)!;
      expect(dv).toBeGreaterThanOrEqual(0);
      expect(dv).toBeLessThanOrEqual(9);
    }));
  });
});

describe('base e impuesto de una línea (redondeo mitad hacia arriba, ADR 021)', () => {
  it('ejemplos a mano', () => {
    // $ 1.190 con IVA 19 %: base $ 1.000,00, IVA $ 190,00.
    expect(desglosarImporte(1190, 'iva19', 1)).toEqual({ base: 100000, impuesto: 19000 });
    // $ 1.000 con IVA 19 %: 100000 / 1,19 = 84033,61… → 84034.
    expect(desglosarImporte(1000, 'iva19', 1)).toEqual({ base: 84034, impuesto: 15966 });
    // $ 2.100 con IVA 5 %: base 2.000, IVA 100.
    expect(desglosarImporte(2100, 'iva5', 1)).toEqual({ base: 200000, impuesto: 10000 });
    // $ 5.400 con INC 8 %: 540000 / 1,08 = 500000.
    expect(desglosarImporte(5400, 'inc8', 1)).toEqual({ base: 500000, impuesto: 40000 });
    // Half up: 21 / 1,05 = 20 → exact; 1 / 1,05 = 95,238… → 95; 3 pesos at 5 %: 300/1.05 = 285.714… → 286.
    expect(desglosarImporte(3, 'iva5', 1)).toEqual({ base: 286, impuesto: 14 });
    expect(desglosarImporte(800, 'exento', 1)).toEqual({ base: 80000, impuesto: 0 });
    expect(desglosarImporte(800, 'excluido', 1)).toEqual({ base: 80000, impuesto: 0 });
    expect(desglosarImporte(800, null, 1)).toEqual({ base: 80000, impuesto: 0 });
    // Three bags at $ 100 with an INC of $ 66 each: tax 198 pesos, base 102 pesos.
    expect(desglosarImporte(300, 'bolsa', 3, 66)).toEqual({ base: 10200, impuesto: 19800 });
    // A bag given for less than its INC: the tax is never more than what was paid.
    expect(desglosarImporte(50, 'bolsa', 1, 66)).toEqual({ base: 0, impuesto: 5000 });
  });

  it('la mitad exacta sube (mitad hacia arriba, no al par): 2,5 → 3; 3,5 → 4; 2,4 → 2', () => {
    expect(dividirRedondeando(5n, 2n)).toBe(3n);
    expect(dividirRedondeando(7n, 2n)).toBe(4n);
    expect(dividirRedondeando(12n, 5n)).toBe(2n);
    expect(dividirRedondeando(0n, 7n)).toBe(0n);
  });
});

const arbLinea = fc.record({
  precio: fc.integer({ min: 0, max: LIMITES_DINERO.maxPrecio }),
  cantidad: fc.integer({ min: 1, max: LIMITES_DINERO.maxCantidad }),
  descuentoPct: fc.integer({ min: 0, max: 100 }),
  impuesto: fc.constantFrom(...IMPUESTOS, null),
  valorBolsa: fc.integer({ min: 0, max: 1000 }),
});

describe('propiedades del desglose de una venta (todas las tarifas, descuentos, cantidades)', () => {
  it('Σ bases + Σ impuestos = total pagado exactamente, y cada línea con su base y su impuesto no negativos', () => {
    fc.assert(
      fc.property(fc.array(arbLinea, { minLength: 1, maxLength: 40 }), fc.integer({ min: 0, max: 100 }), (lineas, descVentaPct) => {
        const gravables = lineas.map((l) => {
          const bruto = l.precio * l.cantidad;
          const desc = Math.floor((bruto * l.descuentoPct) / 100);
          return { importe: bruto - desc, cantidad: l.cantidad, impuesto: l.impuesto, valorBolsa: l.valorBolsa };
        });
        const subtotal = gravables.reduce((s, l) => s + l.importe, 0);
        const descuentoVenta = Math.floor((subtotal * descVentaPct) / 100);
        const total = subtotal - descuentoVenta;
        const d = desglosarVenta(gravables, descuentoVenta);
        expect(d.reduce((s, l) => s + l.pagado, 0)).toBe(total);
        expect(d.reduce((s, l) => s + l.base + l.impuesto, 0)).toBe(total * 100);
        for (const [i, l] of d.entries()) {
          expect(l.base).toBeGreaterThanOrEqual(0);
          expect(l.impuesto).toBeGreaterThanOrEqual(0);
          expect(l.pagado).toBeGreaterThanOrEqual(0);
          expect(l.pagado).toBeLessThanOrEqual(gravables[i]!.importe);
        }
        // By rate: the report's sums equal the lines' sums.
        const porTarifa = totalesPorTarifa(d.map((l, i) => ({ impuesto: gravables[i]!.impuesto, base: l.base, valor: l.impuesto })));
        const conImpuesto = d.filter((_, i) => gravables[i]!.impuesto !== null);
        expect(porTarifa.reduce((s, t) => s + t.base + t.valor, 0)).toBe(conImpuesto.reduce((s, l) => s + l.base + l.impuesto, 0));
      }),
      { numRuns: 500 },
    );
  });

  it('la tasa efectiva queda a menos de medio centavo de la tarifa', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_900_000_000 }), fc.constantFrom('iva19' as const, 'iva5' as const, 'inc8' as const), (pagado, impuesto) => {
        const { base, impuesto: valor } = desglosarImporte(pagado, impuesto, 1);
        const r = { iva19: 0.19, iva5: 0.05, inc8: 0.08 }[impuesto];
        // base × (1 + r) is within half a centavo × (1 + r) of what was paid.
        expect(Math.abs(base * (1 + r) - pagado * 100)).toBeLessThanOrEqual(0.5 * (1 + r) + 1e-6 * pagado);
        expect(valor).toBe(pagado * 100 - base);
      }),
      { numRuns: 500 },
    );
  });

  it('el descuento de la venta se reparte entero y en proporción', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 30 }), fc.nat(), (importes, n) => {
        const total = importes.reduce((s, x) => s + x, 0);
        const descuento = total === 0 ? 0 : n % (total + 1);
        const pagados = repartirDescuento(importes, descuento);
        expect(pagados.reduce((s, x) => s + x, 0)).toBe(total - descuento);
        pagados.forEach((p, i) => {
          expect(p).toBeGreaterThanOrEqual(0);
          // Each line's share is within one peso of its exact proportion.
          const exacto = total === 0 ? 0 : (importes[i]! * descuento) / total;
          expect(Math.abs(importes[i]! - p - exacto)).toBeLessThan(1);
        });
      }),
      { numRuns: 500 },
    );
  });
});

describe('formatos', () => {
  it('centavos como pesos colombianos y como decimal con coma', () => {
    expect(formatCentavos(1234567)).toBe('$ 12.345,67');
    expect(formatCentavos(5)).toBe('$ 0,05');
    expect(decimalComa(1234567)).toBe('12345,67');
    expect(decimalComa(100)).toBe('1,00');
  });
  it('UVT por año: la de la tabla, o la última conocida', () => {
    expect(uvtDe(2025)).toBe(49_799);
    expect(uvtDe(2026)).toBe(52_374);
    expect(uvtDe(2031)).toBe(52_374);
  });
});
