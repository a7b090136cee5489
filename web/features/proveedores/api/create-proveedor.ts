import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateProveedorRequest, TProveedor } from '#shared/schemas/proveedor';
import { api } from '../../../lib/api-client';
import { proveedoresKeys } from './keys';

export const createProveedor = (body: TCreateProveedorRequest) =>
  api<{ message: string; proveedor: TProveedor }>('/proveedores', { method: 'POST', body });

export const useCreateProveedor = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createProveedor, onSuccess: () => qc.invalidateQueries({ queryKey: proveedoresKeys.all }) });
};
