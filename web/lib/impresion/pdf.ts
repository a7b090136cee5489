import { jsPDF } from 'jspdf';
import { impresion } from '#shared/messages/impresion';
import type { TAnchoPapel } from '#shared/schemas/tienda';
import type { TRecibo } from '#shared/schemas/venta';
import { COLUMNAS, lineasRecibo, tituloRecibo, type DatosTienda } from './texto-recibo';

// This module's texts only: the catalogue splits per screen (issue #20).
const M = { impresion };

/** Courier's characters are 0.6 em wide: 1.5 mm each puts 32 on 48 mm and 48 on 72 mm. */
const MM_POR_CARACTER = 1.5;
const PT_POR_MM = 72 / 25.4;
const MARGEN_MM = 5;

/**
 * The receipt as a PDF the width of the roll (issue #19), built with jsPDF from the same text lines as
 * the thermal printer's: a file to keep or send, without the print dialog. Imported lazily.
 */
export async function pdfRecibo(recibo: TRecibo, tienda: DatosTienda | null, ancho: TAnchoPapel): Promise<jsPDF> {
  const columnas = COLUMNAS[ancho];
  const lineas = lineasRecibo(recibo, tienda, columnas);
  const titulo = M.impresion.pdfTitulo(tituloRecibo(recibo).texto, recibo.tienda);
  if (!recibo.documento) return pdfDeLineas(lineas, columnas, titulo);
  // The electronic document's QR (issue #31 point 6), 25 mm wide (DIAN asks at least 2 cm), under the lines.
  const QRCode = (await import('qrcode')).default;
  const png = await QRCode.toDataURL(recibo.documento.url, { errorCorrectionLevel: 'M', margin: 4, scale: 6 });
  return pdfDeLineas(lineas, columnas, titulo, { png, mm: QR_MM });
}

/** The QR's width in the PDF, mm. */
const QR_MM = 25;

/** Fixed-width text lines as a PDF the width of the roll (a receipt, a return's document). */
export function pdfDeLineas(lineas: string[], columnas: number, titulo: string, qr?: { png: string; mm: number }): jsPDF {
  const tamano = (MM_POR_CARACTER / 0.6) * PT_POR_MM;
  const interlinea = (tamano / PT_POR_MM) * 1.25;
  const anchoPagina = columnas * MM_POR_CARACTER + 2 * MARGEN_MM;
  const textoAlto = lineas.length * interlinea;
  const alto = textoAlto + 2 * MARGEN_MM + (qr ? qr.mm + 3 : 0);
  const doc = new jsPDF({ unit: 'mm', format: [anchoPagina, Math.max(alto, 60)], orientation: 'portrait' });
  doc.setProperties({ title: titulo });
  doc.setFont('courier', 'normal').setFontSize(tamano);
  lineas.forEach((l, i) => doc.text(l, MARGEN_MM, MARGEN_MM + interlinea * (i + 0.8)));
  if (qr) doc.addImage(qr.png, 'PNG', (anchoPagina - qr.mm) / 2, MARGEN_MM + textoAlto + 2, qr.mm, qr.mm);
  return doc;
}

export async function descargarPdf(recibo: TRecibo, tienda: DatosTienda | null, ancho: TAnchoPapel): Promise<void> {
  (await pdfRecibo(recibo, tienda, ancho)).save(M.impresion.pdfArchivo(tituloRecibo(recibo).numero));
}
