import { useQuery } from '@tanstack/react-query';
import type { TCrudEntidad } from '#shared/schemas/crud';
import { api } from '../../../lib/api-client';
import { crudKeys } from './crud-keys';

export function getRow<Row>(entidad: TCrudEntidad, id: number) {
  return api<Row>(`/crud/${entidad}/${id}`);
}

/** One row, when an update form is opened without the row in its navigation state (a new tab, a link). */
export function useCrudRow<Row>(entidad: TCrudEntidad, id: number | null) {
  return useQuery({
    queryKey: crudKeys.row(entidad, id ?? 0),
    queryFn: () => getRow<Row>(entidad, id!),
    enabled: id != null,
  });
}
