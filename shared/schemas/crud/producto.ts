import { z } from 'zod';
import { crud } from '../../messages/crud';
import { siEnviado, siPresente } from '../../campos';
import { ZProductoBase, ZProductoLeido, zStock } from '../producto';
import { zCampo, zIdTiendaOpcional, zInt, zOptFecha, zOptInt, zPesos } from './common';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { crud };

const zEstado = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: M.crud.estadoProducto })
  .transform((v) => (Number(v) === 1 ? 1 : 0) as 0 | 1);

/**
 * Back-office product form (/crud/registrar_producto): the field list's fields under their own names,
 * with the spec's back-office messages ("Por favor, complete el campo 'Nombre'.") over the store's,
 * plus the inventory and, for the platform operator, the store.
 */
export const ZCrudCreateProductoRequest = ZProductoBase.omit({ stockAnterior: true }).extend({
  nombre: zCampo('Nombre', 120),
  precioUnit: zPesos(M.crud.precioInvalido),
  fechaVencimiento: siEnviado(zOptFecha),
  // Up to three decimals for a product sold by weight or measure (the product's domain checks its unit).
  stock: zStock({ empty: M.crud.campo('Stock'), invalid: M.crud.cantidadInvalida }),
  stockMin: zInt({ required: M.crud.campo('Stock mínimo'), invalid: M.crud.cantidadInvalida, min: 0 }),
  estado: zEstado.default(1),
  inventarioId: siEnviado(zOptInt({ invalid: M.crud.idInvalido })),
  proveedorId: siEnviado(zOptInt({ invalid: M.crud.idInvalido })),
  idTienda: zIdTiendaOpcional,
});
export type TCrudCreateProductoRequest = z.input<typeof ZCrudCreateProductoRequest>;
export type TCrudCreateProductoData = z.output<typeof ZCrudCreateProductoRequest>;

/**
 * Back-office product edit (/crud/actualizar/actualizarProducto). The store of a product never
 * changes; a new stock is recorded in the ledger as an adjustment, and when the form says which
 * stock it showed (`stockAnterior`) a sale made meanwhile is not undone.
 */
export const ZCrudUpdateProductoRequest = ZCrudCreateProductoRequest.omit({ idTienda: true }).extend({
  // Absent on an edit: left as it is (the register form's default is for new products only).
  estado: siPresente(zEstado),
  stockAnterior: ZProductoBase.shape.stockAnterior,
});
export type TCrudUpdateProductoRequest = z.input<typeof ZCrudUpdateProductoRequest>;
export type TCrudUpdateProductoData = z.output<typeof ZCrudUpdateProductoRequest>;

/**
 * Legacy API `modificarProducto2` (back-office edit, form data with every column): the back-office
 * edit under the old column keys, plus the extras `codigo_barras` and `stock_anterior`.
 */
export const ZLegacyModificarProducto2Request = ZCrudUpdateProductoRequest;
export type TLegacyModificarProducto2Data = z.output<typeof ZLegacyModificarProducto2Request>;

/** A product row of the back-office: the read base as it is. */
export const ZProductoRow = ZProductoLeido;
export type TProductoRow = z.infer<typeof ZProductoRow>;
