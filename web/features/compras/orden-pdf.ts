import { jsPDF } from 'jspdf';
import { compras } from '#shared/messages/compras';
import type { TOrden } from '#shared/schemas/compras';
import { cantidadDeLinea, costoDeLinea } from './lineas';
import { importeDeLinea, valorOrden } from './valor';

// This module's texts only: the catalogue splits per screen (issue #20).
const M = { compras };
const C = M.compras.columnas;

/** The purchase order as an A4 PDF to print or send (issue #32 point 4). Imported lazily. */
export function pdfOrden(orden: TOrden, tienda: string, fecha: string): jsPDF {
  const doc = new jsPDF({ unit: 'mm', format: 'a4' });
  doc.setProperties({ title: M.compras.pdfTitulo(orden.numero) });
  let y = 20;
  doc.setFont('helvetica', 'bold').setFontSize(16).text(M.compras.pdfTitulo(orden.numero), 15, y);
  doc.setFont('helvetica', 'normal').setFontSize(11);
  y += 8;
  doc.text(tienda, 15, y);
  y += 6;
  doc.text(M.compras.pdfProveedor(orden.proveedor, orden.proveedorTelefono), 15, y);
  y += 6;
  doc.text(M.compras.pdfFecha(fecha), 15, y);
  y += 10;
  const conCosto = orden.total != null;
  doc.setFont('helvetica', 'bold');
  doc.text(C.producto, 15, y);
  doc.text(C.cantidad, 120, y, { align: 'right' });
  if (conCosto) {
    doc.text(C.costo, 160, y, { align: 'right' });
    doc.text(C.subtotal, 195, y, { align: 'right' });
  }
  doc.setFont('helvetica', 'normal');
  for (const l of orden.items) {
    y += 7;
    if (y > 280) {
      doc.addPage();
      y = 20;
    }
    doc.text(doc.splitTextToSize(l.nombre, 60)[0] as string, 15, y);
    doc.text(cantidadDeLinea(l), 120, y, { align: 'right' });
    if (conCosto && l.costoUnit != null) {
      doc.text(costoDeLinea(l), 160, y, { align: 'right' });
      doc.text(importeDeLinea(l), 195, y, { align: 'right' });
    }
  }
  if (conCosto) {
    y += 10;
    doc.setFont('helvetica', 'bold').text(M.compras.pdfTotal(valorOrden({ total: orden.total!, items: orden.items })), 195, y, { align: 'right' });
  }
  if (orden.nota) {
    y += 10;
    doc.setFont('helvetica', 'normal').text(doc.splitTextToSize(`${M.compras.nota}: ${orden.nota}`, 180) as string[], 15, y);
  }
  return doc;
}
