import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { producto } from './producto';
import { tienda } from './tienda';
import { cantidadColumna } from './columna-cantidad';
import { unidadDianValida } from './unidad-dian';
import { venta } from './venta';
import { productoUnidadVenta } from './producto-unidad-venta';
import { listaPrecio } from './lista-precio';

/** An invoice line: one product of one sale. */
export const factura = pgTable(
  'factura',
  {
    idFactura: integer('id_factura').primaryKey().generatedByDefaultAsIdentity(),
    tiendaId: integer('tienda_id').notNull().references(() => tienda.idTienda, { onDelete: 'cascade' }),
    ventaId: integer('venta_id').notNull().references(() => venta.idVenta, { onDelete: 'cascade' }),
    productoId: integer('producto_id').notNull().references(() => producto.idProducto, { onDelete: 'restrict' }),
    /** Units, or up to three decimals for a product sold by measure (ADR 030). */
    cantidad: cantidadColumna('cantidad').notNull(),
    /** Unit price at the time of sale, integer pesos. */
    precio: bigint('precio', { mode: 'number' }).notNull(),
    /** Pesos taken off this line (a discount or a lower price given at the till); the line pays precio × cantidad − descuento. */
    descuento: bigint('descuento', { mode: 'number' }).notNull().default(0),
    estado: text('estado').notNull().default('Pendiente'),
    /**
     * The product's average cost (costo_promedio) when the line was sold (issue #32 point 6): the cost
     * of the units sold for the margin of a period. Kept by the till's checkout and, since issue #52, by
     * the line's domain for the back-office and the legacy API (venta-lineas.ts). Null where it was
     * unknown, and on lines written before; the reports then take the product's current average cost.
     */
    costoUnit: bigint('costo_unit', { mode: 'number' }),
    /**
     * The tax the line was sold with (issue #30), copied from its product by the trigger
     * factura_impuesto when the store is responsible for IVA; null otherwise. Base and tax are derived
     * from it by shared/impuestos.ts (desglosarVenta), the one rounding rule (ADR 021).
     */
    impuesto: text('impuesto'),
    /** For a bag (`bolsa`): the INC per unit in pesos when sold. */
    valorBolsa: bigint('valor_bolsa', { mode: 'number' }),
    /**
     * Sold as a pack (issue #33 point 5, ADR 033): the sale unit, its name and its factor when sold.
     * `cantidad` and `precio` are then packs and the pack's price; the stock moved factor × cantidad.
     * A plain line has no unit and factor 1.
     */
    unidadVentaId: integer('unidad_venta_id').references(() => productoUnidadVenta.idUnidadVenta, { onDelete: 'set null' }),
    presentacion: text('presentacion'),
    factor: integer('factor').notNull().default(1),
    /**
     * DIAN's unit of measure the line was sold in, copied from its product by the trigger factura_unidad
     * (migration 0048): a product switched later from units to kilograms, or back, does not change how
     * its past lines read (0,375 kg stays 0,375 kg). Null on lines sold before; readers then take the
     * product's current unit.
     */
    unidadDian: text('unidad_dian'),
    /**
     * Sold by value ("$ 2.000 de arroz", issue #52 point 4, ADR 030): the line's gross in pesos, the value
     * asked, whose quantity is the thousandths it buys (cantidadPorValor). Null for every other line,
     * whose gross is precio × cantidad rounded half up. Read through brutoLinea (shared/cantidad.ts) or
     * linea_bruto() in SQL, never on its own. Cleared by the trigger factura_importe when the line's
     * price or quantity is edited.
     */
    importe: bigint('importe', { mode: 'number' }),
    /**
     * The price list the sale was made at (issue #59 point 4, ADR 047, migration 0085): the customer's
     * list that venta_registrar applied, on every line of that sale; its name when sold (a list deleted
     * later leaves the id null and the name); and the line's price without the list (the product's or
     * the pack's base price). `precio_base` is written on every line venta_registrar writes (equal to
     * `precio` when no list applied); the three are null on lines sold before and on lines the
     * back-office or the legacy API write or re-price (cambiarLinea), which no list priced.
     */
    listaPrecioId: integer('lista_precio_id').references(() => listaPrecio.idListaPrecio, { onDelete: 'set null' }),
    listaNombre: text('lista_nombre'),
    precioBase: bigint('precio_base', { mode: 'number' }),
  },
  (t) => [
    check('factura_cantidad_positiva', sql`${t.cantidad} > 0`),
    check('factura_precio_no_negativo', sql`${t.precio} >= 0`),
    // LIMITES_DINERO (shared/money.ts); NOT VALID in migration 0008: older rows are not re-checked.
    check('factura_precio_maximo', sql`${t.precio} <= 100000000`),
    check('factura_cantidad_maxima', sql`${t.cantidad} <= 9999`),
    check('factura_descuento_valido', sql`${t.descuento} >= 0 and ${t.descuento} <= greatest(${t.precio} * ${t.cantidad}, coalesce(${t.importe}, 0))`),
    check('factura_importe_valido', sql`${t.importe} is null or (${t.importe} > 0 and ${t.importe} <= 1000000000000)`),
    check('factura_factor_valido', sql`${t.factor} between 1 and 1000`),
    check('factura_unidad_dian_valida', unidadDianValida(t.unidadDian)),
    check('factura_precio_base_valido', sql`${t.precioBase} is null or (${t.precioBase} >= 0 and ${t.precioBase} <= 100000000)`),
    index('factura_venta_idx').on(t.ventaId),
    // The discounted lines only (ADR 032): the reports' per-sale discount finds a sale's few, not all its lines.
    index('factura_descuento_idx').on(t.ventaId).where(sql`${t.descuento} > 0`),
    index('factura_tienda_producto_idx').on(t.tiendaId, t.productoId),
    index('factura_lista_precio_idx').on(t.listaPrecioId).where(sql`${t.listaPrecioId} is not null`),
  ],
);
