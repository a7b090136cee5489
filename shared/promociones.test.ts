import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brutoLinea } from './cantidad';
import { aplicarPromociones, momentoEn, promocionVigente, repartir, type LineaMotor, type PromocionMotor } from './promociones';

// A Friday at 10:00 in Bogotá (2026-11-27 is a Friday).
const viernes = momentoEn(Date.UTC(2026, 10, 27, 15, 0));
const tres2: PromocionMotor = { id: 1, nombre: '3×2 Gaseosa', tipo: 'nxm', lleve: 3, pague: 2, productoId: 10 };
const gaseosa = (cantidad: number, extra: Partial<LineaMotor> = {}): LineaMotor => ({ productoId: 10, precio: 3_000, cantidad, unidad: '94', costo: 1_500, ...extra });

describe('el motor de promociones', () => {
  it('lee el momento en la hora de Bogotá', () => {
    expect(viernes).toEqual({ fecha: '2026-11-27', dia: 5, minuto: 600 });
    // 02:00 UTC on Saturday is still Friday 21:00 in Bogotá.
    expect(momentoEn(Date.UTC(2026, 10, 28, 2, 0))).toEqual({ fecha: '2026-11-27', dia: 5, minuto: 21 * 60 });
  });

  it('una promoción vale en sus fechas, sus días y sus horas (también de noche, cruzando la medianoche)', () => {
    expect(promocionVigente({ ...tres2, dias: 1 << 5 }, viernes)).toBe(true);
    expect(promocionVigente({ ...tres2, dias: 1 << 6 }, viernes)).toBe(false);
    expect(promocionVigente({ ...tres2, desde: '2026-11-28' }, viernes)).toBe(false);
    expect(promocionVigente({ ...tres2, hasta: '2026-11-27' }, viernes)).toBe(true);
    expect(promocionVigente({ ...tres2, horaDesde: '08:00', horaHasta: '10:00' }, viernes)).toBe(false);
    expect(promocionVigente({ ...tres2, horaDesde: '22:00', horaHasta: '11:00' }, viernes)).toBe(true);
    expect(promocionVigente({ ...tres2, activa: false }, viernes)).toBe(false);
  });

  it('3×2: siete gaseosas pagan cinco; una línea con descuento del cajero no toma promoción', () => {
    const r = aplicarPromociones([gaseosa(7)], [tres2], viernes);
    expect(r.ahorro).toBe(6_000);
    expect(r.lineas[0]).toEqual([{ promocionId: 1, nombre: '3×2 Gaseosa', ahorro: 6_000 }]);
    expect(aplicarPromociones([gaseosa(7, { conDescuento: true })], [tres2], viernes).ahorro).toBe(0);
  });

  it('N por $ X, % a un producto o a una categoría (también por peso), el mejor para el cliente', () => {
    const dosPor5 = { id: 2, nombre: '2 por $ 5.000', tipo: 'nxprecio', lleve: 2, precio: 5_000, productoId: 10 } as const;
    expect(aplicarPromociones([gaseosa(3)], [tres2, dosPor5], viernes).ahorro).toBe(3_000); // 3×2 beats 2 por 5.000 (1.000)
    const queso: LineaMotor = { productoId: 20, categoria: 'Lácteos', precio: 20_000, cantidad: 0.5, unidad: 'KGM', costo: 0 };
    const lacteos: PromocionMotor = { id: 3, nombre: 'Lácteos 10 %', tipo: 'porcentaje', porcentaje: 10, categoria: 'lácteos' };
    expect(aplicarPromociones([queso], [lacteos], viernes).ahorro).toBe(1_000);
    // Sold by value: untouched.
    expect(aplicarPromociones([{ ...queso, importe: 10_000 }], [lacteos], viernes).ahorro).toBe(0);
  });

  it('un combo y una compra mínima se suman; nunca por debajo del costo sin permiso', () => {
    const pan: LineaMotor = { productoId: 30, precio: 2_000, cantidad: 1, unidad: '94', costo: 1_000 };
    const combo: PromocionMotor = { id: 4, nombre: 'Desayuno', tipo: 'combo', precio: 4_000, productos: [{ productoId: 10, cantidad: 1 }, { productoId: 30, cantidad: 1 }] };
    const r = aplicarPromociones([gaseosa(1), pan], [combo], viernes);
    expect(r.ahorro).toBe(1_000);
    const minimo: PromocionMotor = { id: 5, nombre: 'Desde $ 10.000, $ 2.000 menos', tipo: 'minimo', minimo: 10_000, valor: 2_000 };
    expect(aplicarPromociones([gaseosa(4)], [minimo], viernes).ahorro).toBe(2_000);
    // 90 % off a product costing $ 1.500: stops at the cost; with bajoCosto, it goes below.
    const liquidacion: PromocionMotor = { id: 6, nombre: 'Liquidación', tipo: 'porcentaje', porcentaje: 90, productoId: 10 };
    expect(aplicarPromociones([gaseosa(2)], [liquidacion], viernes).ahorro).toBe(3_000);
    expect(aplicarPromociones([gaseosa(2)], [{ ...liquidacion, bajoCosto: true }], viernes).ahorro).toBe(5_400);
  });

  it('repartir da todo sin pasar los topes', () => {
    expect(repartir(10, [1, 1, 1], [10, 10, 10])).toEqual([4, 3, 3]);
    expect(repartir(10, [1, 1], [2, 10])).toEqual([2, 8]);
  });
});

// Property tests (issue #59 point 2): over random carts and promotions.
const arbPromo = fc.oneof(
  fc.record({ tipo: fc.constant('nxm' as const), lleve: fc.integer({ min: 2, max: 5 }), pague: fc.integer({ min: 1, max: 4 }), productoId: fc.integer({ min: 1, max: 4 }) }).map((p) => ({ ...p, pague: Math.min(p.pague, p.lleve - 1) })),
  fc.record({ tipo: fc.constant('nxprecio' as const), lleve: fc.integer({ min: 2, max: 4 }), precio: fc.integer({ min: 1, max: 20_000 }), productoId: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ tipo: fc.constant('porcentaje' as const), porcentaje: fc.integer({ min: 1, max: 90 }), productoId: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }), categoria: fc.constantFrom('A', 'B') }),
  fc.record({ tipo: fc.constant('combo' as const), precio: fc.integer({ min: 1, max: 20_000 }), productos: fc.uniqueArray(fc.record({ productoId: fc.integer({ min: 1, max: 4 }), cantidad: fc.integer({ min: 1, max: 3 }) }), { minLength: 2, maxLength: 3, selector: (x) => x.productoId }) }),
  fc.record({ tipo: fc.constant('minimo' as const), minimo: fc.integer({ min: 0, max: 50_000 }), porcentaje: fc.option(fc.integer({ min: 1, max: 50 }), { nil: null }), valor: fc.integer({ min: 1, max: 10_000 }) }),
);
const arbPromos = fc.array(fc.tuple(arbPromo, fc.boolean()), { maxLength: 6 }).map((ps) => ps.map(([p, bajoCosto], i) => ({ ...p, id: i + 1, nombre: `P${i + 1}`, bajoCosto }) as PromocionMotor));
const arbLinea = fc.record({
  productoId: fc.integer({ min: 1, max: 4 }),
  categoria: fc.constantFrom('A', 'B'),
  precio: fc.integer({ min: 1, max: 50_000 }),
  cantidad: fc.integer({ min: 1, max: 12 }),
  unidad: fc.constantFrom('94', '94', 'KGM'),
  costo: fc.integer({ min: 0, max: 40_000 }),
  conDescuento: fc.boolean(),
});
// One price and cost per product, as a cart has; a weighed line gets a decimal quantity.
const arbCarrito = fc.array(arbLinea, { minLength: 1, maxLength: 6 }).map((ls) =>
  ls.map((l) => {
    const p = ls.find((x) => x.productoId === l.productoId)!;
    return { ...l, precio: p.precio, costo: Math.min(p.costo, p.precio), unidad: p.unidad, categoria: p.categoria, cantidad: p.unidad === 'KGM' ? l.cantidad / 4 : l.cantidad };
  }),
);

describe('propiedades del motor', () => {
  it('el total con promociones nunca pasa el total sin ellas, ninguna línea queda negativa ni bajo el costo sin permiso, y repetir da lo mismo', () => {
    fc.assert(
      fc.property(arbCarrito, arbPromos, (lineas, promos) => {
        const r = aplicarPromociones(lineas, promos, viernes);
        const sin = lineas.reduce((a, l) => a + brutoLinea(l), 0);
        expect(r.ahorro).toBeGreaterThanOrEqual(0);
        expect(sin - r.ahorro).toBeLessThanOrEqual(sin);
        for (const [i, l] of lineas.entries()) {
          const ahorro = r.lineas[i]!.reduce((a, x) => a + x.ahorro, 0);
          expect(Number.isInteger(ahorro)).toBe(true);
          expect(brutoLinea(l) - ahorro).toBeGreaterThanOrEqual(0);
          if (l.conDescuento) expect(ahorro).toBe(0);
          const todasSinPermiso = r.lineas[i]!.every((x) => !promos.find((p) => p.id === x.promocionId)!.bajoCosto);
          if (todasSinPermiso) expect(brutoLinea(l) - ahorro).toBeGreaterThanOrEqual(Math.min(brutoLinea(l), Math.ceil(l.costo * l.cantidad - 1e-9)));
        }
        expect(r.aplicadas.reduce((a, x) => a + x.ahorro, 0)).toBe(r.ahorro);
        // Idempotent: the server re-pricing the same cart gets the same answer.
        expect(aplicarPromociones(lineas, promos, viernes)).toEqual(r);
      }),
      { numRuns: 400 },
    );
  });
});
