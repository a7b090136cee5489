/**
 * The *documento soporte en adquisiciones efectuadas a no obligados a facturar* (issue #57 point 3,
 * ADR 055): when a store that issues electronic documents buys from a seller who does not invoice
 * (the farmer who brings eggs), the store itself issues the document that supports the purchase — a
 * UBL 2.1 `Invoice` of type 05 numbered from the store's DS range, with its CUDS — and, for a return to
 * that seller or a correction, its *nota de ajuste* (a `CreditNote` of type 95) referencing it.
 * The parties are inverted against a sale: the seller (`AccountingSupplierParty`) is the supplier who
 * does not invoice, the buyer (`AccountingCustomerParty`) is the store, which signs and sends it.
 * Same helpers as every DIAN document (`raizDian`, `cabecera`, `pagoTotalesYLineas`), same signer and
 * outbox; amounts in centavos as `DocumentoPos` (`tipos.ts`).
 */
import { createHash } from 'node:crypto';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { fechaHoraBogota, inicioCadena, monto, montoTruncado, urlCatalogo, type CamposCude } from './cude.js';
import { esGtin } from './adaptador.js';
import { calcularTotales, validarDocumento } from './totales.js';
import type { Ambiente, Direccion, Emisor, LineaDocumento, Pago, Resolucion, Software } from './tipos.js';
import { AGENCIA, cabecera, e, pagoTotalesYLineas, parte, raizDian, type DocumentoGenerado } from './xml.js';

export const TIPO_DOCUMENTO_SOPORTE = '05';
export const TIPO_NOTA_SOPORTE = '95';
export const PROFILE_ID_SOPORTE = 'DIAN 2.1: documento soporte en adquisiciones efectuadas a no obligados a facturar.';
export const PROFILE_ID_NOTA_SOPORTE = 'DIAN 2.1: Nota de ajuste al documento soporte en adquisiciones efectuadas a sujetos no obligados a expedir factura o documento equivalente';
/** CustomizationID 10: the seller lives in Colombia (11 would be a non-resident seller). */
export const CUSTOMIZATION_SOPORTE_RESIDENTE = '10';
/** The prefix of the DS's adjustment notes (numbered from the store's one notes' counter). */
export const PREFIJO_NOTAS_SOPORTE = 'NS';

/** A supplier's ID type (the product's codes, `TIPOS_IDENTIFICACION_PROVEEDOR`) as DIAN's (annex table 13.2.1). */
export const TIPO_ID_DIAN: Record<string, string> = { CC: '13', CE: '22', NIT: '31', PA: '41', TI: '12', PEP: '47', PPT: '48', NITE: '50' };

/** The seller who does not invoice, as the document names it. */
export interface VendedorSoporte {
  /** DIAN's ID type code (13 cédula, 31 NIT, 22 CE, 41 pasaporte…). */
  tipoDocumento: string;
  numero: string;
  /** Check digit, with a NIT. */
  dv?: string;
  nombre: string;
  direccion: Direccion;
  email?: string;
}

export interface DocumentoSoporte {
  ambiente: Ambiente;
  consecutivo: number;
  /** The instant of issue (= signing date), rendered in Bogotá. */
  emision: Date;
  /** The store: the buyer, who issues and signs. */
  adquiriente: Emisor;
  vendedor: VendedorSoporte;
  /** The DS range (for a note: its own prefix, no range). */
  resolucion: Resolucion;
  software: Software;
  lineas: LineaDocumento[];
  pago: Pago;
  nota?: string;
}

/** A note to a documento soporte: why (1 devolución parcial, 2 anulación, 3 rebaja, 4 ajuste de precio) and which DS. */
export interface NotaSoporte extends DocumentoSoporte {
  ajuste: { concepto: 1 | 2 | 3 | 4; descripcion: string; referencia: { numero: string; cuds: string; fecha: string } };
}

/** The fields the CUDS hashes (DS annex §: NumDS + FecDS + HorDS + ValDS + 01 + ValIVA + ValTot + NumSNO + NITABS + Software-PIN + TipoAmb). */
export interface CamposCuds extends Pick<CamposCude, 'numero' | 'fecha' | 'hora' | 'valorBruto' | 'iva' | 'valorTotal'> {
  /** The seller's ID, without check digit. */
  numeroVendedor: string;
  /** The store's NIT, without check digit. */
  nitAdquiriente: string;
  pin: string;
  ambiente: 1 | 2 | '1' | '2';
}

export function cadenaCuds(c: CamposCuds): string {
  return (
    inicioCadena(c) +
    montoTruncado(c.valorTotal) +
    c.numeroVendedor.replace(/\D/g, '') +
    c.nitAdquiriente.replace(/\D/g, '') +
    c.pin +
    String(c.ambiente)
  );
}

/** CUDS: SHA-384 of its concatenation, 96 lowercase hex characters. */
export function cuds(c: CamposCuds): string {
  return createHash('sha384').update(cadenaCuds(c), 'utf8').digest('hex');
}

const SIN_CAJA = { placa: '', ubicacion: '', cajero: '', tipo: '', codigoVenta: '' };

export function validarVendedor(v: VendedorSoporte): void {
  if (!Object.values(TIPO_ID_DIAN).includes(v.tipoDocumento)) throw new Error('Documento soporte inválido: tipo de documento del vendedor');
  if (!/^[0-9A-Za-z]{3,20}$/.test(v.numero)) throw new Error('Documento soporte inválido: número de documento del vendedor');
  if (v.tipoDocumento === '31' && !/^\d$/.test(v.dv ?? '')) throw new Error('Documento soporte inválido: un NIT lleva dígito de verificación');
  if (!v.nombre.trim()) throw new Error('Documento soporte inválido: falta el nombre del vendedor');
  if (!/^\d{5}$/.test(v.direccion.municipioCodigo) || !v.direccion.linea.trim()) throw new Error('Documento soporte inválido: falta la dirección del vendedor');
}

export function construirDocumentoSoporte(d: DocumentoSoporte): DocumentoGenerado {
  return construir(d, null);
}

export function construirNotaSoporte(n: NotaSoporte): DocumentoGenerado {
  if (!/^[0-9a-f]{96}$/.test(n.ajuste.referencia.cuds)) throw new Error('La nota de ajuste necesita el CUDS del documento soporte.');
  if (!n.ajuste.descripcion.trim()) throw new Error('La nota de ajuste necesita el motivo de la corrección.');
  return construir(n, n.ajuste);
}

function construir(d: DocumentoSoporte, ajuste: NotaSoporte['ajuste'] | null): DocumentoGenerado {
  const comoPos = { ...d, emisor: d.adquiriente, adquirente: null, caja: SIN_CAJA };
  validarDocumento(comoPos);
  validarVendedor(d.vendedor);
  const totales = calcularTotales(comoPos);
  const numero = `${d.resolucion.prefijo}${d.consecutivo}`;
  const { fecha, hora } = fechaHoraBogota(d.emision);
  const codigo = cuds({
    numero,
    fecha,
    hora,
    valorBruto: monto(totales.bruto),
    iva: monto(totales.iva),
    valorTotal: monto(totales.aPagar),
    numeroVendedor: d.vendedor.numero,
    nitAdquiriente: d.adquiriente.nit,
    pin: d.software.pin,
    ambiente: d.ambiente,
  });
  const qr = urlCatalogo(codigo, d.ambiente);

  // DIAN's extension (the DS range's control on the document, none on its note), then the signature's place.
  const { doc, inv, exts } = raizDian(ajuste ? 'CreditNote' : 'Invoice', d, numero, qr, !ajuste);
  e(e(exts, 'ext:UBLExtension'), 'ext:ExtensionContent');

  cabecera(inv, {
    customizationId: CUSTOMIZATION_SOPORTE_RESIDENTE,
    profileId: ajuste ? PROFILE_ID_NOTA_SOPORTE : PROFILE_ID_SOPORTE,
    ambiente: d.ambiente,
    numero,
    codigo,
    esquema: 'CUDS-SHA384',
    fecha,
    hora,
    tipo: ajuste ? { elemento: 'cbc:CreditNoteTypeCode', codigo: TIPO_NOTA_SOPORTE } : { elemento: 'cbc:InvoiceTypeCode', codigo: TIPO_DOCUMENTO_SOPORTE },
    notas: [d.nota],
    lineas: d.lineas.length,
    ...(ajuste
      ? { referencia: { numero: ajuste.referencia.numero, codigo: ajuste.referencia.cuds, esquema: 'CUDS-SHA384' as const, fecha: ajuste.referencia.fecha, concepto: ajuste.concepto, descripcion: ajuste.descripcion } }
      : {}),
  });

  partesSoporte(inv, d);
  pagoTotalesYLineas(inv, d, totales, ajuste ? 'credito' : 'factura', fecha);

  return { xml: doc.end({ prettyPrint: false }), numero, cude: codigo, qr, fecha, hora, totales };
}

/** Seller: the supplier who does not invoice (not responsible for IVA, R-99-PN); buyer: the store. */
function partesSoporte(inv: XMLBuilder, d: DocumentoSoporte): void {
  const v = d.vendedor;
  parte(inv, 'cac:AccountingSupplierParty', {
    tipoPersona: v.tipoDocumento === '31' || v.tipoDocumento === '50' ? 1 : 2,
    numero: v.numero,
    esquema: { ...AGENCIA, ...(v.dv ? { schemeID: v.dv } : {}), schemeName: v.tipoDocumento },
    identificada: true,
    nombre: v.nombre,
    razonSocial: v.nombre,
    direccion: v.direccion,
    responsabilidades: 'R-99-PN',
    nivel: '49',
    responsableIva: false,
    email: v.email,
  });
  const a = d.adquiriente;
  parte(inv, 'cac:AccountingCustomerParty', {
    tipoPersona: a.tipoPersona,
    numero: a.nit,
    esquema: { ...AGENCIA, ...(a.dv ? { schemeID: a.dv } : {}), schemeName: '31' },
    identificada: true,
    nombre: a.razonSocial,
    razonSocial: a.razonSocial,
    direccion: a.direccion,
    responsabilidades: a.responsabilidades.join(';'),
    nivel: a.responsableIva ? '48' : '49',
    responsableIva: a.responsableIva,
    email: a.email,
    telefono: a.telefono,
  });
}

/** A reception's line as the DS reads it: pesos, in the unit it was received in (packs at the pack's cost). */
export interface LineaCompraSoporte {
  codigo: string;
  codigoBarras: string | null;
  nombre: string;
  cantidad: number;
  /** DIAN's unit code ('94' by unit or by pack, KGM, LTR…). */
  unidad: string;
  /** The line's money, integer pesos (as the reception's total sums it). */
  importe: number;
}

const UNIDADES = ['94', 'KGM', 'GRM', 'LTR', 'MLT', 'MTR'];

/**
 * A reception's line as a DS line: its money exactly (pesos to centavos), no tax (a seller who does
 * not invoice charges none), a GTIN as scheme 010 and the product's code otherwise.
 */
export function lineaSoporte(l: LineaCompraSoporte): LineaDocumento {
  const base = l.importe * 100;
  const gtin = esGtin(l.codigoBarras);
  return {
    codigo: gtin ? l.codigoBarras! : l.codigo,
    esquemaCodigo: gtin ? '010' : '999',
    descripcion: l.nombre,
    cantidad: l.cantidad,
    unidad: (UNIDADES.includes(l.unidad) ? l.unidad : '94') as LineaDocumento['unidad'],
    precioUnitario: l.cantidad > 0 ? Math.round(base / l.cantidad) : base,
    base,
    impuesto: { tipo: 'excluido', tarifa: 0, valor: 0 },
  };
}
