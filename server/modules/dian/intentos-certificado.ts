import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#shared/errors';
import { dian as D } from '#shared/messages/dian';
import { storeOf } from '../../plugins/auth';

/** Wrong certificate passwords a store may try per window (issue #49 point 7); the next is refused. */
export const CLAVES_ERRADAS_MAX = 5;
export const CLAVES_ERRADAS_VENTANA_MS = 15 * 60_000;

/** What `guardarCertificado` asks before opening a .p12 and tells after a wrong password. */
export interface IntentosCertificado {
  /** 429 when the store already used its wrong passwords of the window (no key derivation then). */
  comprobar(): Promise<void>;
  /** Counts one wrong password; 429 when that one went over (tries running at once). */
  fallo(): Promise<void>;
}

/**
 * Wrong passwords per store, on @fastify/rate-limit's store like the sign-in limits
 * (server/plugins/auth-limits.ts): in memory for one instance, in Redis when several share the load.
 * Only wrong passwords count: a store that types its password right at once never waits.
 */
export function intentosCertificado(app: FastifyInstance): (req: FastifyRequest, reply: FastifyReply) => IntentosCertificado {
  const contador = app.createRateLimit({
    max: CLAVES_ERRADAS_MAX,
    timeWindow: CLAVES_ERRADAS_VENTANA_MS,
    keyGenerator: (req) => `dian:certificado:${storeOf(req)}`,
  });
  const rechazar = (reply: FastifyReply, ttlMs: number): never => {
    const segundos = Math.max(1, Math.ceil(ttlMs / 1000));
    reply.header('retry-after', String(segundos));
    throw new AppError('RATE_LIMITED', D.certificadoDemasiadosIntentos(Math.max(1, Math.ceil(segundos / 60))), { retryAfter: segundos });
  };
  return (req, reply) => ({
    async comprobar() {
      const r = await contador(req, { increment: false });
      if (!r.isAllowed && r.remaining === 0) rechazar(reply, r.ttl);
    },
    async fallo() {
      const r = await contador(req);
      if (!r.isAllowed && r.isExceeded) rechazar(reply, r.ttl);
    },
  });
}
