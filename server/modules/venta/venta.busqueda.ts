import { and, asc, count, desc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { cantidadDeEtiqueta, codigosDeArticulo, leerEtiquetaBalanza, type EtiquetaBalanza } from '#shared/balanza';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TClienteVenta, TMetodoPago, TProductoPorCodigo, TProductosRapidos, TProductoVenta } from '#shared/schemas/venta';
import type { Db, Tx } from '../../db/client';
import { contieneTexto, contieneTextoPorFila, enOrden, idsParecidos, paginaAcotada, paginaPorPalabras, tiendaPequena, TRIGRAM_MIN_LENGTH } from '../../db/name-search';
import { cliente, metodoPago, producto, productoUnidadVenta, ventaProductoResumen } from '../../db/schema';
import { creditoDe } from '../fiado/fiado.domain';
import { ordenFijo } from './rejilla';
import { formatosBalanzaDe } from '../balanza/balanza';
import { puntosEnCaja } from '../puntos/puntos.domain';
import { clientesDeLaTienda, propioPrimero } from '../tienda/clientes.alcance';

const V = M.ventas;

/** The till's search: products on sale, the tap grid, a barcode, payment methods, a customer by document. */

const productoVentaColumns = {
  id: producto.idProducto,
  nombre: producto.nombre,
  marca: producto.marca,
  precio: producto.precioUnit,
  stock: producto.stock,
  codigoBarras: producto.codigoBarras,
  unidad: producto.unidadDian,
  bajoFormula: producto.bajoFormula,
  manejaLotes: producto.manejaLotes,
};

/**
 * The store's products on sale (estado 1), searched by name or exact code, paged on the server. A
 * name search counts up to TOPE_CONTEO matches (issue #55 point 6): past it, `masDe` and the count is the cap.
 * A fragment of the names' words is served by the word index in name order, cut at the page (ADR 062).
 */
export async function listarProductosVenta(options: { db: Db; tiendaId: number; query: TPageQuery }): Promise<TPage<TProductoVenta>> {
  const { db, tiendaId, query } = options;
  const filters: SQL[] = [eq(producto.tiendaId, tiendaId), eq(producto.estado, 1)];
  const enVenta = and(...filters)!;
  const trigramas = !!query.q && query.q.length >= TRIGRAM_MIN_LENGTH;
  // A small store is searched row by row: the trigram index would read every store's matches (name-search.ts).
  const contiene = trigramas && (await tiendaPequena(db, tiendaId)) ? contieneTextoPorFila : contieneTexto;
  if (query.q) filters.push(or(contiene(producto.nombre, query.q), eq(producto.codigoBarras, query.q))!);
  const where = and(...filters)!;
  if (trigramas) {
    const limit = query.pageSize;
    const offset = (query.page - 1) * query.pageSize;
    // A fragment of the names' words: the word index, cut at the page (ADR 062); else the trigram index.
    const pagina = (await paginaPorPalabras(db, { tiendaId, q: query.q, limit, offset })) ?? (await paginaAcotada(db, { where, limit, offset }));
    const { masDe } = pagina;
    let { ids, total } = pagina;
    // Nothing contains it: perhaps a typo. The names with a word most like it, on one page.
    if (total === 0 && query.page === 1 && query.q.trim().length >= PARECIDO_LONGITUD) {
      ids = await idsParecidos(db, { where: enVenta, q: query.q.trim(), limit: query.pageSize });
      total = ids.length;
    }
    const items = await enOrden(ids, (byIds) => db.select(productoVentaColumns).from(producto).where(byIds), tiendaId);
    return masDe ? { items, total, masDe } : { items, total };
  }
  const [items, [totalRow]] = await Promise.all([
    db
      .select(productoVentaColumns)
      .from(producto)
      .where(where)
      .orderBy(sql`lower(${producto.nombre})`, asc(producto.idProducto))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(producto).where(where),
  ]);
  return { items, total: totalRow?.n ?? 0 };
}

/** Typed fragments shorter than this are not corrected: too many names are alike. */
const PARECIDO_LONGITUD = 4;

/** How many tiles the till's grid shows. */
export const TILES = 30;

/**
 * The till's tap grid (issue #16 point 3): without a category, the store's best sellers on sale (the
 * sales summary kept by triggers, migration 0002), topped up with other products in name order for a
 * new store; with a category, that category's products in name order. And the store's categories.
 */
export async function productosRapidos(options: { db: Db; tiendaId: number; categoria?: string }): Promise<TProductosRapidos> {
  const { db, tiendaId, categoria } = options;
  const enVenta = and(eq(producto.tiendaId, tiendaId), eq(producto.estado, 1));
  const categoriasQuery = db
    .selectDistinct({ categoria: producto.categoria })
    .from(producto)
    .where(and(enVenta, sql`${producto.categoria} is not null and btrim(${producto.categoria}) <> ''`))
    .orderBy(producto.categoria)
    .limit(40);
  if (categoria) {
    const [productos, categorias] = await Promise.all([
      db.select(productoVentaColumns).from(producto).where(and(enVenta, eq(producto.categoria, categoria))).orderBy(sql`lower(${producto.nombre})`, asc(producto.idProducto)).limit(TILES),
      categoriasQuery,
    ]);
    return { productos, categorias: categorias.map((c) => c.categoria!), fijos: 0 };
  }
  // The owner's fixed order first (rejilla.ts), those still on sale; then the best sellers.
  const orden = await ordenFijo(db, tiendaId);
  const fijosRows = orden.length ? await db.select(productoVentaColumns).from(producto).where(and(enVenta, inArray(producto.idProducto, orden))) : [];
  const porId = new Map(fijosRows.map((p) => [p.id, p]));
  const fijos = orden.flatMap((id) => (porId.has(id) ? [porId.get(id)!] : [])).slice(0, TILES);
  const sinFijos = (ids: number[]) => (ids.length ? notInArray(producto.idProducto, ids) : undefined);
  const [vendidos, categorias] = await Promise.all([
    db
      .select(productoVentaColumns)
      .from(ventaProductoResumen)
      .innerJoin(producto, eq(producto.idProducto, ventaProductoResumen.productoId))
      .where(and(eq(ventaProductoResumen.tiendaId, tiendaId), enVenta, sql`${ventaProductoResumen.cantidadVendida} > 0`, sinFijos(orden)))
      .orderBy(desc(ventaProductoResumen.cantidadVendida), asc(producto.idProducto))
      .limit(TILES - fijos.length),
    categoriasQuery,
  ]);
  const vistos = [...fijos, ...vendidos];
  const relleno =
    vistos.length < TILES
      ? await db
          .select(productoVentaColumns)
          .from(producto)
          .where(and(enVenta, sinFijos([...orden, ...vendidos.map((p) => p.id)])))
          .orderBy(sql`lower(${producto.nombre})`, asc(producto.idProducto))
          .limit(TILES - vistos.length)
      : [];
  return { productos: [...vistos, ...relleno], categorias: categorias.map((c) => c.categoria!), fijos: fijos.length };
}

/**
 * A cached page of the till's search brought up to date: sales move only stock, so the page the read
 * cache kept stays right but for the stock, read again here by id (one indexed lookup of ≤ 20 rows
 * instead of the whole search).
 */
export async function refrescarStock(options: { db: Db; tiendaId: number; page: TPage<TProductoVenta> }): Promise<TPage<TProductoVenta>> {
  const { db, tiendaId, page } = options;
  if (!page.items.length) return page;
  const rows = await db
    .select({ id: producto.idProducto, stock: producto.stock })
    .from(producto)
    .where(and(eq(producto.tiendaId, tiendaId), inArray(producto.idProducto, page.items.map((p) => p.id))));
  const stock = new Map(rows.map((r) => [r.id, r.stock]));
  return { ...page, items: page.items.flatMap((p) => (stock.has(p.id) ? [{ ...p, stock: stock.get(p.id)! }] : [])) };
}

/**
 * The scanner: an exact barcode — a product's, or one of its sale units' (a pack, issue #33 point 5,
 * ADR 033: the product at the pack's price, with the unit) —, or else the product id typed at the
 * counter, or else a scale label of one of the store's layouts (issue #33 point 4): an EAN-13 of
 * prefixes 20–29 whose item code is a product's barcode, answered with the label's quantity. A barcode
 * that is the whole label wins (a product with its own code in that range), so configuring a layout
 * never hides a product.
 */
export async function productoPorCodigo(options: { db: Db; tiendaId: number; codigo: string }): Promise<TProductoPorCodigo> {
  const { db, tiendaId } = options;
  const codigo = options.codigo.trim();
  const byId = /^\d{1,9}$/.test(codigo) ? Number(codigo) : null;
  const match = byId == null ? eq(producto.codigoBarras, codigo) : or(eq(producto.codigoBarras, codigo), eq(producto.idProducto, byId));
  const rows = await db
    .select(productoVentaColumns)
    .from(producto)
    .where(and(eq(producto.tiendaId, tiendaId), eq(producto.estado, 1), match))
    .limit(2);
  // A barcode wins over an id that happens to have the same digits.
  const porCodigo = rows.find((r) => r.codigoBarras === codigo);
  if (porCodigo) return porCodigo;
  const [pack] = await db
    .select({ ...productoVentaColumns, unidadId: productoUnidadVenta.idUnidadVenta, unidadNombre: productoUnidadVenta.nombre, factor: productoUnidadVenta.factor, precioUnidad: productoUnidadVenta.precio })
    .from(productoUnidadVenta)
    .innerJoin(producto, and(eq(producto.idProducto, productoUnidadVenta.productoId), eq(producto.tiendaId, productoUnidadVenta.tiendaId)))
    .where(and(eq(productoUnidadVenta.tiendaId, tiendaId), eq(productoUnidadVenta.codigoBarras, codigo), eq(producto.estado, 1)))
    .limit(1);
  if (pack) {
    const { unidadId, unidadNombre, factor, precioUnidad, ...p } = pack;
    return { ...p, precio: precioUnidad, unidadVenta: { id: unidadId, nombre: unidadNombre, factor } };
  }
  const found = rows[0];
  if (found) return found;
  const deEtiqueta = /^2\d{12}$/.test(codigo) ? await productoDeEtiqueta(db, tiendaId, codigo) : null;
  if (!deEtiqueta) throw new AppError('NOT_FOUND', V.codigoNoEncontrado(codigo));
  if ('sinProducto' in deEtiqueta) {
    // A label of the store's layouts whose item no product has: the product to create has the item code, not the label's 13 digits.
    const { codigo: item, tipo } = deEtiqueta.sinProducto;
    throw new AppError('NOT_FOUND', V.peso.etiquetaSinProducto(item), { datos: { codigo: item, contenido: tipo } });
  }
  return deEtiqueta;
}

/** A scale label read with the store's layouts, its product (by the item code as its barcode) and the line's quantity; null when it is none of them. */
async function productoDeEtiqueta(db: Db, tiendaId: number, codigo: string): Promise<TProductoPorCodigo | { sinProducto: EtiquetaBalanza } | null> {
  const etiqueta = leerEtiquetaBalanza(codigo, await formatosBalanzaDe(db, tiendaId));
  if (!etiqueta) return null;
  const codigos = codigosDeArticulo(etiqueta);
  const rows = await db
    .select(productoVentaColumns)
    .from(producto)
    .where(and(eq(producto.tiendaId, tiendaId), eq(producto.estado, 1), inArray(producto.codigoBarras, codigos)))
    .limit(2);
  const p = rows.find((r) => r.codigoBarras === etiqueta.codigo) ?? rows[0];
  if (!p) return { sinProducto: etiqueta };
  return { ...p, etiqueta: { ...cantidadDeEtiqueta(p, etiqueta), ...(etiqueta.tipo === 'precio' ? { pesos: etiqueta.pesos } : {}) } };
}

export async function listarMetodosPago(options: { db: Db }): Promise<TMetodoPago[]> {
  return options.db.select({ id: metodoPago.idMetPago, nombre: metodoPago.nombre }).from(metodoPago).orderBy(asc(metodoPago.idMetPago));
}

/**
 * The customer a documento names at the till: an archived one (issue #27) is not found; the store's
 * empresa's customers are (issue #56: one created in another of its stores too), the store's own first.
 */
const clienteDeDocumento = (tiendaId: number, documento: string) => and(clientesDeLaTienda(tiendaId), eq(cliente.documento, documento.trim()), eq(cliente.activo, true));

/** The customer a sale is made to, as its receipt names them. */
export type ClienteDeVenta = Pick<TClienteVenta, 'id' | 'documento' | 'nombre' | 'telefono'>;

/** The same lookup as one jsonb expression (a `ClienteDeVenta`, or null), for the checkout's one read before deciding (ADR 076). */
export const clienteDeVentaSql = (tiendaId: number, documento: string): SQL =>
  sql`(select jsonb_build_object('id', ${cliente.idCliente}, 'documento', ${cliente.documento}, 'nombre', ${cliente.nombre} || ' ' || ${cliente.apellido}, 'telefono', ${cliente.telefono})
    from ${cliente} where ${clienteDeDocumento(tiendaId, documento)} order by ${propioPrimero(tiendaId)} limit 1)`;

/** The customer looked up, or the till's "not found". */
export function clienteEncontrado<T extends ClienteDeVenta>(c: T | null | undefined): T {
  if (!c) throw new AppError('NOT_FOUND', V.clienteNoEncontrado);
  return c;
}

export async function buscarCliente(options: { db: Db | Tx; tiendaId: number; documento: string }): Promise<TClienteVenta> {
  const [fila] = await options.db
    .select({ id: cliente.idCliente, documento: cliente.documento, nombre: sql<string>`${cliente.nombre} || ' ' || ${cliente.apellido}`, telefono: cliente.telefono, fiado: cliente.fiado, cupo: cliente.cupo })
    .from(cliente)
    .where(clienteDeDocumento(options.tiendaId, options.documento))
    .orderBy(propioPrimero(options.tiendaId))
    .limit(1);
  const { fiado, cupo, ...datos } = clienteEncontrado(fila);
  // The till shows what the customer may still buy on credit; the checkout checks it again under lock.
  const credito = fiado ? await creditoDe(options.db, options.tiendaId, datos.id, cupo) : null;
  // And the points' balance when the store gives points (ADR 054); the checkout checks it under lock.
  return { ...datos, credito, puntos: await puntosEnCaja(options.db, options.tiendaId, datos.id) };
}
