import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { ZAjustesTienda, ZCodigoInvitacionRegenerado, ZFormatosBalanza, ZUpdateAjustesTienda } from '#shared/schemas/tienda';
import { requireRole, sessionOf, storeOf } from '../../plugins/auth';
import { actualizarAjustes, obtenerAjustes, regenerarCodigoInvitacion } from './ajustes.service';
import { ZEmpleadosPendientes, ZInvitacion, ZPendienteIdParam, ZRegenerarCodigoRequest, ZUpdateInvitacion } from '#shared/schemas/invitacion';
import { ZMessageResponse } from '#shared/schemas/auth';
import { ZMisPermisos, ZPermisosTienda, ZUpdatePermisosTienda } from '#shared/schemas/permisos';
import { autorDe } from '../actividad/actividad.domain';
import { guardarPermisos, misPermisos, obtenerPermisos } from '../tienda/permisos';
import { guardarFormatosBalanza, obtenerFormatosBalanza } from '../balanza/balanza';
import { aprobarEmpleado, configurarInvitacion, listarPendientes, obtenerInvitacion, rechazarEmpleado } from '../invitacion/invitacion.domain';

/** The store's own settings that its screens change (registered among the store's routes). */
export async function ajustesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Role 1 of the store only (the store account or an admin employee); role 3 sees the code but may
  // not change it. The change moves no account, role or token version: checked sessions stay cached.
  r.post('/tienda/codigo-invitacion/regenerar', {
    preHandler: requireRole([ROL.ADMIN], M.codigoInvitacion.soloAdministrador),
    config: { keepsSessions: true, keepsCatalog: true },
    // The new code's expiry (issue #15): none when the body leaves it out (or there is no body).
    schema: { tags: ['tienda'], body: ZRegenerarCodigoRequest.nullish(), response: { 200: ZCodigoInvitacionRegenerado } },
    handler: async (req) => {
      const codigo = await regenerarCodigoInvitacion({ db: app.db, tiendaId: storeOf(req), vigencia: req.body?.vigencia });
      return { codigo_invitacion: codigo, message: M.codigoInvitacion.regenerado };
    },
  });

  // The code's expiry and the approval of new employees (issue #15; rules in invitacion.domain.ts).
  // Roles 1 and 3 see the code, so they see its expiry; only role 1 changes it or approves anyone.
  r.get('/tienda/invitacion', {
    preHandler: requireRole([ROL.ADMIN, ROL.ENCARGADO]),
    schema: { tags: ['tienda'], response: { 200: ZInvitacion } },
    handler: async (req) => obtenerInvitacion({ db: app.db, tiendaId: storeOf(req), rol: sessionOf(req).rol }),
  });

  r.put('/tienda/invitacion', {
    preHandler: requireRole([ROL.ADMIN], M.invitacion.soloAdministrador),
    config: { keepsSessions: true, keepsCatalog: true },
    schema: { tags: ['tienda'], body: ZUpdateInvitacion, response: { 200: ZInvitacion } },
    handler: async (req) => configurarInvitacion({ db: app.db, tiendaId: storeOf(req), data: req.body }),
  });

  r.get('/tienda/empleados-pendientes', {
    preHandler: requireRole([ROL.ADMIN], M.invitacion.soloAdministrador),
    schema: { tags: ['tienda'], response: { 200: ZEmpleadosPendientes } },
    handler: async (req) => ({ items: await listarPendientes({ db: app.db, tiendaId: storeOf(req) }) }),
  });

  // Approving and rejecting change an account: checked sessions are dropped (the default).
  r.post('/tienda/empleados-pendientes/:id/aprobar', {
    preHandler: requireRole([ROL.ADMIN], M.invitacion.soloAdministrador),
    schema: { tags: ['tienda'], params: ZPendienteIdParam, response: { 200: ZMessageResponse } },
    handler: async (req) => {
      const { nombre } = await aprobarEmpleado({ db: app.db, tiendaId: storeOf(req), id: req.params.id });
      return { message: M.invitacion.aprobadoText(nombre) };
    },
  });

  r.delete('/tienda/empleados-pendientes/:id', {
    preHandler: requireRole([ROL.ADMIN], M.invitacion.soloAdministrador),
    schema: { tags: ['tienda'], params: ZPendienteIdParam, response: { 200: ZMessageResponse } },
    handler: async (req) => {
      await rechazarEmpleado({ db: app.db, tiendaId: storeOf(req), id: req.params.id });
      return { message: M.invitacion.rechazado };
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

  // The layouts of the store's label scales (issue #33 point 4): every role reads them (the till's
  // labels follow them); role 1 changes them. The change moves no account and no catalogue.
  r.get('/tienda/balanzas', {
    schema: { tags: ['tienda'], response: { 200: ZFormatosBalanza } },
    handler: (req) => obtenerFormatosBalanza({ db: app.db, tiendaId: storeOf(req) }),
  });

  r.put('/tienda/balanzas', {
    preValidation: requireRole([ROL.ADMIN], M.ajustesTienda.balanzas.soloAdministrador),
    config: { keepsSessions: true, keepsCatalog: true },
    schema: { tags: ['tienda'], body: ZFormatosBalanza, response: { 200: ZFormatosBalanza } },
    handler: (req) => guardarFormatosBalanza({ db: app.db, tiendaId: storeOf(req), datos: req.body }),
  });

  // Permissions (issue #27 point 1; the rule is permisos.ts's): role 1 decides; every role reads its own,
  // which its screens use to hide what it may not do. Saving moves no account and no catalogue.
  r.get('/tienda/permisos', {
    preValidation: requireRole([ROL.ADMIN], M.permisos.soloAdministrador),
    schema: { tags: ['tienda'], response: { 200: ZPermisosTienda } },
    handler: (req) => obtenerPermisos({ db: app.db, tiendaId: storeOf(req) }),
  });

  r.put('/tienda/permisos', {
    preValidation: requireRole([ROL.ADMIN], M.permisos.soloAdministrador),
    config: { keepsSessions: true, keepsCatalog: true },
    schema: { tags: ['tienda'], body: ZUpdatePermisosTienda, response: { 200: ZPermisosTienda } },
    handler: (req) => guardarPermisos({ db: app.db, tiendaId: storeOf(req), autor: autorDe(sessionOf(req), 'tienda'), datos: req.body }),
  });

  r.get('/tienda/mis-permisos', {
    schema: { tags: ['tienda'], response: { 200: ZMisPermisos } },
    handler: (req) => misPermisos({ db: app.db, tiendaId: storeOf(req), rol: sessionOf(req).rol }),
  });
}
