import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cantidadColumna } from './columna-cantidad';
import { producto } from './producto';
import { productoUnidadVenta } from './producto-unidad-venta';
import { proveedor } from './proveedor';
import { tienda } from './tienda';
import { usuario } from './usuario';

/**
 * A purchase order to a supplier (issue #32 point 4), numbered per store. Its states:
 * borrador → enviada → parcial (recibida parcialmente) → recibida, or cancelada from borrador or
 * enviada. What was received of each line is the sum of its deliveries (`entrega_pedido.orden_linea_id`),
 * never a counter kept apart. Owned by server/modules/compras/compras.domain.ts.
 */
export const ordenCompra = pgTable(
  'orden_compra',
  {
    idOrden: integer('id_orden').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    /** The store's own sequence: OC-1, OC-2… */
    numero: integer('numero').notNull(),
    /** RESTRICT like the deliveries: a supplier with orders is archived, never deleted. */
    proveedorId: integer('proveedor_id').notNull().references(() => proveedor.idProveedor, { onDelete: 'restrict' }),
    estado: text('estado').notNull().default('borrador'),
    nota: text('nota'),
    /** Who made it (null: the store account). */
    usuarioId: integer('usuario_id').references(() => usuario.idUsuario, { onDelete: 'set null' }),
    creadaEn: timestamp('creada_en', { withTimezone: true }).notNull().defaultNow(),
    enviadaEn: timestamp('enviada_en', { withTimezone: true }),
  },
  (t) => [
    check('orden_compra_estado', sql`${t.estado} in ('borrador', 'enviada', 'parcial', 'recibida', 'cancelada')`),
    uniqueIndex('orden_compra_numero_uq').on(t.tiendaId, t.numero),
    index('orden_compra_tienda_idx').on(t.tiendaId, t.idOrden),
  ],
);

/**
 * One product of an order: quantity asked and the unit cost agreed (integer pesos). `cantidad` is
 * always in the product's own unit (units, or kg/L… with up to three decimals: numeric(12,3), ADR 030).
 * A line asked in one of the product's packs (ADR 036) also keeps the pack as asked — its name and
 * factor, a later change to the pack rewrites nothing — and the cost per pack (`costo_empaque`, exact);
 * `cantidad` is then factor × packs and `costo_unit` the cost per pack ÷ factor, half up.
 */
export const ordenCompraLinea = pgTable(
  'orden_compra_linea',
  {
    idLinea: integer('id_linea').primaryKey().generatedByDefaultAsIdentity(),
    ordenId: integer('orden_id').notNull().references(() => ordenCompra.idOrden, { onDelete: 'cascade' }),
    /** Null once the product is deleted; its name stays. */
    productoId: integer('producto_id').references(() => producto.idProducto, { onDelete: 'set null' }),
    nombre: text('nombre').notNull(),
    cantidad: cantidadColumna('cantidad').notNull(),
    costoUnit: bigint('costo_unit', { mode: 'number' }).notNull().default(0),
    /** ADR 036: the pack the line was asked in (null: by the product's own unit). */
    unidadVentaId: integer('unidad_venta_id').references(() => productoUnidadVenta.idUnidadVenta, { onDelete: 'set null' }),
    presentacion: text('presentacion'),
    factor: integer('factor'),
    /** The cost of one pack, integer pesos; the line's money is packs × this, exactly. */
    costoEmpaque: bigint('costo_empaque', { mode: 'number' }),
  },
  (t) => [
    check('orden_linea_cantidad', sql`${t.cantidad} > 0 and ${t.cantidad} <= 9999 * coalesce(${t.factor}, 1)`),
    check(
      'orden_linea_empaque',
      sql`(${t.factor} is null and ${t.presentacion} is null and ${t.costoEmpaque} is null) or (${t.factor} between 2 and 1000 and ${t.presentacion} is not null and ${t.costoEmpaque} between 0 and 100000000 and mod(${t.cantidad}, ${t.factor}) = 0)`,
    ),
    check('orden_linea_costo', sql`${t.costoUnit} >= 0 and ${t.costoUnit} <= 100000000`),
    uniqueIndex('orden_linea_producto_uq').on(t.ordenId, t.productoId),
  ],
);

/**
 * One receipt of goods (issue #32 point 5): against an order or without one, with the supplier's
 * invoice number and its CUFE (each refused twice for the same store). Its lines are the deliveries
 * (`entrega_pedido` rows with `recepcion_id`), which the back-office has always listed.
 * `tipo_documento` and `fecha_documento` are kept for the later *documento soporte* and the supplier
 * invoice's acceptance events (point 7), not used yet.
 */
export const recepcion = pgTable(
  'recepcion',
  {
    idRecepcion: integer('id_recepcion').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    numero: integer('numero').notNull(),
    proveedorId: integer('proveedor_id').notNull().references(() => proveedor.idProveedor, { onDelete: 'restrict' }),
    ordenId: integer('orden_id').references(() => ordenCompra.idOrden, { onDelete: 'set null' }),
    /** The supplier's invoice number, as printed. */
    facturaNumero: text('factura_numero'),
    /** The supplier's electronic invoice key (CUFE, 96 hex characters), lower case. */
    cufe: text('cufe'),
    tipoDocumento: text('tipo_documento').notNull().default('factura'),
    fechaDocumento: date('fecha_documento', { mode: 'string' }),
    /** Sum of its lines' amounts, integer pesos (a pack line: packs × cost per pack; a measured one: importeLinea, ADR 030). */
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    usuarioId: integer('usuario_id').references(() => usuario.idUsuario, { onDelete: 'set null' }),
    cara: text('cara').notNull().default('tienda'),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('recepcion_tipo_documento', sql`${t.tipoDocumento} in ('factura', 'documento_soporte', 'remision')`),
    uniqueIndex('recepcion_numero_uq').on(t.tiendaId, t.numero),
    uniqueIndex('recepcion_cufe_uq').on(t.tiendaId, t.cufe).where(sql`${t.cufe} is not null`),
    uniqueIndex('recepcion_factura_uq').on(t.tiendaId, t.proveedorId, sql`lower(${t.facturaNumero})`).where(sql`${t.facturaNumero} is not null`),
    index('recepcion_orden_idx').on(t.ordenId),
  ],
);
