import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { traslados as T } from '#shared/messages/traslados';
import {
  ZCancelarTrasladoRequest,
  ZCrearTrasladoRequest,
  ZDespacharRequest,
  ZIdParams,
  ZRecibirRequest,
  ZTraslado,
  ZTrasladoMessage,
  ZTraslados,
  ZTrasladosQuery,
} from '#shared/schemas/traslado';
import { sessionOf } from '../../plugins/auth';
import { cancelarTraslado, crearTraslado, despacharTraslado, listarTraslados, obtenerTraslado, recibirTraslado, verificarQuien } from './traslado.domain';

/** *Traslados* (issue #56 point 3, ADR 056): transfers between the empresa's stores. Thin: the rules are traslado.domain.ts's. */
export async function trasladoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['traslados'];
  const quien = (req: Parameters<typeof sessionOf>[0]) => sessionOf(req);
  // The owner or role 1/3 of the store the session is in, refused before the request is read.
  const permitido = async (req: Parameters<typeof sessionOf>[0]) => {
    verificarQuien(quien(req));
  };
  const cambia = { preValidation: permitido, config: { keepsSessions: true } };

  r.get('/traslados', {
    preValidation: permitido,
    schema: { tags, querystring: ZTrasladosQuery, response: { 200: ZTraslados } },
    handler: (req) => listarTraslados({ db: app.db, quien: quien(req), query: req.query }),
  });

  r.get('/traslados/:id', {
    preValidation: permitido,
    schema: { tags, params: ZIdParams, response: { 200: ZTraslado } },
    handler: (req) => obtenerTraslado({ db: app.db, quien: quien(req), id: req.params.id }),
  });

  r.post('/traslados', {
    ...cambia,
    schema: { tags, body: ZCrearTrasladoRequest, response: { 201: ZTrasladoMessage } },
    handler: async (req, reply) => {
      const traslado = await crearTraslado({ db: app.db, quien: quien(req), input: req.body });
      return reply.status(201).send({ traslado, message: T.creado(traslado.numero) });
    },
  });

  r.post('/traslados/:id/despachar', {
    ...cambia,
    schema: { tags, params: ZIdParams, body: ZDespacharRequest, response: { 200: ZTrasladoMessage } },
    handler: async (req) => {
      const traslado = await despacharTraslado({ db: app.db, quien: quien(req), id: req.params.id, version: req.body.version, lineas: req.body.lineas });
      return { traslado, message: T.despachado(traslado.numero) };
    },
  });

  r.post('/traslados/:id/recibir', {
    ...cambia,
    schema: { tags, params: ZIdParams, body: ZRecibirRequest, response: { 200: ZTrasladoMessage } },
    handler: async (req) => {
      const { traslado, completo } = await recibirTraslado({ db: app.db, quien: quien(req), id: req.params.id, input: req.body });
      return { traslado, message: T.recibido(traslado.numero, completo) };
    },
  });

  r.post('/traslados/:id/cancelar', {
    ...cambia,
    schema: { tags, params: ZIdParams, body: ZCancelarTrasladoRequest, response: { 200: ZTrasladoMessage } },
    handler: async (req) => {
      const traslado = await cancelarTraslado({ db: app.db, quien: quien(req), id: req.params.id, version: req.body.version });
      return { traslado, message: T.cancelado(traslado.numero) };
    },
  });
}
