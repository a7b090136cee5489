import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { ZRedLocal } from '#shared/schemas/red-local';
import { requireRole } from '../../plugins/auth';
import { derDePem } from './huella';
import { autoridadDe } from './https';
import { redLocal } from './red-local.service';

/** *Teléfonos de la tienda* (issue #34 point 1): the store's role 1 sees how to connect its phones. */
export async function redLocalRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/red-local', {
    preValidation: requireRole([ROL.ADMIN], M.redLocal.soloAdministrador),
    schema: { tags: ['red-local'], response: { 200: ZRedLocal } },
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return redLocal(app.env);
    },
  });
}

/**
 * The shop's authority certificate, for a phone to install (public: a certificate is not a secret; its
 * key never leaves $DATA_DIR/tls). DER with the type phones open as a CA certificate. 404 when the
 * server made none (HTTPS off, or the operator's own certificate).
 */
export async function autoridadRoutes(app: FastifyInstance) {
  app.get('/red-local/autoridad.crt', { schema: { hide: true } }, async (_req, reply) => {
    const pem = autoridadDe(app.env);
    if (!pem) throw new AppError('NOT_FOUND', M.generic.notFound);
    return reply
      .header('content-type', 'application/x-x509-ca-cert')
      .header('content-disposition', 'attachment; filename="adax-autoridad.crt"')
      .header('cache-control', 'no-store')
      .send(derDePem(pem));
  });
}
