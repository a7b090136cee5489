import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { recepcion } from './compras';
import { devolucion } from './devolucion';
import { empresa, tienda } from './tienda';
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
    /** An adjustment note's concept: 1 devolución parcial, 2 anulación (null for a POS document). */
    concepto: integer('concepto'),
    /** The return a concept-1 note corrects (one note per return; migration 0067). */
    devolucionId: integer('devolucion_id').references(() => devolucion.idDevolucion, { onDelete: 'set null' }),
    /** The reception a documento soporte (type 05) or its adjustment note (95) stands for (ADR 055, migration 0076). */
    recepcionId: integer('recepcion_id').references(() => recepcion.idRecepcion, { onDelete: 'set null' }),
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
    /**
     * The buyer's copy of an accepted invoice or note, e-mailed once (issue #57 point 4, migration
     * 0084): null (to send), 'enviando' (held until `correoHasta`), 'enviado', 'sin_correo',
     * 'fallido', 'anterior' (accepted before the feature). Written only by copia-comprador.ts.
     */
    correoEstado: text('correo_estado'),
    correoHasta: timestamp('correo_hasta', { withTimezone: true }),
    correoIntentos: integer('correo_intentos').notNull().default(0),
    correoEnviadoEn: timestamp('correo_enviado_en', { withTimezone: true }),
    correoError: text('correo_error'),
  },
  (t) => [
    check('documento_dian_estado_valido', sql`${t.estado} in ('pendiente', 'enviado', 'aceptado', 'rechazado', 'contingencia')`),
    check('documento_dian_contingencia_valida', sql`${t.contingencia} is null or ${t.contingencia} in ('07', '08')`),
    check('documento_dian_ambiente_valido', sql`${t.ambiente} in (1, 2)`),
    uniqueIndex('documento_dian_tienda_numero_uq').on(t.tiendaId, t.tipo, t.numero),
    uniqueIndex('documento_dian_tienda_cude_uq').on(t.tiendaId, t.cude),
    index('documento_dian_tienda_estado_idx').on(t.tiendaId, t.estado),
    // A sale's document and notes (the receipt, the worker's sweep).
    index('documento_dian_venta_idx').on(t.ventaId),
    // A note is issued once: per return, and per annulled sale (the sweep may race a request).
    uniqueIndex('documento_dian_devolucion_uq').on(t.devolucionId).where(sql`${t.devolucionId} is not null`),
    // One documento soporte per reception; its notes are found by it.
    uniqueIndex('documento_dian_soporte_uq').on(t.recepcionId).where(sql`${t.tipo} = '05'`),
    index('documento_dian_recepcion_idx').on(t.recepcionId),
    check('documento_dian_correo_estado_valido', sql`${t.correoEstado} is null or ${t.correoEstado} in ('enviando', 'enviado', 'sin_correo', 'fallido', 'anterior')`),
    index('documento_dian_correo_idx')
      .on(t.tiendaId)
      .where(sql`${t.estado} = 'aceptado' AND ${t.tipo} IN ('01', '91', '92') AND (${t.correoEstado} IS NULL OR ${t.correoEstado} = 'enviando')`),
    uniqueIndex('documento_dian_anulacion_uq').on(t.ventaId).where(sql`${t.concepto} = 2 and ${t.ventaId} is not null`),
  ],
);

/**
 * The taxpayer's DIAN registration (ADR 069, designed in ADR 067 §5): an empresa is one taxpayer (ADR
 * 059), so the software registered at DIAN (id, PIN) and the signing certificate (sealed by
 * custodia.ts, as the store's was) are its own, one row, read by every store of the empresa through
 * `certificadoDeTienda` (configuracion.domain.ts). `certificadoSelladoPara` is the id the blob was sealed
 * for (its additional authenticated data): `empresa:<id>` for a certificate loaded since, the store's id
 * for one migration 0104 brought from a store's row. Written only through configuracion.domain.ts, by
 * the empresa's owner when it has two or more stores.
 */
export const empresaDian = pgTable('empresa_dian', {
  empresaId: integer('empresa_id')
    .primaryKey()
    .references(() => empresa.idEmpresa, { onDelete: 'cascade' }),
  softwareId: text('software_id'),
  softwarePin: text('software_pin'),
  certificadoSellado: text('certificado_sellado'),
  certificadoSelladoPara: text('certificado_sellado_para'),
  certificadoResumen: jsonb('certificado_resumen'),
  actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A store's electronic POS configuration (issue #31 point 8): on or off, DIAN's environment, the
 * habilitación test set, the transport (DIAN's own web service or a technology provider's API). The
 * software registered at DIAN (id, PIN) and the signing certificate are the empresa's (`empresa_dian`,
 * ADR 069), sealed with AES-256-GCM by server/modules/dian/custodia.ts (the .p12 and its password never
 * leave the server; routes answer only the certificate's summary). Written only through
 * server/modules/dian/configuracion.domain.ts.
 */
export const dianConfiguracion = pgTable(
  'dian_configuracion',
  {
    tiendaId: integer('tienda_id')
      .primaryKey()
      .references(() => tienda.idTienda, { onDelete: 'cascade' }),
    habilitado: boolean('habilitado').notNull().default(false),
    /** 1 producción, 2 habilitación. */
    ambiente: integer('ambiente').notNull().default(2),
    /**
     * The software and certificate a store kept before they became the empresa's (migration 0104, ADR
     * 069): left only where they differ from the empresa's, for a person to see (the consistency check
     * reports them); read by nothing else and never written, cleared when the empresa's are saved.
     */
    softwareIdPropio: text('software_id'),
    softwarePinPropio: text('software_pin'),
    testSetId: text('test_set_id'),
    /** 'dian' (SOAP web service) or 'proveedor' (APIDIAN-compatible HTTP API). */
    transporte: text('transporte').notNull().default('dian'),
    proveedorUrl: text('proveedor_url'),
    proveedorToken: text('proveedor_token'),
    certificadoSelladoPropio: text('certificado_sellado'),
    certificadoResumenPropio: jsonb('certificado_resumen'),
    /** When DIAN (or the fake) accepted the test set's documents: producción may be chosen after it. */
    habilitacionSuperadaEn: timestamp('habilitacion_superada_en', { withTimezone: true }),
    /** The test set's last run: documents sent and DIAN's answers. */
    habilitacionResultado: jsonb('habilitacion_resultado'),
    /** Next number of the test set's own range (SETP 990000000…). */
    setPruebasSiguiente: integer('set_pruebas_siguiente').notNull().default(990000001),
    /** Next number of the adjustment notes (prefix `NA`), their own numbering. */
    notaSiguiente: integer('nota_siguiente').notNull().default(1),
    /** Sales completed since this instant get their document (the worker's sweep looks no earlier). */
    habilitadoDesde: timestamp('habilitado_desde', { withTimezone: true }),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('dian_configuracion_ambiente_valido', sql`${t.ambiente} in (1, 2)`),
    check('dian_configuracion_transporte_valido', sql`${t.transporte} in ('dian', 'proveedor')`),
  ],
);

/**
 * The habilitación of each other document type a store enables (issue #57 point 5, ADR 023's
 * addendum of 2026-11-30): DIAN enables each separately, with its own software (SoftwareID, PIN) and
 * TestSetId. `factura` is the factura electrónica de venta with its credit and debit notes (01, 91,
 * 92); `soporte` the documento soporte with its adjustment note (05, 95). The POS document's (20, 94)
 * stays in `dian_configuracion`. States: en_pruebas (configured, set not accepted yet), habilitado
 * (DIAN accepted its set), rechazado (DIAN refused a document of its last set: `resultado` says why).
 */
export const dianHabilitacionTipo = pgTable(
  'dian_habilitacion_tipo',
  {
    tiendaId: integer('tienda_id')
      .notNull()
      .references(() => tienda.idTienda, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    /**
     * The type's software a store kept before it became the empresa's (migration 0108, ADR 069's
     * addendum): left only where it differs from the empresa's, and then still the one this store's
     * documents of the type carry (a store issuing today never stops); reported by the consistency
     * check, cleared when the empresa's software of the type is saved. Read only by habilitacion-tipos.ts.
     */
    softwareIdPropio: text('software_id'),
    softwarePinPropio: text('software_pin'),
    testSetId: text('test_set_id'),
    estado: text('estado').notNull().default('en_pruebas'),
    /** The last set sent: documents and DIAN's answers (as `habilitacion_resultado`). */
    resultado: jsonb('resultado'),
    habilitadoEn: timestamp('habilitado_en', { withTimezone: true }),
    /** Next consecutive of this type's set (its test range; notes share it), never repeated. */
    setSiguiente: integer('set_siguiente').notNull().default(1),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tiendaId, t.tipo] }),
    check('dian_habilitacion_tipo_tipo_valido', sql`${t.tipo} in ('factura', 'soporte')`),
    check('dian_habilitacion_tipo_estado_valido', sql`${t.estado} in ('en_pruebas', 'habilitado', 'rechazado')`),
  ],
);

/**
 * The software (SoftwareID, PIN) DIAN registered for the empresa for each other document type
 * (`factura`, `soporte`), ADR 069's addendum: DIAN registers software per taxpayer, so every store of
 * the empresa signs that type's documents with it. Each store's habilitación of the type (state, test
 * set, DIAN's answers) stays in `dian_habilitacion_tipo`. Written only through
 * server/modules/dian/habilitacion-tipos.ts.
 */
export const empresaDianTipo = pgTable(
  'empresa_dian_tipo',
  {
    empresaId: integer('empresa_id')
      .notNull()
      .references(() => empresa.idEmpresa, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    softwareId: text('software_id'),
    softwarePin: text('software_pin'),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.empresaId, t.tipo] }), check('empresa_dian_tipo_tipo_valido', sql`${t.tipo} in ('factura', 'soporte')`)],
);
