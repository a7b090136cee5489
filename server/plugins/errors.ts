import { facturaElectronica } from '#shared/messages/factura-electronica';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors } from '#shared/errors';
import { M } from '#shared/messages';
import { esBaseNoDisponible, esDiscoLleno } from '../db/pg-error';

const PG_UNIQUE_VIOLATION = '23505';
const PG_FK_VIOLATION = '23503';
/**
 * restrict_violation: PGlite (PostgreSQL 17's engine) reports an ON DELETE RESTRICT key with it where
 * the PostgreSQL server says 23503 (issue #49: a 500 on PGlite, a 409 on PostgreSQL).
 */
const PG_RESTRICT_VIOLATION = '23001';
const PG_CHECK_VIOLATION = '23514';
const PG_INVALID_TEXT = '22P02';
const PG_OUT_OF_RANGE = '22003';
const PG_BAD_DATETIME = '22008';
/** character_not_in_repertoire: a NUL byte (or invalid text) that slipped past the request guard. */
const PG_BAD_CHARACTER = '22021';
const PG_UNTRANSLATABLE = '22P05';
/** query_canceled: the statement ran past DB_STATEMENT_TIMEOUT_MS (issue #50 point 4). */
const PG_QUERY_CANCELED = '57014';

/**
 * The DIAN numbering's refusals, raised by the trigger `venta_numerar` on any face that records a
 * sale (migration 0028, ADR 027).
 */
const NUMERACION: Record<string, string> = {
  AXN01: M.numeracion.ventaSinCaja,
  AXN02: M.numeracion.cajaSinRango,
  AXN03: M.numeracion.rangoVencido,
  AXN04: M.numeracion.rangoNoVigente,
  AXN05: M.numeracion.rangoAgotado,
  AXN06: facturaElectronica.cajaSinRangoFactura,
};

function pgCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The refusal of an expired lot, in Spanish, from the JSON the trigger put in the error's detail. */
function loteVencido(err: unknown): AppError {
  let d: { producto?: string; lote?: string; vence?: string } = {};
  for (let e: unknown = err, i = 0; i < 3 && e && typeof e === 'object'; i++, e = (e as { cause?: unknown }).cause) {
    const detail = (e as { detail?: unknown }).detail;
    if (typeof detail === 'string') {
      try {
        d = JSON.parse(detail);
      } catch {
        d = {};
      }
      break;
    }
  }
  const vence = (d.vence ?? '').split('-').reverse().join('/');
  return new AppError('BUSINESS_RULE', M.lotes.vencido(d.producto ?? '', d.lote ?? '', vence), { title: M.lotes.vencidoTitulo });
}

/** Maps anything thrown to one AppError: the single error path of the server. */
export function toAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields: FieldErrors = {};
    for (const v of err.validation) {
      const key = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
      fields[key] ??= v.message ?? M.generic.validation;
    }
    const first = Object.values(fields)[0] ?? M.generic.validation;
    // A date range past the server's budget (shared/periodo.ts) is well formed but too much to answer: 422.
    if (Object.values(fields).includes(M.generic.rangoMuyLargo)) return new AppError('BUSINESS_RULE', M.generic.rangoMuyLargo, { fields });
    return new AppError('VALIDATION', first, { fields });
  }
  if (esDiscoLleno(err)) return new AppError('UNAVAILABLE', M.operacion.discoLleno);
  if (esBaseNoDisponible(err)) return new AppError('UNAVAILABLE', M.operacion.baseNoDisponible);
  const code = pgCode(err);
  if (code && NUMERACION[code]) return new AppError('BUSINESS_RULE', NUMERACION[code], { title: M.numeracion.noSePudoVender });
  // An expired lot at the till (issue #58 point 2, ADR 051): the trigger movimiento_lotes names it in its detail.
  if (code === 'AXL01') return loteVencido(err);
  if (code === PG_QUERY_CANCELED) return new AppError('UNAVAILABLE', M.operacion.consultaMuyLarga);
  if (code === PG_UNIQUE_VIOLATION) return new AppError('CONFLICT', M.generic.conflict);
  if (code === PG_FK_VIOLATION || code === PG_RESTRICT_VIOLATION) return new AppError('CONFLICT', M.generic.relacionado);
  if (code === PG_CHECK_VIOLATION || code === PG_INVALID_TEXT || code === PG_OUT_OF_RANGE || code === PG_BAD_DATETIME)
    return new AppError('VALIDATION', M.generic.validation);
  if (code === PG_BAD_CHARACTER || code === PG_UNTRANSLATABLE) return new AppError('VALIDATION', M.generic.nulChar);
  const fe = err as FastifyError;
  if (fe && typeof fe.statusCode === 'number' && fe.statusCode < 500) {
    if (fe.statusCode === 429) return new AppError('RATE_LIMITED', M.generic.tooManyRequests);
    if (fe.statusCode === 413 || fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return new AppError('PAYLOAD_TOO_LARGE', M.generic.bodyTooLarge);
    if (fe.statusCode === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE', M.generic.invalidJson);
    if (fe.statusCode === 404) return new AppError('NOT_FOUND', M.generic.notFound);
    return new AppError('INVALID_BODY', M.generic.invalidJson);
  }
  return null;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err, req, reply) => {
    const appError = toAppError(err);
    if (appError) {
      if (appError.code === 'UNAVAILABLE') {
        req.log.warn({ err: (err as Error).message }, 'base de datos no disponible');
        if (!reply.hasHeader('retry-after')) reply.header('retry-after', '2');
      } else if (appError.status >= 500) req.log.error({ err }, 'error interno');
      // A 429 that no limiter dated (a full password-hash queue): the client may try again shortly.
      if (appError.code === 'RATE_LIMITED' && !reply.hasHeader('retry-after')) reply.header('retry-after', String(appError.retryAfter ?? 1));
      return reply.status(appError.status).send(appError.toBody());
    }
    req.log.error({ err }, 'error no controlado');
    const internal = new AppError('INTERNAL', M.generic.errorText, { title: M.generic.errorTitle });
    return reply.status(500).send(internal.toBody());
  });
}
