import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCambio, ZCambioRequest, ZDevolucion, ZDevolucionesDeVenta, ZDevolucionParams, ZDevolucionRequest } from '#shared/schemas/devolucion';
import { ZIdParam } from '#shared/schemas/venta';
import { sessionOf, storeOf } from '../../plugins/auth';
import { autorDe } from '../actividad/actividad.domain';
import { registrarCambio } from './cambio.domain';
import { devolucionesDeVenta, obtenerDevolucion, registrarDevolucion } from './devolucion.domain';

/** Returns of a sale (issue #32 point 1): every role may ask; the domain applies the annulment rule. */
export async function devolucionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['devoluciones'];

  r.get('/ventas/:id/devoluciones', {
    schema: { tags, params: ZIdParam, response: { 200: ZDevolucionesDeVenta } },
    handler: (req) => devolucionesDeVenta({ db: app.db, tiendaId: storeOf(req), ventaId: req.params.id }),
  });

  r.post('/ventas/:id/devoluciones', {
    // Stock moves as in a sale: the till's cached catalogue reads it again on its next hit.
    config: { keepsSessions: true, keepsCatalog: true },
    schema: { tags, params: ZIdParam, body: ZDevolucionRequest, response: { 201: ZDevolucion } },
    handler: async (req, reply) => {
      const d = await registrarDevolucion({ db: app.db, tiendaId: storeOf(req), ventaId: req.params.id, autor: autorDe(sessionOf(req), 'tienda'), body: req.body });
      return reply.status(201).send(d);
    },
  });

  // An exchange (issue #32 point 2): a return and a new sale in one step; the domain applies the
  // return's rule and the checkout's.
  r.post('/ventas/:id/cambios', {
    config: { keepsSessions: true, keepsCatalog: true },
    schema: { tags, params: ZIdParam, body: ZCambioRequest, response: { 201: ZCambio } },
    handler: async (req, reply) => {
      const c = await registrarCambio({ db: app.db, tiendaId: storeOf(req), ventaId: req.params.id, autor: autorDe(sessionOf(req), 'tienda'), body: req.body });
      return reply.status(201).send(c);
    },
  });

  r.get('/devoluciones/:id', {
    schema: { tags, params: ZDevolucionParams, response: { 200: ZDevolucion } },
    handler: (req) => obtenerDevolucion({ db: app.db, tiendaId: storeOf(req), id: req.params.id }),
  });
}
