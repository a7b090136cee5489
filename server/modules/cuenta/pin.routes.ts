import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { M } from '#shared/messages';
import { ZMessageResponse } from '#shared/schemas/auth';
import { ZEstablecerPinRequest, ZEstadoPin } from '#shared/schemas/venta';
import { sessionOf } from '../../plugins/auth';
import { establecerPin, estadoPin, supervisorDe } from './pin.service';

/** The supervisor's own PIN (issue #16 point 4): roles 1 and 3 with an employee account, and the store account (issue #36). */
export async function pinRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cuenta'];
  // Who may have a PIN is decided before the body is read: anyone else gets 403, not a form error.
  app.addHook('preValidation', async (req) => void supervisorDe(sessionOf(req)));

  r.get('/cuenta/pin', {
    schema: { tags, response: { 200: ZEstadoPin } },
    handler: (req) => estadoPin({ db: app.db, sesion: sessionOf(req) }),
  });

  r.put('/cuenta/pin', {
    // A PIN changes no role or token: checked sessions stay. The current password is a guess a
    // stolen session could repeat: counted as a sign-in try of this account (issue #15's limits).
    config: { keepsSessions: true },
    preHandler: async (req, reply) => app.authLimits.attempt(req, reply, `pin:${sessionOf(req).usuarioId ?? `t${sessionOf(req).tiendaId}`}`),
    schema: { tags, body: ZEstablecerPinRequest, response: { 200: ZMessageResponse } },
    handler: async (req) => {
      await establecerPin({ db: app.db, sesion: sessionOf(req), ...req.body });
      return { message: M.ventas.miPinGuardado };
    },
  });
}
