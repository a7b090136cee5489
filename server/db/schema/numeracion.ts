import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tienda } from './tienda';
import { usuario } from './usuario';

/**
 * A till as a point of sale (issue #30 point 5, ADR 027): its plate or name and where it stands. A
 * cash shift is opened at one; its sales take the numbers of the till's authorised DIAN range.
 */
export const puntoVenta = pgTable(
  'punto_venta',
  {
    idPuntoVenta: integer('id_punto_venta').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    /** The plate or name (DIAN's PlacaCaja), e.g. "Caja 1". */
    nombre: text('nombre').notNull(),
    /** Where it stands (DIAN's UbicaciónCaja), e.g. "Mostrador principal". */
    ubicacion: text('ubicacion').notNull(),
    activo: boolean('activo').notNull().default(true),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('punto_venta_tienda_nombre_uq').on(t.tiendaId, sql`lower(${t.nombre})`)],
);

/**
 * A DIAN numbering range authorised for one till (issue #30 point 5): prefix, from, to, resolution
 * and its validity. `siguiente` is the next number to give; it only grows, inside each sale's
 * transaction (the trigger `venta_numerar`), so a number is given once and never reused. A till has
 * at most one range in use; a new one replaces it.
 */
export const rangoNumeracion = pgTable(
  'rango_numeracion',
  {
    idRango: integer('id_rango').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    puntoVentaId: integer('punto_venta_id').notNull().references(() => puntoVenta.idPuntoVenta, { onDelete: 'cascade' }),
    prefijo: text('prefijo').notNull(),
    desde: integer('desde').notNull(),
    hasta: integer('hasta').notNull(),
    resolucion: text('resolucion').notNull(),
    fechaDesde: date('fecha_desde', { mode: 'string' }).notNull(),
    fechaHasta: date('fecha_hasta', { mode: 'string' }).notNull(),
    siguiente: integer('siguiente').notNull(),
    enUso: boolean('en_uso').notNull().default(true),
    /** 'pos': documento equivalente POS; 'factura': factura electrónica de venta (issue #57, ADR 044); 'soporte': documento soporte (ADR 055, one in use per store). */
    tipo: text('tipo', { enum: ['pos', 'factura', 'soporte'] }).notNull().default('pos'),
    /** An invoice or DS range's technical key (the CUFE's), sealed with the custody key (`clave-tecnica.ts`); never in clear. */
    claveTecnica: text('clave_tecnica'),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    creadoPor: integer('creado_por').references(() => usuario.idUsuario, { onDelete: 'set null' }),
  },
  (t) => [
    check('rango_prefijo_valido', sql`${t.prefijo} ~ '^[A-Z0-9]{1,4}$'`),
    check('rango_limites', sql`${t.desde} >= 1 and ${t.hasta} >= ${t.desde}`),
    check('rango_siguiente', sql`${t.siguiente} >= ${t.desde} and ${t.siguiente} <= ${t.hasta} + 1`),
    check('rango_fechas', sql`${t.fechaHasta} >= ${t.fechaDesde}`),
    check('rango_tipo_valido', sql`${t.tipo} in ('pos', 'factura', 'soporte')`),
    check('rango_factura_con_clave', sql`(${t.tipo} in ('factura', 'soporte')) = (${t.claveTecnica} is not null) and coalesce(length(${t.claveTecnica}), 0) <= 1000`),
    uniqueIndex('rango_en_uso_uq').on(t.puntoVentaId, t.tipo).where(sql`${t.enUso}`),
    uniqueIndex('rango_soporte_en_uso_uq').on(t.tiendaId).where(sql`${t.tipo} = 'soporte' and ${t.enUso}`),
    index('rango_tienda_idx').on(t.tiendaId),
  ],
);

/**
 * A number of a range that was taken and will never be a completed sale (issue #30 point 5): recorded
 * with its reason so the sequence is fully accounted for, as DIAN allows. Append-only.
 */
export const numeroInhabilitado = pgTable(
  'numero_inhabilitado',
  {
    idNumeroInhabilitado: integer('id_numero_inhabilitado').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    rangoId: integer('rango_id').notNull().references(() => rangoNumeracion.idRango, { onDelete: 'cascade' }),
    numero: integer('numero').notNull(),
    motivo: text('motivo').notNull(),
    /** The sale's internal id when it still exists (an annulled pending sale); none for a deleted one. */
    ventaId: integer('venta_id'),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('numero_inhabilitado_uq').on(t.rangoId, t.numero), index('numero_inhabilitado_tienda_idx').on(t.tiendaId, t.fecha)],
);
