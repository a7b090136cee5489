import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { ZActividadCsvQuery, ZActividadPage, ZActividadPersonas, ZActividadQuery } from '#shared/schemas/actividad';
import { requireRole, storeOf } from '../../plugins/auth';
import { exportarActividadCsv, listarActividad, personasDeActividad } from './actividad.domain';

/** The store's activity log (issue #27 point 6): its role 1 reads it, filters it and exports it. */
export async function actividadRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['actividad'];
  // Before validation: another role learns nothing about the filters.
  const soloAdministrador = requireRole([ROL.ADMIN], M.actividad.soloAdministrador);

  r.get('/actividad', {
    preValidation: soloAdministrador,
    schema: { tags, querystring: ZActividadQuery, response: { 200: ZActividadPage } },
    handler: (req) => listarActividad({ db: app.db, tiendaId: storeOf(req), query: req.query }),
  });

  r.get('/actividad/personas', {
    preValidation: soloAdministrador,
    schema: { tags, response: { 200: ZActividadPersonas } },
    handler: async (req) => ({ items: await personasDeActividad({ db: app.db, tiendaId: storeOf(req) }) }),
  });

  // The CSV for Excel in Spanish: UTF-8 with a BOM, `;`-separated (actividad.domain.ts).
  r.get('/actividad/csv', {
    preValidation: soloAdministrador,
    schema: { tags, querystring: ZActividadCsvQuery, response: { 200: z.string() } },
    handler: async (req, reply) => {
      const { csv, dia } = await exportarActividadCsv({ db: app.db, tiendaId: storeOf(req), query: req.query });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${M.actividad.archivo(dia)}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  });
}
