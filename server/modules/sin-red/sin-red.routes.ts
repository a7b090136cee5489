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
import { ZRecibo, ZVentaSinRedRequest } from '#shared/schemas/venta';
import { requireRole, sessionOf, storeOf } from '../../plugins/auth';
import { autorDe } from '../actividad/actividad.domain';
import { registrarVenta } from '../venta/venta.checkout';
import { datosSinRed, registrarDispositivo } from './sin-red.domain';
import { autorizarEquipo, listarEquipos, listarRevisar, marcarRevisada, pedirEquipo, renombrarEquipo, revocarEquipo } from './equipos.domain';

/**
 * The offline till (issue #34, ADR 029; issue #51 point 5): every role that sells may ask for its
 * device, take a prefix and download; offline sales arrive only here, from an authorised device; role 1
 * manages the devices and reviews the offline sales that broke a rule.
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

  // The sync of a device's outbox: the only path an offline sale takes (POST /api/ventas refuses `sinRed`).
  r.post('/sin-red/ventas', {
    config: { keepsSessions: true, keepsCatalog: true },
    schema: { tags, body: ZVentaSinRedRequest, response: { 201: ZRecibo } },
    handler: async (req, reply) => {
      const { usuarioId, rol } = sessionOf(req);
      return reply.status(201).send(await registrarVenta({ db: app.db, tiendaId: storeOf(req), usuarioId, rol, input: req.body }));
    },
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
