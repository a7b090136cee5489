import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import type { Db } from '../db/client';
import { sesionCerrada, tienda, usuario, usuarioTienda } from '../db/schema';
import type { TokenClaims, TokenService } from '../lib/tokens';
import { aprobada } from '../lib/aprobada';

/** Who is calling, as the server trusts it: taken from the token and checked against the database. */
export interface RequestSession {
  tipo: 'empleado' | 'tienda';
  usuarioId: number | null;
  /** Null only for the platform operator. */
  tiendaId: number | null;
  /** The store's empresa (issue #56, ADR 043); null only for the platform operator. */
  empresaId: number | null;
  rol: number;
  documento: string | null;
  /**
   * The account's own store (issue #56 step 2): the store login's, or the person's home store. Differs
   * from `tiendaId` after a switch of store; the token version and a sign-out are the account's.
   */
  cuentaTiendaId?: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    sesion?: RequestSession;
  }
  interface FastifyContextConfig {
    /** A write that never changes an account, a role or a token version: checked sessions stay cached. */
    keepsSessions?: boolean;
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1] ?? null;
}

/**
 * Checked sessions, reused for a few seconds: the write bus empties it on any write that may change
 * an account (on any instance), so a changed password, role or deleted account counts at once. While
 * `usable()` says no (the bus is down), every token is checked against the database.
 */
export class SessionCache {
  private readonly entries = new Map<string, { sesion: RequestSession; until: number }>();
  /** Bumped by clear(): a lookup that started before a write does not store what it read. */
  generation = 0;
  constructor(
    private readonly usable: () => boolean = () => true,
    private readonly ttlMs = 5_000,
    private readonly max = 10_000,
  ) {}
  get(token: string): RequestSession | undefined {
    if (!this.usable()) return undefined;
    const e = this.entries.get(token);
    if (!e) return undefined;
    if (Date.now() > e.until) {
      this.entries.delete(token);
      return undefined;
    }
    return e.sesion;
  }
  set(token: string, sesion: RequestSession, expiresAt: number, generation: number) {
    if (generation !== this.generation || !this.usable()) return;
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(token, { sesion, until: Math.min(Date.now() + this.ttlMs, expiresAt) });
  }
  clear() {
    this.generation++;
    this.entries.clear();
  }
}

/** Reads and checks the Bearer token; the account must still exist with the same token version, and the token must not have been signed out. */
export async function resolveSession(db: Db, tokens: TokenService, token: string | null, cache?: SessionCache): Promise<RequestSession | null> {
  if (!token) return null;
  const cached = cache?.get(token);
  if (cached) return cached;
  const generation = cache?.generation ?? 0;
  const claims = await tokens.verify(token);
  if (!claims) return null;
  const sesion = await checkAccount(db, claims);
  if (sesion && cache) cache.set(token, sesion, (claims.exp ?? 0) * 1000, generation);
  return sesion;
}

async function checkAccount(db: Db, claims: TokenClaims): Promise<RequestSession | null> {
  const [kind, rawId] = claims.sub.split(':');
  const id = Number(rawId);
  if (!Number.isInteger(id)) return null;
  // A token ended by signing out (by its jti), read in the same query as the account.
  const cerrada = claims.jti
    ? sql<boolean>`exists (select 1 from ${sesionCerrada} where ${sesionCerrada.jti} = ${claims.jti})`
    : sql<boolean>`false`;
  if (kind === 't') {
    const [row] = await db
      .select({ tv: tienda.tokenVersion, empresaId: tienda.empresaId, cerrada })
      .from(tienda)
      .where(eq(tienda.idTienda, id))
      .limit(1);
    if (!row || row.tv !== claims.tv || row.cerrada) return null;
    const actual = claims.tiendaActual;
    if (actual != null && actual !== id) {
      // The empresa's owner (its store login, ADR 043) acts in any store of the empresa, and no other.
      const [otra] = await db.select({ empresaId: tienda.empresaId }).from(tienda).where(eq(tienda.idTienda, actual)).limit(1);
      if (!otra || otra.empresaId !== row.empresaId) return null;
      return { tipo: 'tienda', usuarioId: null, tiendaId: actual, empresaId: row.empresaId, rol: ROL.ADMIN, documento: null, cuentaTiendaId: id };
    }
    return { tipo: 'tienda', usuarioId: null, tiendaId: id, empresaId: row.empresaId, rol: ROL.ADMIN, documento: null, cuentaTiendaId: id };
  }
  if (kind === 'u') {
    const [row] = await db
      .select({ tv: usuario.tokenVersion, rol: usuario.rolId, tiendaId: usuario.tiendaId, empresaId: tienda.empresaId, documento: usuario.documento, aprobado: usuario.aprobado, cerrada })
      .from(usuario)
      .leftJoin(tienda, eq(tienda.idTienda, usuario.tiendaId))
      .where(eq(usuario.idUsuario, id))
      .limit(1);
    // A new employee waiting for approval (issue #15) never acts, whatever token it holds.
    if (!row || row.tv !== claims.tv || row.cerrada || !aprobada(row)) return null;
    const actual = claims.tiendaActual;
    if (actual != null && actual !== row.tiendaId) {
      // A person switched to another store acts there with their role in it, while they have one.
      const [rolEn] = await db
        .select({ rol: usuarioTienda.rolId, aprobado: usuarioTienda.aprobado, empresaId: tienda.empresaId })
        .from(usuarioTienda)
        .innerJoin(tienda, eq(tienda.idTienda, usuarioTienda.tiendaId))
        .where(and(eq(usuarioTienda.usuarioId, id), eq(usuarioTienda.tiendaId, actual)))
        .limit(1);
      if (!rolEn || !rolEn.aprobado) return null;
      return { tipo: 'empleado', usuarioId: id, tiendaId: actual, empresaId: rolEn.empresaId, rol: rolEn.rol, documento: row.documento, cuentaTiendaId: row.tiendaId };
    }
    return { tipo: 'empleado', usuarioId: id, tiendaId: row.tiendaId, empresaId: row.empresaId, rol: row.rol, documento: row.documento, cuentaTiendaId: row.tiendaId };
  }
  return null;
}

export function makeAuthenticate(db: Db, tokens: TokenService, cache?: SessionCache) {
  return async function authenticate(req: FastifyRequest, _reply: FastifyReply) {
    const sesion = await resolveSession(db, tokens, bearerToken(req), cache);
    if (!sesion) throw new AppError('UNAUTHORIZED', M.generic.unauthorized);
    req.sesion = sesion;
  };
}

/** The session of an authenticated request (the onRequest hook guarantees it). */
export function sessionOf(req: FastifyRequest): RequestSession {
  if (!req.sesion) throw new AppError('UNAUTHORIZED', M.generic.unauthorized);
  return req.sesion;
}

/** The store the request acts for; the platform operator has none. */
export function storeOf(req: FastifyRequest): number {
  const s = sessionOf(req);
  if (s.tiendaId == null) throw new AppError('FORBIDDEN', M.generic.forbidden);
  return s.tiendaId;
}

/** A hook refusing sessions that act for no store (the platform operator) on the shop's own screens. */
export async function requireStore(req: FastifyRequest) {
  storeOf(req);
}

/** A preHandler refusing every role but the given ones, with the spec's message. */
export function requireRole(roles: number[], message: string = M.generic.forbidden, title?: string) {
  return async (req: FastifyRequest) => {
    if (!roles.includes(sessionOf(req).rol)) throw new AppError('FORBIDDEN', message, { title });
  };
}

/** A preHandler refusing the given roles. */
export function forbidRole(roles: number[], message: string, title?: string) {
  return async (req: FastifyRequest) => {
    if (roles.includes(sessionOf(req).rol)) throw new AppError('FORBIDDEN', message, { title });
  };
}
