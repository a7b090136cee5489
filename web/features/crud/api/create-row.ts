import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCrudCreated, TCrudEntidad } from '#shared/schemas/crud';
import { api } from '../../../lib/api-client';
import { crudKeys } from './crud-keys';

export const createRow = (entidad: TCrudEntidad, body: Record<string, unknown>) =>
  api<TCrudCreated>(`/crud/${entidad}`, { method: 'POST', body });

export function useCreateRow(entidad: TCrudEntidad) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => createRow(entidad, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: crudKeys.all }),
  });
}
