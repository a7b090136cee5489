import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROL } from '#shared/roles';
import { INFORMES, ZExportarQuery, ZInicioResumen, ZReporte, ZReporteOpciones, ZReporteQuery } from '#shared/schemas/reportes';
import { requireRole, sessionOf, storeOf } from '../../plugins/auth';
import { autorDe } from '../actividad/actividad.domain';
import { conRechazos, exigirPermiso } from '../tienda/permisos';
import { descargaComo } from '../../lib/exportar';
import { nombreArchivo, reporteCsv, reporteXlsx } from './exportar';
import { generarReporte, opcionesDeReporte, resumenDeInicio } from './reportes.service';
import { zonaDe } from './zona';
import { empresaRoutes } from './empresa.routes';

/**
 * The store's reports (issue #35): one route per report and one for its export, and the Inicio
 * dashboard. Role 1 sees them; roles 2 and 3 with the store's `reportes` permission (permisos.ts),
 * asked before the filters are read; a refusal is recorded in the activity log.
 */
export async function reportesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reportes'];
  const conPermiso = async (req: FastifyRequest) => {
    const tiendaId = storeOf(req);
    await conRechazos(app.db, () => exigirPermiso(app.db, tiendaId, autorDe(sessionOf(req), 'tienda'), 'reportes'));
  };

  r.get('/reportes/opciones', {
    preValidation: conPermiso,
    schema: { tags, response: { 200: ZReporteOpciones } },
    handler: (req) => opcionesDeReporte({ db: app.db, tiendaId: storeOf(req) }),
  });

  // The owner's day at a glance: roles 1 and 3 (issue #35 point 1).
  r.get('/reportes/inicio', {
    preValidation: [requireRole([ROL.ADMIN, ROL.ENCARGADO]), conPermiso],
    schema: { tags, response: { 200: ZInicioResumen } },
    handler: (req) => resumenDeInicio({ db: app.db, tiendaId: storeOf(req) }),
  });

  for (const informe of INFORMES) {
    r.get(`/reportes/${informe}`, {
      preValidation: conPermiso,
      schema: { tags, querystring: ZReporteQuery, response: { 200: ZReporte } },
      handler: (req) => generarReporte({ db: app.db, tiendaId: storeOf(req), informe, filtros: req.query }),
    });

    r.get(`/reportes/${informe}/exportar`, {
      preValidation: conPermiso,
      schema: { tags, querystring: ZExportarQuery, response: { 200: z.any() } },
      handler: async (req, reply) => {
        const tiendaId = storeOf(req);
        const { formato, ...filtros } = req.query;
        const rep = await generarReporte({ db: app.db, tiendaId, informe, filtros, completo: true });
        const zona = await zonaDe(app.db, tiendaId);
        const [cuerpo, tipo] =
          formato === 'csv'
            ? [reporteCsv(rep, zona), 'text/csv; charset=utf-8']
            : [await reporteXlsx(rep, zona), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];
        return reply
          .header('content-type', tipo)
          .header('content-disposition', descargaComo(nombreArchivo(rep, formato)))
          .header('cache-control', 'no-store')
          .send(cuerpo);
      },
    });
  }

  // The owner's view of every store of the empresa (issue #56 point 4).
  await empresaRoutes(app);
}
