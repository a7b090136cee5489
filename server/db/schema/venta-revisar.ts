import { index, integer, jsonb, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tienda } from './tienda';
import { usuario } from './usuario';
import { venta } from './venta';

/**
 * An offline sale recorded although it broke a rule the server enforces online (issue #51 point 5):
 * the goods left the shop, so it is kept, and listed under *Revisar* for role 1 with its reasons.
 * Marked reviewed once (who, when); never cleared nor deleted.
 */
export const ventaRevisar = pgTable(
  'venta_revisar',
  {
    idVentaRevisar: integer('id_venta_revisar').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    ventaId: integer('venta_id').notNull().references(() => venta.idVenta, { onDelete: 'cascade' }),
    /** The reasons, in Spanish, as the list shows them. */
    motivos: jsonb('motivos').$type<string[]>().notNull(),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    revisadoPor: integer('revisado_por').references(() => usuario.idUsuario, { onDelete: 'set null' }),
    revisadoEn: timestamp('revisado_en', { withTimezone: true }),
  },
  (t) => [uniqueIndex('venta_revisar_venta_uq').on(t.ventaId), index('venta_revisar_tienda_idx').on(t.tiendaId, t.revisadoEn)],
);
