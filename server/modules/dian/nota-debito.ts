/**
 * The *nota débito* of a factura electrónica de venta (issue #57 point 2, ADR 050): a UBL 2.1
 * `DebitNote` (DIAN type 92) that charges the buyer something after the invoice — interest, a charge
 * such as freight, a price corrected upward — referencing the invoice's number, CUFE and date
 * (`BillingReference`) with the reason's code (annex v1.9, table 13.2.5: 1 intereses, 2 gastos por
 * cobrar, 3 cambio del valor, 4 otros). Built like the invoice's credit note (`construirNotaDeFactura`):
 * its own number (prefix `ND`, no DIAN range), its CUDE keyed by the software PIN, the invoice's
 * parties; what differs is the root, `CustomizationID` 30 (a debit note that references an invoice),
 * its profile, `RequestedMonetaryTotal` and `DebitNoteLine`/`DebitedQuantity`, and no type code
 * (UBL 2.1's DebitNote has no such element: the 92 is the outbox's and DIAN's name for it).
 */
import type { TImpuesto } from '../../../shared/impuestos.js';
import { lineasDocumento } from './adaptador.js';
import type { LineaDocumento } from './tipos.js';
import { construirNotaDeFactura, type FacturaOriginal, type NotaCreditoFactura } from './nota-factura.js';
import type { DocumentoGenerado } from './xml.js';

export const TIPO_NOTA_DEBITO_FACTURA = '92';
export const PROFILE_ID_NOTA_DEBITO = 'DIAN 2.1: Nota Débito de Factura Electrónica de Venta';
/** CustomizationID 30: a debit note that references an electronic invoice. */
export const CUSTOMIZATION_NOTA_DEBITO_CON_REFERENCIA = '30';
/** The debit notes' own prefix (NA nota de ajuste, NC nota crédito). */
export const PREFIJO_NOTAS_DEBITO = 'ND';

/** Annex v1.9 table 13.2.5: why a debit note charges more. */
export const CONCEPTOS_NOTA_DEBITO = { 1: 'Intereses', 2: 'Gastos por cobrar', 3: 'Cambio del valor', 4: 'Otros' } as const;
export type ConceptoNotaDebito = keyof typeof CONCEPTOS_NOTA_DEBITO;

/** A debit note: the invoice's parties and payment, the charged lines, the reason and the reference. */
export type NotaDebitoFactura = NotaCreditoFactura;

export interface DatosNotaDebito {
  consecutivo: number;
  emision: Date;
  concepto: ConceptoNotaDebito;
  motivo: string;
  /** What is charged, each line with its base and tax in centavos. */
  lineas: LineaDocumento[];
}

/** The debit note of an invoice: its lines, numbered `ND…`, referencing the invoice. */
export function notaDebito(o: FacturaOriginal, d: DatosNotaDebito): NotaDebitoFactura {
  const { contingencia: _c, documentoFisico: _d, nota: _n, ...resto } = o.factura;
  return {
    ...resto,
    resolucion: { ...o.factura.resolucion, prefijo: PREFIJO_NOTAS_DEBITO, desde: 1, hasta: 999_999_999 },
    consecutivo: d.consecutivo,
    emision: d.emision,
    lineas: d.lineas,
    ajuste: { concepto: d.concepto, descripcion: d.motivo, referencia: { numero: o.numero, cufe: o.cufe, fecha: o.fecha } },
  };
}

export function construirNotaDebitoFactura(n: NotaDebitoFactura): DocumentoGenerado {
  return construirNotaDeFactura(n, {
    raiz: 'DebitNote',
    clase: 'debito',
    nombre: 'nota débito',
    customizationId: CUSTOMIZATION_NOTA_DEBITO_CON_REFERENCIA,
    profileId: PROFILE_ID_NOTA_DEBITO,
  });
}

/** One charge the owner adds: what it is, the pesos charged (tax included) and its tax. */
export interface CargoNotaDebito {
  descripcion: string;
  valor: number;
  impuesto: Exclude<TImpuesto, 'bolsa'>;
}

/**
 * The charges as the note's lines: one unit each, the pesos split into base and tax to centavos by
 * the sale's one rule (shared/impuestos.ts), so each line's base + tax is exactly what is charged.
 */
export function lineasDeCargos(cargos: CargoNotaDebito[]): LineaDocumento[] {
  return lineasDocumento(
    cargos.map((c, i) => ({ codigo: `CARGO${i + 1}`, nombre: c.descripcion, cantidad: 1, unidad: '94' as const, importe: c.valor, impuesto: c.impuesto })),
    0,
  );
}
