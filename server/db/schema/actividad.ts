import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { tienda } from './tienda';
import { usuario } from './usuario';

/**
 * The store's activity log (issue #27 point 6, *Registro de actividad*): sign-ins, price, cost and
 * stock changes, deletions, annulments, discounts, cash movements, shift closes, permission changes
 * and refused attempts. Append-only: a trigger (migration 0018) refuses any UPDATE or DELETE, except
 * the cascades of a deleted store and the `set null` of a deleted account. Written only through
 * `registrarActividad` (server/modules/actividad/actividad.domain.ts).
 */
export const actividad = pgTable(
  'actividad',
  {
    idActividad: integer('id_actividad').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
    /** The person; null for the store account itself (or an account deleted since). */
    usuarioId: integer('usuario_id').references(() => usuario.idUsuario, { onDelete: 'set null' }),
    /** The person's name and role when it happened: the row keeps saying who, whatever happens to the account. */
    usuarioNombre: text('usuario_nombre').notNull(),
    rolId: smallint('rol_id').notNull(),
    /** Through which face: the store's screens ('tienda'), the back-office ('crud') or the old controller API ('legacy'). */
    cara: text('cara').notNull(),
    /** What happened (shared/schemas/actividad.ts, TIPOS_ACTIVIDAD). */
    tipo: text('tipo').notNull(),
    /** The facts of the entry, by type (shared/schemas/actividad.ts); the text is made from them when shown. */
    detalle: jsonb('detalle').notNull().default({}),
  },
  (t) => [
    check('actividad_cara_valida', sql`${t.cara} in ('tienda', 'crud', 'legacy')`),
    index('actividad_tienda_fecha_idx').on(t.tiendaId, t.fecha),
    index('actividad_tienda_usuario_idx').on(t.tiendaId, t.usuarioId),
  ],
);
