/**
 * ADR 054's arithmetic, by property: whatever sales, points payments, returns (in any pieces) and
 * annulments happen in any order, a customer's balance never goes below zero; the returns of a sale
 * nobody spent from reverse exactly what it earned; a points sale returned in pieces gives back exactly
 * what it spent.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parteDePuntos, puntosGanados, puntosParaPagar, reversoDePuntos } from './puntos';

type Venta = { total: number; ganados: number; redimidos: number; quitados: number; devueltos: number; devuelto: number };

const paso = fc.oneof(
  fc.record({ tipo: fc.constant('venta' as const), total: fc.integer({ min: 1, max: 5_000_000 }) }),
  fc.record({ tipo: fc.constant('pagar' as const), total: fc.integer({ min: 1, max: 200_000 }) }),
  fc.record({ tipo: fc.constant('devolver' as const), cual: fc.nat(), parte: fc.integer({ min: 1, max: 100 }) }),
);

describe('puntos: propiedades', () => {
  it('el saldo nunca queda negativo y cada venta devuelta del todo deja sus cuentas exactas', () => {
    fc.assert(
      fc.property(fc.array(paso, { maxLength: 60 }), fc.integer({ min: 100, max: 100_000 }), fc.integer({ min: 1, max: 100 }), (pasos, pesosPorPunto, valorPunto) => {
        let saldo = 0;
        const ventas: Venta[] = [];
        for (const p of pasos) {
          if (p.tipo === 'venta') {
            const ganados = puntosGanados(p.total, pesosPorPunto);
            saldo += ganados;
            ventas.push({ total: p.total, ganados, redimidos: 0, quitados: 0, devueltos: 0, devuelto: 0 });
          } else if (p.tipo === 'pagar') {
            const necesarios = puntosParaPagar(p.total, valorPunto);
            // Refused past the balance (the checkout's rule), never written.
            if (necesarios > saldo) continue;
            expect(necesarios * valorPunto).toBeGreaterThanOrEqual(p.total);
            saldo -= necesarios;
            ventas.push({ total: p.total, ganados: 0, redimidos: necesarios, quitados: 0, devueltos: 0, devuelto: 0 });
          } else {
            const v = ventas[p.cual % Math.max(1, ventas.length)];
            if (!v || v.devuelto >= v.total) continue;
            const pesos = Math.max(1, Math.min(v.total - v.devuelto, Math.round((v.total * p.parte) / 100)));
            v.devuelto += pesos;
            const r = reversoDePuntos({ ...v, saldo });
            saldo += r.devolver - r.quitar;
            v.quitados += r.quitar;
            v.devueltos += r.devolver;
            expect(r.quitar).toBeGreaterThanOrEqual(0);
            expect(r.devolver).toBeGreaterThanOrEqual(0);
          }
          expect(saldo).toBeGreaterThanOrEqual(0);
        }
        for (const v of ventas.filter((x) => x.devuelto >= x.total)) {
          // What was spent always comes back whole; what was earned whole unless the customer had spent it.
          expect(v.devueltos).toBe(v.redimidos);
          expect(v.quitados).toBeLessThanOrEqual(v.ganados);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('sin gastar nada entre medias, las devoluciones de una venta reversan exactamente lo que ganó', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 100, max: 1_000_000 }), fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 12 }), (total, pesosPorPunto, partes) => {
        const ganados = puntosGanados(total, pesosPorPunto);
        let saldo = ganados;
        let devuelto = 0;
        let quitados = 0;
        for (const [i, p] of partes.entries()) {
          const pesos = i === partes.length - 1 ? total - devuelto : Math.min(total - devuelto, Math.max(0, Math.round((total * p) / 1000)));
          devuelto += pesos;
          const r = reversoDePuntos({ ganados, redimidos: 0, quitados, devueltos: 0, devuelto, total, saldo });
          expect(r.sinQuitar).toBe(0);
          quitados += r.quitar;
          saldo -= r.quitar;
          // Cumulative: never more than the share returned so far.
          expect(quitados).toBe(parteDePuntos(ganados, devuelto, total));
        }
        expect(quitados).toBe(ganados);
        expect(saldo).toBe(0);
      }),
      { numRuns: 500 },
    );
  });
});
