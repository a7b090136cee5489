import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { ZAvisosNumeracion, ZGuardado, ZNumeracion, ZPuntosAbiertos, ZPuntoVentaParam, ZPuntoVentaRequest, ZRangoRequest } from '#shared/schemas/numeracion';
import { requireRole, sessionOf, storeOf } from '../../plugins/auth';
import { avisosNumeracion, crearPuntoVenta, editarPuntoVenta, numeracionDeTienda, puntosActivos, registrarRango } from './numeracion.domain';

/** Tills and their DIAN ranges (issue #30 point 5, ADR 027): managed by role 1; every role lists the tills to open a shift at. */
export async function numeracionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['numeracion'];
  // Before validation: another role learns nothing about the store's ranges.
  const soloAdministrador = requireRole([ROL.ADMIN], M.numeracion.soloAdministrador);

  r.get('/numeracion/puntos', {
    schema: { tags, response: { 200: ZPuntosAbiertos } },
    handler: (req) => puntosActivos(app.db, storeOf(req)),
  });

  r.get('/numeracion', {
    preValidation: soloAdministrador,
    schema: { tags, response: { 200: ZNumeracion } },
    handler: (req) => numeracionDeTienda(app.db, storeOf(req)),
  });

  r.get('/numeracion/avisos', {
    preValidation: soloAdministrador,
    schema: { tags, response: { 200: ZAvisosNumeracion } },
    handler: (req) => avisosNumeracion(app.db, storeOf(req)),
  });

  r.post('/numeracion/cajas', {
    preValidation: soloAdministrador,
    config: { keepsSessions: true },
    schema: { tags, body: ZPuntoVentaRequest, response: { 201: ZGuardado } },
    handler: async (req, reply) => reply.status(201).send(await crearPuntoVenta(app.db, storeOf(req), req.body)),
  });

  r.put('/numeracion/cajas/:id', {
    preValidation: soloAdministrador,
    config: { keepsSessions: true },
    schema: { tags, params: ZPuntoVentaParam, body: ZPuntoVentaRequest, response: { 200: ZGuardado } },
    handler: (req) => editarPuntoVenta(app.db, storeOf(req), req.params.id, req.body),
  });

  r.post('/numeracion/cajas/:id/rangos', {
    preValidation: soloAdministrador,
    config: { keepsSessions: true },
    schema: { tags, params: ZPuntoVentaParam, body: ZRangoRequest, response: { 201: ZGuardado } },
    handler: async (req, reply) =>
      reply.status(201).send(await registrarRango(app.db, { tiendaId: storeOf(req), puntoVentaId: req.params.id, usuarioId: sessionOf(req).usuarioId, rango: req.body })),
  });
}
