import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cliente } from './cliente';
import { metodoPago } from './metodo-pago';
import { tienda } from './tienda';
import { turno } from './turno';
import { usuario } from './usuario';
import { venta } from './venta';

export const TIPOS_CREDITO = ['cargo', 'abono', 'reverso', 'devolucion', 'union'] as const;

/**
 * The fiado ledger (issue #17), append-only: a credit sale is a 'cargo' (+), a payment on account an
 * 'abono' (−), an annulled credit sale's 'reverso' (−), a return refunded to the account 'devolucion' (−). A customer's balance is the sum of `monto`;
 * nothing is edited in place.
 */
export const creditoMovimiento = pgTable(
  'credito_movimiento',
  {
    idCreditoMovimiento: integer('id_credito_movimiento').primaryKey().generatedByDefaultAsIdentity(),
    /** The store where the charge or abono happened (issue #56: the customer and its balance are the empresa's). */
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    /** RESTRICT (issue #27): no path deletes a customer that has credit history. */
    clienteId: integer('cliente_id').notNull().references(() => cliente.idCliente, { onDelete: 'restrict' }),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
    tipo: text('tipo').notNull(),
    /** Signed pesos: charges positive, payments and reversals negative. */
    monto: bigint('monto', { mode: 'number' }).notNull(),
    /** The credit sale charged or reversed. */
    ventaId: integer('venta_id').references(() => venta.idVenta, { onDelete: 'set null' }),
    /** How an abono was paid. */
    metodoPagoId: integer('metodo_pago_id').references(() => metodoPago.idMetPago),
    usuarioId: integer('usuario_id').references(() => usuario.idUsuario, { onDelete: 'set null' }),
    /** The cash-register shift an abono was taken in. */
    turnoId: integer('turno_id').references(() => turno.idTurno, { onDelete: 'set null' }),
    /** Transfer reference of an abono, or the override's record ("Autorizado sobre el cupo por …"). */
    nota: text('nota'),
    /** The offline download's cursor (issue #50 point 6): a movement changes its customer's balance. */
    version: bigint('version', { mode: 'number' }).notNull().default(sql`nextval('sin_red_version_seq')`),
  },
  (t) => [
    // 'union' (migration 0101, ADR 067): a merge of two customers moves a store's balance by a pair, either sign.
    check('credito_movimiento_tipo', sql`${t.tipo} in ('cargo', 'abono', 'reverso', 'devolucion', 'union')`),
    check('credito_movimiento_signo', sql`(${t.tipo} = 'cargo' and ${t.monto} > 0) or (${t.tipo} = 'union' and ${t.monto} <> 0) or (${t.tipo} not in ('cargo', 'union') and ${t.monto} < 0)`),
    check('credito_movimiento_rango', sql`abs(${t.monto}) <= 1000000000000000`),
    index('credito_movimiento_cliente_idx').on(t.tiendaId, t.clienteId, t.fecha),
    index('credito_movimiento_version_idx').on(t.tiendaId, t.version),
    // The one balance of a customer shared by the empresa's stores (issue #56), and the offline download's moved balances.
    index('credito_movimiento_cliente_fecha_idx').on(t.clienteId, t.fecha),
    index('credito_movimiento_version_global_idx').on(t.version),
    // A sale is charged once and reversed once (it may have several returns).
    uniqueIndex('credito_movimiento_venta_uq').on(t.ventaId, t.tipo).where(sql`${t.ventaId} is not null and ${t.tipo} <> 'devolucion'`),
  ],
);
