import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgSequence, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { inventario } from './inventario';
import { cantidadColumna } from './columna-cantidad';
import { unidadDianValida } from './unidad-dian';
import { proveedor } from './proveedor';
import { tienda } from './tienda';

/** Every change of what the offline till downloads takes the next value (issue #50 point 6). */
export const sinRedVersionSeq = pgSequence('sin_red_version_seq');

export const producto = pgTable(
  'producto',
  {
    idProducto: integer('id_producto').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    /** Integer pesos. */
    precioUnit: bigint('precio_unit', { mode: 'number' }).notNull(),
    descripcion: text('descripcion'),
    marca: text('marca'),
    categoria: text('categoria'),
    /** Where it sits in the shop ("Pasillo 3, estante B"): a count may take one aisle (issue #58 point 1). */
    ubicacion: text('ubicacion'),
    presentacion: text('presentacion'),
    fechaVencimiento: date('fecha_vencimiento', { mode: 'string' }),
    /** Exact to the thousandth for products sold by measure (ADR 030). */
    stock: cantidadColumna('stock').notNull().default(0),
    stockMin: integer('stock_min').notNull().default(0),
    /** 1 Disponible, 0 No disponible. */
    estado: smallint('estado').notNull().default(1),
    /** Barcode or shop code, typed or scanned at the counter. */
    codigoBarras: text('codigo_barras'),
    /**
     * Issue #32 point 6: the last unit cost received and the weighted average cost of the units in
     * stock, integer pesos (net of deductible IVA for a store responsible for it); null until a
     * receipt with a cost. Kept by server/modules/compras/costo.domain.ts.
     */
    costo: bigint('costo', { mode: 'number' }),
    costoPromedio: bigint('costo_promedio', { mode: 'number' }),
    inventarioId: integer('inventario_id').references(() => inventario.idInventario, { onDelete: 'set null' }),
    proveedorId: integer('proveedor_id').references(() => proveedor.idProveedor, { onDelete: 'set null' }),
    /**
     * The product's own tax (issue #30: iva19, iva5, exento, excluido, inc8, bolsa); null: its
     * category's (categoria_impuesto). The effective tax is resolved by server/modules/impuestos/.
     */
    impuesto: text('impuesto'),
    /** DIAN's unit of measure (94 unidad, KGM, GRM, LTR, MLT, MTR, CMT, MTK, GLL: shared/unidades.ts). */
    unidadDian: text('unidad_dian').notNull().default('94'),
    /**
     * Issue #36 point 7: a sale went past the recorded stock (the count is wrong, the stock may be
     * negative). Cleared when someone sets the stock (product edit, inventory count) or receives goods.
     */
    revisarStock: boolean('revisar_stock').notNull().default(false),
    /** Tracks lots and expiry (issue #58 point 2, ADR 051): its stock is kept per lot (`lote`). */
    manejaLotes: boolean('maneja_lotes').notNull().default(false),
    /**
     * Medicines (droguerías, issue #58 point 2, migration 0074): the registro sanitario INVIMA (up to 40
     * characters), the active ingredient (up to 120), and whether it is sold only on a doctor's
     * prescription: the till then asks the cashier to confirm it, and the sale logs the confirmation.
     */
    registroInvima: text('registro_invima'),
    principioActivo: text('principio_activo'),
    bajoFormula: boolean('bajo_formula').notNull().default(false),
    /**
     * When the row last changed (issue #34 point 3): set by the trigger `tocar_actualizado_en` on every
     * update, whatever face wrote it; the offline till downloads only what changed since its last sync.
     */
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The catalogue identity (issue #56 point 2, ADR 043 §2): the same product in every store of an empresa
     * shares it; the product domain carries a catalogue change to every row of it. Written null, it is the
     * row's own id (trigger producto_catalogo), so the column has no default of its own.
     */
    catalogoId: integer('catalogo_id').notNull().default(sql`null`),
    /** The store set its own price (true), which a central price change leaves alone; false: the empresa's price. */
    precioPropio: boolean('precio_propio').notNull().default(false),
    /**
     * The offline download's cursor (issue #50 point 6): a value of `sin_red_version_seq`, taken on
     * insert (default) and on every update (trigger `sin_red_tocar_version`, migration 0052): it never
     * goes back when the server's clock does.
     */
    version: bigint('version', { mode: 'number' }).notNull().default(sql`nextval('sin_red_version_seq')`),
  },
  (t) => [
    // No CHECK on stock since migration 0030 (issue #36 point 7): only a sale past stock, with the
    // permission or a supervisor's PIN, takes it below zero; every other exit keeps its guarded UPDATE.
    check('producto_precio_no_negativo', sql`${t.precioUnit} >= 0`),
    // LIMITES_DINERO (shared/money.ts); NOT VALID in migration 0008: older rows are not re-checked.
    check('producto_precio_maximo', sql`${t.precioUnit} <= 100000000`),
    check('producto_estado_valido', sql`${t.estado} in (0, 1)`),
    check('producto_impuesto_valido', sql`${t.impuesto} is null or ${t.impuesto} in ('iva19', 'iva5', 'exento', 'excluido', 'inc8', 'bolsa')`),
    check('producto_unidad_dian_valida', unidadDianValida(t.unidadDian)),
    index('producto_tienda_nombre_idx').on(t.tiendaId, t.nombre),
    // Substring search by name on 100 000 products, accents and case aside: a trigram index on sin_tildes (migration 0006).
    // The till's list: the store's products on sale in name order, read a page at a time.
    index('producto_venta_orden_idx').on(t.tiendaId, sql`lower(${t.nombre})`, t.idProducto).where(sql`${t.estado} = 1`),
    index('producto_nombre_trgm_idx').using('gin', sql`sin_tildes(${t.nombre}) gin_trgm_ops`),
    uniqueIndex('producto_tienda_codigo_uq').on(t.tiendaId, t.codigoBarras),
    uniqueIndex('producto_tienda_catalogo_uq').on(t.tiendaId, t.catalogoId),
    index('producto_catalogo_idx').on(t.catalogoId),
    // The offline till's incremental download (issue #34): a store's products changed since a moment.
    index('producto_tienda_actualizado_idx').on(t.tiendaId, t.actualizadoEn, t.idProducto),
    index('producto_tienda_version_idx').on(t.tiendaId, t.version),
    index('producto_proveedor_idx').on(t.proveedorId),
    // Análisis' totals by measure read only the products not sold by unit (issue #52 point 3, migration 0061).
    index('producto_medida_idx').on(t.tiendaId).where(sql`${t.unidadDian} <> '94'`),
    // Sin ventas (issue #55 point 2, migration 0110): the products on sale by stock × price, read backwards a page at a time; stock and price carried for the count and value.
    index('producto_sin_ventas_idx').on(t.tiendaId, sql`(${t.stock} * ${t.precioUnit})`, t.nombre.desc(), t.idProducto.desc(), t.stock, t.precioUnit).where(sql`${t.estado} = 1`),
  ],
);

/**
 * The catalogue's fields: the empresa's, the same in every store's row of a product (ADR 043 §2). The
 * product domain writes them to every store at once; the consistency check compares them.
 */
export const CATALOGO = [
  'nombre',
  'descripcion',
  'marca',
  'categoria',
  'presentacion',
  'codigoBarras',
  'impuesto',
  'unidadDian',
  'manejaLotes',
  'registroInvima',
  'principioActivo',
  'bajoFormula',
] as const satisfies readonly (keyof typeof producto)[];
