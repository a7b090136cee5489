import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAbrirTurnoRequest, TCerrarTurnoRequest, TMovimientoCaja, TMovimientoCajaRequest, TReporteTurno, TTurno } from '#shared/schemas/caja';
import { api } from '../../../lib/api-client';
import { cajaKeys } from './keys';

export const abrirTurno = (body: TAbrirTurnoRequest) => api<TTurno>('/caja/turnos', { method: 'POST', body });
export const cerrarTurno = ({ id, body }: { id: number; body: TCerrarTurnoRequest }) => api<TReporteTurno>(`/caja/turnos/${id}/cerrar`, { method: 'POST', body });
export const registrarMovimiento = (body: TMovimientoCajaRequest) => api<TMovimientoCaja>('/caja/movimientos', { method: 'POST', body });
export const verificarReferencia = (ventaId: number) => api<{ message: string }>(`/caja/ventas/${ventaId}/verificar`, { method: 'POST' });

const useCajaMutation = <A, R>(fn: (a: A) => Promise<R>) => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: cajaKeys.all }) });
};

export const useAbrirTurno = () => useCajaMutation(abrirTurno);
export const useCerrarTurno = () => useCajaMutation(cerrarTurno);
export const useRegistrarMovimiento = () => useCajaMutation(registrarMovimiento);
export const useVerificarReferencia = () => useCajaMutation(verificarReferencia);
