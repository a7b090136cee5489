import { brutoLinea } from './cantidad';
import type { TDescuentoLinea, TDescuentoVenta } from './schemas/venta';

/** A line's gross: the value asked for a line sold by value, else precio × cantidad rounded half-up to the peso (ADR 030, brutoLinea). */
export const brutoDeLinea = (precio: number, cantidad: number, importe?: number | null) => brutoLinea({ precio, cantidad, importe });

/**
 * A discount's pesos, as the checkout computes them (venta_registrar, migrations 0010 and 0039): a
 * percentage of the line's rounded gross rounds down; a lower unit price pays round(new price ×
 * cantidad), so the discount is the difference of the two rounded amounts (per unit for whole
 * quantities). The till shows this preview; the server's figure is the one recorded. Exact: every
 * operand is below 10^16.
 */
export function descuentoDeLinea(precio: number, cantidad: number, d: TDescuentoLinea | undefined, importe?: number | null): number {
  if (!d) return 0;
  if (d.tipo === 'porcentaje') return Math.floor((brutoDeLinea(precio, cantidad, importe) * d.valor) / 100);
  if (d.tipo === 'valor') return d.valor;
  return brutoDeLinea(precio, cantidad, importe) - brutoDeLinea(d.valor, cantidad);
}

export function descuentoDeVenta(subtotal: number, d: TDescuentoVenta | undefined): number {
  if (!d) return 0;
  return d.tipo === 'porcentaje' ? Math.floor((subtotal * d.valor) / 100) : d.valor;
}

/** Lines after their discounts, the sale's discount and the total; `valido` false when one goes below zero. */
export function totalConDescuentos(
  lineas: readonly { precio: number; cantidad: number; descuento?: TDescuentoLinea; importe?: number | null }[],
  venta: TDescuentoVenta | undefined,
): { subtotal: number; descuentoVenta: number; total: number; valido: boolean } {
  let subtotal = 0;
  let valido = true;
  for (const l of lineas) {
    const bruto = brutoDeLinea(l.precio, l.cantidad, l.importe);
    const d = descuentoDeLinea(l.precio, l.cantidad, l.descuento, l.importe);
    if (d < 0 || d > bruto) valido = false;
    subtotal += bruto - d;
  }
  const descuentoVenta = descuentoDeVenta(subtotal, venta);
  if (descuentoVenta < 0 || descuentoVenta > subtotal) valido = false;
  return { subtotal, descuentoVenta, total: subtotal - descuentoVenta, valido };
}
