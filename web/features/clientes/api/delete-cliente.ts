import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clientes } from '#shared/messages/clientes';
import type { TCliente } from '#shared/schemas/cliente';
import type { TPage } from '#shared/schemas/common';
import { api } from '../../../lib/api-client';
import { clientesKeys } from './keys';

export const deleteCliente = (id: number) => api<{ message: string }>(`/clientes/${id}`, { method: 'DELETE' });

export const useDeleteCliente = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteCliente, onSuccess: () => qc.invalidateQueries({ queryKey: clientesKeys.all }) });
};

/** Archives a client (issue #27): hidden from the list and the till; only with a zero balance. */
export const archivarCliente = (id: number) => api<{ message: string }>(`/clientes/${id}/archivar`, { method: 'POST' });

export const useArchivarCliente = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: archivarCliente, onSuccess: () => qc.invalidateQueries({ queryKey: clientesKeys.all }) });
};

/**
 * Merges the other customer with the same flagged documento into `id` (issue #56, ADR 067): the other
 * is found by the documento among the empresa's customers (the list shows both flagged).
 */
export async function unirCliente(c: { id: number; documento: string }): Promise<{ message: string }> {
  const pagina = await api<TPage<TCliente>>('/clientes', { query: { q: c.documento, page: 1, pageSize: 20 } });
  const otro = pagina.items.find((x) => x.id !== c.id && x.documento === c.documento && x.documentoRepetido);
  if (!otro) throw new Error(clientes.unir.soloRepetidos);
  return api<{ message: string }>(`/clientes/${c.id}/unir`, { method: 'POST', body: { clienteId: otro.id } });
}

export const useUnirCliente = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: unirCliente, onSuccess: () => qc.invalidateQueries({ queryKey: clientesKeys.all }) });
};
