import { jsPDF } from 'jspdf';
import { impresion } from '#shared/messages/impresion';
import type { TAnchoPapel } from '#shared/schemas/tienda';
import type { TRecibo } from '#shared/schemas/venta';
import { COLUMNAS, lineasRecibo, type DatosTienda } from './texto-recibo';

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
export function pdfRecibo(recibo: TRecibo, tienda: DatosTienda | null, ancho: TAnchoPapel): jsPDF {
  const columnas = COLUMNAS[ancho];
  return pdfDeLineas(lineasRecibo(recibo, tienda, columnas), columnas, M.impresion.pdfTitulo(recibo.id, recibo.tienda));
}

/** Fixed-width text lines as a PDF the width of the roll (a receipt, a return's document). */
export function pdfDeLineas(lineas: string[], columnas: number, titulo: string): jsPDF {
  const tamano = (MM_POR_CARACTER / 0.6) * PT_POR_MM;
  const interlinea = (tamano / PT_POR_MM) * 1.25;
  const anchoPagina = columnas * MM_POR_CARACTER + 2 * MARGEN_MM;
  const alto = lineas.length * interlinea + 2 * MARGEN_MM;
  const doc = new jsPDF({ unit: 'mm', format: [anchoPagina, Math.max(alto, 60)], orientation: 'portrait' });
  doc.setProperties({ title: titulo });
  doc.setFont('courier', 'normal').setFontSize(tamano);
  lineas.forEach((l, i) => doc.text(l, MARGEN_MM, MARGEN_MM + interlinea * (i + 0.8)));
  return doc;
}

export function descargarPdf(recibo: TRecibo, tienda: DatosTienda | null, ancho: TAnchoPapel): void {
  pdfRecibo(recibo, tienda, ancho).save(M.impresion.pdfArchivo(recibo.id));
}
