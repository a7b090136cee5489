import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber, LIMITES_DINERO } from '../../money';
import { zPesos } from './common';

const precio = zPesos('Por favor, ingrese un precio válido.');

describe('zPesos (precios del back-office)', () => {
  it('lee el precio como lo muestra el campo de dinero, o con solo dígitos', () => {
    expect(precio.parse('12.500')).toBe(12500);
    expect(precio.parse('$ 12.500')).toBe(12500);
    expect(precio.parse('12500')).toBe(12500);
    expect(precio.parse(12500)).toBe(12500);
  });
  it('rechaza decimales, ceros, negativos y precios sobre el tope', () => {
    for (const v of ['12,5', '12.5', '0', '-100', '', 'abc', String(LIMITES_DINERO.maxPrecio + 1), formatNumber(LIMITES_DINERO.maxPrecio + 1)])
      expect(precio.safeParse(v).success, v).toBe(false);
  });
  it('todo precio permitido vuelve exacto desde su forma con puntos', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: LIMITES_DINERO.maxPrecio }), (n) => precio.parse(formatNumber(n)) === n));
  });
});
