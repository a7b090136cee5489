import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { TDetalleCambioPrecio } from '#shared/schemas/permisos';
import { producto } from './producto';
import { rol } from './rol';
import { tienda } from './tienda';
import { usuario } from './usuario';

/**
 * What a role may do in a store (issue #27 point 1, *Permisos*), decided by its role 1. No row: the
 * defaults of server/modules/tienda/permisos.ts (a new store's, and every store's before its owner
 * decides). Read only by that module.
 */
export const permisoRol = pgTable(
  'permiso_rol',
  {
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    rolId: integer('rol_id').notNull().references(() => rol.idRol, { onDelete: 'cascade' }),
    precios: boolean('precios').notNull(),
    stock: boolean('stock').notNull(),
    productos: boolean('productos').notNull(),
    eliminarProductos: boolean('eliminar_productos').notNull(),
    eliminarClientesProveedores: boolean('eliminar_clientes_proveedores').notNull(),
    credito: boolean('credito').notNull(),
    anular: boolean('anular').notNull(),
    cajaSobreUmbral: boolean('caja_sobre_umbral').notNull(),
    reportes: boolean('reportes').notNull(),
    /** Issue #36 point 7: sell past the recorded stock without a supervisor's PIN. */
    venderSinStock: boolean('vender_sin_stock').notNull().default(false),
    /** Issue #51 point 3: make returns and exchanges (give money back) without a supervisor's PIN. */
    devolver: boolean('devolver').notNull().default(false),
    /**
     * Issue #51 point 8: see the other employees' sales in *Gestionar facturas* (list, detail, export)
     * and the old API's invoice list; without it, only one's own. Rows written before it existed keep
     * what their role saw (everything): migration 0056.
     */
    ventasDeOtros: boolean('ventas_de_otros').notNull().default(true),
    /** Issue #59 point 5 (ADR 047): create and change price lists and assign them to customers. Off unless given. */
    listasPrecios: boolean('listas_precios').notNull().default(false),
    /** Issue #59 point 5 (ADR 052): create, change and delete promotions. Off unless given. */
    promociones: boolean('promociones').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.tiendaId, t.rolId] })],
);

/**
 * Every change of a product's price (and cost, once products have one), issue #27 point 2: who, when,
 * old, new, through which face. Append-only, written by producto.domain.ts in the change's own
 * transaction. `anterior` null: the product's first price (its creation).
 */
export const historialPrecio = pgTable(
  'historial_precio',
  {
    idHistorial: integer('id_historial').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    productoId: integer('producto_id').notNull().references(() => producto.idProducto, { onDelete: 'cascade' }),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
    usuarioId: integer('usuario_id').references(() => usuario.idUsuario, { onDelete: 'set null' }),
    usuarioNombre: text('usuario_nombre').notNull(),
    cara: text('cara').notNull(),
    /**
     * 'precio' or 'costo'; 'presentacion': a pack's price or factor (issue #51 point 4, `detalle` names
     * the pack and its factor before and after); 'unidad': the unit the price is per (unit ↔ weight or
     * measure, `detalle` has both units; the amounts are the product's price).
     */
    campo: text('campo').notNull(),
    anterior: bigint('anterior', { mode: 'number' }),
    nuevo: bigint('nuevo', { mode: 'number' }),
    detalle: jsonb('detalle').$type<TDetalleCambioPrecio>(),
  },
  (t) => [
    check('historial_precio_cara', sql`${t.cara} in ('tienda', 'crud', 'legacy')`),
    check('historial_precio_campo', sql`${t.campo} in ('precio', 'costo', 'presentacion', 'unidad')`),
    index('historial_precio_producto_idx').on(t.tiendaId, t.productoId, t.fecha),
  ],
);
