import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { ZPageQuery } from '#shared/schemas/common';
import { ZExportarParams } from '#shared/schemas/exportacion';
import { ZFacturasQuery } from '#shared/schemas/factura';
import { ZMovimientosQuery } from '#shared/schemas/movimiento';
import { forbidRole, sessionOf, storeOf } from '../../plugins/auth';
import { descargaComo } from '../../lib/exportar';
import { requireDueno } from '../tienda/alcance';
import { alcanceDe } from '../tienda/empresa';
import { exportarCatalogoEmpresa, exportarLista } from './exportacion.service';

const enviar = (reply: FastifyReply, archivo: Awaited<ReturnType<typeof exportarLista>>) =>
  reply.header('content-type', archivo.tipo).header('content-disposition', descargaComo(archivo.archivo)).header('cache-control', 'no-store').send(archivo.contenido);

/**
 * Exports of the store's lists (issue #33 point 2): `GET /api/<lista>/exportar/:formato` (csv or xlsx)
 * with the list's own query (its search and filters), by the same roles that may read the list.
 */
export async function exportacionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['exportacion'];
  const busqueda = ZPageQuery.pick({ q: true });

  for (const entidad of ['productos', 'clientes', 'proveedores'] as const) {
    r.get(`/${entidad}/exportar/:formato`, {
      schema: { tags, params: ZExportarParams, querystring: busqueda },
      handler: async (req, reply) => enviar(reply, await exportarLista({ db: app.db, tiendaId: storeOf(req), lector: sessionOf(req), entidad, formato: req.params.formato, q: req.query.q })),
    });
  }

  // The empresa's catalogue, every store's rows (issue #56 point 2): its owner only, refused before the query is read.
  r.get('/empresa/catalogo/exportar/:formato', {
    preValidation: async (req) => void requireDueno(alcanceDe(sessionOf(req)), M.empresa.soloDueno),
    schema: { tags, params: ZExportarParams, querystring: busqueda },
    handler: async (req, reply) =>
      enviar(reply, await exportarCatalogoEmpresa({ db: app.db, alcance: alcanceDe(sessionOf(req)), lector: sessionOf(req), formato: req.params.formato, q: req.query.q })),
  });

  r.get('/facturas/exportar/:formato', {
    schema: { tags, params: ZExportarParams, querystring: ZFacturasQuery },
    handler: async (req, reply) => enviar(reply, await exportarLista({ db: app.db, tiendaId: storeOf(req), lector: sessionOf(req), entidad: 'ventas', formato: req.params.formato, facturas: req.query })),
  });

  r.get('/movimientos/exportar/:formato', {
    // As the movements list: role 3 may not see the ledger (spec §6), refused before validation.
    preValidation: forbidRole([ROL.ENCARGADO], M.roles.denyMovimientos, M.movimientos.denegadoTitulo),
    schema: { tags, params: ZExportarParams, querystring: ZMovimientosQuery },
    handler: async (req, reply) => enviar(reply, await exportarLista({ db: app.db, tiendaId: storeOf(req), lector: sessionOf(req), entidad: 'movimientos', formato: req.params.formato, movimientos: req.query })),
  });
}
