import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCrudEntidad, TCrudMessage } from '#shared/schemas/crud';
import { api } from '../../../lib/api-client';
import { crudKeys } from './crud-keys';

export const updateRow = (entidad: TCrudEntidad, id: number, body: Record<string, unknown>) =>
  api<TCrudMessage>(`/crud/${entidad}/${id}`, { method: 'PUT', body });

export function useUpdateRow(entidad: TCrudEntidad) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; body: Record<string, unknown> }) => updateRow(entidad, v.id, v.body),
    onSuccess: () => qc.invalidateQueries({ queryKey: crudKeys.all }),
  });
}
