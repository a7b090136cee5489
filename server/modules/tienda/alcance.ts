import { eq, sql, type Column, type SQL } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { TPageQuery } from '#shared/schemas/common';
import type { Db, Tx } from '../../db/client';
import { tienda } from '../../db/schema';

/**
 * Scope (issue #29): which stores a caller reaches, and the small helpers every face and domain uses
 * with it. Neutral ground: the domains, the back-office and the legacy API all import it from here,
 * so no domain depends on an adapter.
 *
 * A store's session or store admin (`tiendaId` set) sees and changes only its own store's rows; the
 * platform operator (`tiendaId` null, the back-office) sees every store.
 */
export interface Alcance {
  tiendaId: number | null;
  usuarioId: number | null;
  /** The caller's role (absent: role 1). */
  rol?: number;
  /** The face that adapts the call, for the activity log (absent: the back-office). */
  cara?: 'crud' | 'legacy';
  /** The caller's empresa (issue #56, ADR 043); absent or null for the platform operator. */
  empresaId?: number | null;
  /**
   * The empresa's owner (its store login, role 1 of the empresa): reaches every store of the empresa
   * (*Sucursales*, the store switch). A person with role 1 in one store is that store's admin only.
   */
  dueno?: boolean;
}

/** The empresa's owner only (issue #56): anyone else gets 403 with the given message. */
export function requireDueno(scope: Alcance, message: string): { empresaId: number; tiendaId: number } {
  if (!scope.dueno || scope.empresaId == null || scope.tiendaId == null) throw new AppError('FORBIDDEN', message);
  return { empresaId: scope.empresaId, tiendaId: scope.tiendaId };
}

/** The WHERE condition that keeps a query inside the caller's empresa (none for the operator; nothing for a caller without one). */
export function inEmpresa(scope: Alcance, column: Column): SQL | undefined {
  if (isOperator(scope)) return undefined;
  return scope.empresaId == null ? sql`false` : eq(column, scope.empresaId);
}

export const isOperator = (scope: Alcance) => scope.tiendaId == null;

/** Global catalogues and store creation are the operator's alone: a store admin gets 403. */
export function requireOperator(scope: Alcance, message: string) {
  if (!isOperator(scope)) throw new AppError('FORBIDDEN', message);
}

/**
 * Called just before an answer that depends on other accounts (whether an email is taken, whether
 * an invitation code is the store's): the routes count these per signed-in account and answer 429
 * past the limit (issue #15). Ordinary edits never ask.
 */
export type Consulta = () => Promise<void>;

/** A Consulta that counts at most once per request. */
export function unaVez(consulta: Consulta | undefined): Consulta {
  let done: Promise<void> | undefined;
  return () => (done ??= consulta?.() ?? Promise.resolve());
}

/** The WHERE condition that keeps a query inside the caller's store (none for the operator). */
export function inScope(scope: Alcance, column: Column): SQL | undefined {
  return scope.tiendaId == null ? undefined : eq(column, scope.tiendaId);
}

export const notFound = () => new AppError('NOT_FOUND', M.generic.notFound);

/** A 400 pointing at one field, so the form can mark it. */
export const fieldError = (field: string, message: string) => new AppError('VALIDATION', message, { fields: { [field]: message } });
export const fieldConflict = (field: string, message: string) => new AppError('CONFLICT', message, { fields: { [field]: message } });

/**
 * The store a new row belongs to: a store admin's own store (naming another one is refused), or
 * the store the operator names (required, and it must exist).
 */
export async function tiendaDestino(db: Db | Tx, scope: Alcance, idTienda: number | null | undefined): Promise<number> {
  if (scope.tiendaId != null) {
    if (idTienda != null && idTienda !== scope.tiendaId) throw fieldError('idTienda', M.crud.otraTienda);
    return scope.tiendaId;
  }
  if (idTienda == null) throw fieldError('idTienda', M.crud.tiendaRequerida);
  const [t] = await db.select({ id: tienda.idTienda }).from(tienda).where(eq(tienda.idTienda, idTienda)).limit(1);
  if (!t) throw fieldError('idTienda', M.crud.tiendaNoExiste);
  return t.id;
}

/** `%q%` for ILIKE, with the person's % and _ taken literally. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The search text as an id, when it is one. */
export const idOf = (q: string): number | null => (/^\d{1,9}$/.test(q) ? Number(q) : null);

export const pageOf = (query: TPageQuery) => ({ limit: query.pageSize, offset: (query.page - 1) * query.pageSize });

export const countAll = sql<number>`count(*)::int`;

/**
 * Bogotá keeps UTC−5 all year (no daylight saving since 1993), so dates typed in the back-office
 * map to instants with a fixed offset, and instants back to the shop's calendar date and clock time.
 */
const BOGOTA_OFFSET_MS = 5 * 60 * 60 * 1000;
export const instanteBogota = (fecha: string, hora = '12:00') => new Date(`${fecha}T${hora}:00-05:00`);
export function partesBogota(d: Date): { fecha: string; hora: string } {
  const iso = new Date(d.getTime() - BOGOTA_OFFSET_MS).toISOString();
  return { fecha: iso.slice(0, 10), hora: iso.slice(11, 16) };
}


/**
 * After inserting a row with an id the person typed, moves the table's identity sequence past it,
 * so the ids the database hands out later never collide with it.
 */
export async function syncIdentity(tx: Db | Tx, table: string, column: string): Promise<void> {
  await tx.execute(sql`
    select setval(
      pg_get_serial_sequence(${table}, ${column}),
      greatest(
        (select max(${sql.identifier(column)}) from ${sql.identifier(table)}),
        (select coalesce(s.last_value, 1) from pg_sequences s
          where quote_ident(s.schemaname) || '.' || quote_ident(s.sequencename) = pg_get_serial_sequence(${table}, ${column}))
      )
    )`);
}
