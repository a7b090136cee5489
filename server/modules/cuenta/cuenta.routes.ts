import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
  ZSesion,
  ZVerificarCodigoRequest,
} from '#shared/schemas/auth';
import { sessionOf } from '../../plugins/auth';
import { login, registrarTienda, registrarUsuario, sesionActual } from './cuenta.service';
import { enviarCodigo, restablecer, verificarCodigo } from './recuperacion.service';

/** Sign-in, sign-up and password recovery (spec §2 session screens, §7 their calls). */
export async function cuentaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const authLimit = { rateLimit: app.authRateLimit };

  r.post('/sesion/login', {
    config: authLimit,
    schema: { tags: ['cuenta'], body: ZLoginRequest, response: { 200: ZLoginResponse } },
    handler: (req) => login({ db: app.db, tokens: app.tokens, ...req.body }),
  });

  r.get('/sesion', {
    onRequest: [app.authenticate],
    schema: { tags: ['cuenta'], response: { 200: ZSesion } },
    handler: (req) => sesionActual({ db: app.db, sesion: sessionOf(req) }),
  });

  r.post('/usuarios/registro', {
    config: authLimit,
    schema: { tags: ['cuenta'], body: ZRegistroUsuarioRequest, response: { 201: ZMessageResponse } },
    handler: async (req, reply) => {
      await registrarUsuario({ db: app.db, input: req.body });
      return reply.status(201).send({ message: M.registro.successText });
    },
  });

  r.post('/tiendas/registro', {
    config: authLimit,
    schema: { tags: ['cuenta'], body: ZRegistroTiendaRequest, response: { 201: ZRegistroTiendaResponse } },
    handler: async (req, reply) => reply.status(201).send(await registrarTienda({ db: app.db, input: req.body })),
  });

  r.post('/recuperacion/enviar-codigo', {
    config: authLimit,
    schema: { tags: ['cuenta'], body: ZEnviarCodigoRequest, response: { 200: ZMessageResponse } },
    handler: async (req) => {
      await enviarCodigo({ db: app.db, mailer: app.mailer, secret: app.secret, correo: req.body.correo });
      return { message: M.recuperacion.sent };
    },
  });

  r.post('/recuperacion/verificar-codigo', {
    config: authLimit,
    schema: { tags: ['cuenta'], body: ZVerificarCodigoRequest, response: { 200: ZMessageResponse } },
    handler: async (req) => {
      await verificarCodigo({ db: app.db, secret: app.secret, ...req.body });
      return { message: M.recuperacion.verified };
    },
  });

  r.post('/recuperacion/restablecer', {
    config: authLimit,
    schema: { tags: ['cuenta'], body: ZRestablecerRequest, response: { 200: ZMessageResponse } },
    handler: async (req) => {
      await restablecer({ db: app.db, secret: app.secret, ...req.body });
      return { message: M.recuperacion.changed };
    },
  });
}
