import { ajustesTienda } from '#shared/messages/tienda';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { ajustesTienda };

/** The zones a corner shop most likely needs: Colombia first, then Latin America, then a few more (names in the catalogue). */
export const ZONAS_FRECUENTES: readonly { zona: string; nombre: string }[] = Object.entries(M.ajustesTienda.zonas).map(([zona, nombre]) => ({ zona, nombre }));

/**
 * Every other zone this browser knows, by its IANA name (empty where the browser cannot list them),
 * plus the store's current one if it is in neither list.
 */
export function otrasZonas(actual: string): string[] {
  const frecuentes = new Set(ZONAS_FRECUENTES.map((z) => z.zona));
  let todas: string[];
  try {
    todas = Intl.supportedValuesOf('timeZone');
  } catch {
    todas = [];
  }
  const otras = todas.filter((z) => !frecuentes.has(z));
  if (!frecuentes.has(actual) && !otras.includes(actual)) otras.unshift(actual);
  return otras;
}
