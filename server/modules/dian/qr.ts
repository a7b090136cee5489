/**
 * The tirilla's QR (qrcode): DIAN's catalogue URL with the document's CUDE. At least 2 cm wide when
 * printed: 160 dots at 203 dpi on a 58 mm printer; the PNG is made at 192 px and the module matrix is
 * given too for printers that draw the QR themselves (ESC/POS).
 */
import { qrcode } from '../../lib/perezoso.js';
import { urlCatalogo } from './cude.js';

/** 2 cm at 203 dpi ≈ 160 dots. */
export const ANCHO_MINIMO_QR = 160;

export interface QrTirilla {
  url: string;
  png: Buffer;
  /** Modules per side (without the quiet zone) and their values, row by row (1 = dark). */
  modulos: { tamano: number; datos: Uint8Array };
}

export async function qrTirilla(cude: string, ambiente: 1 | 2, anchoPx = 192): Promise<QrTirilla> {
  const url = urlCatalogo(cude, ambiente);
  const ancho = Math.max(anchoPx, ANCHO_MINIMO_QR);
  const png = await qrcode().toBuffer(url, { errorCorrectionLevel: 'M', margin: 4, width: ancho, type: 'png' });
  const qr = qrcode().create(url, { errorCorrectionLevel: 'M' });
  return { url, png, modulos: { tamano: qr.modules.size, datos: Uint8Array.from(qr.modules.data) } };
}

/** Width and height of a PNG from its IHDR chunk. */
export function tamanoPng(png: Buffer): { ancho: number; alto: number } {
  return { ancho: png.readUInt32BE(16), alto: png.readUInt32BE(20) };
}
