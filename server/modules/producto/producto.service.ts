/**
 * The store API's face of the product (spec §2 /gestionar_productos and /detalle_producto): the
 * names the store's screens use. Every rule is the domain's (producto.domain.ts); this file only
 * renames.
 */
import type { TPage } from '#shared/schemas/common';
import type { TCreateProductoData, TProductoDetalle, TProductoListItem, TUpdateProductoData } from '#shared/schemas/producto';
import type { Db } from '../../db/client';
import * as dominio from './producto.domain';
import type { Autor } from '../actividad/actividad.domain';

/** The store's names for the fields a refusal may point to. */
const CAMPOS = { precioUnit: 'precio', proveedorId: 'idProveedor' } as const;

const aDetalle = (p: dominio.TProducto): TProductoDetalle => ({
  id: p.idProducto,
  nombre: p.nombre,
  marca: p.marca,
  precio: p.precioUnit,
  descripcion: p.descripcion,
  categoria: p.categoria,
  presentacion: p.presentacion,
  fechaVencimiento: p.fechaVencimiento,
  stock: p.stock,
  stockMin: p.stockMin,
  estado: p.estado,
  codigoBarras: p.codigoBarras,
  idProveedor: p.proveedorVigente,
  nombrepr: p.proveedorNombre,
});

const aItem = (p: dominio.TProducto): TProductoListItem => ({
  id: p.idProducto,
  nombre: p.nombre,
  marca: p.marca,
  categoria: p.categoria,
  precio: p.precioUnit,
  stock: p.stock,
  stockMin: p.stockMin,
  estado: p.estado,
  proveedor: p.proveedorNombre,
  ...(p.codigoBarras ? { codigoBarras: p.codigoBarras } : {}),
  bajoStock: p.stock <= p.stockMin,
});

/** The store's products, every estado, by name; `q` is a case-insensitive name substring. */
export async function listarProductos(options: { db: Db; tiendaId: number; q: string; page: number; pageSize: number }): Promise<TPage<TProductoListItem>> {
  const { db, tiendaId, ...query } = options;
  const page = await dominio.listarProductos({ db, scope: { tiendaId }, ...query, orden: 'nombre' });
  return { items: page.items.map(aItem), total: page.total };
}

/** One product of the store with its current supplier's name (`nombrepr`). */
export async function obtenerProducto(options: { db: Db; tiendaId: number; id: number }): Promise<TProductoDetalle> {
  return aDetalle(await dominio.obtenerProducto({ db: options.db, scope: { tiendaId: options.tiendaId }, id: options.id }));
}

/** The add-product form: its quantity is the opening stock. */
export async function crearProducto(options: { db: Db; tiendaId: number; input: TCreateProductoData; autor: Autor }): Promise<TProductoDetalle> {
  const { db, tiendaId, input, autor } = options;
  const datos: dominio.DatosProducto = {
    nombre: input.nombre,
    precioUnit: input.precio,
    stock: input.cantidad,
    stockMin: input.stockMin,
    marca: input.marca,
    categoria: input.categoria,
    presentacion: input.presentacion,
    descripcion: input.descripcion,
    codigoBarras: input.codigoBarras,
    proveedorId: input.idProveedor,
  };
  return aDetalle(await dominio.enNombresDe(CAMPOS, () => dominio.crearProducto({ db, scope: { tiendaId }, datos, origen: 'tienda', autor })));
}

/** The detail form; it sends the stock it showed (`stockAnterior`). */
export async function actualizarProducto(options: { db: Db; tiendaId: number; id: number; input: TUpdateProductoData; autor: Autor }): Promise<TProductoDetalle> {
  const { db, tiendaId, id, input, autor } = options;
  const cambios: dominio.CambiosProducto = {
    nombre: input.nombre,
    precioUnit: input.precio,
    descripcion: input.descripcion,
    marca: input.marca,
    categoria: input.categoria,
    presentacion: input.presentacion,
    fechaVencimiento: input.fechaVencimiento,
    stock: input.stock,
    stockMin: input.stockMin,
    estado: input.estado,
    proveedorId: input.idProveedor,
    codigoBarras: input.codigoBarras,
    stockAnterior: input.stockAnterior,
  };
  return aDetalle(await dominio.enNombresDe(CAMPOS, () => dominio.actualizarProducto({ db, scope: { tiendaId }, id, cambios, origen: 'tienda', autor })));
}

export async function eliminarProducto(options: { db: Db; tiendaId: number; id: number; autor: Autor }): Promise<void> {
  await dominio.eliminarProducto({ db: options.db, scope: { tiendaId: options.tiendaId }, id: options.id, autor: options.autor });
}

/** The product's price history (*Historial de precios*, issue #27 point 2). */
export const historialDePrecios = (options: { db: Db; tiendaId: number; id: number }) =>
  dominio.historialDePrecios({ db: options.db, scope: { tiendaId: options.tiendaId }, id: options.id });
