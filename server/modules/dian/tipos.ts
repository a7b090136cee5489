/**
 * The electronic POS document's input: what the rest of the product hands to `server/modules/dian/`.
 *
 * This module knows nothing of sales, products or stores; an adapter (the taxes issue's data: fiscal
 * profile, rates per line, numbering per till) fills a `DocumentoPos` and this module builds the UBL
 * XML, its CUDE, its signature and sends it. Keeping the boundary this small lets the document be tested
 * on its own against DIAN's schemas and vectors.
 *
 * Money: every amount is an integer number of **centavos** (the taxes issue derives base and tax to
 * centavos; DIAN's XML carries 2 decimals), so nothing here rounds. Quantities are decimal numbers
 * (0.5 KGM for a Colombian libra).
 */

import type { TUnidadDian } from '#shared/unidades';

/** DIAN's environment: 1 producción, 2 habilitación (`cbc:ProfileExecutionID`, last CUDE field). */
export type Ambiente = 1 | 2;

/** Taxes a line may carry. `excluido` is never reported; `exento` is reported as IVA at 0 %. */
export type TipoImpuesto = 'IVA' | 'INC' | 'exento' | 'excluido';

/** DIAN's tax codes (annex table 13.2.2). */
export const CODIGO_IMPUESTO = { IVA: '01', ICA: '03', INC: '04', INC_BOLSAS: '22' } as const;
export const NOMBRE_IMPUESTO: Record<string, string> = { '01': 'IVA', '03': 'ICA', '04': 'INC', '22': 'INC Bolsas' };

/** DIAN's unit codes a shop uses (a libra goes as 0.5 KGM, never LBR): the one unit rule's codes (shared/unidades.ts). */
export type UnidadDian = TUnidadDian;

/** Payment means: 10 efectivo, 47 transferencia, 48 tarjeta crédito, 49 tarjeta débito, ZZZ otro. */
export type MedioPago = '10' | '47' | '48' | '49' | 'ZZZ';

export interface Direccion {
  /** DANE municipality code (5 digits, e.g. 11001 Bogotá). */
  municipioCodigo: string;
  municipio: string;
  /** DANE department code (2 digits). */
  departamentoCodigo: string;
  departamento: string;
  linea: string;
  /** Postal code (optional). */
  codigoPostal?: string;
}

export interface Emisor {
  /** NIT without check digit nor dots. */
  nit: string;
  /** Check digit (see `digitoVerificacion`). */
  dv: string;
  razonSocial: string;
  nombreComercial?: string;
  /** 1 persona jurídica, 2 persona natural. */
  tipoPersona: 1 | 2;
  /** RUT responsibilities, e.g. ['O-13'] or ['R-99-PN']. */
  responsabilidades: string[];
  /** Whether the store is responsible for IVA (tax scheme 01) or not (ZZ). */
  responsableIva: boolean;
  direccion: Direccion;
  telefono?: string;
  email?: string;
}

/** A named buyer (only name, ID type and number, e-mail may be asked: Res. 202/2025). */
export interface Adquirente {
  /** DIAN ID type: 13 cédula, 31 NIT, 22 cédula de extranjería, 41 pasaporte, 12 tarjeta de identidad. */
  tipoDocumento: '11' | '12' | '13' | '21' | '22' | '31' | '41' | '42' | '47' | '50';
  numero: string;
  /** Check digit, only with a NIT. */
  dv?: string;
  nombre: string;
  email?: string;
}

export interface Resolucion {
  numero: string;
  /** yyyy-mm-dd */
  fechaDesde: string;
  fechaHasta: string;
  prefijo: string;
  desde: number;
  hasta: number;
}

export interface Software {
  /** SoftwareID DIAN gives when the software is registered. */
  id: string;
  /** The PIN chosen when registering the software: never travels in the XML. */
  pin: string;
  /** NIT of the software provider (the store itself when it registers its own software). */
  proveedorNit: string;
  proveedorDv: string;
  /** The three POS extension values of `FabricanteSoftware`. */
  fabricante: { nombreApellido: string; razonSocial: string; nombreSoftware: string };
}

export interface Caja {
  placa: string;
  ubicacion: string;
  cajero: string;
  tipo: string;
  /** The sale's own code (e.g. its id in this product). */
  codigoVenta: string;
}

export interface ImpuestoLinea {
  tipo: TipoImpuesto;
  /** Percent, e.g. 19, 5, 8, 0. Ignored for excluido. */
  tarifa: number;
  /** Tax amount in centavos (0 for exento/excluido). */
  valor: number;
}

export interface LineaDocumento {
  /** The product's own code (scheme 999) or its GTIN (scheme 010). */
  codigo: string;
  esquemaCodigo: '999' | '010';
  descripcion: string;
  cantidad: number;
  unidad: UnidadDian;
  /** Unit price before taxes, in centavos (may be the rounded base / quantity). */
  precioUnitario: number;
  /** Line base before taxes (LineExtensionAmount), centavos. */
  base: number;
  impuesto: ImpuestoLinea;
  /** INC on plastic bags: per-unit value in centavos; the line's bag tax = units × value. */
  bolsa?: { valorUnitario: number; unidades: number };
}

export interface Pago {
  /** 1 contado, 2 crédito (fiado). */
  forma: 1 | 2;
  medio: MedioPago;
  /** yyyy-mm-dd, required with crédito. */
  vencimiento?: string;
}

/** Contingency type when the document was issued while the shop (07) or DIAN (08) failed. */
export type Contingencia = '07' | '08';

export interface DocumentoPos {
  ambiente: Ambiente;
  /** The consecutive number inside the resolution's range (prefix comes from `resolucion`). */
  consecutivo: number;
  /** The instant of issue (= signing date); rendered in America/Bogota (-05:00). */
  emision: Date;
  emisor: Emisor;
  /** `null` → consumidor final 222222222222. */
  adquirente: Adquirente | null;
  resolucion: Resolucion;
  software: Software;
  caja: Caja;
  lineas: LineaDocumento[];
  pago: Pago;
  /** Loyalty points shown in `BeneficiosComprador` (0 when the shop has no programme). */
  puntos?: number;
  contingencia?: Contingencia;
  /** Type 07: the physical document the cashier handed over while the shop was offline (its printed number and time). */
  documentoFisico?: { numero: string; fecha: Date };
  nota?: string;
}

export const CONSUMIDOR_FINAL = '222222222222';
/** DIAN's NIT as AuthorizationProvider. */
export const NIT_DIAN = '800197268';
