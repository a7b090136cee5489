import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ordenCompraLinea, recepcion } from './compras';
import { cantidadColumna } from './columna-cantidad';
import { producto } from './producto';
import { productoUnidadVenta } from './producto-unidad-venta';
import { proveedor } from './proveedor';
import { tienda } from './tienda';

export const entregaPedido = pgTable(
  'entrega_pedido',
  {
    idEntrega: integer('id_entrega').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    /** RESTRICT (issue #27): a supplier with deliveries is never deleted (it may be archived). */
    proveedorId: integer('proveedor_id').notNull().references(() => proveedor.idProveedor, { onDelete: 'restrict' }),
    productoId: integer('producto_id').notNull().references(() => producto.idProducto, { onDelete: 'cascade' }),
    fechaEntrega: date('fecha_entrega', { mode: 'string' }).notNull(),
    /** Units that entered stock, in the product's own unit (numeric(12,3): kg, L… with three decimals, ADR 030). */
    cantidad: cantidadColumna('cantidad').notNull(),
    /** Issue #32: the receipt this delivery is a line of, and the order line it fills (both null for a back-office row). */
    recepcionId: integer('recepcion_id').references(() => recepcion.idRecepcion, { onDelete: 'cascade' }),
    ordenLineaId: integer('orden_linea_id').references(() => ordenCompraLinea.idLinea, { onDelete: 'set null' }),
    /** The unit cost paid, integer pesos, as on the supplier's invoice (null: not given); a pack line's is the cost per pack ÷ factor, half up. */
    costoUnit: bigint('costo_unit', { mode: 'number' }),
    /**
     * ADR 036: a line received in one of the product's packs keeps the pack as received (its name and
     * factor; a later change to the pack rewrites nothing) and the cost per pack; `cantidad` is then
     * factor × packs. All null for a line in the product's own unit.
     */
    unidadVentaId: integer('unidad_venta_id').references(() => productoUnidadVenta.idUnidadVenta, { onDelete: 'set null' }),
    presentacion: text('presentacion'),
    factor: integer('factor'),
    costoEmpaque: bigint('costo_empaque', { mode: 'number' }),
    /** The lot's expiry date and code, where the product has one. */
    vence: date('vence', { mode: 'string' }),
    lote: text('lote'),
  },
  (t) => [
    check('entrega_cantidad_positiva', sql`${t.cantidad} > 0`),
    check('entrega_costo', sql`${t.costoUnit} is null or (${t.costoUnit} >= 0 and ${t.costoUnit} <= 100000000)`),
    check(
      'entrega_empaque',
      sql`(${t.factor} is null and ${t.presentacion} is null and ${t.costoEmpaque} is null) or (${t.factor} between 2 and 1000 and ${t.presentacion} is not null and (${t.costoEmpaque} is null or ${t.costoEmpaque} between 0 and 100000000) and mod(${t.cantidad}, ${t.factor}) = 0)`,
    ),
    index('entrega_tienda_idx').on(t.tiendaId), index('entrega_orden_linea_idx').on(t.ordenLineaId), index('entrega_recepcion_idx').on(t.recepcionId)],
);
