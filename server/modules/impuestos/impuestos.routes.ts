import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { ZAsignacionHecha, ZAsignarCategoria, ZAsignarProductos, ZClasificacion, ZInformeImpuestos, ZMesQuery } from '#shared/schemas/impuestos';
import { requireRole, storeOf } from '../../plugins/auth';
import { asignarCategoria, asignarProductos, clasificacion, informeImpuestos } from './impuestos.domain';
import { diasDelMes, informeCsv } from './impuestos.informe';

/** Taxes of the store's products and its monthly tax report (issue #30): role 1 only. */
export async function impuestosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['impuestos'];
  // Before validation: another role learns nothing about the store's taxes.
  const soloAdministrador = requireRole([ROL.ADMIN], M.impuestos.soloAdministrador);

  r.get('/impuestos/clasificacion', {
    preValidation: soloAdministrador,
    schema: { tags, response: { 200: ZClasificacion } },
    handler: (req) => clasificacion({ db: app.db, tiendaId: storeOf(req) }),
  });

  r.put('/impuestos/categorias', {
    preValidation: soloAdministrador,
    config: { keepsSessions: true },
    schema: { tags, body: ZAsignarCategoria, response: { 200: ZAsignacionHecha } },
    handler: (req) => asignarCategoria({ db: app.db, tiendaId: storeOf(req), ...req.body }),
  });

  r.put('/impuestos/productos', {
    preValidation: soloAdministrador,
    config: { keepsSessions: true },
    schema: { tags, body: ZAsignarProductos, response: { 200: ZAsignacionHecha } },
    handler: (req) => asignarProductos({ db: app.db, tiendaId: storeOf(req), ...req.body }),
  });

  r.get('/impuestos/informe', {
    preValidation: soloAdministrador,
    schema: { tags, querystring: ZMesQuery, response: { 200: ZInformeImpuestos } },
    handler: (req) => informeImpuestos({ db: app.db, tiendaId: storeOf(req), ...diasDelMes(req.query.mes) }),
  });

  // The CSV for Excel in Spanish: UTF-8 with a BOM, `;`, decimal comma, dd/mm/aaaa.
  r.get('/impuestos/informe/csv', {
    preValidation: soloAdministrador,
    schema: { tags, querystring: ZMesQuery, response: { 200: z.string() } },
    handler: async (req, reply) => {
      const inf = await informeImpuestos({ db: app.db, tiendaId: storeOf(req), ...diasDelMes(req.query.mes) });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="impuestos-${req.query.mes}.csv"`)
        .header('cache-control', 'no-store')
        .send(informeCsv(inf));
    },
  });
}
