import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { ZMessageResponse } from '#shared/schemas/auth';
import {
  ZDatosSinRed,
  ZDatosSinRedQuery,
  ZDispositivo,
  ZDispositivoRequest,
  ZEquipoIdParam,
  ZEquipoPropio,
  ZEquipoRequest,
  ZEquipos,
  ZRenombrarEquipo,
  ZRevisarQuery,
  ZVentasRevisar,
} from '#shared/schemas/sin-red';
import { requireRole, sessionOf, storeOf } from '../../plugins/auth';
import { autorDe } from '../actividad/actividad.domain';
import { datosSinRed, registrarDispositivo } from './sin-red.domain';
import { autorizarEquipo, listarEquipos, listarRevisar, marcarRevisada, pedirEquipo, renombrarEquipo, revocarEquipo } from './equipos.domain';

/**
 * The offline till (issue #34, ADR 029; issue #51 point 5): every role that sells may ask for its
 * device, take a prefix and download; role 1 manages the devices and reviews the offline sales that
 * broke a rule. Offline sales arrive through POST /api/sin-red/ventas, a route of the checkout
 * (venta.routes.ts): the checkout uses this module's rules, so this module does not import it.
 */
export async function sinRedRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sin-red'];
  const soloDueno = requireRole([ROL.ADMIN], M.generic.forbidden);

  r.post('/sin-red/equipo', {
    schema: { tags, body: ZEquipoRequest, response: { 200: ZEquipoPropio } },
    handler: (req) => pedirEquipo({ db: app.db, tiendaId: storeOf(req), autor: autorDe(sessionOf(req), 'tienda'), clave: req.body.clave }),
  });

  r.post('/sin-red/dispositivos', {
    schema: { tags, body: ZDispositivoRequest, response: { 201: ZDispositivo } },
    handler: async (req, reply) => reply.status(201).send(await registrarDispositivo(app.db, storeOf(req), sessionOf(req).usuarioId, req.body.clave, req.body.dispositivoId)),
  });

  r.get('/sin-red/datos', {
    schema: { tags, querystring: ZDatosSinRedQuery, response: { 200: ZDatosSinRed } },
    handler: (req) => datosSinRed(app.db, storeOf(req), sessionOf(req).usuarioId, req.query, sessionOf(req).rol),
  });

  r.get('/sin-red/equipos', {
    preHandler: soloDueno,
    schema: { tags, response: { 200: ZEquipos } },
    handler: async (req) => ({ items: await listarEquipos(app.db, storeOf(req)) }),
  });

  r.patch('/sin-red/equipos/:id', {
    preHandler: soloDueno,
    schema: { tags, params: ZEquipoIdParam, body: ZRenombrarEquipo, response: { 200: ZEquipoPropio } },
    handler: (req) => renombrarEquipo({ db: app.db, tiendaId: storeOf(req), id: req.params.id, nombre: req.body.nombre, autor: autorDe(sessionOf(req), 'tienda') }),
  });

  r.post('/sin-red/equipos/:id/autorizar', {
    preHandler: soloDueno,
    schema: { tags, params: ZEquipoIdParam, response: { 200: ZEquipoPropio } },
    handler: (req) => autorizarEquipo({ db: app.db, tiendaId: storeOf(req), id: req.params.id, autor: autorDe(sessionOf(req), 'tienda') }),
  });

  r.post('/sin-red/equipos/:id/revocar', {
    preHandler: soloDueno,
    schema: { tags, params: ZEquipoIdParam, response: { 200: ZEquipoPropio } },
    handler: (req) => revocarEquipo({ db: app.db, tiendaId: storeOf(req), id: req.params.id, autor: autorDe(sessionOf(req), 'tienda') }),
  });

  r.get('/sin-red/revisar', {
    preHandler: soloDueno,
    schema: { tags, querystring: ZRevisarQuery, response: { 200: ZVentasRevisar } },
    handler: async (req) => ({ items: await listarRevisar(app.db, storeOf(req), req.query.todas === '1') }),
  });

  r.post('/sin-red/revisar/:id/revisada', {
    preHandler: soloDueno,
    schema: { tags, params: ZEquipoIdParam, response: { 200: ZMessageResponse } },
    handler: async (req) => {
      await marcarRevisada({ db: app.db, tiendaId: storeOf(req), id: req.params.id, autor: autorDe(sessionOf(req), 'tienda') });
      return { message: M.sinRed.revisada };
    },
  });
}
