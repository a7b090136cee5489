import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { ZAjustesTienda, ZCodigoInvitacionRegenerado, ZUpdateAjustesTienda } from '#shared/schemas/tienda';
import { requireRole, storeOf } from '../../plugins/auth';
import { actualizarAjustes, obtenerAjustes, regenerarCodigoInvitacion } from './tienda.service';

/** The store's own settings that its screens change (registered among the store's routes). */
export async function tiendaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Role 1 of the store only (the store account or an admin employee); role 3 sees the code but may
  // not change it. The change moves no account, role or token version: checked sessions stay cached.
  r.post('/tienda/codigo-invitacion/regenerar', {
    preHandler: requireRole([ROL.ADMIN], M.codigoInvitacion.soloAdministrador),
    config: { keepsSessions: true, keepsCatalog: true },
    schema: { tags: ['tienda'], response: { 200: ZCodigoInvitacionRegenerado } },
    handler: async (req) => {
      const codigo = await regenerarCodigoInvitacion({ db: app.db, tiendaId: storeOf(req) });
      return { codigo_invitacion: codigo, message: M.codigoInvitacion.regenerado };
    },
  });

  // The receipt's settings (issue #19): every role of the store reads them (the receipt shows them);
  // role 1 changes them. The change moves no account and no catalogue.
  r.get('/tienda/ajustes', {
    schema: { tags: ['tienda'], response: { 200: ZAjustesTienda } },
    handler: async (req) => obtenerAjustes({ db: app.db, tiendaId: storeOf(req) }),
  });

  r.put('/tienda/ajustes', {
    preHandler: requireRole([ROL.ADMIN]),
    config: { keepsSessions: true, keepsCatalog: true },
    schema: { tags: ['tienda'], body: ZUpdateAjustesTienda, response: { 200: ZAjustesTienda } },
    handler: async (req) => actualizarAjustes({ db: app.db, tiendaId: storeOf(req), data: req.body }),
  });
}
