import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pagadoPorMetodo, repartirReembolso, valorDevuelto, valorDevueltoCantidad, type PorMetodo } from './devolucion';
import { deMilesimas, importeLinea } from './cantidad';
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

  it('una línea pesada: 0,125 kg de 0,375 kg que pagaron $ 4.500 devuelve $ 1.500; en unidades enteras da lo mismo que valorDevuelto', () => {
    expect(valorDevueltoCantidad(4_500, 0.375, 0, 0.125)).toBe(1_500);
    expect(valorDevueltoCantidad(4_500, 0.375, 0.125, 0.25)).toBe(3_000);
    // 0,1 + 0,2 kg already returned is 0,3 exactly, not 0,30000000000000004.
    expect(valorDevueltoCantidad(1_000, 0.5, 0.1 + 0.2, 0.2)).toBe(400);
    expect(valorDevueltoCantidad(10_000, 3, 1, 1)).toBe(valorDevuelto(10_000, 3, 1, 1));
  });

  it('propiedad: en milésimas, las partes devueltas de una línea pesada nunca pasan de lo pagado y devolver todo devuelve exactamente lo pagado', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: LIMITES_DINERO.maxCantidad * 1000 }),
        fc.integer({ min: 1, max: LIMITES_DINERO.maxPrecio }),
        fc.integer({ min: 0, max: 100 }),
        fc.array(fc.integer({ min: 1, max: 2_000_000 }), { minLength: 1, maxLength: 20 }),
        (vendidasM, precio, pctDescuento, trozos) => {
          // What the line paid: its rounded amount (ADR 030) less a discount.
          const bruto = importeLinea(precio, vendidasM);
          const pagado = bruto - Math.floor((bruto * pctDescuento) / 100);
          let devueltasM = 0;
          let suma = 0;
          for (const t of trozos) {
            const a = Math.min(t, vendidasM - devueltasM);
            if (a <= 0) break;
            const v = valorDevueltoCantidad(pagado, deMilesimas(vendidasM), deMilesimas(devueltasM), deMilesimas(a));
            expect(v).toBeGreaterThanOrEqual(0);
            expect(Number.isSafeInteger(v)).toBe(true);
            suma += v;
            devueltasM += a;
            expect(suma).toBeLessThanOrEqual(pagado);
          }
          if (devueltasM < vendidasM) suma += valorDevueltoCantidad(pagado, deMilesimas(vendidasM), deMilesimas(devueltasM), deMilesimas(vendidasM - devueltasM));
          expect(suma).toBe(pagado);
        },
      ),
      { numRuns: 500 },
    );
  });
});

/** Issue #51 point 3 (ADR 039): the money goes back the way it came. */
describe('repartirReembolso: por donde entró', () => {
  it('$ 5.000 en efectivo y $ 15.000 fiados, devueltos $ 20.000: $ 15.000 a la cuenta, $ 5.000 de la caja', () => {
    const pagado = pagadoPorMetodo({ metodoPagoId: 5, total: 20_000, montoFiado: 15_000 });
    expect(pagado).toEqual({ 7: 15_000, 5: 5_000 });
    expect(repartirReembolso(pagado, {}, 20_000)).toEqual({ partes: [{ metodoPagoId: 7, monto: 15_000 }, { metodoPagoId: 5, monto: 5_000 }], resto: 0 });
    // A sale wholly on fiado gives nothing back in cash.
    expect(repartirReembolso(pagadoPorMetodo({ metodoPagoId: 7, total: 20_000, montoFiado: 20_000 }), {}, 20_000).partes).toEqual([{ metodoPagoId: 7, monto: 20_000 }]);
  });

  it('en cualquier venta mixta y secuencia de devoluciones parciales, ningún medio devuelve más de lo que pagó, y el total nunca pasa la venta', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom(1, 2, 3, 4, 5, 6, 7),
        fc.array(fc.integer({ min: 0, max: 60_000_000 }), { minLength: 1, maxLength: 20 }),
        (total, fraccionFiado, metodoPagoId, pedidos) => {
          const montoFiado = metodoPagoId === 7 ? total : Math.floor(total * fraccionFiado);
          const pagado = pagadoPorMetodo({ metodoPagoId, total, montoFiado });
          expect(Object.values(pagado).reduce((a, b) => a! + b!, 0)).toBe(total);
          const devuelto: PorMetodo = {};
          let suma = 0;
          for (const pedido of pedidos) {
            const { partes, resto } = repartirReembolso(pagado, devuelto, pedido);
            const dado = partes.reduce((a, x) => a + x.monto, 0);
            // All of it is placed while the sale has it left; what is not is said (the domain refuses it).
            expect(dado + resto).toBe(pedido);
            expect(resto).toBe(Math.max(0, pedido - (total - suma)));
            // Credit first, cash last; no method twice, none with nothing.
            const orden = partes.map((x) => (x.metodoPagoId === 7 ? 0 : x.metodoPagoId === 5 ? 2 : 1));
            expect([...orden].sort()).toEqual(orden);
            expect(new Set(partes.map((x) => x.metodoPagoId)).size).toBe(partes.length);
            for (const x of partes) {
              expect(x.monto).toBeGreaterThan(0);
              devuelto[x.metodoPagoId] = (devuelto[x.metodoPagoId] ?? 0) + x.monto;
            }
            suma += dado;
            for (const [m, v] of Object.entries(devuelto)) expect(v).toBeLessThanOrEqual(pagado[Number(m)] ?? 0);
            expect(suma).toBeLessThanOrEqual(total);
            // The cash part moves only once the credit is all given back.
            if ((devuelto[5] ?? 0) > 0 && montoFiado > 0) expect(devuelto[7]).toBe(montoFiado);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
