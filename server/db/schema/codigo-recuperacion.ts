import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Password-recovery codes: stored hashed, short-lived, with a try counter. */
export const codigoRecuperacion = pgTable(
  'codigo_recuperacion',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tipo: text('tipo').notNull(), // 'empleado' | 'tienda' | 'ninguna' (an email of no account: never mailed, never usable)
    cuentaId: integer('cuenta_id').notNull(),
    correo: text('correo').notNull(),
    codigoHash: text('codigo_hash').notNull(),
    intentos: integer('intentos').notNull().default(0),
    venceEn: timestamp('vence_en', { withTimezone: true }).notNull(),
    verificadoEn: timestamp('verificado_en', { withTimezone: true }),
    usadoEn: timestamp('usado_en', { withTimezone: true }),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('codigo_recuperacion_correo_idx').on(t.correo)],
);
