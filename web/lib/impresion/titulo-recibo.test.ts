import { describe, expect, it } from 'vitest';
import type { TRecibo } from '#shared/schemas/venta';
import { bytesRecibo } from './escpos';
import { pdfRecibo } from './pdf';
import { reciboDePrueba, TIENDA_FIJA } from './recibo-de-prueba';
import { lineasRecibo, textoWhatsApp } from './texto-recibo';

const TIENDA = TIENDA_FIJA;
/** A receipt whose internal id (50 001) differs from the number people see (37). */
const RECIBO: TRecibo = reciboDePrueba({
  lineas: [
    { productoId: 1, nombre: 'Café molido 250 g', marca: null, cantidad: 2, precio: 8500, descuento: 0, subtotal: 17000 },
    { productoId: 2, nombre: 'Queso campesino', marca: null, cantidad: 0.375, unidad: 'KGM', precio: 12_000, descuento: 0, subtotal: 4500 },
  ],
  total: 21_500,
  montoRecibido: 50_000,
  cambio: 28_500,
});

/** Issue #52 point 5: the receipt is the document it is, with one title and one number, on every output. */
const FISCAL: NonNullable<TRecibo['fiscal']> = {
  caja: 'Caja 1',
  prefijo: 'POS',
  // The range starts at POS1 (its resolution line prints it); the sale's number is POS7.
  numero: 7,
  resolucion: '18764000000001',
  desde: 1,
  hasta: 15_000,
  fechaDesde: '2026-01-01',
  fechaHasta: '2027-12-31',
};
const TIQUETE: TRecibo = RECIBO;
const CON_RANGO: TRecibo = { ...RECIBO, fiscal: FISCAL };

/** ESC E n (bold), ESC t n (code page), ESC M n (font): the printer's commands between the words. */
const ESC_CODIGO = new RegExp(`${String.fromCharCode(0x1b)}[EtM].`, 'g');

/** Every output but the screen, as text: 58 and 80 mm (the PDF prints the same lines), WhatsApp, and the printer's bytes. */
function salidas(recibo: TRecibo): Record<string, string> {
  // CP858 writes º as 0xA7; a wrapped title reads as one line.
  const bytes = (ancho: '58' | '80') => new TextDecoder('latin1').decode(bytesRecibo(recibo, TIENDA, ancho))
      .replace(ESC_CODIGO, '')
      .replaceAll('§', 'º');
  const todas = {
    '58 mm': lineasRecibo(recibo, TIENDA, 32).join('\n'),
    '80 mm': lineasRecibo(recibo, TIENDA, 48).join('\n'),
    whatsapp: textoWhatsApp(recibo, TIENDA),
    'escpos 58': bytes('58'),
    'escpos 80': bytes('80'),
  };
  return Object.fromEntries(Object.entries(todas).map(([k, v]) => [k, v.replace(/\s+/g, ' ')]));
}

describe('el título del recibo (issue #52 punto 5)', () => {
  it('una tienda sin rango DIAN imprime "Tiquete de venta N.º 37", una sola vez, y nunca "Factura"', () => {
    for (const [salida, texto] of Object.entries(salidas(TIQUETE))) {
      expect(texto.match(/Tiquete de venta N\.º 37/g), salida).toHaveLength(1);
      expect(texto, salida).not.toMatch(/Factura/i);
      expect(texto, salida).not.toContain('#37');
      // The internal id is never printed.
      expect(texto, salida).not.toContain('50001');
    }
  });

  it('con perfil fiscal y rango POS: "Documento equivalente POS N.º POS7" es el único título y el único número', () => {
    for (const [salida, texto] of Object.entries(salidas(CON_RANGO))) {
      expect(texto.match(/Documento equivalente POS N\.º POS7/g), salida).toHaveLength(1);
      expect(texto.match(/POS7(?!\d)/g), salida).toHaveLength(1);
      expect(texto, salida).not.toMatch(/Factura|Tiquete/i);
      expect(texto, salida).not.toMatch(/\b37\b/);
    }
  });

  it('el PDF lleva el mismo título, en sus propiedades y en el papel', async () => {
    const pdf = (await pdfRecibo(CON_RANGO, TIENDA, '58')).output();
    expect(pdf).toMatch(/\/Title \(Documento equivalente POS N\..{1,4} POS7 - Tienda/);
    expect(pdf).toContain('(Documento equivalente POS N.');
    expect(pdf).not.toMatch(/Factura/);
  });

  it('una línea por peso se lee en su unidad: "0,375 kg x $ 12.000/kg"', () => {
    for (const [salida, texto] of Object.entries(salidas(TIQUETE))) {
      // The printer's table wraps the detail beside the subtotal on 58 mm: its parts, then.
      if (salida.startsWith('escpos')) expect([texto.includes('0,375 kg x'), texto.includes('12.000/kg')], salida).toEqual([true, true]);
      else expect(texto, salida).toContain('0,375 kg x $ 12.000/kg');
    }
  });

});
