import type { TFormatoBalanza } from './schemas/balanza';
import { largoValor } from './balanza-largo';
import { cantidadPorValor, deMilesimas, MILESIMAS } from './cantidad';
import { reglaUnidad } from './unidades';
import { AppError } from './errors';
import { ventasCaja } from './messages/ventas-caja';
import { LIMITES_DINERO } from './money';

/**
 * Barcodes printed by label scales (issue #33 point 4): an EAN-13 in GS1's restricted range (prefixes
 * 20–29) carrying the item code and the weight or the price. Layouts differ by scale brand, so the
 * layout is a store setting: the prefix, the item code's length, weight or price, the decimals of the
 * value, and whether the value has its own price check digit (GS1 General Specifications §7.9.3).
 *
 *   prefix(2) + item(largoCodigo) + [price check digit] + value + EAN check digit = 13 digits
 */

// The layout's schema (zod) is in schemas/balanza.ts: the till and the offline sale read labels
// without loading zod (issue #55 point 4).
export type { TFormatoBalanza };

// largoValor is balanza-largo.ts's: the schema checks a layout with it, and importing it from here
// closed a cycle of imports with this file's type import of the schema (ADR 080).
export { largoValor };

/** What a scale label says: the item code, and the weight in thousandths or the price in pesos. */
export type EtiquetaBalanza = { codigo: string } & ({ tipo: 'peso'; milesimas: number } | { tipo: 'precio'; pesos: number });

const digitos = (s: string) => [...s].map(Number);

/** EAN-13's check digit of the first 12 digits (weights 1, 3 from the left). */
export function digitoEan13(doce: string): number {
  const suma = digitos(doce).reduce((a, d, i) => a + d * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (suma % 10)) % 10;
}

// GS1 §7.9.3's weighting factors: the units digit of the product, the tens digit taken off (−) or added (+).
const DOS_MENOS = [0, 2, 4, 6, 8, 9, 1, 3, 5, 7];
const TRES = [0, 3, 6, 9, 2, 5, 8, 1, 4, 7];
const CINCO_MAS = [0, 5, 1, 6, 2, 7, 3, 8, 4, 9];
const CINCO_MENOS = [0, 5, 9, 4, 8, 3, 7, 2, 6, 1];

/** The price check digit of a 4- or 5-digit price field (GS1 §7.9.3). */
export function digitoPrecio(valor: string): number {
  const d = digitos(valor);
  if (d.length === 4) return ((DOS_MENOS[d[0]!]! + DOS_MENOS[d[1]!]! + TRES[d[2]!]! + CINCO_MENOS[d[3]!]!) * 3) % 10;
  if (d.length === 5) {
    const suma = CINCO_MAS[d[0]!]! + DOS_MENOS[d[1]!]! + CINCO_MENOS[d[2]!]! + CINCO_MAS[d[3]!]! + DOS_MENOS[d[4]!]!;
    return CINCO_MENOS.indexOf((10 - (suma % 10)) % 10);
  }
  throw new Error('digitoPrecio: el precio tiene 4 o 5 dígitos');
}

/**
 * Reads a scanned code with the store's layouts: the first whose prefix it starts with. Null when it
 * is not a scale label of any of them (then the till looks it up as an ordinary barcode), or when a
 * check digit is wrong (a misread: the till says the code was not found).
 */
export function leerEtiquetaBalanza(codigo: string, formatos: readonly TFormatoBalanza[]): EtiquetaBalanza | null {
  const c = codigo.trim();
  if (!/^2[0-9]{12}$/.test(c)) return null;
  const f = formatos.find((x) => c.startsWith(x.prefijo));
  if (!f) return null;
  if (digitoEan13(c.slice(0, 12)) !== Number(c[12])) return null;
  const item = c.slice(2, 2 + f.largoCodigo);
  let i = 2 + f.largoCodigo;
  const control = f.digitoPrecio ? Number(c[i++]) : null;
  const valor = c.slice(i, i + largoValor(f));
  if (control !== null && digitoPrecio(valor) !== control) return null;
  const n = Number(valor);
  if (f.contenido === 'peso') {
    // The weight in kilograms with `decimales` places: as thousandths of a kilogram.
    const milesimas = n * 10 ** (3 - f.decimales);
    return milesimas > 0 ? { codigo: item, tipo: 'peso', milesimas } : null;
  }
  // Pesos with `decimales` places (a scale printing centavos): half-up to the peso.
  const pesos = Math.floor((n * 2 + 10 ** f.decimales) / (2 * 10 ** f.decimales));
  return pesos > 0 ? { codigo: item, tipo: 'precio', pesos } : null;
}

/**
 * The barcodes a label's item code may be stored as: as printed (01234) or without its leading zeros
 * (1234), since a scale pads its PLU. The product whose barcode is the code as printed wins.
 */
export const codigosDeArticulo = (etiqueta: Pick<EtiquetaBalanza, 'codigo'>): string[] =>
  [...new Set([etiqueta.codigo, etiqueta.codigo.replace(/^0+/, '')])].filter(Boolean);

/**
 * The quantity a label gives, in the product's unit: a weight label's kilograms (as grams for a
 * product sold by the gram); a price label's pesos through cantidadPorValor at the product's price.
 * A product sold by unit, or a weight for one sold by volume, is refused with its reason (422). One
 * rule for the server's lookup (venta.busqueda.ts) and the offline till (issue #34, ADR 034).
 */
export function cantidadDeEtiqueta(p: { nombre: string; precio: number; unidad: string | null }, etiqueta: EtiquetaBalanza): { tipo: 'peso' | 'precio'; cantidad: number } {
  const V = ventasCaja.peso;
  if (p.unidad === '94' || !p.unidad) throw new AppError('BUSINESS_RULE', V.etiquetaPorUnidad(p.nombre));
  let milesimas: number | null;
  if (etiqueta.tipo === 'precio') milesimas = cantidadPorValor(etiqueta.pesos, p.precio);
  // A weight label's kilograms in the product's unit of weight (the unit rule: 1 kg = 1000 g).
  else if (reglaUnidad(p.unidad).medida === 'kilos') milesimas = etiqueta.milesimas * reglaUnidad(p.unidad).porMedida;
  else throw new AppError('BUSINESS_RULE', V.etiquetaPesoEnVolumen(p.nombre));
  if (milesimas === null || milesimas < 1 || milesimas > LIMITES_DINERO.maxCantidad * MILESIMAS) throw new AppError('BUSINESS_RULE', V.etiquetaSinCantidad(p.nombre));
  return { tipo: etiqueta.tipo, cantidad: deMilesimas(milesimas) };
}

/** A scale label for a layout (tests, and the settings screen's sample). */
export function etiquetaBalanza(f: TFormatoBalanza, item: string, valor: number): string {
  const v = String(valor).padStart(largoValor(f), '0');
  const doce = f.prefijo + item.padStart(f.largoCodigo, '0') + (f.digitoPrecio ? String(digitoPrecio(v)) : '') + v;
  return doce + String(digitoEan13(doce));
}
