import { describe, expect, it } from 'vitest';
import type { TRecibo } from '#shared/schemas/venta';
import { RECIBO_FIJO, TIENDA_FIJA } from './recibo-de-prueba';
import { bytesRecibo } from './escpos';
import { lineasRecibo, textoWhatsApp } from './texto-recibo';

/** Issue #31 point 6: the tirilla of an electronic POS document shows its CUDE, the QR and the software. */
const CUDE = 'ab'.repeat(48);
const URL_QR = `https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${CUDE}`;
const RECIBO: TRecibo = {
  ...RECIBO_FIJO,
  documento: { numero: 'SETP990000001', cude: CUDE, url: URL_QR, estado: 'pendiente', contingencia: null, ambiente: 'habilitacion', software: 'ADAX Store Manager', fabricante: 'ADAX Software (Equipo ADAX)' },
};

describe('recibo con documento electrónico', () => {
  it('58 y 80 mm: el CUDE completo en líneas que caben, el software y su fabricante', () => {
    for (const columnas of [32, 48]) {
      const lineas = lineasRecibo(RECIBO, TIENDA_FIJA, columnas);
      for (const l of lineas) expect(l.length).toBeLessThanOrEqual(columnas);
      const texto = lineas.join('\n');
      expect(texto.replace(/\n/g, '')).toContain(CUDE);
      expect(texto).toContain('ADAX Store Manager');
      expect(texto).toMatch(/Documento\s+equivalente\s+electrónico/);
    }
  });

  it('WhatsApp lleva el CUDE y la URL del catálogo de la DIAN', () => {
    const t = textoWhatsApp(RECIBO, TIENDA_FIJA);
    expect(t).toContain(`CUDE: ${CUDE}`);
    expect(t).toContain(URL_QR);
  });

  it('la impresora térmica recibe el QR nativo con la URL (GS ( k), a 5 puntos por módulo', () => {
    const bytes = bytesRecibo(RECIBO, TIENDA_FIJA, '58');
    const texto = new TextDecoder('latin1').decode(bytes);
    expect(texto).toContain('\x1d(k');
    expect(texto).toContain(URL_QR);
    // Module size 5 (GS ( k … 49 67 n): at least 160 dots for this URL's QR (version ≥ 6, 41+ modules).
    expect(texto).toContain('\x1d(k\x03\x001C\x05');
  });

  it('sin documento el recibo es el de siempre', () => {
    expect(lineasRecibo(RECIBO_FIJO, TIENDA_FIJA, 48).join('\n')).not.toContain('CUDE');
  });
});

describe('tirilla con presentaciones (issue #33 point 5, ADR 033)', () => {
  it('la línea de una paca dice "Producto · Paca x12"', () => {
    const recibo: TRecibo = { ...RECIBO_FIJO, lineas: [{ ...RECIBO_FIJO.lineas[0]!, nombre: 'Cerveza', cantidad: 2, precio: 33_000, subtotal: 66_000, descuento: 0, presentacion: 'Paca x12', factor: 12 }] };
    expect(lineasRecibo(recibo, TIENDA_FIJA, 48).join('\n')).toContain('Cerveza · Paca x12');
  });
});
