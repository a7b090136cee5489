import { useQuery } from '@tanstack/react-query';
import type { TProveedorOpcion } from '#shared/schemas/proveedor';
import { api } from '../../../lib/api-client';
import { productosKeys } from './keys';

export const getProveedorOpciones = (signal?: AbortSignal) => api<TProveedorOpcion[]>('/proveedores/opciones', { signal });

/** The store's suppliers for the detail form's select. */
export const useProveedorOpciones = () =>
  useQuery({ queryKey: productosKeys.proveedorOpciones, queryFn: ({ signal }) => getProveedorOpciones(signal), staleTime: 60_000 });
