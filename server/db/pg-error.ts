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

/** Runs `fn`; a unique violation of the index `indice` is thrown as `error()` instead (e.g. a name taken: 409 on its field). */
export async function siRepetido<T>(indice: string, error: () => Error, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw esViolacionUnica(err, indice) ? error() : err;
  }
}

/** A row still referenced by another (foreign key violation 23503; 23001 for a RESTRICT key). */
export function esReferenciaViva(err: unknown): boolean {
  const code = errorDePostgres(err)?.code;
  return code === '23503' || code === '23001';
}

/** Node's socket errors when the database's address does not answer or drops the connection. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** PostgreSQL's: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections. */
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres' own words for a connection that is gone or never came. */
const PG_DRIVER_TEXTS = [
  'Connection terminated',
  'connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
];

/**
 * The database is unreachable (a restart, a failover, maintenance, a full server): the request wrote
 * nothing (PostgreSQL rolls back a transaction whose connection ends) and may be tried again. Found
 * through drizzle's wrapping (`cause`).
 */
export function esBaseNoDisponible(err: unknown): boolean {
  for (let e = err, i = 0; e && typeof e === 'object' && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || PG_UNAVAILABLE.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && PG_DRIVER_TEXTS.some((t) => message.includes(t))) return true;
  }
  return false;
}

/**
 * The disk is full (issue #50 point 5): PostgreSQL's disk_full (53100) or out_of_memory-on-disk class
 * 53, or the operating system's ENOSPC (the embedded database's files, a temporary file). The write was
 * rolled back: a Spanish 503, not a 500.
 */
export function esDiscoLleno(err: unknown): boolean {
  for (let e = err, i = 0; e && typeof e === 'object' && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === '53100' || code === 'ENOSPC') return true;
    if (typeof message === 'string' && /No space left on device/i.test(message)) return true;
  }
  return false;
}
