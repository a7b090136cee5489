import { index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The keys of writes already received (issue #50 point 1): a write sent again with the same
 * `Idempotency-Key` (a proxy that re-sends it to another instance, a till that retries after a lost
 * answer) gets the first answer instead of being recorded twice. A key is taken before the write runs
 * (`en_curso`), so a copy arriving meanwhile is refused, and is released if the write was refused.
 * Kept two days (ADR 038).
 */
export const claveIdempotencia = pgTable(
  'clave_idempotencia',
  {
    /** Who sent it: `tiendaId:usuarioId:tipo` of the session (a key never answers another session's request). */
    sujeto: text('sujeto').notNull(),
    clave: text('clave').notNull(),
    /** The request's method, route and body, hashed: the same key for another write is refused. */
    huella: text('huella').notNull(),
    estado: text('estado', { enum: ['en_curso', 'hecha'] }).notNull(),
    codigo: smallint('codigo'),
    respuesta: text('respuesta'),
    tiendaId: integer('tienda_id'),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sujeto, t.clave] }), index('clave_idempotencia_creado_idx').on(t.creadoEn)],
);
