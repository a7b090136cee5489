import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TAdquirente } from '#shared/schemas/factura-electronica';
import { cliente } from './cliente';
import { dispositivoVenta } from './dispositivo';
import { metodoPago } from './metodo-pago';
import { puntoVenta, rangoNumeracion } from './numeracion';
import { tienda } from './tienda';
import { turno } from './turno';
import { usuario } from './usuario';

export const ESTADOS_VENTA = ['Pendiente', 'Completada', 'Anulada'] as const;

export const venta = pgTable(
  'venta',
  {
    idVenta: integer('id_venta').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    /**
     * The sale's number in its store, 1, 2, 3… with no gaps (issue #36 point 8, ADR 026): what people
     * see on lists, receipts and reports; `id_venta` stays internal. Always set by the trigger
     * `venta_numerar` on insert (from `venta_contador`), whatever the insert says; the default only
     * lets the faces' inserts leave it out. The checkout inserts the placeholder -id_venta and takes
     * the number last (`venta_tomar_numero`, ADR 057).
     */
    numero: integer('numero').notNull().default(0),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
    estado: text('estado').notNull().default('Pendiente'),
    clienteId: integer('cliente_id').references(() => cliente.idCliente, { onDelete: 'set null' }),
    metodoPagoId: integer('metodo_pago_id').notNull().references(() => metodoPago.idMetPago),
    /** The cashier; null when the store account itself sold. */
    usuarioId: integer('usuario_id').references(() => usuario.idUsuario, { onDelete: 'set null' }),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    montoRecibido: bigint('monto_recibido', { mode: 'number' }),
    /**
     * The sale's identity as the till made it (a UUID, ADR 011): the same key sent again answers the
     * sale already recorded instead of recording a second one. Null for sales made without one.
     */
    clave: uuid('clave'),
    /** Pesos taken off the whole sale, after the lines' own discounts (issue #16 point 4). */
    descuento: bigint('descuento', { mode: 'number' }).notNull().default(0),
    /** Why the sale or any of its lines was discounted; shown on the receipt and the invoice. */
    motivoDescuento: text('motivo_descuento'),
    /** The cash-register shift the sale was made in (issue #18); null for sales from other faces. */
    turnoId: integer('turno_id').references(() => turno.idTurno, { onDelete: 'set null' }),
    /** Pesos of the total left on the customer's credit (fiado, issue #17); the rest was paid now. */
    /**
     * The shift an annulment was recorded in when the sale's own shift was already closed (issue #27):
     * the money leaves that (current) drawer; the closed shift lists it as "anulaciones posteriores".
     */
    turnoAnulacionId: integer('turno_anulacion_id').references(() => turno.idTurno, { onDelete: 'set null' }),
    montoFiado: bigint('monto_fiado', { mode: 'number' }).notNull().default(0),
    /**
     * When the fiado part is due (issue #30 point 6: payment form *crédito* with its due date): the
     * sale's date in the store's zone plus the customer's `plazo_fiado`, set by the fiado domain when it
     * charges the sale; null for a sale paid in full.
     */
    fiadoVence: date('fiado_vence', { mode: 'string' }),
    /** A transfer's or card voucher's reference number, and whether the cashier checked it arrived. */
    referencia: text('referencia'),
    verificado: boolean('verificado').notNull().default(false),
    /**
     * The supervisor (role 1 or 3) whose PIN let a role-2 cashier give the sale's discounts or price
     * changes (issue #16 point 4); null when the seller could give them alone or gave none.
     */
    autorizadoPor: integer('autorizado_por').references(() => usuario.idUsuario, { onDelete: 'set null' }),
    /** The store account's PIN authorised it (issue #36 point 5): the store has no user id. */
    autorizadoPorTienda: boolean('autorizado_por_tienda').notNull().default(false),
    /**
     * The till it was sold at and its DIAN number (issue #30 point 5, ADR 027): set by the trigger
     * `venta_numerar` from the shift's till and that till's range in use; null in a store without ranges.
     */
    puntoVentaId: integer('punto_venta_id').references(() => puntoVenta.idPuntoVenta, { onDelete: 'set null' }),
    rangoId: integer('rango_id').references(() => rangoNumeracion.idRango),
    numeroFiscal: integer('numero_fiscal'),
    /**
     * The buyer of a sale invoiced as *factura electrónica de venta* (issue #57, ADR 044), as they were
     * at the sale; null for a POS sale. Set by `venta_numerar` from the checkout's transaction (it
     * numbers such a sale from the till's invoice range instead of its POS range).
     */
    adquirente: jsonb('adquirente').$type<TAdquirente>(),
    /**
     * A sale made without the network (issue #34, ADR 029): the device that sold it, the number it
     * printed (`<prefijo>-<n>`, never changed by the server), the device's clock when it sold, and how
     * far the device's clock was from the server's when the sale arrived (device minus server, ms;
     * more than 5 minutes either way is flagged). Null for sales made online.
     */
    dispositivoId: integer('dispositivo_id').references(() => dispositivoVenta.idDispositivo, { onDelete: 'restrict' }),
    numeroDispositivo: text('numero_dispositivo'),
    fechaDispositivo: timestamp('fecha_dispositivo', { withTimezone: true }),
    desfaseRelojMs: bigint('desfase_reloj_ms', { mode: 'number' }),
  },
  (t) => [
    check('venta_total_no_negativo', sql`${t.total} >= 0`),
    // 200 lines of 9 999 units at $ 100.000.000 at most, and what a customer may hand over (LIMITES_DINERO).
    // Or the placeholder -id_venta of a sale the checkout numbers last (ADR 057, venta_tomar_numero).
    check('venta_numero_positivo', sql`${t.numero} > 0 or ${t.numero} = -${t.idVenta}`),
    check('venta_descuento_no_negativo', sql`${t.descuento} >= 0`),
    check('venta_total_maximo', sql`${t.total} <= 1000000000000000`),
    check('venta_monto_maximo', sql`${t.montoRecibido} <= 1000000000000`),
    check('venta_adquirente_acotado', sql`${t.adquirente} is null or octet_length(${t.adquirente}::text) <= 2000`),
    check('venta_monto_fiado_rango', sql`${t.montoFiado} >= 0 and ${t.montoFiado} <= ${t.total}`),
    index('venta_tienda_fecha_idx').on(t.tiendaId, t.fecha),
    index('venta_turno_idx').on(t.turnoId),
    // The lists of annulments and of authorised discounts read only these sales of the period (ADR 035).
    index('venta_anulada_idx').on(t.tiendaId, t.fecha).where(sql`${t.estado} = 'Anulada'`),
    index('venta_autorizada_idx').on(t.tiendaId, t.fecha).where(sql`${t.autorizadoPor} is not null or ${t.autorizadoPorTienda}`),
    uniqueIndex('venta_tienda_clave_uq').on(t.tiendaId, t.clave),
    uniqueIndex('venta_tienda_numero_uq').on(t.tiendaId, t.numero),
    uniqueIndex('venta_rango_numero_uq').on(t.rangoId, t.numeroFiscal),
    uniqueIndex('venta_tienda_numero_dispositivo_uq').on(t.tiendaId, t.numeroDispositivo),
  ],
);

/**
 * The last sale number given in each store (issue #36 point 8, ADR 026; its own table since ADR 057):
 * `venta_numerar` and `venta_tomar_numero` take the next one inside the sale's transaction, so a
 * refused or undone sale gives its number back and the numbers people see have no gaps. Its row is
 * where a store's sales queue; nothing references it, so no other lock (a settings change on the
 * store's row, a sale's foreign keys) ever waits with it. No row: no sale numbered yet (0).
 */
export const ventaContador = pgTable('venta_contador', {
  tiendaId: integer('tienda_id')
    .primaryKey()
    .references(() => tienda.idTienda, { onDelete: 'cascade' }),
  ultimoNumero: integer('ultimo_numero').notNull().default(0),
});
