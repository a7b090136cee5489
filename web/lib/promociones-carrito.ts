/**
 * The cart's promotions with the engine (shared/promociones.ts, issue #59 point 2, ADR 052): its own
 * module so that the till loads the engine only when the store has a promotion (web/lib/promociones-caja.ts,
 * issue #55 point 4); the payment and the device's sale import it directly.
 */
import { aplicarPromociones, lineasParaMotor, momentoEn, type ResultadoPromociones } from '#shared/promociones';
import type { TPromocionesCaja } from '#shared/schemas/promociones';
import type { LineaCarrito } from './linea-carrito';

/**
 * The cart's promotions, as the checkout will compute them: `lineas` at the prices the customer pays
 * (a price list's already applied); a line the cashier discounted (`conDescuento`) takes none.
 */
export function promocionesDelCarrito(
  lineas: readonly LineaCarrito[],
  caja: TPromocionesCaja | null | undefined,
  o: { conDescuento?: (l: LineaCarrito) => boolean; cuando?: number } = {},
): ResultadoPromociones | null {
  if (!caja || caja.promociones.length === 0 || lineas.length === 0) return null;
  const motor = lineasParaMotor(
    lineas.map((l) => ({ productoId: l.id, precio: l.precio, cantidad: l.cantidad, unidad: l.unidad, factor: l.unidadVenta?.factor ?? 1, importe: l.importe ?? null, conDescuento: o.conDescuento?.(l) ?? false })),
    caja,
  );
  return aplicarPromociones(motor, caja.promociones, momentoEn(o.cuando ?? Date.now(), caja.zona));
}
