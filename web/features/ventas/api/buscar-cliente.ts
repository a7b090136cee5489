import type { TClienteVenta } from '#shared/schemas/venta';
import { api } from '../../../lib/api-client';

export const buscarCliente = (documento: string) => api<TClienteVenta>(`/ventas/clientes/${encodeURIComponent(documento)}`);
