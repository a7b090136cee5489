import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateProductoRequest, TProductoDetalle } from '#shared/schemas/producto';
import { api } from '../../../lib/api-client';
import { productosKeys } from './keys';

export const createProducto = (body: TCreateProductoRequest) =>
  api<{ message: string; producto: TProductoDetalle }>('/productos', { method: 'POST', body });

export const useCreateProducto = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createProducto, onSuccess: () => qc.invalidateQueries({ queryKey: productosKeys.all }) });
};
