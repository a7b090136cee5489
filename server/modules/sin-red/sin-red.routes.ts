import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZDatosSinRed, ZDatosSinRedQuery, ZDispositivo } from '#shared/schemas/sin-red';
import { sessionOf, storeOf } from '../../plugins/auth';
import { datosSinRed, registrarDispositivo } from './sin-red.domain';

/** The offline till (issue #34, ADR 029): every role that sells may register its device and download. */
export async function sinRedRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sin-red'];

  r.post('/sin-red/dispositivos', {
    schema: { tags, response: { 201: ZDispositivo } },
    handler: async (req, reply) => reply.status(201).send(await registrarDispositivo(app.db, storeOf(req), sessionOf(req).usuarioId)),
  });

  r.get('/sin-red/datos', {
    schema: { tags, querystring: ZDatosSinRedQuery, response: { 200: ZDatosSinRed } },
    handler: (req) => datosSinRed(app.db, storeOf(req), req.query),
  });
}
