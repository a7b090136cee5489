import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPage } from '#shared/schemas/common';
import type { TCrudEntidad } from '#shared/schemas/crud';
import { api } from '../../../lib/api-client';
import { crudKeys, type CrudListQuery } from './crud-keys';

export function listRows<Row>(entidad: TCrudEntidad, query: CrudListQuery) {
  return api<TPage<Row>>(`/crud/${entidad}`, { query: { ...query } });
}

/** One page of an area's list (the back-office list reads it through `useListaPaginada`). */
export function crudListQuery<Row>(entidad: TCrudEntidad, query: CrudListQuery) {
  return queryOptions({ queryKey: crudKeys.list(entidad, query), queryFn: () => listRows<Row>(entidad, query) });
}

/** A whole catalogue for a form's select (roles, payment methods). */
export function useCrudList<Row>(entidad: TCrudEntidad, query: CrudListQuery, enabled = true) {
  return useQuery({ ...crudListQuery<Row>(entidad, query), placeholderData: keepPreviousData, enabled });
}
