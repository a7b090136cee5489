import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const tienda = pgTable(
  'tienda',
  {
    idTienda: integer('id_tienda').primaryKey().generatedByDefaultAsIdentity(),
    nombreTienda: text('nombre_tienda').notNull(),
    direccion: text('direccion'),
    telefono: text('telefono'),
    correo: text('correo').notNull(),
    contrasenaHash: text('contrasena_hash').notNull(),
    codigoInvitacion: text('codigo_invitacion').notNull(),
    /** Bumped when the password changes: older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tienda_correo_uq').on(sql`lower(${t.correo})`),
    uniqueIndex('tienda_codigo_invitacion_uq').on(t.codigoInvitacion),
  ],
);
