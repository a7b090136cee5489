import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { ZMovimientosPage, ZMovimientosQuery } from '#shared/schemas/movimiento';
import { forbidRole, storeOf } from '../../plugins/auth';
import { listarMovimientos } from './movimiento.service';

/** The stock ledger (spec §2 /movimientos); role 3 may not see it (spec §6). */
export async function movimientoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/movimientos', {
    // Before validation: a refused role is told so, whatever its query says.
    preValidation: forbidRole([ROL.ENCARGADO], M.roles.denyMovimientos, M.movimientos.denegadoTitulo),
    schema: { tags: ['movimientos'], querystring: ZMovimientosQuery, response: { 200: ZMovimientosPage } },
    handler: (req) => listarMovimientos({ db: app.db, tiendaId: storeOf(req), query: req.query }),
  });
}
