import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { productosKeys } from './keys';

export const deleteProducto = (id: number) => api<{ message: string }>(`/productos/${id}`, { method: 'DELETE' });

export const useDeleteProducto = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteProducto, onSuccess: () => qc.invalidateQueries({ queryKey: productosKeys.all }) });
};
