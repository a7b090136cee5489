import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';

/**
 * Many rows of one table in one statement with a single parameter: the rows as JSON, read by
 * `json_to_recordset` with each column's own SQL type. Drizzle's `.values([...])` binds one parameter
 * per cell; for a 500-row batch of a 16-column table that is 8 000 parameters, and the embedded
 * database spent most of an import binding them (10 000 ledger rows: 5.7 s as values, 1.7 s as JSON,
 * loaded machine). Values go through each column's driver mapping (dates, JSON), as Drizzle does.
 *
 * A key absent from a row takes the column's default, as with `.values()`: rows are grouped by the
 * set of keys they carry and each group is one statement. `returning` answers the given columns of
 * the inserted rows in the order of `rows` (INSERT … SELECT keeps the order of its source, as
 * multi-row VALUES does).
 */
const JSON_SQL = new Set(['json', 'jsonb']);

export async function insertarLote<T extends PgTable, R extends Record<string, PgColumn> = Record<string, never>>(
  db: Db | Tx,
  table: T,
  rows: T['$inferInsert'][],
  returning?: R,
): Promise<{ [K in keyof R]: R[K]['_']['data'] }[]> {
  if (rows.length === 0) return [];
  const columnas = getTableColumns(table) as Record<string, PgColumn>;
  const grupos = new Map<string, { indices: number[]; claves: string[] }>();
  rows.forEach((row, i) => {
    const claves = Object.keys(row).filter((k) => (row as Record<string, unknown>)[k] !== undefined);
    for (const k of claves) if (!columnas[k]) throw new Error(`insertarLote: ${getTableName(table)} no tiene la columna ${k}`);
    const id = claves.join(',');
    const g = grupos.get(id) ?? { indices: [], claves };
    g.indices.push(i);
    grupos.set(id, g);
  });
  const salida: Record<string, unknown>[] = new Array(rows.length);
  for (const { indices, claves } of grupos.values()) {
    const cols = claves.map((k) => columnas[k]!);
    const json = indices.map((i) => {
      const row = rows[i] as Record<string, unknown>;
      // JSON columns take the value itself (their driver mapping would make it a JSON string).
      return Object.fromEntries(claves.map((k, j) => [`c${j}`, row[k] == null ? null : JSON_SQL.has(cols[j]!.getSQLType()) ? row[k] : cols[j]!.mapToDriverValue(row[k])]));
    });
    const nombres = sql.join(
      cols.map((c) => sql.identifier(c.name)),
      sql`, `,
    );
    const seleccion = sql.join(
      cols.map((_, j) => sql.identifier(`c${j}`)),
      sql`, `,
    );
    const tipos = sql.join(
      cols.map((c, j) => sql`${sql.identifier(`c${j}`)} ${sql.raw(c.getSQLType())}`),
      sql`, `,
    );
    const devolver: SQL = returning
      ? sql` returning ${sql.join(
          Object.entries(returning).map(([k, c]) => sql`${sql.identifier(c.name)} as ${sql.identifier(k)}`),
          sql`, `,
        )}`
      : sql``;
    const res = (await db.execute(
      sql`insert into ${table} (${nombres}) select ${seleccion} from json_to_recordset(${JSON.stringify(json)}::json) as x(${tipos})${devolver}`,
    )) as unknown as { rows: Record<string, unknown>[] };
    if (returning) indices.forEach((i, j) => (salida[i] = mapearFila(res.rows[j]!, returning)));
  }
  return (returning ? salida : []) as { [K in keyof R]: R[K]['_']['data'] }[];
}

function mapearFila(fila: Record<string, unknown>, returning: Record<string, PgColumn>) {
  return Object.fromEntries(Object.entries(returning).map(([k, c]) => [k, fila[k] == null ? fila[k] : c.mapFromDriverValue(fila[k])]));
}
