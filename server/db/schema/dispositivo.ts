import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tienda } from './tienda';
import { usuario } from './usuario';

/**
 * A device (a browser's local database) that may sell without the network (issue #34 point 4, ADR
 * 028): the server gives it a prefix of its store once, while online; the device numbers its offline
 * sales `<prefijo>-1`, `-2`… from its own counter, and the server records that number as printed.
 */
export const dispositivoVenta = pgTable(
  'dispositivo_venta',
  {
    idDispositivo: integer('id_dispositivo').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    /** `D1`, `D2`… per store: never given twice in a store. */
    prefijo: text('prefijo').notNull(),
    /** Who registered it (signed in on it); null for the store account. */
    usuarioId: integer('usuario_id').references(() => usuario.idUsuario, { onDelete: 'set null' }),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('dispositivo_venta_tienda_prefijo_uq').on(t.tiendaId, t.prefijo)],
);
