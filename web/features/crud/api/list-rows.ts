import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TPage } from '#shared/schemas/common';
import type { TCrudEntidad } from '#shared/schemas/crud';
import { api } from '../../../lib/api-client';
import { crudKeys, type CrudListQuery } from './crud-keys';

export const listRows = <Row>(entidad: TCrudEntidad, query: CrudListQuery) =>
  api<TPage<Row>>(`/crud/${entidad}`, { query: { ...query } });

/** One page of an area's list; the previous page stays on screen while the next one loads. */
export const useCrudList = <Row>(entidad: TCrudEntidad, query: CrudListQuery, enabled = true) =>
  useQuery({
    queryKey: crudKeys.list(entidad, query),
    queryFn: () => listRows<Row>(entidad, query),
    placeholderData: keepPreviousData,
    enabled,
  });
