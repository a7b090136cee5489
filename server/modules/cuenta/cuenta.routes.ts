import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import {
  ZEnviarCodigoRequest,
  ZLoginRequest,
  ZLoginResponse,
  ZMessageResponse,
  ZRegistroTiendaRequest,
  ZRegistroTiendaResponse,
  ZRegistroUsuarioRequest,
  ZRestablecerRequest,
  ZVerificarCodigoRequest,
} from '#shared/schemas/auth';
import { ZRegistroUsuarioResponse } from '#shared/schemas/invitacion';
import { ZCambiarTiendaRequest, ZSesionActual, ZTiendasDeSesion } from '#shared/schemas/sucursal';
import { tiendasDe } from '../tienda/empresa';
import { cambiarTienda } from './cambio-tienda';
import { bearerToken, sessionOf } from '../../plugins/auth';
import { cerrarSesion, login, registrarTienda, registrarUsuario, sesionActual } from './cuenta.service';
import { enviarCodigo, restablecer, verificarCodigo } from './recuperacion.service';

/** Sign-in, sign-up and password recovery (spec §2 session screens, §7 their calls). */
export async function cuentaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Counted with the parsed, normalised account the handler uses, and per address (issue #15).
  const byEmail = app.authLimits.byBodyField('email');
  const byCorreo = app.authLimits.byBodyField('correo');
  // An address already over its limit for every account is refused before its body is read (issue #49).
  const antes = app.authLimits.antes;

  r.post('/sesion/login', {
    onRequest: antes,
    preHandler: byEmail,
    schema: { tags: ['cuenta'], body: ZLoginRequest, response: { 200: ZLoginResponse } },
    handler: (req) => login({ db: app.db, tokens: app.tokens, ...req.body, turno: app.authLimits.turno(req) }),
  });

  r.get('/sesion', {
    onRequest: [app.authenticate],
    schema: { tags: ['cuenta'], response: { 200: ZSesionActual } },
    handler: async (req) => {
      const sesion = sessionOf(req);
      const [actual, tiendas] = await Promise.all([sesionActual({ db: app.db, sesion }), tiendasDe(app.db, sesion)]);
      return { ...actual, tiendas };
    },
  });

  // The stores the session may act for (issue #56): the top bar's switcher shows them when there are two or more.
  r.get('/sesion/tiendas', {
    onRequest: [app.authenticate],
    schema: { tags: ['cuenta'], response: { 200: ZTiendasDeSesion } },
    handler: async (req) => ({ items: await tiendasDe(app.db, sessionOf(req)) }),
  });

  // Switching store (issue #56 step 2): a new token acting for another of the account's stores. It
  // writes only the activity log: checked sessions stay cached (the new token is checked on its own).
  r.post('/sesion/tienda', {
    onRequest: [app.authenticate],
    config: { keepsSessions: true, keepsCatalog: true },
    schema: { tags: ['cuenta'], body: ZCambiarTiendaRequest, response: { 200: ZLoginResponse } },
    handler: async (req) => {
      const claims = await app.tokens.verify(bearerToken(req) ?? '');
      if (!claims) throw new AppError('UNAUTHORIZED', M.generic.unauthorized);
      return cambiarTienda({ db: app.db, tokens: app.tokens, sesion: sessionOf(req), claims, idTienda: req.body.idTienda });
    },
  });

  // Signing out ends the token on the server too: from now on it answers 401 on every instance (the
  // write empties the checked-session caches), while the account's other sessions go on.
  r.post('/sesion/cerrar', {
    onRequest: [app.authenticate],
    schema: { tags: ['cuenta'], response: { 200: ZMessageResponse } },
    handler: async (req) => {
      const claims = await app.tokens.verify(bearerToken(req) ?? '');
      if (!claims) throw new AppError('UNAUTHORIZED', M.generic.unauthorized);
      await cerrarSesion({ db: app.db, claims, sesion: sessionOf(req) });
      return { message: M.sesion.cerrada };
    },
  });

  r.post('/usuarios/registro', {
    onRequest: antes,
    preHandler: byEmail,
    schema: { tags: ['cuenta'], body: ZRegistroUsuarioRequest, response: { 201: ZRegistroUsuarioResponse } },
    handler: async (req, reply) => {
      const { pendiente } = await registrarUsuario({ db: app.db, input: req.body });
      // With the store's approval switch on, the new employee is told to wait (issue #15).
      return reply.status(201).send({ message: pendiente ? M.invitacion.registroPendiente : M.registro.successText, pendiente });
    },
  });

  r.post('/tiendas/registro', {
    onRequest: antes,
    preHandler: byEmail,
    schema: { tags: ['cuenta'], body: ZRegistroTiendaRequest, response: { 201: ZRegistroTiendaResponse } },
    handler: async (req, reply) => reply.status(201).send(await registrarTienda({ db: app.db, input: req.body })),
  });

  r.post('/recuperacion/enviar-codigo', {
    onRequest: antes,
    preHandler: byCorreo,
    schema: { tags: ['cuenta'], body: ZEnviarCodigoRequest, response: { 200: ZMessageResponse } },
    handler: async (req) => {
      await enviarCodigo({ db: app.db, mailer: app.mailer, secret: app.secret, correo: req.body.correo, log: req.log });
      return { message: M.recuperacion.sent };
    },
  });

  r.post('/recuperacion/verificar-codigo', {
    onRequest: antes,
    preHandler: byCorreo,
    schema: { tags: ['cuenta'], body: ZVerificarCodigoRequest, response: { 200: ZMessageResponse } },
    handler: async (req) => {
      await verificarCodigo({ db: app.db, secret: app.secret, ...req.body });
      return { message: M.recuperacion.verified };
    },
  });

  r.post('/recuperacion/restablecer', {
    onRequest: antes,
    preHandler: byCorreo,
    schema: { tags: ['cuenta'], body: ZRestablecerRequest, response: { 200: ZMessageResponse } },
    handler: async (req) => {
      await restablecer({ db: app.db, secret: app.secret, ...req.body });
      return { message: M.recuperacion.changed };
    },
  });
}
