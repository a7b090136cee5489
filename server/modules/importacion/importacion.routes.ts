import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { ENTIDADES_IMPORTACION, LIMITES_IMPORTACION, ZImportacionRequest, ZVistaPrevia, type TLineaAplicacion } from '#shared/schemas/importacion';
import { sessionOf, storeOf } from '../../plugins/auth';
import { autorDe } from '../actividad/actividad.domain';
import { ZExportarParams } from '#shared/schemas/exportacion';
import { descargaComo } from '../../lib/exportar';
import { prepararImportacion, vistaPrevia } from './importacion.service';
import { plantilla } from './plantilla';

/** The file travels base64 in JSON: its cap, a third more, and room for the mapping (SECURITY.md "HTTP"). */
const BODY_LIMIT_IMPORTACION = Math.ceil((LIMITES_IMPORTACION.maxBytes * 4) / 3) + 64 * 1024;

/**
 * The imports (issue #33): products, customers and suppliers, each a preview that writes nothing,
 * then the apply with its progress.
 */
export async function importacionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['importacion'];

  for (const entidad of ENTIDADES_IMPORTACION) {
    /** The template (issue #52 point 6): the columns the import reads and an example row, as CSV or XLSX. */
    r.get(`/importacion/${entidad}/plantilla/:formato`, {
      schema: { tags, params: ZExportarParams },
      handler: async (req, reply) => {
        storeOf(req);
        const archivo = await plantilla(entidad, req.params.formato);
        return reply.header('content-type', archivo.tipo).header('content-disposition', descargaComo(archivo.archivo)).header('cache-control', 'no-store').send(archivo.contenido);
      },
    });

    r.post(`/importacion/${entidad}/vista-previa`, {
      bodyLimit: BODY_LIMIT_IMPORTACION,
      schema: { tags, body: ZImportacionRequest, response: { 200: ZVistaPrevia } },
      handler: (req) => {
        // Reads only: no cache of the store is dropped.
        req.escritura = false;
        return vistaPrevia(entidad, { db: app.db, tiendaId: storeOf(req), autor: autorDe(sessionOf(req), 'tienda'), ...req.body });
      },
    });

    /**
     * The answer is a stream of JSON lines (TLineaAplicacion): progress after each batch, then the end
     * or the error. A refusal of the file or of the person comes before the stream, as a usual error.
     */
    r.post(`/importacion/${entidad}/aplicar`, {
      bodyLimit: BODY_LIMIT_IMPORTACION,
      // Compression would hold the progress lines back.
      compress: false,
      schema: { tags, body: ZImportacionRequest },
      handler: async (req, reply) => {
        const tiendaId = storeOf(req);
        const importacion = await prepararImportacion(entidad, { db: app.db, tiendaId, autor: autorDe(sessionOf(req), 'tienda'), ...req.body });
        // Announced once committed, below, not when the stream starts.
        req.escritura = false;
        const salida = new PassThrough();
        const linea = (l: TLineaAplicacion) => salida.write(`${JSON.stringify(l)}\n`);
        void (async () => {
          try {
            linea({ tipo: 'progreso', hechas: 0, total: importacion.total });
            const resumen = await importacion.aplicar((hechas, total) => void linea({ tipo: 'progreso', hechas, total }));
            if (importacion.total > 0) app.writeBus.publish({ tiendaId, lecturas: true, sesiones: false, catalogo: entidad === 'productos', empresaId: req.sesion?.empresaId ?? null });
            linea({ tipo: 'fin', resumen });
          } catch (err) {
            const e = err instanceof AppError && err.code !== 'INTERNAL' ? err : null;
            if (!e) req.log.error({ err }, 'importación fallida');
            linea({ tipo: 'error', error: { code: e?.code ?? 'INTERNAL', message: e?.message ?? M.generic.errorText } });
          } finally {
            salida.end();
          }
        })();
        return reply.header('content-type', 'application/x-ndjson; charset=utf-8').header('cache-control', 'no-store').send(salida);
      },
    });
  }
}
