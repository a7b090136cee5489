import { describe, expect, it } from 'vitest';
import { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import { ANCHO_MINIMO_QR, qrTirilla, tamanoPng } from './qr.js';
import { construirDocumentoPos } from './xml.js';
import { documentoEjemplo } from './ejemplos.js';

/** Decodes a module matrix with zxing (the product's scanner library), as a phone would read it. */
function leer(modulos: { tamano: number; datos: Uint8Array }): string {
  const escala = 4;
  const margen = 4;
  const lado = (modulos.tamano + 2 * margen) * escala;
  const luz = new Uint8ClampedArray(lado * lado).fill(255);
  for (let y = 0; y < modulos.tamano; y++) {
    for (let x = 0; x < modulos.tamano; x++) {
      if (!modulos.datos[y * modulos.tamano + x]) continue;
      for (let dy = 0; dy < escala; dy++) {
        for (let dx = 0; dx < escala; dx++) luz[((y + margen) * escala + dy) * lado + (x + margen) * escala + dx] = 0;
      }
    }
  }
  return new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luz, lado, lado)))).getText();
}

describe("the tirilla's QR", () => {
  it("decodes to DIAN's catalogue URL with the document's CUDE (habilitación and producción)", async () => {
    const g = construirDocumentoPos(documentoEjemplo());
    const qr = await qrTirilla(g.cude, 2);
    expect(leer(qr.modulos)).toBe(`https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${g.cude}`);
    expect(qr.url).toBe(g.qr);
    const prod = await qrTirilla(g.cude, 1);
    expect(leer(prod.modulos)).toBe(`https://catalogo-vpfe.dian.gov.co/document/searchqr?documentkey=${g.cude}`);
  });

  it('is at least 160 dots wide (2 cm at 203 dpi), even when asked smaller', async () => {
    const qr = await qrTirilla('a'.repeat(96), 2, 100);
    expect(qr.png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(tamanoPng(qr.png).ancho).toBeGreaterThanOrEqual(ANCHO_MINIMO_QR);
  });
});
