import { eq, sql, type Column, type SQL } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TCrudCreated, TCrudMessage } from '#shared/schemas/crud';
import type { Db, Tx } from '../../db/client';
import { tienda } from '../../db/schema';
import type { RequestSession } from '../../plugins/auth';
import { ROL } from '#shared/roles';
import type { Autor } from '../actividad/actividad.domain';

/**
 * Who acts in the back-office (DESIGN.md §4): a store admin (`tiendaId` set) sees and changes only
 * its own store's rows; the platform operator (`tiendaId` null) sees every store.
 */
export interface CrudScope {
  tiendaId: number | null;
  usuarioId: number | null;
  /** The caller's role (the back-office is role 1's; absent: role 1). */
  rol?: number;
}

export const scopeOf = (s: RequestSession): CrudScope => ({ tiendaId: s.tiendaId, usuarioId: s.usuarioId, rol: s.rol });

/** Who acts in the back-office, for the domain's permissions and the activity log (issue #27). */
export const autorCrud = (scope: CrudScope): Autor => ({ usuarioId: scope.usuarioId, rol: scope.rol ?? ROL.ADMIN, cara: 'crud' });

export const isOperator = (scope: CrudScope) => scope.tiendaId == null;

/** Global catalogues and store creation are the operator's alone: a store admin gets 403. */
export function requireOperator(scope: CrudScope, message: string) {
  if (!isOperator(scope)) throw new AppError('FORBIDDEN', message);
}

/** The WHERE condition that keeps a query inside the caller's store (none for the operator). */
export function inScope(scope: CrudScope, column: Column): SQL | undefined {
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
export async function tiendaDestino(db: Db | Tx, scope: CrudScope, idTienda: number | null | undefined): Promise<number> {
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
 * Called just before a back-office answer that depends on other accounts (whether an email is
 * taken, whether an invitation code is the store's): the routes count these per signed-in account
 * and answer 429 past the limit (issue #15). Ordinary edits never ask.
 */
export type Consulta = () => Promise<void>;

/** A Consulta that counts at most once per request. */
export function unaVez(consulta: Consulta | undefined): Consulta {
  let done: Promise<void> | undefined;
  return () => (done ??= consulta?.() ?? Promise.resolve());
}

/** What a read-only area offers (the fiado ledger): the paged list and one row. */
export interface CrudReader<Row> {
  list(options: { db: Db; scope: CrudScope; query: TPageQuery }): Promise<TPage<Row>>;
  get(options: { db: Db; scope: CrudScope; id: number }): Promise<Row>;
}

export interface CrudService<Row, Create, Update> extends CrudReader<Row> {
  create(options: { db: Db; scope: CrudScope; input: Create; consulta?: Consulta }): Promise<TCrudCreated>;
  update(options: { db: Db; scope: CrudScope; id: number; input: Update; consulta?: Consulta }): Promise<TCrudMessage>;
  remove(options: { db: Db; scope: CrudScope; id: number }): Promise<TCrudMessage>;
  /** Rows that carry money are archived instead of deleted (issue #27): POST /:id/archivar. */
  archive?(options: { db: Db; scope: CrudScope; id: number }): Promise<TCrudMessage>;
}
