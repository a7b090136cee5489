import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCrudEntidad, TCrudMessage } from '#shared/schemas/crud';
import { api } from '../../../lib/api-client';
import { crudKeys } from './crud-keys';

export const deleteRow = (entidad: TCrudEntidad, id: number) => api<TCrudMessage>(`/crud/${entidad}/${id}`, { method: 'DELETE' });

/** On success the lists reload; when the server refuses, nothing is reloaded (spec §8). */
export function useDeleteRow(entidad: TCrudEntidad) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteRow(entidad, id),
    onSuccess: () => qc.invalidateQueries({ queryKey: crudKeys.all }),
  });
}

/** Archives a row that carries money instead of deleting it (issue #27: customers, suppliers). */
export const archiveRow = (entidad: TCrudEntidad, id: number) => api<TCrudMessage>(`/crud/${entidad}/${id}/archivar`, { method: 'POST' });

export function useArchiveRow(entidad: TCrudEntidad) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => archiveRow(entidad, id),
    onSuccess: () => qc.invalidateQueries({ queryKey: crudKeys.all }),
  });
}
