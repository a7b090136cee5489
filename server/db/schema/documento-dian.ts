import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tienda } from './tienda';
import { venta } from './venta';

/**
 * The electronic POS documents' outbox (issue #31): one row per document (a sale's documento
 * equivalente POS, type 20, or an adjustment note), with its signed XML and DIAN's last answer, kept
 * at least five years. States: pendiente (signed, not sent yet), enviado (sent, answer unknown),
 * aceptado, rechazado (DIAN's rule and message), contingencia (DIAN failing: resent later; 48 hours).
 * Written only through server/modules/dian/bandeja.ts. A number (prefix + consecutive) and a CUDE
 * appear once per store.
 */
export const documentoDian = pgTable(
  'documento_dian',
  {
    idDocumento: integer('id_documento').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    ventaId: integer('venta_id').references(() => venta.idVenta, { onDelete: 'set null' }),
    /** '20' documento equivalente POS; '94'/'93' adjustment notes (credit/debit). */
    tipo: text('tipo').notNull().default('20'),
    numero: text('numero').notNull(),
    cude: text('cude').notNull(),
    ambiente: integer('ambiente').notNull(),
    xmlFirmado: text('xml_firmado').notNull(),
    estado: text('estado').notNull().default('pendiente'),
    /** '07' (the shop's system failed) or '08' (DIAN failed) when issued in contingency. */
    contingencia: text('contingencia'),
    /** The 48-hour limit to transmit a contingency document. */
    limiteContingencia: timestamp('limite_contingencia', { withTimezone: true }),
    intentos: integer('intentos').notNull().default(0),
    /** A worker holds the row until then (one sender at a time). */
    procesandoHasta: timestamp('procesando_hasta', { withTimezone: true }),
    regla: text('regla'),
    mensaje: text('mensaje'),
    /** DIAN's last answers (status code, description, rules), newest last, bounded. */
    respuestas: jsonb('respuestas').notNull().default([]),
    /** DIAN's last answer body, as received. */
    ultimaRespuesta: text('ultima_respuesta'),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    enviadoEn: timestamp('enviado_en', { withTimezone: true }),
    aceptadoEn: timestamp('aceptado_en', { withTimezone: true }),
  },
  (t) => [
    check('documento_dian_estado_valido', sql`${t.estado} in ('pendiente', 'enviado', 'aceptado', 'rechazado', 'contingencia')`),
    check('documento_dian_contingencia_valida', sql`${t.contingencia} is null or ${t.contingencia} in ('07', '08')`),
    check('documento_dian_ambiente_valido', sql`${t.ambiente} in (1, 2)`),
    uniqueIndex('documento_dian_tienda_numero_uq').on(t.tiendaId, t.tipo, t.numero),
    uniqueIndex('documento_dian_tienda_cude_uq').on(t.tiendaId, t.cude),
    index('documento_dian_tienda_estado_idx').on(t.tiendaId, t.estado),
  ],
);
