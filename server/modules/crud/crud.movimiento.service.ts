import type { TMovimientoRow, ZCreateMovimientoRequest, ZUpdateMovimientoRequest } from '#shared/schemas/crud';
import type { z } from 'zod';
import { createMovimiento, deleteMovimiento, getMovimiento, listMovimientos, updateMovimiento } from '../movimiento/movimiento.administracion';
import type { CrudService } from './crud.scope';

/** The back-office's stock ledger (spec §5): an adapter over movimiento.administracion.ts (issue #27), append-only there. */
export const movimientoCrud: CrudService<TMovimientoRow, z.output<typeof ZCreateMovimientoRequest>, z.output<typeof ZUpdateMovimientoRequest>> = {
  list: listMovimientos,
  get: getMovimiento,
  create: createMovimiento,
  update: updateMovimiento,
  remove: deleteMovimiento,
};
