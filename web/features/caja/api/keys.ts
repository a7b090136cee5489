import type { TTurnosQuery } from '#shared/schemas/caja';

/** Query keys of the caja feature; every mutation invalidates `cajaKeys.all`. */
export const cajaKeys = {
  all: ['caja'] as const,
  actual: ['caja', 'turno'] as const,
  reporte: (id: number) => ['caja', 'reporte', id] as const,
  turnos: (params: TTurnosQuery) => ['caja', 'turnos', params] as const,
};
