import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { puntoVenta } from './numeracion';
import { tienda } from './tienda';
import { usuario } from './usuario';

/**
 * A cash-register shift (turno de caja, issue #18): opened with a float by one cashier, closed once
 * with the counted money. Sales, cash in/out and credit payments made while it is open point to it.
 */
export const turno = pgTable(
  'turno',
  {
    idTurno: integer('id_turno').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    /** The cashier; null when the store account itself opened it. */
    usuarioId: integer('usuario_id').references(() => usuario.idUsuario, { onDelete: 'set null' }),
    abiertoEn: timestamp('abierto_en', { withTimezone: true }).notNull().defaultNow(),
    cerradoEn: timestamp('cerrado_en', { withTimezone: true }),
    /** Cash in the drawer when the shift opened. */
    fondoInicial: bigint('fondo_inicial', { mode: 'number' }).notNull(),
    /**
     * What the close recorded, frozen: { esperado: {metodoId: pesos}, contado: {metodoId: pesos},
     * denominaciones?: {valor: cantidad} }. Null while open.
     */
    cierre: jsonb('cierre'),
    /** Who closed it (the cashier, or a supervisor). */
    cerradoPor: integer('cerrado_por').references(() => usuario.idUsuario, { onDelete: 'set null' }),
    nota: text('nota'),
    /** The till (point of sale) the shift was opened at (issue #30 point 5); its sales take its numbers. */
    puntoVentaId: integer('punto_venta_id').references(() => puntoVenta.idPuntoVenta, { onDelete: 'set null' }),
  },
  (t) => [
    check('turno_fondo_rango', sql`${t.fondoInicial} >= 0 and ${t.fondoInicial} <= 1000000000000`),
    // One open shift per cashier (the store account counts as cashier 0).
    uniqueIndex('turno_abierto_uq').on(t.tiendaId, sql`coalesce(${t.usuarioId}, 0)`).where(sql`${t.cerradoEn} is null`),
    index('turno_tienda_abierto_idx').on(t.tiendaId, t.abiertoEn),
  ],
);

/** Cash put into or taken out of the drawer during a shift, with its reason (issue #18). */
export const cajaMovimiento = pgTable(
  'caja_movimiento',
  {
    idCajaMovimiento: integer('id_caja_movimiento').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    turnoId: integer('turno_id').notNull().references(() => turno.idTurno, { onDelete: 'cascade' }),
    usuarioId: integer('usuario_id').references(() => usuario.idUsuario, { onDelete: 'set null' }),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
    /** 'entrada' or 'salida'. */
    tipo: text('tipo').notNull(),
    monto: bigint('monto', { mode: 'number' }).notNull(),
    motivo: text('motivo').notNull(),
  },
  (t) => [
    check('caja_movimiento_tipo', sql`${t.tipo} in ('entrada', 'salida')`),
    check('caja_movimiento_monto_rango', sql`${t.monto} > 0 and ${t.monto} <= 1000000000000`),
    index('caja_movimiento_turno_idx').on(t.turnoId),
  ],
);
