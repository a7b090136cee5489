import type { TCrudEntidad } from '#shared/schemas/crud';

export interface CrudListQuery {
  q: string;
  page: number;
  pageSize: number;
}

/** Query keys of the back-office: every mutation invalidates `all` (a delivery changes products too). */
export const crudKeys = {
  all: ['crud'] as const,
  list: (entidad: TCrudEntidad, query: CrudListQuery) => ['crud', entidad, 'list', query] as const,
  row: (entidad: TCrudEntidad, id: number) => ['crud', entidad, 'row', id] as const,
};
