import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAbonoRequest, ZAbonoResponse, ZClienteCuentaParams, ZCuentasPorCobrar, ZCuentasPorCobrarQuery, ZEstadoCuenta } from '#shared/schemas/fiado';
import { sessionOf, storeOf } from '../../plugins/auth';
import { cuentasPorCobrar, estadoDeCuenta, registrarAbono } from './fiado.service';

/**
 * Fiado (issue #17): the statement, abonos and accounts receivable. Every role of the store sees
 * balances and records abonos (ADR 013); enabling fiado and the limit are the customer form's, role 1 only.
 */
export async function fiadoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['fiado'];

  r.get('/clientes/:id/cuenta', {
    schema: { tags, params: ZClienteCuentaParams, response: { 200: ZEstadoCuenta } },
    handler: (req) => estadoDeCuenta({ db: app.db, tiendaId: storeOf(req), clienteId: req.params.id }),
  });

  r.post('/clientes/:id/abonos', {
    config: { keepsSessions: true },
    schema: { tags, params: ZClienteCuentaParams, body: ZAbonoRequest, response: { 201: ZAbonoResponse } },
    handler: async (req, reply) => {
      const res = await registrarAbono({ db: app.db, tiendaId: storeOf(req), usuarioId: sessionOf(req).usuarioId, clienteId: req.params.id, ...req.body });
      return reply.status(201).send(res);
    },
  });

  r.get('/cuentas-por-cobrar', {
    schema: { tags, querystring: ZCuentasPorCobrarQuery, response: { 200: ZCuentasPorCobrar } },
    handler: (req) => cuentasPorCobrar({ db: app.db, tiendaId: storeOf(req), orden: req.query.orden }),
  });
}
