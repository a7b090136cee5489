import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAjustesTienda, TUpdateAjustesTienda } from '#shared/schemas/tienda';
import { api } from '../../../lib/api-client';
import { claveAjustes } from '../../../lib/ajustes-tienda';
import { useSession } from '../../../lib/session';

/**
 * Saves the store's settings (the settings screen), and the app reads them at once. Here, not in
 * web/lib/ajustes-tienda.ts, which the till loads: the till writes nothing, so its first paint goes
 * without the data layer's writes (issue #55 point 4).
 */
export const useGuardarAjustes = () => {
  const qc = useQueryClient();
  const idTienda = useSession()?.id_Tienda ?? 0;
  return useMutation({
    mutationFn: (body: TUpdateAjustesTienda) => api<TAjustesTienda>('/tienda/ajustes', { method: 'PUT', body }),
    onSuccess: (r) => qc.setQueryData(claveAjustes(idTienda), r),
  });
};
