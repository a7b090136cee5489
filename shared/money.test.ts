import { describe, expect, it } from 'vitest';
import { formatNumber, formatPesos, parsePesos } from './money';

describe('dinero', () => {
  it('muestra pesos con puntos de miles y $', () => {
    expect(formatPesos(0)).toBe('$ 0');
    expect(formatPesos(950)).toBe('$ 950');
    expect(formatPesos(12500)).toBe('$ 12.500');
    expect(formatPesos(1234567)).toBe('$ 1.234.567');
    expect(formatPesos(-4500)).toBe('-$ 4.500');
    expect(formatNumber(100000)).toBe('100.000');
  });
  it('lee lo que escribe el cajero', () => {
    expect(parsePesos('12.500')).toBe(12500);
    expect(parsePesos('$ 20000')).toBe(20000);
    expect(parsePesos('12,5')).toBeNull();
    expect(parsePesos('abc')).toBeNull();
    expect(parsePesos('')).toBeNull();
  });
});
