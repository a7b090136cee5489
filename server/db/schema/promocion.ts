import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, time, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { factura } from './factura';
import { producto } from './producto';
import { tienda } from './tienda';
import { venta } from './venta';

/**
 * A store's promotion (issue #59 point 2, ADR 052, migration 0072): `tipo` says which fields it uses —
 * 'nxm' (lleve/pague of producto_id: 3×2), 'nxprecio' (lleve of producto_id for `precio`), 'porcentaje'
 * (% off producto_id or every product of `categoria`), 'combo' (its `promocion_producto` rows for
 * `precio`), 'minimo' (% or `valor` off a cart of at least `minimo`). When: `desde`/`hasta` (dates,
 * inclusive), `dias` (bit 0 Sunday … bit 6 Saturday) and `hora_desde`/`hora_hasta`, in the store's time
 * zone. Written only by server/modules/promocion; priced by shared/promociones.ts.
 */
export const promocion = pgTable(
  'promocion',
  {
    idPromocion: integer('id_promocion').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    tipo: text('tipo').notNull(),
    lleve: integer('lleve'),
    pague: integer('pague'),
    precio: bigint('precio', { mode: 'number' }),
    porcentaje: integer('porcentaje'),
    valor: bigint('valor', { mode: 'number' }),
    minimo: bigint('minimo', { mode: 'number' }),
    productoId: integer('producto_id').references(() => producto.idProducto, { onDelete: 'cascade' }),
    categoria: text('categoria'),
    bajoCosto: boolean('bajo_costo').notNull().default(false),
    desde: date('desde', { mode: 'string' }),
    hasta: date('hasta', { mode: 'string' }),
    dias: integer('dias').notNull().default(127),
    horaDesde: time('hora_desde'),
    horaHasta: time('hora_hasta'),
    activa: boolean('activa').notNull().default(true),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('promocion_nombre_valido', sql`length(trim(${t.nombre})) between 1 and 60`),
    check('promocion_tipo_valido', sql`${t.tipo} in ('nxm', 'nxprecio', 'porcentaje', 'combo', 'minimo')`),
    check('promocion_dias_validos', sql`${t.dias} between 1 and 127`),
    check('promocion_fechas_validas', sql`${t.desde} IS NULL OR ${t.hasta} IS NULL OR ${t.desde} <= ${t.hasta}`),
    check('promocion_porcentaje_valido', sql`${t.porcentaje} IS NULL OR (${t.porcentaje} between 1 and 90)`),
    check('promocion_montos_validos', sql`coalesce(${t.precio}, 1) between 1 and 100000000 AND coalesce(${t.valor}, 1) between 1 and 100000000 AND coalesce(${t.minimo}, 0) between 0 and 1000000000`),
    check('promocion_cantidades_validas', sql`(${t.lleve} IS NULL OR ${t.lleve} between 2 and 999) AND (${t.pague} IS NULL OR (${t.pague} >= 1 AND ${t.pague} < coalesce(${t.lleve}, 1000)))`),
    uniqueIndex('promocion_tienda_nombre_uq').on(t.tiendaId, sql`lower(${t.nombre})`),
  ],
);

/** A combo's products and how many of each it takes. */
export const promocionProducto = pgTable(
  'promocion_producto',
  {
    promocionId: integer('promocion_id').notNull().references(() => promocion.idPromocion, { onDelete: 'cascade' }),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    productoId: integer('producto_id').notNull().references(() => producto.idProducto, { onDelete: 'cascade' }),
    cantidad: integer('cantidad').notNull().default(1),
  },
  (t) => [primaryKey({ name: 'promocion_producto_pk', columns: [t.promocionId, t.productoId] }), check('promocion_producto_cantidad_valida', sql`${t.cantidad} between 1 and 999`)],
);

/**
 * What a sale's line saved by a promotion (its *Ahorro*), written with the sale by the checkout: the
 * line's `descuento` holds it (so the DIAN document, returns and reports read one discount), this row
 * says which promotion gave it. The promotion's name is kept: deleting it leaves past receipts as printed.
 */
export const ventaPromocion = pgTable(
  'venta_promocion',
  {
    idVentaPromocion: integer('id_venta_promocion').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    ventaId: integer('venta_id').notNull().references(() => venta.idVenta, { onDelete: 'cascade' }),
    facturaId: integer('factura_id').notNull().references(() => factura.idFactura, { onDelete: 'cascade' }),
    promocionId: integer('promocion_id').references(() => promocion.idPromocion, { onDelete: 'set null' }),
    nombre: text('nombre').notNull(),
    ahorro: bigint('ahorro', { mode: 'number' }).notNull(),
  },
  (t) => [check('venta_promocion_ahorro_valido', sql`${t.ahorro} > 0`), index('venta_promocion_venta_idx').on(t.ventaId), index('venta_promocion_promocion_idx').on(t.promocionId)],
);
