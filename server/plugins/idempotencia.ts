import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { Db } from '../db/client';
import { claveIdempotencia } from '../db/schema';

/**
 * Writes sent twice are done once (issue #50 point 1, ADR 038). A signed-in write (POST, PUT, PATCH,
 * DELETE) that carries an `Idempotency-Key` header takes that key before it runs: a copy of it —
 * nginx re-sending a slow request to the other instance, a till retrying after a lost answer — finds
 * the key and gets the first answer (`Idempotent-Replayed: true`), or a Spanish 409 while the first is
 * still running, and never writes again. The key is released when the write was refused (4xx, 5xx:
 * nothing was written), so the same form can be sent again. The web app sends one with every write.
 */
const CABECERA = 'idempotency-key';
const FORMATO = /^[A-Za-z0-9_.:-]{8,128}$/;
/** An answer larger than this is not kept: its copy gets the 409 that says it was already done. */
const MAX_RESPUESTA = 256 * 1024;
/** Keys older than this are forgotten (at least a day, as the issue asks). */
const VIGENCIA = '2 days';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The key this request holds, until it is answered. `rechazada`: refused with a 200 (the legacy
     * API answers its business refusals so): the key is freed as for a 4xx.
     */
    claveTomada?: { sujeto: string; clave: string; respuesta?: string; rechazada?: boolean };
  }
}

const ESCRITURAS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function huellaDe(req: FastifyRequest): string {
  return createHash('sha256')
    .update(`${req.method} ${req.routeOptions.url ?? req.url}\n${JSON.stringify(req.params ?? {})}\n${JSON.stringify(req.body ?? null)}`)
    .digest('base64url');
}

type Sesion = NonNullable<FastifyRequest['sesion']>;

/**
 * Takes the request's key before its write runs; answers the reply when the request is a copy (the
 * first answer sent again), undefined when it is to run. The legacy API calls it from its handler, once
 * it knows the call is a write and who signed in (its routes check the token there).
 */
export async function tomarClave(db: Db, req: FastifyRequest, reply: FastifyReply, sesion: Sesion | undefined = req.sesion): Promise<FastifyReply | undefined> {
  const valor = req.headers[CABECERA];
  if (valor === undefined || !ESCRITURAS.has(req.method) || !sesion) return undefined;
  if (typeof valor !== 'string' || !FORMATO.test(valor)) throw new AppError('VALIDATION', M.operacion.claveInvalida);
  const s = sesion;
  const sujeto = `${s.tiendaId ?? 0}:${s.usuarioId ?? 0}:${s.tipo}`;
  const huella = huellaDe(req);
  const nueva = await db
    .insert(claveIdempotencia)
    .values({ sujeto, clave: valor, huella, estado: 'en_curso', tiendaId: s.tiendaId })
    .onConflictDoNothing()
    .returning({ clave: claveIdempotencia.clave });
  if (nueva.length) {
    req.claveTomada = { sujeto, clave: valor };
    // Now and then, the keys past their time go (one indexed delete; no scheduler needed).
    if (Math.random() < 0.01) await db.delete(claveIdempotencia).where(lt(claveIdempotencia.creadoEn, sql`now() - ${VIGENCIA}::interval`));
    return undefined;
  }
  const [previa] = await db
    .select()
    .from(claveIdempotencia)
    .where(and(eq(claveIdempotencia.sujeto, sujeto), eq(claveIdempotencia.clave, valor)));
  if (!previa) throw new AppError('CONFLICT', M.operacion.claveEnCurso);
  if (previa.huella !== huella) throw new AppError('BUSINESS_RULE', M.operacion.claveOtraOperacion);
  if (previa.estado !== 'hecha' || previa.respuesta == null || previa.codigo == null) throw new AppError('CONFLICT', M.operacion.claveEnCurso);
  // The first answer, again: the request is not run.
  req.escritura = false;
  return reply.code(previa.codigo).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(previa.respuesta);
}

/** Registers the key's three moments on a scope whose routes are signed in (after `authenticate`). */
export function registrarIdempotencia(scope: FastifyInstance, db: Db) {
  scope.addHook('preHandler', async (req, reply) => tomarClave(db, req, reply));
  registrarCierreDeClaves(scope, db);
}

/** The answer kept with its key, and the key closed (kept or freed) once the request is answered. */
export function registrarCierreDeClaves(scope: FastifyInstance, db: Db) {
  scope.addHook('preSerialization', async (req, reply, payload) => {
    if (req.claveTomada && reply.statusCode < 300) {
      const texto = JSON.stringify(payload);
      if (texto !== undefined && texto.length <= MAX_RESPUESTA) req.claveTomada.respuesta = texto;
    }
    return payload;
  });
  scope.addHook('onResponse', async (req, reply) => {
    const tomada = req.claveTomada;
    if (!tomada) return;
    req.claveTomada = undefined;
    const donde = and(eq(claveIdempotencia.sujeto, tomada.sujeto), eq(claveIdempotencia.clave, tomada.clave));
    try {
      if (reply.statusCode >= 400 || tomada.rechazada) await db.delete(claveIdempotencia).where(donde);
      else await db.update(claveIdempotencia).set({ estado: 'hecha', codigo: reply.statusCode, respuesta: tomada.respuesta ?? null }).where(donde);
    } catch (err) {
      // The write itself is done or refused; a key left 'en_curso' only makes a copy wait for its expiry.
      req.log.warn({ err: (err as Error).message }, 'no se pudo cerrar la clave de la operación');
    }
  });
}
