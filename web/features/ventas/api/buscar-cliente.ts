import type { TClienteVenta } from '#shared/schemas/venta';
import { api } from '../../../lib/api-client';
import { fuenteSinRed } from '../../../lib/fuente-venta';

export const buscarCliente = (documento: string) => fuenteSinRed()?.buscarCliente(documento) ?? api<TClienteVenta>(`/ventas/clientes/${encodeURIComponent(documento)}`);
