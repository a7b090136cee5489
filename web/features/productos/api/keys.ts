/** Query keys of the productos feature; every mutation invalidates `productosKeys.all`. */
export interface ProductosListParams {
  q: string;
  page: number;
  pageSize: number;
}

export const productosKeys = {
  all: ['productos'] as const,
  list: (params: ProductosListParams) => ['productos', 'list', params] as const,
  detail: (id: number) => ['productos', 'detail', id] as const,
  proveedorOpciones: ['proveedores', 'opciones'] as const,
};
