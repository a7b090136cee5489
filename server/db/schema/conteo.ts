import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cantidadColumna } from './columna-cantidad';
import { lote } from './lote';
import { producto } from './producto';
import { proveedor } from './proveedor';
import { tienda } from './tienda';
import { usuario } from './usuario';

export const ALCANCES_CONTEO = ['tienda', 'categoria', 'proveedor', 'ubicacion'] as const;
export const ESTADOS_CONTEO = ['abierto', 'aprobado', 'cancelado'] as const;

/**
 * A physical count session (issue #58 point 1, ADR 042, migration 0059): of the whole store, one
 * category, one supplier's products or one place in the shop (`producto.ubicacion`, migration 0068). Opened and approved (or cancelled) by role 1 or 3; one open
 * count per store. Written only by server/modules/conteo/conteo.domain.ts.
 */
export const conteo = pgTable(
  'conteo',
  {
    idConteo: integer('id_conteo').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    alcance: text('alcance').notNull().$type<(typeof ALCANCES_CONTEO)[number]>(),
    categoria: text('categoria'),
    /** The place counted ("Pasillo 3"), for a count of one aisle. */
    ubicacion: text('ubicacion'),
    proveedorId: integer('proveedor_id').references(() => proveedor.idProveedor, { onDelete: 'set null' }),
    estado: text('estado').notNull().default('abierto').$type<(typeof ESTADOS_CONTEO)[number]>(),
    /** Null: the store account. */
    abiertoPor: integer('abierto_por').references(() => usuario.idUsuario, { onDelete: 'set null' }),
    abiertoEn: timestamp('abierto_en', { withTimezone: true }).notNull().defaultNow(),
    /** Who approved or cancelled it, and when. */
    cerradoPor: integer('cerrado_por').references(() => usuario.idUsuario, { onDelete: 'set null' }),
    cerradoEn: timestamp('cerrado_en', { withTimezone: true }),
  },
  (t) => [
    check('conteo_alcance_valido', sql`${t.alcance} in ('tienda', 'categoria', 'proveedor', 'ubicacion')`),
    check('conteo_estado_valido', sql`${t.estado} in ('abierto', 'aprobado', 'cancelado')`),
    check('conteo_categoria_del_alcance', sql`(${t.alcance} = 'categoria') = (${t.categoria} is not null)`),
    check('conteo_ubicacion_del_alcance', sql`(${t.alcance} = 'ubicacion') = (${t.ubicacion} is not null) and coalesce(length(${t.ubicacion}), 0) <= 40`),
    index('conteo_tienda_idx').on(t.tiendaId, t.idConteo),
    uniqueIndex('conteo_uno_abierto_uq').on(t.tiendaId).where(sql`${t.estado} = 'abierto'`),
  ],
);

/**
 * A product of a count: the system's stock when it was first counted (a recount takes it again), and
 * once approved the adjustment written to the ledger and the unit cost it was valued at.
 */
export const conteoProducto = pgTable(
  'conteo_producto',
  {
    conteoId: integer('conteo_id').notNull().references(() => conteo.idConteo, { onDelete: 'cascade' }),
    productoId: integer('producto_id').notNull().references(() => producto.idProducto, { onDelete: 'cascade' }),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    stockSistema: cantidadColumna('stock_sistema').notNull(),
    tomadoEn: timestamp('tomado_en', { withTimezone: true }).notNull().defaultNow(),
    ajuste: cantidadColumna('ajuste'),
    costo: bigint('costo', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.conteoId, t.productoId] })],
);

/** One counter's entry: a quantity of a product in its own unit (a pack's entry is its units × factor). */
export const conteoLinea = pgTable(
  'conteo_linea',
  {
    idLinea: integer('id_linea').primaryKey().generatedByDefaultAsIdentity(),
    conteoId: integer('conteo_id').notNull().references(() => conteo.idConteo, { onDelete: 'cascade' }),
    productoId: integer('producto_id').notNull().references(() => producto.idProducto, { onDelete: 'cascade' }),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    cantidad: cantidadColumna('cantidad').notNull(),
    factor: integer('factor').notNull().default(1),
    usuarioId: integer('usuario_id').references(() => usuario.idUsuario, { onDelete: 'set null' }),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    /** A recount of the product replaced it: kept as a record, no longer summed. */
    reemplazada: boolean('reemplazada').notNull().default(false),
    /** A line counted offline on a phone (migration 0080): its key on the device (sent again, counted once). */
    clave: uuid('clave'),
    /** When the device counted it, placed on the server's clock (its age by the device's clock); null: counted online at `creadoEn`. */
    contadoEn: timestamp('contado_en', { withTimezone: true }),
    /** Counted per lot (issue #58 point 2, migration 0082): the lot of a product that tracks lots; null: not per lot. */
    loteId: integer('lote_id').references(() => lote.idLote, { onDelete: 'set null' }),
  },
  (t) => [
    check('conteo_linea_cantidad_valida', sql`${t.cantidad} >= 0 and ${t.cantidad} <= 9999000`),
    check('conteo_linea_factor_valido', sql`${t.factor} between 1 and 1000`),
    index('conteo_linea_conteo_idx').on(t.conteoId, t.productoId),
    uniqueIndex('conteo_linea_clave_uq').on(t.conteoId, t.clave).where(sql`${t.clave} is not null`),
  ],
);

/**
 * A lot counted per lot in a count (issue #58 point 2, migration 0082): its units when it was first
 * counted in this count (a recount of its product takes them again), and once approved the adjustment
 * written to it through the ledger. Written only by server/modules/conteo/conteo.domain.ts.
 */
export const conteoLote = pgTable(
  'conteo_lote',
  {
    conteoId: integer('conteo_id').notNull().references(() => conteo.idConteo, { onDelete: 'cascade' }),
    loteId: integer('lote_id').notNull().references(() => lote.idLote, { onDelete: 'cascade' }),
    productoId: integer('producto_id').notNull().references(() => producto.idProducto, { onDelete: 'cascade' }),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    stockSistema: cantidadColumna('stock_sistema').notNull(),
    /** When its units were taken: now online; offline, the moment the phone counted it (as conteo_producto.tomado_en). */
    tomadoEn: timestamp('tomado_en', { withTimezone: true }).notNull().defaultNow(),
    ajuste: cantidadColumna('ajuste'),
  },
  (t) => [primaryKey({ columns: [t.conteoId, t.loteId] }), index('conteo_lote_producto_idx').on(t.conteoId, t.productoId)],
);
