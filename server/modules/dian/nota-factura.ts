/**
 * The *nota crédito* of a factura electrónica de venta (issue #57 point 2): a UBL 2.1 `CreditNote` of
 * type 91 that takes back all (concept 2, anulación de factura electrónica) or part (concept 1,
 * devolución parcial) of an invoice, referencing its number, CUFE and date (`BillingReference`) with
 * the discrepancy's reason (annex v1.9, table 13.2.4: 1 devolución parcial, 2 anulación, 3 rebaja o
 * descuento, 4 ajuste de precio). Its own numbering (the notes' prefix, no DIAN range: no
 * `InvoiceControl`) and its own CUDE, keyed by the **software PIN** like every note (annex §11.2.2:
 * the CUFE alone takes the range's technical key). The parties are the invoice's (`partesFactura`):
 * the buyer stays identified. Notes have no contingency: they wait in the outbox.
 */
import { camposDeCodigo, cude, fechaHoraBogota, urlCatalogo } from './cude.js';
import { partesFactura, validarAdquirente, type FacturaVenta } from './factura-venta.js';
import { calcularTotales, validarDocumento } from './totales.js';
import { notasDeAjuste } from './nota.js';
import type { LineaDocumento } from './tipos.js';
import { cabecera, e, pagoTotalesYLineas, raizDian, type Cabecera, type DocumentoGenerado } from './xml.js';

export const TIPO_NOTA_CREDITO_FACTURA = '91';
export const PROFILE_ID_NOTA_CREDITO = 'DIAN 2.1: Nota Crédito de Factura Electrónica de Venta';
/** CustomizationID 20: a credit note that references an electronic invoice. */
export const CUSTOMIZATION_NOTA_CON_REFERENCIA = '20';

export interface NotaCreditoFactura extends Omit<FacturaVenta, 'claveTecnica'> {
  ajuste: {
    /** 1 devolución parcial, 2 anulación de factura electrónica, 3 rebaja o descuento, 4 ajuste de precio. */
    concepto: 1 | 2 | 3 | 4;
    descripcion: string;
    /** The invoice: its prefixed number, CUFE and IssueDate (yyyy-mm-dd). */
    referencia: { numero: string; cufe: string; fecha: string };
  };
}

/** The invoice a note corrects, and what the note takes back. */
export interface FacturaOriginal {
  factura: Omit<FacturaVenta, 'claveTecnica'>;
  numero: string;
  cufe: string;
  fecha: string;
}

export interface DatosNotaFactura {
  prefijo: string;
  consecutivo: number;
  emision: Date;
  motivo: string;
}

/** Annulment (concept 2): every line of the invoice back; a partial return (concept 1): the returned lines, at what was refunded. */
export const { anulacion: notaCreditoAnulacion, devolucion: notaCreditoDevolucion } = notasDeAjuste((o: FacturaOriginal) => o.factura.lineas, notaCredito);

function notaCredito(o: FacturaOriginal, datos: DatosNotaFactura, concepto: 1 | 2, lineas: LineaDocumento[]): NotaCreditoFactura {
  const { contingencia: _c, documentoFisico: _d, ...resto } = o.factura;
  return {
    ...resto,
    // A note has no DIAN range: its own prefix and number.
    resolucion: { ...o.factura.resolucion, prefijo: datos.prefijo, desde: 1, hasta: 999_999_999 },
    consecutivo: datos.consecutivo,
    emision: datos.emision,
    lineas,
    ajuste: { concepto, descripcion: datos.motivo, referencia: { numero: o.numero, cufe: o.cufe, fecha: o.fecha } },
  };
}

const SIN_CAJA = { placa: '', ubicacion: '', cajero: '', tipo: '', codigoVenta: '' };

export function construirNotaCreditoFactura(n: NotaCreditoFactura): DocumentoGenerado {
  return construirNotaDeFactura(n, {
    raiz: 'CreditNote',
    clase: 'credito',
    nombre: 'nota crédito',
    customizationId: CUSTOMIZATION_NOTA_CON_REFERENCIA,
    profileId: PROFILE_ID_NOTA_CREDITO,
    tipo: { elemento: 'cbc:CreditNoteTypeCode', codigo: TIPO_NOTA_CREDITO_FACTURA },
  });
}

/** What tells an invoice's credit note (91) from its debit note (92, nota-debito.ts). */
export interface ClaseNotaFactura {
  raiz: 'CreditNote' | 'DebitNote';
  clase: 'credito' | 'debito';
  /** Its name in the errors: "nota crédito", "nota débito". */
  nombre: string;
  customizationId: string;
  profileId: string;
  /** A CreditNote's type code; UBL 2.1's DebitNote has none. */
  tipo?: Cabecera['tipo'];
}

/**
 * A note to an invoice, credit or debit: its own number, its CUDE keyed by the software PIN with the
 * invoice's buyer (annex v1.9 §11.2: the notes' CUDE takes Software-PIN; only the invoice's CUFE
 * takes the range's technical key), the reference to the invoice's number, CUFE and date, the
 * invoice's parties, the lines it credits or debits and their totals.
 */
export function construirNotaDeFactura(n: NotaCreditoFactura, k: ClaseNotaFactura): DocumentoGenerado {
  if (n.contingencia || n.documentoFisico) throw new Error(`Una ${k.nombre} no tiene contingencia: espera en la bandeja.`);
  if (!/^[0-9a-f]{96}$/.test(n.ajuste.referencia.cufe)) throw new Error(`La ${k.nombre} necesita el CUFE de la factura.`);
  if (!n.ajuste.descripcion.trim()) throw new Error(`La ${k.nombre} necesita el motivo de la corrección.`);
  validarDocumento({ ...n, caja: SIN_CAJA });
  validarAdquirente(n.adquirente);
  const totales = calcularTotales({ ...n, caja: SIN_CAJA });
  const numero = `${n.resolucion.prefijo}${n.consecutivo}`;
  const { fecha, hora } = fechaHoraBogota(n.emision);
  const codigo = cude({ ...camposDeCodigo(numero, n.emision, totales, n.emisor.nit, n.adquirente.numero), clave: n.software.pin, ambiente: n.ambiente });
  const qr = urlCatalogo(codigo, n.ambiente);

  // DIAN's extension without a range, then the signature's place.
  const { doc, inv, exts } = raizDian(k.raiz, n, numero, qr, false);
  e(e(exts, 'ext:UBLExtension'), 'ext:ExtensionContent');

  cabecera(inv, {
    customizationId: k.customizationId,
    profileId: k.profileId,
    ambiente: n.ambiente,
    numero,
    codigo,
    esquema: 'CUDE-SHA384',
    fecha,
    hora,
    ...(k.tipo ? { tipo: k.tipo } : {}),
    notas: [n.nota],
    lineas: n.lineas.length,
    referencia: { numero: n.ajuste.referencia.numero, codigo: n.ajuste.referencia.cufe, esquema: 'CUFE-SHA384', fecha: n.ajuste.referencia.fecha, concepto: n.ajuste.concepto, descripcion: n.ajuste.descripcion },
  });

  partesFactura(inv, n);
  pagoTotalesYLineas(inv, n, totales, k.clase);

  return { xml: doc.end({ prettyPrint: false }), numero, cude: codigo, qr, fecha, hora, totales };
}
