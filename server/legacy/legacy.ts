import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { codigoDeTienda } from '../modules/invitacion/invitacion.domain';
import { bearerToken, resolveSession, type RequestSession } from '../plugins/auth';
import { tomarClave } from '../plugins/idempotencia';
import type { WriteEvent } from '../plugins/write-bus';
import { legacy as L } from '#shared/messages/legacy';
import { legacyParams, sent, str, type LegacyParams } from './params';

export type LegacyMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Reads are served to GET and POST alike (the old React client posts JSON even for lists). */
export const READ: readonly LegacyMethod[] = ['GET', 'POST'];

export interface LegacyContext {
  app: FastifyInstance;
  req: FastifyRequest;
  reply: FastifyReply;
  p: LegacyParams;
  method: string;
  /** Present for actions that require a session. */
  sesion: RequestSession;
}

/** One documented parameter of a call; every parameter is read from the query, JSON or form alike. */
export interface LegacyParamDoc {
  key: string;
  note?: string;
  optional?: boolean;
}

export interface LegacyAction {
  /** The call as the old clients know it: its marker key, e.g. "listarProductosAppPrecio". */
  name: string;
  /** One or two sentences for the generated documentation (docs/legacy-api.md). */
  description: string;
  /** The verbs served; the first is the one the spec names. */
  methods: readonly LegacyMethod[];
  /** Whether this action is the one the request asks for (the verb already matched). */
  match: (p: LegacyParams, method: string) => boolean;
  params: readonly LegacyParamDoc[];
  /** The answer's keys or row shape, for the documentation. */
  response: string;
  /** Public actions (login, registration, recovery) need no token. */
  public?: boolean;
  /**
   * For public actions: the parameter naming the account (`email` or `correo`, the one the handler
   * reads). Tries are limited per address and that account, trimmed and in lower case, and per
   * address alone, in the same buckets as the clean API's (issue #15).
   */
  limitBy?: string;
  /**
   * Caching (docs/architecture.md): an action that answers GET only reads; every other action is
   * announced on the write bus as a write of the caller's store. These say what such a write leaves
   * alone, as the clean API's route config does.
   */
  keepsSessions?: boolean;
  keepsCatalog?: boolean;
  /** Roles allowed (default: any signed-in role), refused with `rolesMessage`. */
  roles?: readonly number[];
  rolesMessage?: string;
  /** Roles refused with the spec's own message (spec §6, role 3). */
  forbid?: { roles: readonly number[]; message: string; title?: string };
  handle: (ctx: LegacyContext) => Promise<unknown>;
}

export type LegacyController = LegacyAction[];

/** A step of a sale: it moves only stock and sales data, never an account or the catalogue. */
export const SALE_WRITE = { keepsSessions: true, keepsCatalog: true } as const;

/** The back-office calls (spec §7 "Administration calls"): role 1 only, like /api/crud. */
export const ADMIN = { roles: [ROL.ADMIN], rolesMessage: M.roles.backofficeOnly } as const;

/** Validates legacy parameters with the same zod schema as the clean API. */
export function parseLegacy<T>(schema: ZodType<T>, data: unknown): T {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  const fields: Record<string, string> = {};
  for (const issue of r.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  throw new AppError('VALIDATION', Object.values(fields)[0] ?? M.generic.validation, { fields });
}

/** The session's invitation code. */
const codigoDeSesion = (ctx: LegacyContext, tiendaId: number): Promise<string | null> => codigoDeTienda(ctx.app.db, tiendaId);

/** The codes the request sends under `keys` (markers such as `listarPorTienda=true` are not codes). */
const codesSent = (ctx: LegacyContext, keys: string[]) => keys.map((k) => sent(ctx.p, k)).filter((v): v is string => v !== undefined && v !== 'true');

/** Refuses (403) any code sent under `keys` that is not `own`, the session store's code. */
export function checkCodigoIgual(ctx: LegacyContext, own: string | null, ...keys: string[]): void {
  const codes = codesSent(ctx, keys);
  if (codes.length > 0 && (own == null || codes.some((c) => c.toUpperCase() !== own.toUpperCase()))) throw new AppError('FORBIDDEN', M.crud.codigoOtraTienda);
}

/**
 * Refuses (403) an invitation code that is not the session's store's. `null`/empty (a role 2
 * employee has no code in its session) is nothing sent.
 */
export async function checkCodigo(ctx: LegacyContext, ...keys: string[]): Promise<void> {
  // The platform operator has no store of its own: the back-office services scope its rows.
  if (ctx.sesion.tiendaId == null || codesSent(ctx, keys).length === 0) return;
  checkCodigoIgual(ctx, await codigoDeSesion(ctx, ctx.sesion.tiendaId), ...keys);
}

/** The session's store, for an application call (the platform operator has none: 403). */
export function sessionStore(ctx: LegacyContext): number {
  if (ctx.sesion.tiendaId == null) throw new AppError('FORBIDDEN', M.generic.forbidden);
  return ctx.sesion.tiendaId;
}

/**
 * The store the application call acts for: always the session's. A `codigo_invitacion` (or the
 * analysis and movement calls' code parameters) naming another store is refused, never obeyed.
 */
export async function legacyStore(ctx: LegacyContext, ...codeKeys: string[]): Promise<number> {
  const tiendaId = sessionStore(ctx);
  await checkCodigo(ctx, 'codigo_invitacion', ...codeKeys);
  return tiendaId;
}

/** A store id the client sent (tienda_idtienda, id_tienda…) must be the session's; the operator has none to compare. */
export function checkTiendaId(ctx: LegacyContext, ...keys: string[]): void {
  if (ctx.sesion.tiendaId == null) return;
  for (const k of keys) {
    const v = sent(ctx.p, k);
    if (v !== undefined && v !== String(ctx.sesion.tiendaId)) throw new AppError('FORBIDDEN', L.otraTienda);
  }
}

/** The cashier's document the client sent must be the session's (a store account has none). */
export function checkDocumentoUsuario(ctx: LegacyContext, key: string): void {
  const v = sent(ctx.p, key);
  if (v !== undefined && v !== (ctx.sesion.documento ?? '')) throw new AppError('FORBIDDEN', L.otroUsuario);
}

/** The action a request asks for: the verb is served and its marker matches. */
export function findAction(controller: LegacyController, p: LegacyParams, method: string): LegacyAction | undefined {
  return controller.find((a) => (a.methods as readonly string[]).includes(method) && a.match(p, method));
}

/** What a legacy call may have written, for the write bus: reads (actions that answer GET) nothing. */
export function escrituraDe(action: LegacyAction, sesion: RequestSession | null): WriteEvent | false {
  if (action.methods.includes('GET')) return false;
  return { tiendaId: sesion?.tiendaId ?? null, lecturas: sesion != null, sesiones: !action.keepsSessions, catalogo: !action.keepsCatalog };
}

/** The session a controller's onRequest hook already checked (controllers whose every call needs a token). */
const checkedSessions = new WeakMap<FastifyRequest, RequestSession>();

export function registerController(app: FastifyInstance, url: string, controller: LegacyController, config?: Record<string, unknown>) {
  const resolve = (req: FastifyRequest) => resolveSession(app.db, app.tokens, bearerToken(req), app.sessionCache);
  // The call is chosen by keys that may be in the body; when no call of the controller is public,
  // the token (a header) is checked first, so an anonymous client never gets its body read.
  const tokenFirst = controller.every((a) => !a.public);
  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
    url,
    config,
    onRequest: tokenFirst
      ? async (req, reply) => {
          const sesion = await resolve(req);
          if (!sesion) {
            // A body is on its way: close rather than read it.
            if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) reply.header('connection', 'close');
            throw new AppError('UNAUTHORIZED', M.generic.unauthorized);
          }
          checkedSessions.set(req, sesion);
        }
      : undefined,
    handler: async (req, reply) => {
      const p = legacyParams(req);
      const action = findAction(controller, p, req.method);
      if (!action) throw new AppError('NOT_FOUND', L.operacionDesconocida);
      // Sign-in, registration and recovery: limited per address and account like the clean API's, with
      // the account read from the very parameter the action uses (never a decoy key), once the call
      // is known (the route itself is not limited, or every list of the back-office would be too).
      if (action.public) await app.authLimits.attempt(req, reply, action.limitBy ? str(p, action.limitBy) : undefined);
      let sesion: RequestSession | null = null;
      if (!action.public) {
        sesion = checkedSessions.get(req) ?? (await resolve(req));
        if (!sesion) throw new AppError('UNAUTHORIZED', M.generic.unauthorized);
        // Before any validation: a refused role learns nothing else.
        if (action.roles && !action.roles.includes(sesion.rol)) throw new AppError('FORBIDDEN', action.rolesMessage ?? M.generic.forbidden);
        if (action.forbid?.roles.includes(sesion.rol)) throw new AppError('FORBIDDEN', action.forbid.message, { title: action.forbid.title });
      }
      req.escritura = escrituraDe(action, sesion);
      // A write sent with an Idempotency-Key is done once (issue #50 point 1), as on /api: a copy gets
      // the first answer. The old clients send none; a client that adds the header is covered.
      if (req.escritura && sesion) {
        // A copy is answered inside (the first answer again); a reply is thenable, so ask whether it went.
        await tomarClave(app.db, req, reply, sesion);
        if (reply.sent) return reply;
      }
      return action.handle({ app, req, reply, p, method: req.method, sesion: sesion as RequestSession });
    },
  });
}
