import { AppError } from '#shared/errors';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TCrudCreated, TCrudMessage } from '#shared/schemas/crud';
import type { Db } from '../../db/client';
import type { RequestSession } from '../../plugins/auth';
import { ROL } from '#shared/roles';
import type { Autor } from '../actividad/actividad.domain';
import { isOperator, type Alcance } from '../tienda/alcance';

// The scope and its helpers live in server/modules/tienda/alcance.ts (issue #29: no domain imports
// the back-office); the back-office's files keep importing them from here.
export { countAll, fieldConflict, fieldError, idOf, inScope, instanteBogota, isOperator, likePattern, notFound, pageOf, partesBogota, syncIdentity, tiendaDestino } from '../tienda/alcance';

/**
 * Who acts in the back-office (DESIGN.md §4): a store admin (`tiendaId` set) sees and changes only
 * its own store's rows; the platform operator (`tiendaId` null) sees every store.
 */
export type CrudScope = Alcance;

export const scopeOf = (s: RequestSession): CrudScope => ({ tiendaId: s.tiendaId, usuarioId: s.usuarioId, rol: s.rol });

/** Who acts in the back-office, for the domain's permissions and the activity log (issue #27). */
export const autorCrud = (scope: CrudScope): Autor => ({ usuarioId: scope.usuarioId, rol: scope.rol ?? ROL.ADMIN, cara: scope.cara ?? 'crud' });

/** Global catalogues and store creation are the operator's alone: a store admin gets 403. */
export function requireOperator(scope: CrudScope, message: string) {
  if (!isOperator(scope)) throw new AppError('FORBIDDEN', message);
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
