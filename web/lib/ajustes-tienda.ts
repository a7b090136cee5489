import { useQuery } from '@tanstack/react-query';
// The store's settings: read by the receipt (ventas), every date of the app (lib/fechas) and edited
// in the store's settings (tienda: web/features/tienda/api/ajustes.ts saves them).
import type { TAjustesTienda } from '#shared/schemas/tienda';
import { api } from './api-client';
import { fuenteSinRed } from './fuente-venta';
import { useSession } from './session';

export const ajustesKey = ['tienda', 'ajustes'] as const;
/** One entry per store: a sign-in to another store on the same device never reads the last one's. */
export const claveAjustes = (idTienda: number) => [...ajustesKey, idTienda] as const;
export const fetchAjustes = () => api<TAjustesTienda>('/tienda/ajustes');

/**
 * The store's settings (issues #19 and #16): what the receipt's header shows, the paper's width, the
 * time zone. Not asked without a store (signed out, the platform operator).
 */
export const useAjustesTienda = () => {
  const idTienda = useSession()?.id_Tienda ?? null;
  // Offline, the settings the device kept at its last sync (issue #53: the offline receipt is the real one).
  return useQuery({ queryKey: claveAjustes(idTienda ?? 0), queryFn: async () => (await fuenteSinRed()?.ajustes()) ?? fetchAjustes(), staleTime: 5 * 60_000, enabled: idTienda != null });
};
