import { boolean, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { rol } from './rol';
import { tienda } from './tienda';
import { usuario } from './usuario';

/**
 * A person's role in each store they work in (issue #56 step 2, ADR 043 §3): a cashier of two shops has
 * two rows. The home store's row (usuario.tienda_id, rol_id, aprobado) is carried here by the trigger
 * usuario_tienda (server/db/triggers/usuario.sql), so every writer of usuario stays as it was; a role in
 * another store of the empresa is given by its owner (server/modules/sucursal/sucursal.domain.ts).
 */
export const usuarioTienda = pgTable(
  'usuario_tienda',
  {
    usuarioId: integer('usuario_id').notNull().references(() => usuario.idUsuario, { onDelete: 'cascade' }),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    rolId: integer('rol_id').notNull().references(() => rol.idRol),
    /** False while that store's approval holds the person out of it. */
    aprobado: boolean('aprobado').notNull().default(true),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'usuario_tienda_pk', columns: [t.usuarioId, t.tiendaId] }), index('usuario_tienda_tienda_idx').on(t.tiendaId)],
);
