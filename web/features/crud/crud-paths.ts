import type { EntityConfig } from './entities/types';

export const CRUD_BASE = '/crud';

/** An absolute path under the back-office (its routes are nested under /crud/*). */
export const crudPath = (segment: string) => `${CRUD_BASE}/${segment}`;

/** The update form of a row: the invoice route carries the id (spec §2); the others take it as ?id=. */
export function updatePath(config: EntityConfig, id: number): string {
  const seg = config.routes.update;
  return seg.includes(':id') ? crudPath(seg.replace(':id', String(id))) : `${crudPath(seg)}?id=${id}`;
}

export interface CrudNavState {
  /** The last operation's message, shown as 'Operacion: ' on the list. */
  operacion?: string;
  /** The chosen row, feeding the update form. */
  row?: unknown;
}
