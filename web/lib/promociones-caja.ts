/**
 * The till's promotions (issue #59 point 2, ADR 052), online and offline: what `/promociones/caja` answers
 * (the active promotions, the store's zone, the products' costs and categories), kept on the device so
 * a sale made without the network is priced as the server will price it at the sync. The engine is
 * shared/promociones.ts, the same the checkout runs.
 */
import { useQuery } from '@tanstack/react-query';
import { aplicarPromociones, lineasParaMotor, momentoEn, type ResultadoPromociones } from '#shared/promociones';
import type { TPromocionesCaja } from '#shared/schemas/promociones';
import { api } from './api-client';
import { claveEnFuente, fuenteSinRed, useEnLinea } from './fuente-venta';
import type { LineaCarrito } from './linea-carrito';

const CLAVE = 'promociones-caja';

/** The last promotions read online, for the device (null before the first). */
export function promocionesGuardadas(): TPromocionesCaja | null {
  try {
    const texto = localStorage.getItem(CLAVE);
    return texto ? (JSON.parse(texto) as TPromocionesCaja) : null;
  } catch {
    return null;
  }
}

/** Reads the store's promotions from the server and keeps them for offline sales (the till and the device's sync call it). */
export async function descargarPromociones(signal?: AbortSignal): Promise<TPromocionesCaja> {
  const datos = await api<TPromocionesCaja>('/promociones/caja', { signal });
  try {
    localStorage.setItem(CLAVE, JSON.stringify(datos));
  } catch {
    // A full storage keeps the previous copy: the server re-prices at the sync anyway.
  }
  return datos;
}

/** The promotions the till prices with: the server's online, the device's copy offline (none: no promotion shown). */
export const usePromocionesCaja = () =>
  useQuery({
    queryKey: claveEnFuente(['promociones-caja'] as const, useEnLinea()),
    queryFn: ({ signal }) => (fuenteSinRed() ? Promise.resolve(promocionesGuardadas()) : descargarPromociones(signal)),
    staleTime: 60_000,
  });

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
