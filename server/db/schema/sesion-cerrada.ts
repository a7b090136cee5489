import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Tokens ended by signing out (`POST /api/sesion/cerrar`), by their `jti`, until they would have
 * expired anyway. Only that token ends: the store login's other tills and the account's other
 * devices keep their sessions (a password change, instead, ends them all: token version).
 */
export const sesionCerrada = pgTable(
  'sesion_cerrada',
  {
    jti: text('jti').primaryKey(),
    venceEn: timestamp('vence_en', { withTimezone: true }).notNull(),
  },
  (t) => [index('sesion_cerrada_vence_idx').on(t.venceEn)],
);
