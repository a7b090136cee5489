import { describe, expect, it } from 'vitest';
import type { TColumna } from '#shared/schemas/reportes';
import { fechasEn } from '../../../lib/fechas';
import { formatearCelda, formatearIndicador } from './formato';

const fechas = fechasEn();
const cantidad: TColumna = { clave: 'cantidad', titulo: 'Cantidad', tipo: 'entero', unidad: 'unidad' };

describe('formatearCelda (issue #52 punto 3)', () => {
  it('la cantidad de un producto por peso se lee en kilos; la de uno por unidad, entera', () => {
    expect(formatearCelda(cantidad, { cantidad: 5.5, unidad: 'KGM' }, fechas)).toBe('5,5 kg');
    expect(formatearCelda(cantidad, { cantidad: 12.5, unidad: 'KGM' }, fechas)).toBe('12,5 kg');
    expect(formatearCelda(cantidad, { cantidad: 1500, unidad: '94' }, fechas)).toBe('1.500');
  });

  it('un precio cuya columna nombra la unidad se lee por kilo', () => {
    const precio: TColumna = { clave: 'precio', titulo: 'Precio', tipo: 'dinero', unidad: 'unidad' };
    expect(formatearCelda(precio, { precio: 12_000, unidad: 'KGM' }, fechas)).toBe('$ 12.000/kg');
    expect(formatearCelda(precio, { precio: 2_800, unidad: '94' }, fechas)).toBe('$ 2.800');
  });

  it('sin unidad (una categoría mezclada) o en otra columna, como antes', () => {
    expect(formatearCelda(cantidad, { cantidad: 3, unidad: null }, fechas)).toBe('3');
    expect(formatearCelda({ clave: 'neto', titulo: 'Neto', tipo: 'dinero' }, { neto: 12_000 }, fechas)).toBe('$ 12.000');
  });
});

describe('formatearIndicador (issue #58 punto 3)', () => {
  it('una cifra vendida por medida se lee con su unidad: metros, m², galones; sin unidad, como siempre', () => {
    expect(formatearIndicador({ tipo: 'entero', unidad: 'MTR' }, 54, fechas)).toBe('54 m');
    expect(formatearIndicador({ tipo: 'entero', unidad: 'MTK' }, 3, fechas)).toBe('3 m²');
    expect(formatearIndicador({ tipo: 'entero', unidad: 'GLL' }, 1.5, fechas)).toBe('1,5 gal');
    expect(formatearIndicador({ tipo: 'entero' }, 1500, fechas)).toBe('1.500');
    expect(formatearIndicador({ tipo: 'entero', unidad: 'MTR' }, null, fechas)).toBe('');
  });
});
