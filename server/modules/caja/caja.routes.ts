import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAbrirTurnoRequest, ZTurno, ZTurnoActual } from '#shared/schemas/caja';
import { sessionOf, storeOf } from '../../plugins/auth';
import { abrirTurno, turnoActual } from './caja.domain';

/** The cash register (issue #18): every role opens and closes its own shift. */
export async function cajaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['caja'];

  r.get('/caja/turno', {
    schema: { tags, response: { 200: ZTurnoActual } },
    handler: (req) => turnoActual({ db: app.db, tiendaId: storeOf(req), usuarioId: sessionOf(req).usuarioId }),
  });

  r.post('/caja/turnos', {
    config: { keepsSessions: true },
    schema: { tags, body: ZAbrirTurnoRequest, response: { 201: ZTurno } },
    handler: async (req, reply) => {
      const t = await abrirTurno({ db: app.db, tiendaId: storeOf(req), usuarioId: sessionOf(req).usuarioId, fondoInicial: req.body.fondoInicial });
      return reply.status(201).send(t);
    },
  });
}
