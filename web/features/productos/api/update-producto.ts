import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProductoDetalle, TUpdateProductoRequest } from '#shared/schemas/producto';
import { api } from '../../../lib/api-client';
import { productosKeys } from './keys';

export const updateProducto = ({ id, body }: { id: number; body: TUpdateProductoRequest }) =>
  api<{ message: string; producto: TProductoDetalle }>(`/productos/${id}`, { method: 'PUT', body });

export const useUpdateProducto = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProducto,
    onSuccess: (res) => {
      qc.setQueryData(productosKeys.detail(res.producto.id), res.producto);
      return qc.invalidateQueries({ queryKey: productosKeys.all, predicate: (q) => q.queryKey[1] !== 'detail' });
    },
  });
};
