import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCliente, TClienteRequest } from '#shared/schemas/cliente';
import { api } from '../../../lib/api-client';
import { clientesKeys } from './keys';

type Saved = { message: string; cliente: TCliente };

export const createCliente = (body: TClienteRequest) => api<Saved>('/clientes', { method: 'POST', body });
export const updateCliente = ({ id, body }: { id: number; body: TClienteRequest }) =>
  api<Saved>(`/clientes/${id}`, { method: 'PUT', body });

export const useCreateCliente = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createCliente, onSuccess: () => qc.invalidateQueries({ queryKey: clientesKeys.all }) });
};

export const useUpdateCliente = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateCliente, onSuccess: () => qc.invalidateQueries({ queryKey: clientesKeys.all }) });
};
