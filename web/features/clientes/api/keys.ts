/** Query keys of the clientes feature; every mutation invalidates `clientesKeys.all`. */
export interface ClientesListParams {
  q: string;
  page: number;
  pageSize: number;
}

export const clientesKeys = {
  all: ['clientes'] as const,
  list: (params: ClientesListParams) => ['clientes', 'list', params] as const,
};
