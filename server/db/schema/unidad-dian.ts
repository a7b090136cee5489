import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { UNIDADES_DIAN } from '#shared/unidades';

/**
 * A DIAN unit column's check (issue #58 point 3): the unit is one of the one unit rule's codes
 * (shared/unidades.ts), so a unit added there is a migration that re-creates this check, not a list
 * written again here. unidades.test.ts compares the database's constraints with the rule.
 */
export const unidadDianValida = (columna: AnyColumn): SQL => sql`${columna} in (${sql.raw(UNIDADES_DIAN.map((u) => `'${u}'`).join(', '))})`;
