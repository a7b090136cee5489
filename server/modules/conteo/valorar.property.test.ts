import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importeLinea, milesimasDe } from '#shared/cantidad';
import { totalesDe, valorarFila } from './valorar';

/**
 * The variance report's money (issue #58 point 1): integer pesos, exact. A product's value is the
 * line money rule on its difference, with the difference's sign; the totals are the exact sums;
 * shrinkage is between 0 and 100 when no system stock is negative.
 */
const cantidad = fc.integer({ min: 0, max: 9_999_000 }).map((m) => m / 1000);
const fila = fc.record({ sistema: cantidad, contado: cantidad, costo: fc.option(fc.integer({ min: 0, max: 100_000_000 }), { nil: null }) });

describe('valorar un conteo', () => {
  it('cada fila vale la regla del dinero sobre su diferencia, con su signo, en pesos enteros', () => {
    fc.assert(
      fc.property(fila, (f) => {
        const { diferencia, valor } = valorarFila(f);
        expect(milesimasDe(diferencia)).toBe(milesimasDe(f.contado) - milesimasDe(f.sistema));
        expect(Number.isSafeInteger(valor)).toBe(true);
        const d = milesimasDe(diferencia);
        expect(valor).toBe(f.costo == null || d === 0 ? 0 : Math.sign(d) * importeLinea(f.costo, Math.abs(d)));
        // Counting one more unit never lowers the value.
        expect(valorarFila({ ...f, contado: f.contado + 1 }).valor).toBeGreaterThanOrEqual(valor);
      }),
    );
  });

  it('los totales son las sumas exactas de las filas; la merma está entre 0 y 100', () => {
    fc.assert(
      fc.property(fc.array(fila, { maxLength: 30 }), (fs) => {
        const t = totalesDe(fs);
        const valores = fs.map((f) => valorarFila(f).valor);
        expect(t.faltante).toBe(valores.filter((v) => v < 0).reduce((a, v) => a - v, 0));
        expect(t.sobrante).toBe(valores.filter((v) => v > 0).reduce((a, v) => a + v, 0));
        expect(t.neto).toBe(valores.reduce((a, v) => a + v, 0));
        expect(t.conDiferencia).toBe(fs.filter((f) => milesimasDe(f.contado) !== milesimasDe(f.sistema)).length);
        if (t.merma == null) expect(t.valorSistema).toBe(0);
        else {
          expect(t.merma).toBeGreaterThanOrEqual(0);
          expect(t.merma).toBeLessThanOrEqual(100);
          // Two decimals.
          expect(Math.abs(t.merma * 100 - Math.round(t.merma * 100))).toBeLessThan(1e-6);
        }
      }),
    );
  });
});
