import { describe, expect, it } from 'vitest';
import { numerosFiscales } from './factura.service';

describe('numerosFiscales: lo que puede ser un número fiscal escrito en la búsqueda', () => {
  it('el prefijo del rango y el número, como se escriba', () => {
    expect(numerosFiscales('FE1')).toEqual([{ prefijo: 'FE', numero: 1 }]);
    expect(numerosFiscales(' fe-7 ')).toEqual([{ prefijo: 'FE', numero: 7 }]);
    expect(numerosFiscales('SETP 990000001')).toEqual([{ prefijo: 'SETP', numero: 990000001 }]);
  });
  it('un prefijo puede llevar cifras: cada lectura posible', () => {
    expect(numerosFiscales('F21')).toEqual([
      { prefijo: 'F', numero: 21 },
      { prefijo: 'F2', numero: 1 },
    ]);
    expect(numerosFiscales('FE12')).toEqual([
      { prefijo: 'FE', numero: 12 },
      { prefijo: 'FE1', numero: 2 },
    ]);
  });
  it('un número solo, un nombre o un número fuera de rango no son números fiscales', () => {
    expect(numerosFiscales('25')).toEqual([]);
    expect(numerosFiscales('arroz')).toEqual([]);
    expect(numerosFiscales('FE0')).toEqual([]);
    expect(numerosFiscales('FE999999999999')).toEqual([]);
  });
});
