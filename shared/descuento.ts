import type { TDescuentoLinea, TDescuentoVenta } from './schemas/venta';

/**
 * A discount's pesos, as the checkout computes them (venta_registrar, migration 0010): a percentage
 * rounds down, a lower unit price counts once per unit. The till shows this preview; the server's
 * figure is the one recorded. Exact: every operand is below 10^14.
 */
export function descuentoDeLinea(precio: number, cantidad: number, d: TDescuentoLinea | undefined): number {
  if (!d) return 0;
  if (d.tipo === 'porcentaje') return Math.floor((precio * cantidad * d.valor) / 100);
  if (d.tipo === 'valor') return d.valor;
  return (precio - d.valor) * cantidad;
}

export function descuentoDeVenta(subtotal: number, d: TDescuentoVenta | undefined): number {
  if (!d) return 0;
  return d.tipo === 'porcentaje' ? Math.floor((subtotal * d.valor) / 100) : d.valor;
}

/** Lines after their discounts, the sale's discount and the total; `valido` false when one goes below zero. */
export function totalConDescuentos(
  lineas: readonly { precio: number; cantidad: number; descuento?: TDescuentoLinea }[],
  venta: TDescuentoVenta | undefined,
): { subtotal: number; descuentoVenta: number; total: number; valido: boolean } {
  let subtotal = 0;
  let valido = true;
  for (const l of lineas) {
    const d = descuentoDeLinea(l.precio, l.cantidad, l.descuento);
    if (d < 0 || d > l.precio * l.cantidad) valido = false;
    subtotal += l.precio * l.cantidad - d;
  }
  const descuentoVenta = descuentoDeVenta(subtotal, venta);
  if (descuentoVenta < 0 || descuentoVenta > subtotal) valido = false;
  return { subtotal, descuentoVenta, total: subtotal - descuentoVenta, valido };
}
