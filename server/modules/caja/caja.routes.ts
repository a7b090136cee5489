import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAbrirTurnoRequest,
  ZCerrarTurnoRequest,
  ZMovimientoCaja,
  ZMovimientoCajaRequest,
  ZReporteTurno,
  ZTurno,
  ZTurnoActual,
  ZTurnoIdParam,
  ZTurnosPage,
  ZTurnosQuery,
  ZVerificarResponse,
} from '#shared/schemas/caja';
import { sessionOf, storeOf } from '../../plugins/auth';
import { abrirTurno, cerrarTurno, listarTurnos, registrarMovimiento, reporteTurno, turnoActual, verificarReferencia, type Cajero } from './caja.domain';

const cajeroOf = (req: FastifyRequest): Cajero => {
  const s = sessionOf(req);
  return { tiendaId: storeOf(req), usuarioId: s.usuarioId, rol: s.rol };
};

/**
 * The cash register (issue #18): every role opens and closes its own shift; roles 1 and 3 also see
 * every shift of the store and may close another cashier's. Another store's shift answers 404.
 */
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
      const t = await abrirTurno({ db: app.db, tiendaId: storeOf(req), usuarioId: sessionOf(req).usuarioId, fondoInicial: req.body.fondoInicial, puntoVentaId: req.body.puntoVentaId });
      return reply.status(201).send(t);
    },
  });

  r.get('/caja/turnos', {
    schema: { tags, querystring: ZTurnosQuery, response: { 200: ZTurnosPage } },
    handler: (req) => listarTurnos({ db: app.db, actor: cajeroOf(req), query: req.query }),
  });

  r.get('/caja/turnos/:id', {
    schema: { tags, params: ZTurnoIdParam, response: { 200: ZReporteTurno } },
    handler: (req) => reporteTurno({ db: app.db, id: req.params.id, actor: cajeroOf(req) }),
  });

  r.post('/caja/turnos/:id/cerrar', {
    config: { keepsSessions: true, keepsCatalog: true },
    schema: { tags, params: ZTurnoIdParam, body: ZCerrarTurnoRequest, response: { 200: ZReporteTurno } },
    handler: (req) => cerrarTurno({ db: app.db, id: req.params.id, actor: cajeroOf(req), body: req.body }),
  });

  r.post('/caja/movimientos', {
    config: { keepsSessions: true, keepsCatalog: true },
    schema: { tags, body: ZMovimientoCajaRequest, response: { 201: ZMovimientoCaja } },
    handler: async (req, reply) => reply.status(201).send(await registrarMovimiento({ db: app.db, actor: cajeroOf(req), body: req.body })),
  });

  r.post('/caja/ventas/:id/verificar', {
    config: { keepsSessions: true, keepsCatalog: true },
    schema: { tags, params: ZTurnoIdParam, response: { 200: ZVerificarResponse } },
    handler: (req) => verificarReferencia({ db: app.db, ventaId: req.params.id, actor: cajeroOf(req) }),
  });
}
