import type { TClienteVenta } from '#shared/schemas/venta';
import { api } from '../../../lib/api-client';

/** The payment page's quick-add: the store's customers API, answered as the till's customer. */
export async function registrarClienteRapido(body: { documento: string; tipoDocumento: string; nombre: string; apellido: string; correo?: string }): Promise<TClienteVenta> {
  const { cliente } = await api<{ cliente: { id: number; documento: string; nombre: string; apellido: string } }>('/clientes', { method: 'POST', body });
  return { id: cliente.id, documento: cliente.documento, nombre: `${cliente.nombre} ${cliente.apellido}`.trim() };
}
