import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { toAppError } from '../plugins/errors';

/**
 * How the legacy API refuses: the old clients read `success`, `respuesta`, `access`, `registro`,
 * `Operacion` or `status` and a Spanish `mensaje`, and treat an HTTP error as a network failure.
 * So business refusals (validation, wrong credentials, conflicts, stock) answer 200 with every flag
 * false; a missing or invalid token answers 401 (the old client then signs out); a role refusal or a
 * code/store of another tenant 403; another store's row 404.
 */
export function legacyRefusal(err: AppError) {
  return {
    success: false,
    respuesta: false,
    access: false,
    status: 'error',
    registro: false,
    Operacion: false,
    mensaje: err.message,
    message: err.message,
    error: err.message,
    ...(err.title ? { titulo: err.title } : {}),
    ...(err.fields ? { campos: err.fields } : {}),
  };
}

export function legacyStatus(err: AppError): number {
  if (err.code === 'UNAUTHORIZED') return 401;
  if (err.code === 'FORBIDDEN') return 403;
  if (err.code === 'NOT_FOUND') return 404;
  if (err.code === 'RATE_LIMITED') return 429;
  if (err.code === 'PAYLOAD_TOO_LARGE') return 413;
  if (err.status >= 500) return err.status;
  return 200;
}

export function registerLegacyErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const appError = toAppError(err);
    if (!appError || appError.status >= 500) {
      req.log.error({ err }, 'error en la API heredada');
      const e = appError ?? new AppError('INTERNAL', M.generic.errorText);
      return reply.status(e.status).send(legacyRefusal(e));
    }
    if (appError.code === 'RATE_LIMITED' && !reply.hasHeader('retry-after')) reply.header('retry-after', String(appError.retryAfter ?? 1));
    // A refusal answered 200 wrote nothing: its Idempotency-Key is freed, as for a 4xx on /api.
    if (req.claveTomada) req.claveTomada.rechazada = true;
    return reply.status(legacyStatus(appError)).send(legacyRefusal(appError));
  });
}
