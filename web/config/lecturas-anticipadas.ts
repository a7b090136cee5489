/**
 * The API reads a screen needs first, which index.html's boot script sends as soon as the HTML
 * arrives, before any of the application's JavaScript (issue #20: on a slow phone the till's data
 * then travels while its code downloads, instead of after it). Each entry is exactly the address the
 * application asks for (after `/api`), so `api()` (web/lib/api-client.ts) takes the answer already
 * on its way instead of asking again; `lecturas-anticipadas.test.ts` checks that they still match.
 *
 * Only GETs of the signed-in session, for screens a cashier opens cold (the till). vite.config.ts
 * writes this table into the boot script; nothing else reads it.
 */
export const lecturasAnticipadas: Record<string, readonly string[]> = {
  '/ventas': ['/caja/turno', '/ventas/productos?page=1&pageSize=10', '/ventas/productos/rapidos'],
};

/** How long an early read may wait for the application to take it (older, it is asked for again). */
export const LECTURA_ANTICIPADA_MS = 15_000;

/**
 * The last answer of each early read is kept on the device under this prefix (with a fingerprint of
 * the session's token: the last 16 characters, the signature's end), so the next visit shows it at
 * once while the boot script's read brings the current one (issue #20: a warm start on a slow
 * network). Signing out removes them (web/lib/session.ts).
 */
export const CLAVE_LECTURA = 'lectura:';
export const huellaDelToken = (token: string) => token.slice(-16);
