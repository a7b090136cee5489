/**
 * The store API's face of the product (spec §2 /gestionar_productos and /detalle_producto): the
 * names the store's screens use. Every rule is the domain's (producto.domain.ts); this file only
 * renames.
 */
import type { TPage } from '#shared/schemas/common';
import { invertir, renombrar } from '#shared/campos';
import { NOMBRES_TIENDA, ZProductoDetalle, type TCamposProducto, type TCreateProductoData, type TProductoDetalle, type TProductoListItem, type TUpdateProductoData } from '#shared/schemas/producto';
import type { Db } from '../../db/client';
import * as dominio from './producto.domain';
import type { Autor } from '../actividad/actividad.domain';
import { esDueno } from '../tienda/empresa';

/** `{ domainName: storeName }` where they differ (`precioUnit` is `precio`), for refusals and answers. */
const CAMPOS = invertir(NOMBRES_TIENDA);

/** The store's detail: the field list's fields under the store's names, the supplier only when it is of the store. */
const aDetalle = async (db: Db, p: dominio.TProducto, quien: Pick<Autor, 'usuarioId'>): Promise<TProductoDetalle> => {
  const { idProducto, proveedorVigente, proveedorNombre, revisarStock, ...campos } = p;
  // An empresa of several stores: this store's price against the empresa's (ADR 043 §2); absent otherwise.
  const catalogo = await dominio.catalogoDelProducto(db, p.idTienda, idProducto);
  return ZProductoDetalle.parse({
    ...renombrar({ ...campos, proveedorId: proveedorVigente }, CAMPOS),
    id: idProducto,
    nombrepr: proveedorNombre,
    ...(revisarStock ? { revisarStock } : {}),
    ...(catalogo ? { catalogo: { ...catalogo, editaCatalogo: esDueno(quien) } } : {}),
  });
};

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
  unidadDian: p.unidadDian,
  ...(p.codigoBarras ? { codigoBarras: p.codigoBarras } : {}),
  bajoStock: p.stock <= p.stockMin,
  ...(p.revisarStock ? { revisarStock: true } : {}),
});

/** The store's products, every estado, by name; `q` is a case-insensitive name substring. */
export async function listarProductos(options: { db: Db; tiendaId: number; lector: dominio.Lector; q: string; page: number; pageSize: number }): Promise<TPage<TProductoListItem>> {
  const { db, tiendaId, lector, ...query } = options;
  const page = await dominio.listarProductos({ db, scope: { tiendaId }, lector, ...query, orden: 'nombre' });
  return { items: page.items.map(aItem), total: page.total };
}

/** One product of the store with its current supplier's name (`nombrepr`). */
export async function obtenerProducto(options: { db: Db; tiendaId: number; id: number; lector: dominio.Lector & Pick<Autor, 'usuarioId'> }): Promise<TProductoDetalle> {
  return aDetalle(options.db, await dominio.obtenerProducto({ db: options.db, scope: { tiendaId: options.tiendaId }, id: options.id, lector: options.lector }), options.lector);
}

/** The add-product form: its quantity is the opening stock. */
export async function crearProducto(options: { db: Db; tiendaId: number; input: TCreateProductoData; autor: Autor }): Promise<TProductoDetalle> {
  const { db, tiendaId, input, autor } = options;
  const { cantidad, tiendas, ...campos } = input;
  const datos = { ...(renombrar(campos, NOMBRES_TIENDA) as Partial<TCamposProducto>), nombre: input.nombre, precioUnit: input.precio, stock: cantidad, tiendas };
  // The add form calls the opening stock its quantity.
  return aDetalle(db, await dominio.enNombresDe({ ...CAMPOS, stock: 'cantidad' }, () => dominio.crearProducto({ db, scope: { tiendaId }, datos, origen: 'tienda', autor })), autor);
}

/** The detail form; it sends the stock it showed (`stockAnterior`). */
export async function actualizarProducto(options: { db: Db; tiendaId: number; id: number; input: TUpdateProductoData; autor: Autor }): Promise<TProductoDetalle> {
  const { db, tiendaId, id, input, autor } = options;
  const { precioPropio, ...campos } = input;
  const cambios = { ...(renombrar(campos, NOMBRES_TIENDA) as Partial<TCamposProducto>), stock: input.stock, precioPropio };
  return aDetalle(db, await dominio.enNombresDe(CAMPOS, () => dominio.actualizarProducto({ db, scope: { tiendaId }, id, cambios, origen: 'tienda', autor })), autor);
}

export async function eliminarProducto(options: { db: Db; tiendaId: number; id: number; autor: Autor }): Promise<void> {
  await dominio.eliminarProducto({ db: options.db, scope: { tiendaId: options.tiendaId }, id: options.id, autor: options.autor });
}

/** The product's price history (*Historial de precios*, issue #27 point 2). */
export const historialDePrecios = (options: { db: Db; tiendaId: number; id: number }) =>
  dominio.historialDePrecios({ db: options.db, scope: { tiendaId: options.tiendaId }, id: options.id });
