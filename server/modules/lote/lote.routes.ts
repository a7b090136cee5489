import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { ZDiasPorVencerRequest, ZLoteProductoParams, ZLotesProducto, ZPorVencer } from '#shared/schemas/lote';
import { requireRole, sessionOf, storeOf } from '../../plugins/auth';
import { autorDe } from '../actividad/actividad.domain';
import { guardarDiasPorVencer, lotesDeProducto, porVencer } from './lote.domain';

/** Lots and expiry (issue #58 point 2, ADR 051). Thin: the rules are lote.domain.ts's. */
export async function loteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['lotes'];

  // Every role of the store reads what is about to expire (the cashier too); costs need `reportes`.
  r.get('/lotes/por-vencer', {
    schema: { tags, response: { 200: ZPorVencer } },
    handler: (req) => porVencer({ db: app.db, tiendaId: storeOf(req), autor: autorDe(sessionOf(req), 'tienda') }),
  });

  r.put('/lotes/dias-por-vencer', {
    preValidation: requireRole([ROL.ADMIN], M.compras.soloAdministrador),
    config: { keepsSessions: true },
    schema: { tags, body: ZDiasPorVencerRequest, response: { 200: z.object({ message: z.string() }) } },
    handler: async (req) => {
      await guardarDiasPorVencer({ db: app.db, tiendaId: storeOf(req), dias: req.body.dias });
      return { message: M.lotes.diasGuardados };
    },
  });

  // A product's lots with units, first to expire first: the till's choice of lot.
  r.get('/lotes/producto/:id', {
    schema: { tags, params: ZLoteProductoParams, response: { 200: ZLotesProducto } },
    handler: (req) => lotesDeProducto({ db: app.db, tiendaId: storeOf(req), productoId: req.params.id }),
  });
}
