import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { M } from '#shared/messages';
import { ZCierreEmpresa, ZCierreEmpresaExportar, ZCierreEmpresaQuery, ZEmpleadosEmpresa, ZImpuestosEmpresa, ZProductosEmpresa, ZResumenEmpresa, ZResumenEmpresaExportar, ZResumenEmpresaQuery } from '#shared/schemas/empresa';
import type { TReporte } from '#shared/schemas/reportes';
import { sessionOf, storeOf } from '../../plugins/auth';
import { descargaComo } from '../../lib/exportar';
import { alcanceDe } from '../tienda/empresa';
import { requireDueno } from '../tienda/alcance';
import { cierreComoReporte, cierreDeEmpresa, resumenComoReporte, resumenDeEmpresa } from './empresa';
import { empleadosComoReporte, empleadosDeEmpresa, impuestosComoReporte, impuestosDeEmpresa, productosComoReporte, productosDeEmpresa } from './empresa-informes';
import { reporteCsv, reporteXlsx } from './exportar';
import { zonaDe } from './zona';

/**
 * The owner's consolidated view (issue #56 point 4): every store of the empresa side by side and in
 * total, the daily close of all of them, and both as CSV/XLSX with the store on every row. The empresa's
 * owner only (its store login, from any of its stores), refused before the filters are read.
 */
export async function empresaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reportes'];
  const soloDueno = async (req: Parameters<typeof sessionOf>[0]) => {
    requireDueno(alcanceDe(sessionOf(req)), M.empresa.soloDueno);
  };

  const archivo = async (req: Parameters<typeof sessionOf>[0], rep: Pick<TReporte, 'titulo' | 'periodo' | 'tablas'>, formato: 'csv' | 'xlsx', nombre: string) => {
    const zona = await zonaDe(app.db, storeOf(req));
    return formato === 'csv'
      ? ([reporteCsv(rep, zona), 'text/csv; charset=utf-8', `${nombre}.csv`] as const)
      : ([await reporteXlsx(rep, zona), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', `${nombre}.xlsx`] as const);
  };

  r.get('/empresa/resumen', {
    preValidation: soloDueno,
    schema: { tags, querystring: ZResumenEmpresaQuery, response: { 200: ZResumenEmpresa } },
    handler: (req) => resumenDeEmpresa({ db: app.db, alcance: alcanceDe(sessionOf(req)), query: req.query }),
  });

  r.get('/empresa/resumen/exportar', {
    preValidation: soloDueno,
    schema: { tags, querystring: ZResumenEmpresaExportar, response: { 200: z.any() } },
    handler: async (req, reply) => {
      const { formato, ...query } = req.query;
      const res = await resumenDeEmpresa({ db: app.db, alcance: alcanceDe(sessionOf(req)), query });
      const [cuerpo, tipo, nombre] = await archivo(req, resumenComoReporte(res), formato, `tiendas-${res.periodo.desde}-a-${res.periodo.hasta}`);
      return reply.header('content-type', tipo).header('content-disposition', descargaComo(nombre)).header('cache-control', 'no-store').send(cuerpo);
    },
  });

  r.get('/empresa/cierre', {
    preValidation: soloDueno,
    schema: { tags, querystring: ZCierreEmpresaQuery, response: { 200: ZCierreEmpresa } },
    handler: (req) => cierreDeEmpresa({ db: app.db, alcance: alcanceDe(sessionOf(req)), fecha: req.query.fecha }),
  });

  r.get('/empresa/cierre/exportar', {
    preValidation: soloDueno,
    schema: { tags, querystring: ZCierreEmpresaExportar, response: { 200: z.any() } },
    handler: async (req, reply) => {
      const { formato, fecha } = req.query;
      const res = await cierreDeEmpresa({ db: app.db, alcance: alcanceDe(sessionOf(req)), fecha, completo: true });
      const [cuerpo, tipo, nombre] = await archivo(req, cierreComoReporte(res), formato, `cierre-tiendas-${res.fecha}`);
      return reply.header('content-type', tipo).header('content-disposition', descargaComo(nombre)).header('cache-control', 'no-store').send(cuerpo);
    },
  });

  // Per product, per person and per tax rate (issue #56 points 4 and 5), each with its export.
  type Leer<T> = (o: { db: typeof app.db; alcance: ReturnType<typeof alcanceDe>; query: z.output<typeof ZResumenEmpresaQuery>; completo?: boolean }) => Promise<T>;
  const exportar = <T extends { periodo: { desde: string; hasta: string } }>(ruta: string, leer: Leer<T>, comoArchivo: (res: T) => Pick<TReporte, 'titulo' | 'periodo' | 'tablas'>) =>
    r.get(`/empresa/${ruta}/exportar`, {
      preValidation: soloDueno,
      schema: { tags, querystring: ZResumenEmpresaExportar, response: { 200: z.any() } },
      handler: async (req, reply) => {
        const { formato, ...query } = req.query;
        const res = await leer({ db: app.db, alcance: alcanceDe(sessionOf(req)), query, completo: true });
        const [cuerpo, tipo, nombre] = await archivo(req, comoArchivo(res), formato, `tiendas-${ruta}-${res.periodo.desde}-a-${res.periodo.hasta}`);
        return reply.header('content-type', tipo).header('content-disposition', descargaComo(nombre)).header('cache-control', 'no-store').send(cuerpo);
      },
    });

  r.get('/empresa/productos', {
    preValidation: soloDueno,
    schema: { tags, querystring: ZResumenEmpresaQuery, response: { 200: ZProductosEmpresa } },
    handler: (req) => productosDeEmpresa({ db: app.db, alcance: alcanceDe(sessionOf(req)), query: req.query }),
  });
  exportar('productos', productosDeEmpresa, productosComoReporte);

  r.get('/empresa/empleados', {
    preValidation: soloDueno,
    schema: { tags, querystring: ZResumenEmpresaQuery, response: { 200: ZEmpleadosEmpresa } },
    handler: (req) => empleadosDeEmpresa({ db: app.db, alcance: alcanceDe(sessionOf(req)), query: req.query }),
  });
  exportar('empleados', empleadosDeEmpresa, empleadosComoReporte);

  r.get('/empresa/impuestos', {
    preValidation: soloDueno,
    schema: { tags, querystring: ZResumenEmpresaQuery, response: { 200: ZImpuestosEmpresa } },
    handler: (req) => impuestosDeEmpresa({ db: app.db, alcance: alcanceDe(sessionOf(req)), query: req.query }),
  });
  exportar('impuestos', impuestosDeEmpresa, impuestosComoReporte);
}
