import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOrdenRejilla } from '#shared/schemas/venta';
import { api } from '../../../lib/api-client';

/** The grid's order fixed by the store's role 1 (issue #36 point 11); an empty list: the best sellers again. */
export const fijarOrdenRejilla = (productos: number[]) =>
  api<TOrdenRejilla>('/ventas/productos/rapidos/orden', { method: 'PUT', body: { productos } });

export function useFijarOrdenRejilla() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fijarOrdenRejilla,
    onSettled: () => qc.invalidateQueries({ queryKey: ['ventas', 'productos', 'rapidos'] }),
  });
}
