import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { ZAsignacionHecha, ZAsignarCategoria, ZAsignarProductos, ZClasificacion, ZArchivoInformeQuery, ZImpuestosVenta, ZInformeImpuestos, ZMesQuery, ZVentaIdParam } from '#shared/schemas/impuestos';
import { requireRole, sessionOf, storeOf } from '../../plugins/auth';
import { autorDe } from '../actividad/actividad.domain';
import { asignarCategoria, asignarProductos, clasificacion, impuestosDeVenta, informeImpuestos } from './impuestos.domain';
import { descargaComo, exportarTabla } from '../../lib/exportar';
import { columnasInforme, diasDelMes, filasInforme } from './impuestos.informe';

/** Taxes of the store's products and its monthly tax report (issue #30): role 1 only. */
export async function impuestosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['impuestos'];
  // Before validation: another role learns nothing about the store's taxes.
  const soloAdministrador = requireRole([ROL.ADMIN], M.impuestos.soloAdministrador);

  // A receipt's tax part: every role of the store prints receipts; another store's sale answers 404.
  r.get('/impuestos/ventas/:id', {
    schema: { tags, params: ZVentaIdParam, response: { 200: ZImpuestosVenta } },
    handler: (req) => impuestosDeVenta({ db: app.db, tiendaId: storeOf(req), ventaId: req.params.id }),
  });

  r.get('/impuestos/clasificacion', {
    preValidation: soloAdministrador,
    schema: { tags, response: { 200: ZClasificacion } },
    handler: (req) => clasificacion({ db: app.db, tiendaId: storeOf(req), autor: autorDe(sessionOf(req), 'tienda') }),
  });

  r.put('/impuestos/categorias', {
    preValidation: soloAdministrador,
    config: { keepsSessions: true },
    schema: { tags, body: ZAsignarCategoria, response: { 200: ZAsignacionHecha } },
    handler: (req) => asignarCategoria({ db: app.db, tiendaId: storeOf(req), ...req.body, autor: autorDe(sessionOf(req), 'tienda') }),
  });

  r.put('/impuestos/productos', {
    preValidation: soloAdministrador,
    config: { keepsSessions: true },
    schema: { tags, body: ZAsignarProductos, response: { 200: ZAsignacionHecha } },
    handler: (req) => asignarProductos({ db: app.db, tiendaId: storeOf(req), ...req.body, autor: autorDe(sessionOf(req), 'tienda') }),
  });

  r.get('/impuestos/informe', {
    preValidation: soloAdministrador,
    schema: { tags, querystring: ZMesQuery, response: { 200: ZInformeImpuestos } },
    handler: (req) => informeImpuestos({ db: app.db, tiendaId: storeOf(req), ...diasDelMes(req.query.mes) }),
  });

  // The report as a file: CSV for Excel in Spanish (BOM, `;`, decimal comma, dd/mm/aaaa) or XLSX.
  r.get('/impuestos/informe/archivo', {
    preValidation: soloAdministrador,
    schema: { tags, querystring: ZArchivoInformeQuery },
    handler: async (req, reply) => {
      const inf = await informeImpuestos({ db: app.db, tiendaId: storeOf(req), ...diasDelMes(req.query.mes) });
      const f = await exportarTabla({ formato: req.query.formato, columnas: columnasInforme(inf), filas: filasInforme(inf), nombre: M.impuestos.informe.archivo(req.query.mes), hoja: M.impuestos.informe.titulo });
      return reply.header('content-type', f.tipo).header('content-disposition', descargaComo(f.archivo)).header('cache-control', 'no-store').send(f.contenido);
    },
  });
}
