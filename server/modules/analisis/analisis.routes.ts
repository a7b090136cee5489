import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAnalisisQuery, ZAnalisisResponse } from '#shared/schemas/analisis';
import { storeOf } from '../../plugins/auth';
import { analisisVentas } from './analisis.service';

/** Sales-popularity analysis (spec §2 /analisis, §4 "Popularity"). */
export async function analisisRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/analisis', {
    config: { readCache: true },
    schema: { tags: ['analisis'], querystring: ZAnalisisQuery, response: { 200: ZAnalisisResponse } },
    handler: (req) => analisisVentas({ db: app.db, tiendaId: storeOf(req), query: req.query }),
  });
}
