/**
 * From a real sale (#30's data: the store's fiscal profile, each line's tax as recorded when sold,
 * base and tax by shared/impuestos.ts's one rounding rule) to the module's `DocumentoPos`. Pure: the
 * caller reads the sale, the profile and the till's numbering (resolution, range and the number the
 * sale took — #30's numbering per till) and passes them in.
 */
import { desglosarVenta, type TImpuesto, type TUnidadDian } from '../../../shared/impuestos.js';
import { nombreDepartamento, nombreMunicipio } from './divipola.js';
import type { Adquirente, Caja, DocumentoPos, ImpuestoLinea, LineaDocumento, MedioPago, Resolucion, Software } from './tipos.js';

export interface PerfilFiscalVenta {
  razonSocial: string;
  tipoPersona: 'natural' | 'juridica';
  nit: string;
  dv: number;
  responsabilidades: string[];
  responsableIva: boolean;
  /** DANE codes, and their names when known (the XML carries both). */
  departamento: string;
  municipio: string;
  departamentoNombre?: string;
  municipioNombre?: string;
  direccion: string;
  telefono?: string | null;
  correo: string;
}

export interface LineaVenta {
  /** The product's own code, and its barcode when it is a GTIN. */
  codigo: string;
  codigoBarras?: string | null;
  nombre: string;
  cantidad: number;
  unidad: TUnidadDian;
  /** Pesos the line pays before the sale's discount (price × quantity − the line's discount). */
  importe: number;
  /** The tax recorded on the line when sold. */
  impuesto: TImpuesto | null;
  /** For a bag: the INC per unit in pesos, as recorded. */
  valorBolsa?: number | null;
}

export interface VentaParaDocumento {
  nombreTienda: string;
  perfil: PerfilFiscalVenta;
  lineas: LineaVenta[];
  /** The sale's own discount, pesos. */
  descuento: number;
  /** Fiado: payment form crédito with its due date (yyyy-mm-dd). */
  fiado: { vencimiento: string } | null;
  medio: MedioPago;
  adquirente: Adquirente | null;
  emision: Date;
  ambiente: 1 | 2;
  consecutivo: number;
  resolucion: Resolucion;
  software: Software;
  caja: Caja;
  contingencia?: '07' | '08';
  documentoFisico?: { numero: string; fecha: Date };
}

const IMPUESTO_LINEA: Record<Exclude<TImpuesto, 'bolsa'>, Omit<ImpuestoLinea, 'valor'>> = {
  iva19: { tipo: 'IVA', tarifa: 19 },
  iva5: { tipo: 'IVA', tarifa: 5 },
  exento: { tipo: 'exento', tarifa: 0 },
  excluido: { tipo: 'excluido', tarifa: 0 },
  inc8: { tipo: 'INC', tarifa: 8 },
};

/** A barcode that is a GTIN (EAN-8, UPC-A, EAN-13, GTIN-14): DIAN's item scheme 010. */
export const esGtin = (c: string | null | undefined): c is string => !!c && /^\d{8}$|^\d{12,14}$/.test(c);

export class VentaSinImpuesto extends Error {}

/**
 * A sale's lines (or a debit note's charges, ADR 050) as the document's lines: base and tax to
 * centavos by shared/impuestos.ts's one rule, the sale's discount spread over them.
 */
export function lineasDocumento(lineasVenta: LineaVenta[], descuento: number): LineaDocumento[] {
  const sinImpuesto = lineasVenta.findIndex((l) => l.impuesto === null);
  if (sinImpuesto >= 0) throw new VentaSinImpuesto(`La línea ${sinImpuesto + 1} (${lineasVenta[sinImpuesto]!.nombre}) no tiene impuesto.`);
  const desglose = desglosarVenta(
    lineasVenta.map((l) => ({ importe: l.importe, cantidad: l.cantidad, impuesto: l.impuesto, valorBolsa: l.valorBolsa })),
    descuento,
  );
  return lineasVenta.map((l, i) => {
    const d = desglose[i]!;
    const comun = {
      codigo: esGtin(l.codigoBarras) ? l.codigoBarras : l.codigo,
      esquemaCodigo: esGtin(l.codigoBarras) ? ('010' as const) : ('999' as const),
      descripcion: l.nombre,
      cantidad: l.cantidad,
      unidad: l.unidad,
      precioUnitario: Math.round(d.base / l.cantidad),
      base: d.base,
    };
    if (l.impuesto === 'bolsa') {
      // The bag's INC is per unit; what is left of the line is its base, sold excluded.
      // (A bag priced under its INC has its tax capped by #30's rule: any centavos the units cannot
      // carry evenly stay in the base, so base + tax is still exactly what the line paid.)
      const unidades = Math.max(0, Math.round(l.cantidad));
      const valorUnitario = unidades > 0 ? Math.floor(d.impuesto / unidades) : 0;
      return {
        ...comun,
        base: d.base + (d.impuesto - unidades * valorUnitario),
        impuesto: { tipo: 'excluido', tarifa: 0, valor: 0 },
        bolsa: { unidades, valorUnitario },
      };
    }
    return { ...comun, impuesto: { ...IMPUESTO_LINEA[l.impuesto!], valor: d.impuesto } };
  });
}

/** The store as DIAN's documents name it, from its fiscal profile (the seller of a sale, the buyer of a documento soporte). */
export function emisorDePerfil(p: PerfilFiscalVenta, nombreTienda: string): DocumentoPos['emisor'] {
  return {
    nit: p.nit,
    dv: String(p.dv),
    razonSocial: p.razonSocial,
    nombreComercial: nombreTienda,
    tipoPersona: p.tipoPersona === 'juridica' ? 1 : 2,
    responsabilidades: p.responsabilidades.length > 0 ? p.responsabilidades : ['R-99-PN'],
    responsableIva: p.responsableIva,
    direccion: {
      municipioCodigo: p.municipio,
      // DIAN's CityName and CountrySubentity are names; a municipality keeps its code where no name is certain (divipola.ts).
      municipio: p.municipioNombre ?? nombreMunicipio(p.municipio) ?? p.municipio,
      departamentoCodigo: p.departamento,
      departamento: p.departamentoNombre ?? nombreDepartamento(p.departamento) ?? p.departamento,
      linea: p.direccion,
    },
    telefono: p.telefono ?? undefined,
    email: p.correo,
  };
}

export function documentoDesdeVenta(v: VentaParaDocumento): DocumentoPos {
  const lineas = lineasDocumento(v.lineas, v.descuento);
  return {
    ambiente: v.ambiente,
    consecutivo: v.consecutivo,
    emision: v.emision,
    emisor: emisorDePerfil(v.perfil, v.nombreTienda),
    adquirente: v.adquirente,
    resolucion: v.resolucion,
    software: v.software,
    caja: v.caja,
    lineas,
    pago: v.fiado ? { forma: 2, medio: 'ZZZ', vencimiento: v.fiado.vencimiento } : { forma: 1, medio: v.medio },
    contingencia: v.contingencia,
    ...(v.documentoFisico ? { documentoFisico: v.documentoFisico } : {}),
  };
}
