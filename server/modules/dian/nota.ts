/**
 * Adjustment notes for an electronic POS document: annulling a sale takes every line back (concept 2,
 * anulación); a partial return (the returns issue) takes some (concept 1). The note has its own
 * numbering (the notes' prefix and range) and is signed and sent like any document, without
 * contingency.
 */
import type { DocumentoPos, LineaDocumento, Resolucion } from './tipos.js';
import type { NotaAjuste } from './xml.js';

export interface DatosNota {
  /** The notes' own numbering. */
  resolucion: Resolucion;
  consecutivo: number;
  emision: Date;
  motivo: string;
}

export interface Original {
  documento: DocumentoPos;
  numero: string;
  cude: string;
  /** IssueDate of the original, yyyy-mm-dd. */
  fecha: string;
}

/**
 * The two notes that take lines back, for any document (this POS one, the invoice's credit note in
 * nota-factura.ts): an annulment (concept 2) every line of the original, a partial return (concept 1)
 * the given lines (with their returned quantities and amounts).
 */
export function notasDeAjuste<O, D, N>(lineasDe: (o: O) => LineaDocumento[], nota: (o: O, datos: D, concepto: 1 | 2, lineas: LineaDocumento[]) => N) {
  return {
    anulacion: (o: O, datos: D): N => nota(o, datos, 2, lineasDe(o)),
    devolucion: (o: O, datos: D, lineas: LineaDocumento[]): N => nota(o, datos, 1, lineas),
  };
}

export const { anulacion: notaDeAnulacion, devolucion: notaDeDevolucion } = notasDeAjuste((o: Original) => o.documento.lineas, notaDeAjuste);

function notaDeAjuste(o: Original, datos: DatosNota, concepto: 1 | 2, lineas: LineaDocumento[]): NotaAjuste {
  const { contingencia: _sinContingencia, ...resto } = o.documento;
  return {
    ...resto,
    resolucion: datos.resolucion,
    consecutivo: datos.consecutivo,
    emision: datos.emision,
    lineas,
    ajuste: { concepto, descripcion: datos.motivo, referencia: { numero: o.numero, cude: o.cude, fecha: o.fecha } },
  };
}
