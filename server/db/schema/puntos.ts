import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { cliente } from './cliente';
import { devolucion } from './devolucion';
import { tienda } from './tienda';
import { usuario } from './usuario';
import { venta } from './venta';

/** A store's loyalty points (issue #59 point 3, ADR 054, migration 0075): off unless the owner turns them on. */
export const puntosConfiguracion = pgTable(
  'puntos_configuracion',
  {
    tiendaId: integer('tienda_id').primaryKey().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    activo: boolean('activo').notNull().default(false),
    /** Pesos of net paid per point earned. */
    pesosPorPunto: integer('pesos_por_punto').notNull().default(1000),
    /** Pesos a point is worth when spent. */
    valorPunto: integer('valor_punto').notNull().default(1),
  },
  (t) => [
    check('puntos_configuracion_pesos', sql`${t.pesosPorPunto} between 100 and 1000000`),
    check('puntos_configuracion_valor', sql`${t.valorPunto} between 1 and 10000`),
  ],
);

export const TIPOS_PUNTO = ['ganado', 'redimido', 'reverso', 'devolucion', 'union'] as const;

/**
 * The points ledger, append-only (trigger punto_movimiento_solo_agregar): earned (+), spent (−), an
 * annulment's or a return's reversal (− of earned, + of spent). A customer's balance is the sum.
 */
export const puntoMovimiento = pgTable(
  'punto_movimiento',
  {
    idPuntoMovimiento: integer('id_punto_movimiento').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    /** A deleted customer takes its points along (a customer with credit history is archived instead). */
    clienteId: integer('cliente_id').notNull().references(() => cliente.idCliente, { onDelete: 'cascade' }),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
    tipo: text('tipo').notNull(),
    /** Signed points. */
    puntos: bigint('puntos', { mode: 'number' }).notNull(),
    /** Of the earned (false) or of the spent (true) points of the sale: a reversal says which it undoes. */
    deRedimidos: boolean('de_redimidos').notNull().default(false),
    ventaId: integer('venta_id').references(() => venta.idVenta, { onDelete: 'set null' }),
    devolucionId: integer('devolucion_id').references(() => devolucion.idDevolucion, { onDelete: 'set null' }),
    usuarioId: integer('usuario_id').references(() => usuario.idUsuario, { onDelete: 'set null' }),
  },
  (t) => [
    check('punto_movimiento_tipo', sql`${t.tipo} in ('ganado', 'redimido', 'reverso', 'devolucion', 'union')`),
    check('punto_movimiento_signo', sql`${t.puntos} <> 0 and abs(${t.puntos}) <= 1000000000000`),
    index('punto_movimiento_cliente_idx').on(t.tiendaId, t.clienteId),
    index('punto_movimiento_venta_idx').on(t.ventaId),
  ],
);
