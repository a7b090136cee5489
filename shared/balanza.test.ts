import { describe, expect, it } from 'vitest';
import { digitoEan13, digitoPrecio, etiquetaBalanza, leerEtiquetaBalanza, type TFormatoBalanza } from './balanza';
import { ZFormatoBalanza } from './schemas/balanza';
import { importeLinea } from './cantidad';

/** Weight-embedded: 20 + 5-digit item + 5-digit weight in grams + check. */
const PESO: TFormatoBalanza = { prefijo: '20', largoCodigo: 5, contenido: 'peso', decimales: 3, digitoPrecio: false };
/** Price-embedded: 23 + 4-digit item + price check digit + 5-digit price in pesos + check. */
const PRECIO: TFormatoBalanza = { prefijo: '23', largoCodigo: 4, contenido: 'precio', decimales: 0, digitoPrecio: true };

describe('etiquetas de balanza', () => {
  it('calcula los dígitos de control de GS1', () => {
    expect(digitoEan13('590123412345')).toBe(7); // GS1's example 5901234123457
    expect(digitoPrecio('2875')).toBe(9); // GS1 §7.9.3, 4-digit price
    // 5-digit price: 5+ 2- 5- 5+ 2- give 5+8+7+4+9 = 33; the digit whose 5- product is 10 − 3 = 7 is 6.
    expect(digitoPrecio('14685')).toBe(6);
  });

  it('formato con peso: 0,375 kg del artículo 01234', () => {
    const codigo = etiquetaBalanza(PESO, '01234', 375);
    expect(codigo).toHaveLength(13);
    expect(codigo.startsWith('2001234003750')).toBe(false); // the last digit is the EAN check, not a 0 by chance
    expect(codigo.slice(0, 12)).toBe('200123400375');
    expect(leerEtiquetaBalanza(codigo, [PESO, PRECIO])).toEqual({ codigo: '01234', tipo: 'peso', milesimas: 375 });
    // $12.000/kg × 0,375 kg: the line the till adds charges $4.500.
    expect(importeLinea(12_000, 375)).toBe(4_500);
    // Two decimals (a scale printing kilograms to the ten grams): 1,25 kg.
    expect(leerEtiquetaBalanza(etiquetaBalanza({ ...PESO, decimales: 2 }, '01234', 125), [{ ...PESO, decimales: 2 }])).toEqual({ codigo: '01234', tipo: 'peso', milesimas: 1_250 });
  });

  it('formato con precio y su dígito de control: $4.500 del artículo 0456', () => {
    const codigo = etiquetaBalanza(PRECIO, '0456', 4_500);
    expect(codigo.slice(0, 7)).toBe('230456' + String(digitoPrecio('04500')));
    expect(leerEtiquetaBalanza(codigo, [PESO, PRECIO])).toEqual({ codigo: '0456', tipo: 'precio', pesos: 4_500 });
  });

  it('un dígito mal leído, otro prefijo o un código común no son etiquetas', () => {
    const bueno = etiquetaBalanza(PRECIO, '0456', 4_500);
    // Another price with the same EAN check digit would pass the EAN check: the price check catches it.
    const precioCambiado = bueno.slice(0, 7) + '04600';
    const conEan = precioCambiado + String(digitoEan13(precioCambiado));
    expect(leerEtiquetaBalanza(conEan, [PRECIO])).toBeNull();
    const eanMalo = bueno.slice(0, 12) + String((Number(bueno[12]) + 1) % 10);
    expect(leerEtiquetaBalanza(eanMalo, [PRECIO])).toBeNull();
    expect(leerEtiquetaBalanza(etiquetaBalanza({ ...PESO, prefijo: '21' }, '01234', 375), [PESO, PRECIO])).toBeNull();
    expect(leerEtiquetaBalanza('7702001000005', [PESO, PRECIO])).toBeNull();
    expect(leerEtiquetaBalanza('abc', [PESO])).toBeNull();
    // A zero weight is no sale.
    expect(leerEtiquetaBalanza(etiquetaBalanza(PESO, '01234', 0), [PESO])).toBeNull();
  });

  it('el formato de la tienda se valida', () => {
    expect(ZFormatoBalanza.safeParse(PESO).success).toBe(true);
    expect(ZFormatoBalanza.safeParse(PRECIO).success).toBe(true);
    expect(ZFormatoBalanza.safeParse({ ...PESO, prefijo: '19' }).success).toBe(false);
    expect(ZFormatoBalanza.safeParse({ ...PESO, largoCodigo: 7 }).success).toBe(false);
    expect(ZFormatoBalanza.safeParse({ ...PESO, decimales: 4 }).success).toBe(false);
    // Item of 6 digits + price check leaves a 3-digit value: no price check digit exists for it.
    const r = ZFormatoBalanza.safeParse({ ...PRECIO, largoCodigo: 6 });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('El dígito de control del precio solo existe para valores de 4 o 5 dígitos.');
  });
});
