import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TNotaDebito, TNotaDebitoRequest, TNotasDebitoVenta } from '#shared/schemas/dian';
import { api } from '../../../lib/api-client';

/** An invoiced sale's debit notes (issue #57 point 2, ADR 050), under 'facturas' so the sale's detail refreshes them. */
const notasDebitoKey = (ventaId: number) => ['facturas', 'notas-debito', ventaId] as const;

export const useNotasDebito = (ventaId: number, enabled: boolean) =>
  useQuery({ queryKey: notasDebitoKey(ventaId), queryFn: ({ signal }) => api<TNotasDebitoVenta>(`/dian/ventas/${ventaId}/notas-debito`, { signal }), enabled });

export const useEmitirNotaDebito = (ventaId: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TNotaDebitoRequest) => api<TNotaDebito>(`/dian/ventas/${ventaId}/notas-debito`, { method: 'POST', body }),
    // The note is in the outbox: the DIAN panel reads it too.
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: notasDebitoKey(ventaId) }), qc.invalidateQueries({ queryKey: ['dian', 'documentos'] })]),
  });
};
