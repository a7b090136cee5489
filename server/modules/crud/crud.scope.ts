import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TCrudCreated, TCrudMessage } from '#shared/schemas/crud';
import type { Db } from '../../db/client';
import type { RequestSession } from '../../plugins/auth';
import { ROL } from '#shared/roles';
import type { Autor } from '../actividad/actividad.domain';
import type { Alcance, Consulta } from '../tienda/alcance';

// The scope and its helpers live in server/modules/tienda/alcance.ts (issue #29: no domain imports
// the back-office); the back-office's files keep importing them from here.
export { countAll, fieldConflict, fieldError, idOf, inScope, isOperator, likePattern, notFound, pageOf, requireOperator, syncIdentity, tiendaDestino, unaVez } from '../tienda/alcance';
export type { Consulta } from '../tienda/alcance';

/**
 * Who acts in the back-office (DESIGN.md §4): a store admin (`tiendaId` set) sees and changes only
 * its own store's rows; the platform operator (`tiendaId` null) sees every store.
 */
export type CrudScope = Alcance;

export const scopeOf = (s: RequestSession): CrudScope => ({ tiendaId: s.tiendaId, usuarioId: s.usuarioId, rol: s.rol });

/** Who acts in the back-office, for the domain's permissions and the activity log (issue #27). */
export const autorCrud = (scope: CrudScope): Autor => ({ usuarioId: scope.usuarioId, rol: scope.rol ?? ROL.ADMIN, cara: 'crud' });

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
