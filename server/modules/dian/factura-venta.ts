/**
 * The *factura electrónica de venta* (issue #57 point 1): a UBL 2.1 `Invoice` of type 01 with its
 * CUFE (the numbering range's technical key, not the software PIN) and an identified buyer, built from
 * the same input as the POS document (`DocumentoPos`: lines in centavos, the store, the range) plus
 * the buyer's fiscal data and the range's technical key. Same totals (`totales.ts`), the same helpers
 * for addresses and tax subtotals (`xml.ts`), the same signer (`firma.ts`) and outbox; what differs
 * from the POS document: type 01, profile *Factura Electrónica de Venta*, `CUFE-SHA384`, no POS
 * extensions, and the buyer's responsibilities and regime (annex v1.9; `/work/shared/dian.md`).
 */
import { camposDeCodigo, cufe, fechaHoraBogota, urlCatalogo } from './cude.js';
import { calcularTotales, validarDocumento } from './totales.js';
import { type Adquirente, type Direccion, type DocumentoPos } from './tipos.js';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { AGENCIA, cabecera, e, pagoTotalesYLineas, parte, proveedor, raizDian, type DocumentoGenerado } from './xml.js';

export const TIPO_FACTURA_VENTA = '01';
export const PROFILE_ID_FACTURA = 'DIAN 2.1: Factura Electrónica de Venta';

/** RUT responsibilities a buyer may have (annex table 13.2.6.1). */
export const RESPONSABILIDADES = ['O-13', 'O-15', 'O-23', 'O-47', 'R-99-PN'] as const;
export type Responsabilidad = (typeof RESPONSABILIDADES)[number];

/** The buyer of an invoice: always identified (no consumidor final), with their fiscal data. */
export interface AdquirenteFactura {
  /** 1 persona jurídica, 2 persona natural. */
  tipoPersona: 1 | 2;
  /** 31 NIT (with check digit), 13 cédula, 22 cédula de extranjería, 41 pasaporte. */
  tipoDocumento: Extract<Adquirente['tipoDocumento'], '13' | '22' | '31' | '41'>;
  numero: string;
  /** Check digit, required with a NIT. */
  dv?: string;
  nombre: string;
  email: string;
  responsabilidades: Responsabilidad[];
  /** Regime: responsible for IVA (TaxLevelCode listName 48, scheme 01) or not (49, ZZ). */
  responsableIva: boolean;
  direccion?: Direccion;
}

export interface FacturaVenta extends Omit<DocumentoPos, 'adquirente' | 'puntos' | 'caja'> {
  adquirente: AdquirenteFactura;
  /** The invoice range's technical key (ClaveTecnica): hashed into the CUFE, never in the XML. */
  claveTecnica: string;
}

export function validarAdquirente(a: AdquirenteFactura): void {
  if (!/^\d{3,15}$/.test(a.numero) && !(a.tipoDocumento === '41' && /^[A-Za-z0-9]{3,20}$/.test(a.numero))) throw new Error('Factura inválida: número de documento del comprador');
  if (a.tipoDocumento === '31' && !/^\d$/.test(a.dv ?? '')) throw new Error('Factura inválida: un NIT lleva dígito de verificación');
  if (!a.nombre.trim()) throw new Error('Factura inválida: falta el nombre del comprador');
  if (a.responsabilidades.length === 0) throw new Error('Factura inválida: faltan las responsabilidades del comprador');
}

export function construirFacturaVenta(d: FacturaVenta): DocumentoGenerado {
  validarDocumento({ ...d, caja: { placa: '', ubicacion: '', cajero: '', tipo: '', codigoVenta: '' } });
  validarAdquirente(d.adquirente);
  if (d.contingencia === '07' || d.documentoFisico) throw new Error('Factura inválida: la factura electrónica no se emite sin red en esta versión');
  const totales = calcularTotales({ ...d, caja: { placa: '', ubicacion: '', cajero: '', tipo: '', codigoVenta: '' } });
  const numero = `${d.resolucion.prefijo}${d.consecutivo}`;
  const { fecha, hora } = fechaHoraBogota(d.emision);
  const a = d.adquirente;
  const codigo = cufe({ ...camposDeCodigo(numero, d.emision, totales, d.emisor.nit, a.numero), claveTecnica: d.claveTecnica, ambiente: d.ambiente });
  const qr = urlCatalogo(codigo, d.ambiente);

  // DIAN's extension (with the range), then the signature's place.
  const { doc, inv, exts } = raizDian('Invoice', d, numero, qr, true);
  e(e(exts, 'ext:UBLExtension'), 'ext:ExtensionContent');

  cabecera(inv, {
    customizationId: '10',
    profileId: PROFILE_ID_FACTURA,
    ambiente: d.ambiente,
    numero,
    codigo,
    esquema: 'CUFE-SHA384',
    fecha,
    hora,
    ...(d.pago.forma === 2 && d.pago.vencimiento ? { vencimiento: d.pago.vencimiento } : {}),
    tipo: { elemento: 'cbc:InvoiceTypeCode', codigo: TIPO_FACTURA_VENTA },
    notas: [d.contingencia && `Contingencia tipo ${d.contingencia}`, d.nota],
    lineas: d.lineas.length,
  });

  partesFactura(inv, d);

  pagoTotalesYLineas(inv, d, totales, 'factura');

  return { xml: doc.end({ prettyPrint: false }), numero, cude: codigo, qr, fecha, hora, totales };
}

/**
 * The parties of an invoice and of its notes (nota-factura.ts): the store as supplier and the
 * identified buyer with their responsibilities and regime.
 */
export function partesFactura(inv: XMLBuilder, d: Pick<FacturaVenta, 'emisor' | 'resolucion' | 'adquirente'>): void {
  const a = d.adquirente;
  // Supplier: the store.
  proveedor(inv, d.emisor, d.resolucion.prefijo, d.emisor.responsableIva ? '48' : '49');

  // Buyer: identified, with responsibilities and regime.
  parte(inv, 'cac:AccountingCustomerParty', {
    tipoPersona: a.tipoPersona,
    numero: a.numero,
    esquema: { ...AGENCIA, ...(a.tipoDocumento === '31' && a.dv ? { schemeID: a.dv } : {}), schemeName: a.tipoDocumento },
    identificada: true,
    nombre: a.nombre,
    razonSocial: a.nombre,
    direccion: a.direccion,
    responsabilidades: a.responsabilidades.join(';'),
    nivel: a.responsableIva ? '48' : '49',
    responsableIva: a.responsableIva,
    email: a.email,
  });
}
