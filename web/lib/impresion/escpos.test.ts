import { describe, expect, it } from 'vitest';
import { bytesRecibo } from './escpos';
import { lineasRecibo, textoWhatsApp, enlaceWhatsApp } from './texto-recibo';
import { RECIBO_FIJO, TIENDA_FIJA } from './recibo-de-prueba';

const hex = (b: Uint8Array) =>
  Array.from(b, (x) => x.toString(16).padStart(2, '0'))
    .join(' ')
    .replace(/((?:[0-9a-f]{2} ){16})/g, '$1\n');

const indexOf = (hay: Uint8Array, needle: number[]) => {
  outer: for (let i = 0; i <= hay.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
};

describe('ESC/POS receipt', () => {
  it('58 mm: the bytes for a fixed receipt match the fixture', async () => {
    const bytes = bytesRecibo(RECIBO_FIJO, TIENDA_FIJA, '58');
    await expect(hex(bytes)).toMatchFileSnapshot('./__fixtures__/recibo-58.escpos.hex');
  });

  it('80 mm: the bytes for a fixed receipt match the fixture', async () => {
    const bytes = bytesRecibo(RECIBO_FIJO, TIENDA_FIJA, '80');
    await expect(hex(bytes)).toMatchFileSnapshot('./__fixtures__/recibo-80.escpos.hex');
  });

  it('starts with ESC @, selects CP858 (ESC t 19) and writes ñ, á, é in it', () => {
    const bytes = bytesRecibo(RECIBO_FIJO, TIENDA_FIJA, '58');
    expect(Array.from(bytes.slice(0, 2))).toEqual([0x1b, 0x40]);
    expect(indexOf(bytes, [0x1b, 0x74, 19])).toBeGreaterThan(-1);
    // "Doña" in CP858: ñ is 0xA4; "Café": é is 0x82; "orgánica": á is 0xA0.
    expect(indexOf(bytes, [0x44, 0x6f, 0xa4, 0x61])).toBeGreaterThan(-1);
    expect(indexOf(bytes, [0x43, 0x61, 0x66, 0x82])).toBeGreaterThan(-1);
    expect(indexOf(bytes, [0x72, 0x67, 0xa0, 0x6e])).toBeGreaterThan(-1);
  });

  it('kicks the drawer (ESC p) on a cash sale only, after the cut', () => {
    const efectivo = bytesRecibo(RECIBO_FIJO, TIENDA_FIJA, '80');
    const cut = indexOf(efectivo, [0x1d, 0x56]);
    const pulse = indexOf(efectivo, [0x1b, 0x70]);
    expect(cut).toBeGreaterThan(-1);
    expect(pulse).toBeGreaterThan(cut);
    const nequi = bytesRecibo({ ...RECIBO_FIJO, metodoPago: { id: 2, nombre: 'Nequi' }, referencia: 'M12345' }, TIENDA_FIJA, '80');
    expect(indexOf(nequi, [0x1b, 0x70])).toBe(-1);
  });
});

describe('text receipt', () => {
  it('fits 32 and 48 columns and shows fiado and the transfer reference', () => {
    const r = { ...RECIBO_FIJO, metodoPago: { id: 2, nombre: 'Nequi' }, referencia: 'M12345', montoFiado: 5000, montoRecibido: 15000, cambio: 0 };
    for (const n of [32, 48]) {
      const lineas = lineasRecibo(r, TIENDA_FIJA, n);
      expect(lineas.every((l) => l.length <= n)).toBe(true);
      expect(lineas.join('\n')).toContain('M12345');
      expect(lineas.join('\n')).toMatch(/Fiado \(queda debiendo\)\s+\$ 5\.000/);
    }
  });

  it('opens WhatsApp to the customer or lets the cashier pick the chat', () => {
    const texto = textoWhatsApp(RECIBO_FIJO, TIENDA_FIJA);
    expect(texto).toContain('*TOTAL: $ 20.000*');
    expect(enlaceWhatsApp('hola', '300 123 4567')).toBe('https://wa.me/573001234567?text=hola');
    expect(enlaceWhatsApp('a b', null)).toBe('https://wa.me/?text=a%20b');
  });
});
