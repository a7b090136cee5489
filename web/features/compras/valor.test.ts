import { describe, expect, it } from 'vitest';
import type { TOrden } from '#shared/schemas/compras';
import { importeDeLinea, valorOrden } from './valor';

type Linea = TOrden['items'][number];
const linea = (costoUnit: number | null, importe: number | null) => ({ costoUnit, importe, empaque: null }) as unknown as Linea;

/** Issue #52 point 7: an order whose costs are not known yet never reads "$ 0" as if it were its total. */
describe('valor de una orden de compra', () => {
  it('sin ningún costo: "Sin valor aún", no "$ 0"', () => {
    expect(valorOrden({ total: 0, items: [linea(0, 0), linea(0, 0)] })).toBe('Sin valor aún');
    expect(importeDeLinea(linea(0, 0))).toBe('Sin costo aún');
  });

  it('con algunos costos: el total conocido y cuántos productos faltan por costear', () => {
    expect(valorOrden({ total: 36_000, items: [linea(3_000, 36_000), linea(0, 0)] })).toBe('$ 36.000 (1 producto sin costo aún)');
    expect(valorOrden({ total: 36_000, items: [linea(3_000, 36_000), linea(0, 0), linea(0, 0)] })).toBe('$ 36.000 (2 productos sin costo aún)');
  });

  it('con todos los costos: el total en pesos; la lista, que no trae las líneas, igual', () => {
    expect(valorOrden({ total: 36_000, items: [linea(3_000, 36_000)] })).toBe('$ 36.000');
    expect(importeDeLinea(linea(3_000, 36_000))).toBe('$ 36.000');
    expect(valorOrden({ total: 0 })).toBe('Sin valor aún');
    expect(valorOrden({ total: 12_500 })).toBe('$ 12.500');
  });
});
