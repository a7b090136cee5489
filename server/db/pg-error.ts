/**
 * PostgreSQL's own error, found in what either driver throws (node-postgres raises it directly;
 * drizzle over PGlite wraps it in `cause`). The domain modules turn these into the product's Spanish
 * messages; this is the one place that knows where the code and the constraint's name are.
 */
export function errorDePostgres(err: unknown): { code: string; constraint: string } | null {
  for (let e = err, i = 0; e && typeof e === 'object' && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const { code, constraint, constraint_name } = e as { code?: unknown; constraint?: unknown; constraint_name?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, constraint: String(constraint ?? constraint_name ?? '') };
  }
  return null;
}

/** A unique violation (23505), of the named constraint or index when one is given. */
export function esViolacionUnica(err: unknown, constraint?: string): boolean {
  const pg = errorDePostgres(err);
  return pg?.code === '23505' && (constraint == null || pg.constraint === constraint);
}

/** A row still referenced by another (foreign key violation 23503; 23001 for a RESTRICT key). */
export function esReferenciaViva(err: unknown): boolean {
  const code = errorDePostgres(err)?.code;
  return code === '23503' || code === '23001';
}
