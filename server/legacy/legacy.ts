import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { tienda } from '../db/schema';
import { bearerToken, resolveSession, type RequestSession } from '../plugins/auth';
import { legacyParams, type LegacyParams } from './params';

export interface LegacyContext {
  app: FastifyInstance;
  req: FastifyRequest;
  reply: FastifyReply;
  p: LegacyParams;
  method: string;
  /** Present for actions that require a session. */
  sesion: RequestSession;
}

export interface LegacyAction {
  /** What the action is called in the docs (e.g. "POST registro"). */
  name: string;
  /** Whether this action is the one the request asks for. */
  match: (p: LegacyParams, method: string) => boolean;
  /** Public actions (login, registration, recovery) need no token. */
  public?: boolean;
  /** Roles allowed; default any signed-in role. */
  roles?: number[];
  handle: (ctx: LegacyContext) => Promise<unknown>;
}

export type LegacyController = LegacyAction[];

/** Validates legacy parameters with the same zod schema as the clean API. */
export function parseLegacy<T>(schema: ZodType<T>, data: unknown): T {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  const fields: Record<string, string> = {};
  for (const issue of r.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  throw new AppError('VALIDATION', Object.values(fields)[0] ?? M.generic.validation, { fields });
}

/**
 * The store the legacy call acts for: always the session's. A `codigo_invitacion` (or the analysis and
 * movement calls' code parameters) naming another store is refused, never obeyed.
 */
export async function legacyStore(ctx: LegacyContext, ...codeKeys: string[]): Promise<number> {
  const tiendaId = ctx.sesion.tiendaId;
  if (tiendaId == null) throw new AppError('FORBIDDEN', M.generic.forbidden);
  const sent = ['codigo_invitacion', ...codeKeys]
    .map((k) => ctx.p[k])
    .find((v): v is string => typeof v === 'string' && v.trim() !== '' && v !== 'true');
  if (sent) {
    const [row] = await ctx.app.db.select({ code: tienda.codigoInvitacion }).from(tienda).where(eq(tienda.idTienda, tiendaId)).limit(1);
    if (!row || row.code.toUpperCase() !== sent.trim().toUpperCase()) throw new AppError('FORBIDDEN', M.generic.forbidden);
  }
  return tiendaId;
}

export function registerController(app: FastifyInstance, url: string, controller: LegacyController, config?: Record<string, unknown>) {
  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
    url,
    config,
    handler: async (req, reply) => {
      const p = legacyParams(req);
      const action = controller.find((a) => a.match(p, req.method));
      if (!action) throw new AppError('NOT_FOUND', 'Operación no reconocida por este controlador.');
      let sesion: RequestSession | null = null;
      if (!action.public) {
        sesion = await resolveSession(app.db, app.tokens, bearerToken(req));
        if (!sesion) throw new AppError('UNAUTHORIZED', M.generic.unauthorized);
        if (action.roles && !action.roles.includes(sesion.rol)) throw new AppError('FORBIDDEN', M.generic.forbidden);
      }
      return action.handle({ app, req, reply, p, method: req.method, sesion: sesion as RequestSession });
    },
  });
}
