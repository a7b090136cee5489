import { M } from '#shared/messages';
import type { TMovimientoRow, ZCreateMovimientoRequest, ZUpdateMovimientoRequest } from '#shared/schemas/crud';
import type { z } from 'zod';
import { listarMovimientos, movimientoSoloLectura, obtenerMovimiento, registrarMovimientoManual } from '../movimiento/movimiento.administracion';
import type { CrudService } from './crud.scope';

/** The back-office's stock ledger (spec §5): an adapter over movimiento.administracion.ts (issue #27), append-only there. */
export const movimientoCrud: CrudService<TMovimientoRow, z.output<typeof ZCreateMovimientoRequest>, z.output<typeof ZUpdateMovimientoRequest>> = {
  list: listarMovimientos,
  get: obtenerMovimiento,
  create: async (o) => ({ id: await registrarMovimientoManual(o), message: M.crud.registrado.movimiento }),
  update: (o) => movimientoSoloLectura(o.db, o.scope, o.id),
  remove: (o) => movimientoSoloLectura(o.db, o.scope, o.id),
};
