/** Query keys of the proveedores feature; every mutation invalidates `proveedoresKeys.all` (the selects' options too). */
export interface ProveedoresListParams {
  q: string;
  page: number;
  pageSize: number;
}

export const proveedoresKeys = {
  all: ['proveedores'] as const,
  list: (params: ProveedoresListParams) => ['proveedores', 'list', params] as const,
  productos: (id: number, page: number) => ['proveedores', 'productos', id, page] as const,
};
