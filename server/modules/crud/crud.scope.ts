import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TCrudCreated, TCrudMessage } from '#shared/schemas/crud';
import type { Db } from '../../db/client';
import type { RequestSession } from '../../plugins/auth';
import { ROL } from '#shared/roles';
import type { Autor } from '../actividad/actividad.domain';
import type { Alcance, Consulta } from '../tienda/alcance';

// The scope and its helpers live in server/modules/tienda/alcance.ts (issue #29: no domain imports
// the back-office); the back-office's files keep importing them from here.
export { countAll, fieldConflict, fieldError, idOf, inScope, instanteBogota, isOperator, likePattern, notFound, pageOf, partesBogota, requireOperator, syncIdentity, tiendaDestino, unaVez } from '../tienda/alcance';
export type { Consulta } from '../tienda/alcance';

/**
 * Who acts in the back-office (DESIGN.md §4): a store admin (`tiendaId` set) sees and changes only
 * its own store's rows; the platform operator (`tiendaId` null) sees every store.
 */
export type CrudScope = Alcance;

export const scopeOf = (s: RequestSession): CrudScope => ({ tiendaId: s.tiendaId, usuarioId: s.usuarioId, rol: s.rol });

/** Who acts in the back-office, for the domain's permissions and the activity log (issue #27). */
export const autorCrud = (scope: CrudScope): Autor => ({ usuarioId: scope.usuarioId, rol: scope.rol ?? ROL.ADMIN, cara: scope.cara ?? 'crud' });

/** What a read-only area offers (the fiado ledger): the paged list and one row. */
export interface CrudReader<Row> {
  list(options: { db: Db; scope: CrudScope; query: TPageQuery }): Promise<TPage<Row>>;
  get(options: { db: Db; scope: CrudScope; id: number }): Promise<Row>;
}

/** A domain's own reads and delete (the stores and users in a scope; the global catalogues, which read without one). */
export interface DominioCrud<Fila> {
  listar(options: { db: Db; alcance: Alcance; query: TPageQuery }): Promise<TPage<Fila>>;
  obtener(options: { db: Db; alcance: Alcance; id: number }): Promise<Fila>;
  eliminar(options: { db: Db; alcance: Alcance; id: number }): Promise<void>;
}

/**
 * The back-office's list, row and delete over a domain that owns them: its rows renamed by `aFila`,
 * the delete answered with the back-office's message. The writes stay each service's (their fields
 * and messages differ).
 */
export function lecturaYBorrado<Fila, Row>(dominio: DominioCrud<Fila>, aFila: (fila: Fila) => Row, eliminado: string): Pick<CrudService<Row, never, never>, 'list' | 'get' | 'remove'> {
  return {
    list: async ({ db, scope, query }) => {
      const page = await dominio.listar({ db, alcance: scope, query });
      return { items: page.items.map(aFila), total: page.total };
    },
    get: async ({ db, scope, id }) => aFila(await dominio.obtener({ db, alcance: scope, id })),
    remove: async ({ db, scope, id }) => {
      await dominio.eliminar({ db, alcance: scope, id });
      return { message: eliminado };
    },
  };
}

export interface CrudService<Row, Create, Update> extends CrudReader<Row> {
  create(options: { db: Db; scope: CrudScope; input: Create; consulta?: Consulta }): Promise<TCrudCreated>;
  update(options: { db: Db; scope: CrudScope; id: number; input: Update; consulta?: Consulta }): Promise<TCrudMessage>;
  remove(options: { db: Db; scope: CrudScope; id: number }): Promise<TCrudMessage>;
  /** Rows that carry money are archived instead of deleted (issue #27): POST /:id/archivar. */
  archive?(options: { db: Db; scope: CrudScope; id: number }): Promise<TCrudMessage>;
}
