import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * A column written with its table's name, for an outer column inside a correlated subquery in a
 * select's fields. Drizzle writes a select's fields without the table's name when the query reads one
 * table (`"tienda_id"`, not `"producto"."tienda_id"`), so inside `(select … from categoria_impuesto c
 * where c.tienda_id = ${producto.tiendaId})` the bare name binds to the inner table's own column and
 * the subquery returns every row (issue #49: "more than one row returned by a subquery").
 */
export const calificada = (column: Column): SQL => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
