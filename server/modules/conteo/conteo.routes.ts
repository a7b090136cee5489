import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { M } from '#shared/messages';
import { zPage } from '#shared/schemas/common';
import {
  ZAbrirConteoRequest,
  ZBuscarConteoQuery,
  ZConteoDetalle,
  ZConteoIdParams,
  ZConteoMessage,
  ZConteoResumen,
  ZConteosQuery,
  ZInformeConteo,
  ZLineaConteoRequest,
  ZLineaMessage,
  ZProductoConteo,
} from '#shared/schemas/conteo';
import { sessionOf, storeOf } from '../../plugins/auth';
import { autorDe } from '../actividad/actividad.domain';
import {
  abrirConteo,
  aprobarConteo,
  buscarEnConteo,
  cancelarConteo,
  exportarConteoCsv,
  informeConteo,
  listarConteos,
  obtenerConteo,
  registrarLinea,
  verificarEncargado,
} from './conteo.domain';

/** Physical counts (issue #58 point 1, ADR 042). Thin: the rules are conteo.domain.ts's. */
export async function conteoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['conteos'];
  type Req = Parameters<typeof sessionOf>[0];
  const autor = (req: Req) => autorDe(sessionOf(req), 'tienda');
  // Managing a count (role 1, or role 3 with `stock`), refused before the request is read.
  const encargado = (escritura: boolean) => async (req: Req) => verificarEncargado(app.db, storeOf(req), autor(req), escritura);
  // Counting moves no stock: the till's cached catalogue stays.
  const sinCambios = { keepsSessions: true, keepsCatalog: true };

  r.get('/conteos', {
    schema: { tags, querystring: ZConteosQuery, response: { 200: zPage(ZConteoResumen) } },
    handler: (req) => listarConteos({ db: app.db, tiendaId: storeOf(req), query: req.query }),
  });

  r.post('/conteos', {
    preValidation: encargado(true),
    config: sinCambios,
    schema: { tags, body: ZAbrirConteoRequest, response: { 201: ZConteoMessage } },
    handler: async (req, reply) => {
      const conteo = await abrirConteo({ db: app.db, tiendaId: storeOf(req), autor: autor(req), input: req.body });
      return reply.status(201).send({ message: M.conteos.abierto(conteo.id), conteo });
    },
  });

  r.get('/conteos/:id', {
    schema: { tags, params: ZConteoIdParams, response: { 200: ZConteoDetalle } },
    handler: (req) => obtenerConteo({ db: app.db, tiendaId: storeOf(req), id: req.params.id }),
  });

  r.get('/conteos/:id/productos', {
    schema: { tags, params: ZConteoIdParams, querystring: ZBuscarConteoQuery, response: { 200: z.array(ZProductoConteo) } },
    handler: (req) => buscarEnConteo({ db: app.db, tiendaId: storeOf(req), id: req.params.id, q: req.query.q }),
  });

  r.post('/conteos/:id/lineas', {
    config: sinCambios,
    schema: { tags, params: ZConteoIdParams, body: ZLineaConteoRequest, response: { 201: ZLineaMessage } },
    handler: async (req, reply) => {
      const linea = await registrarLinea({ db: app.db, tiendaId: storeOf(req), autor: autor(req), id: req.params.id, input: req.body });
      return reply.status(201).send({ message: M.conteos.registrada(linea.producto, String(linea.cantidad)), linea });
    },
  });

  r.post('/conteos/:id/reconteo', {
    preValidation: encargado(true),
    config: sinCambios,
    schema: { tags, params: ZConteoIdParams, body: ZLineaConteoRequest, response: { 201: ZLineaMessage } },
    handler: async (req, reply) => {
      const linea = await registrarLinea({ db: app.db, tiendaId: storeOf(req), autor: autor(req), id: req.params.id, input: req.body, reconteo: true });
      return reply.status(201).send({ message: M.conteos.recontado(linea.producto), linea });
    },
  });

  r.get('/conteos/:id/informe', {
    schema: { tags, params: ZConteoIdParams, response: { 200: ZInformeConteo } },
    handler: (req) => informeConteo({ db: app.db, tiendaId: storeOf(req), autor: autor(req), id: req.params.id }),
  });

  r.get('/conteos/:id/csv', {
    schema: { tags, params: ZConteoIdParams },
    handler: async (req, reply) => {
      const csv = await exportarConteoCsv({ db: app.db, tiendaId: storeOf(req), autor: autor(req), id: req.params.id });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${M.conteos.csv.archivo(req.params.id)}"`)
        .send(csv);
    },
  });

  r.post('/conteos/:id/aprobar', {
    config: { keepsSessions: true, keepsCatalog: true },
    schema: { tags, params: ZConteoIdParams, response: { 200: ZConteoMessage } },
    handler: async (req) => {
      const { conteo, ajustes } = await aprobarConteo({ db: app.db, tiendaId: storeOf(req), autor: autor(req), id: req.params.id });
      return { message: M.conteos.aprobado(ajustes), conteo };
    },
  });

  r.post('/conteos/:id/cancelar', {
    config: sinCambios,
    schema: { tags, params: ZConteoIdParams, response: { 200: ZConteoMessage } },
    handler: async (req) => ({ message: M.conteos.cancelado, conteo: await cancelarConteo({ db: app.db, tiendaId: storeOf(req), autor: autor(req), id: req.params.id }) }),
  });
}
