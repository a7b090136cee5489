import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAbonoRequest, TAbonoResponse, TCuentasPorCobrar, TEstadoCuenta } from '#shared/schemas/fiado';
import type { TMetodoPago } from '#shared/schemas/venta';
import { api } from '../../../lib/api-client';

/** Query keys of fiado; an abono invalidates the statement, accounts receivable and the client list. */
export const fiadoKeys = {
  all: ['fiado'] as const,
  cuenta: (id: number) => ['fiado', 'cuenta', id] as const,
  cxc: (orden: string) => ['fiado', 'cxc', orden] as const,
  metodos: ['fiado', 'metodos'] as const,
};

export const getEstadoCuenta = (id: number, signal?: AbortSignal) => api<TEstadoCuenta>(`/clientes/${id}/cuenta`, { signal });
export const useEstadoCuenta = (id: number) =>
  useQuery({ queryKey: fiadoKeys.cuenta(id), queryFn: ({ signal }) => getEstadoCuenta(id, signal), enabled: Number.isInteger(id) && id > 0 });

export const getCuentasPorCobrar = (orden: string, signal?: AbortSignal) => api<TCuentasPorCobrar>('/cuentas-por-cobrar', { query: { orden }, signal });
export const cuentasPorCobrarQuery = (orden: string) =>
  queryOptions({ queryKey: fiadoKeys.cxc(orden), queryFn: ({ signal }) => getCuentasPorCobrar(orden, signal) });

/** The payment methods of an abono: every one but Fiado (7). */
export const useMetodosAbono = () =>
  useQuery({
    queryKey: fiadoKeys.metodos,
    queryFn: ({ signal }) => api<TMetodoPago[]>('/metodos-pago', { signal }),
    select: (ms) => ms.filter((m) => m.id >= 1 && m.id <= 6),
    staleTime: 5 * 60_000,
  });

export const registrarAbono = ({ id, body }: { id: number; body: TAbonoRequest }) => api<TAbonoResponse>(`/clientes/${id}/abonos`, { method: 'POST', body });
export const useRegistrarAbono = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: registrarAbono,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: fiadoKeys.all }), qc.invalidateQueries({ queryKey: ['clientes'] })]),
  });
};
