/**
 * The product's rules, owned here once (issue #14, CONVENTIONS.md #13): which products a caller
 * reaches (tenancy), the columns a product is read with, barcode uniqueness per store, the rows a
 * product may point to, how its stock changes, and when it may be deleted. The three faces — the
 * store API (producto.service.ts), the back-office (crud.producto.service.ts) and the old controller
 * API (legacy/controllers/producto.ts) — rename fields and call these functions; none holds a rule.
 * The catalogue's import writes through producto.importacion.ts, by these same rules.
 */
import { and, asc, count, desc, eq, ne, or, type SQL } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { presentes } from '#shared/campos';
import { COLUMNAS_PRODUCTO, ZProductoBase, type TCamposProducto } from '#shared/schemas/producto';
import { deMilesimas, milesimasDe } from '#shared/cantidad';
import { M } from '#shared/messages';
import type { TPage } from '#shared/schemas/common';
import type { Db, Tx } from '../../db/client';
import { contieneTexto, enOrden, paginaDeProductos, TRIGRAM_MIN_LENGTH } from '../../db/name-search';
import { entregaPedido, factura, historialPrecio, inventario, producto, productoUnidadVenta, proveedor } from '../../db/schema';
import { idOf, tiendaDestino } from '../tienda/alcance';
import { ajustarStock, registrarEntradaInicial } from '../movimiento/ledger';
import { calificada } from '../../db/columna';
import { verificarProveedorDeTienda } from '../proveedor/proveedor.domain';
import { proveedorDeLaTienda } from '../proveedor/proveedor.alcance';
import { esReferenciaViva, esViolacionUnica } from '../../db/pg-error';
import type { TCambioPrecio, THistorialPrecios } from '#shared/schemas/permisos';
import { registrarPor, type Autor } from '../actividad/actividad.domain';
import { conRechazos, denegado, exigirPermiso, puede } from '../tienda/permisos';
import { comprobarUnidad, registrarCambioPrecio, registrarCambioUnidad, stockDeLaUnidad } from './producto.reglas';
import { esDueno, tiendasHermanas } from '../tienda/empresa';
import { CATALOGO, cambiaCatalogo, crearEnHermanas, infoCatalogo, llevarAHermanas, precioDeEmpresa, type InfoCatalogo } from './catalogo-empresa';

/**
 * Who acts: a store session (`{ tiendaId }`) reaches its own store's products; the platform
 * operator (`{ tiendaId: null }`, the back-office's CrudScope) reaches every store's.
 */
export interface ProductoScope {
  tiendaId: number | null;
}

/** Which face writes: it names the ledger's movements, nothing else. */
export type Origen = 'tienda' | 'administracion';
const MOTIVO: Record<Origen, { inicial: string; ajuste: string }> = {
  tienda: { inicial: M.movimientos.motivos.inicial, ajuste: M.movimientos.motivos.ajuste },
  administracion: { inicial: M.movimientos.motivos.inicialAdministracion, ajuste: M.movimientos.motivos.ajusteAdministracion },
};

// ── Projection ──────────────────────────────────────────────────────────────────────────────

/**
 * Every column a product is read with, under the domain's names: the field list's columns
 * (CAMPOS_DEL_PRODUCTO in shared/schemas/producto.ts), taken from the table.
 */
export const columnasProducto = {
  idProducto: producto.idProducto,
  idTienda: producto.tiendaId,
  ...(Object.fromEntries(COLUMNAS_PRODUCTO.map((k) => [k, producto[k]])) as { [K in (typeof COLUMNAS_PRODUCTO)[number]]: (typeof producto)[K] }),
};

/** The catalogue's fields (catalogo-empresa.ts), read to tell whether an edit changes any. */
const columnasCatalogo = Object.fromEntries(CATALOGO.map((k) => [k, producto[k]])) as { [K in (typeof CATALOGO)[number]]: (typeof producto)[K] };

/** The supplier join: only a supplier of the product's own store counts. */
/** A product's supplier: one its store reaches (the empresa's, ADR 064). */
const proveedorDelProducto = proveedorDeLaTienda(calificada(producto.tiendaId), producto.proveedorId);

const columnasConProveedor = {
  ...columnasProducto,
  /** The supplier's name, and its id, when it is of the product's store (null otherwise). */
  proveedorNombre: proveedor.nombre,
  proveedorVigente: proveedor.idProveedor,
  /** A sale went past the recorded stock (issue #36 point 7); read-only, cleared by a stock edit or a receipt. */
  revisarStock: producto.revisarStock,
};

/** The fields a refusal may point to, under the domain's names; each face renames them. */
export type CampoProducto = keyof typeof columnasProducto | keyof TCamposProducto;

// ── Tenancy ─────────────────────────────────────────────────────────────────────────────────

/** The tenancy filter: the caller's store, or none for the operator. */
export const enAlcance = (scope: ProductoScope): SQL | undefined => (scope.tiendaId == null ? undefined : eq(producto.tiendaId, scope.tiendaId));

const esteProducto = (scope: ProductoScope, id: number) => and(eq(producto.idProducto, id), enAlcance(scope))!;

/** The domain's refusals, shared with its import (producto.importacion.ts). */
export const notFound = () => new AppError('NOT_FOUND', M.generic.notFound);
export const refusal = (code: 'VALIDATION' | 'CONFLICT', field: CampoProducto, message: string) => new AppError(code, message, { fields: { [field]: message } });

// ── Reads ───────────────────────────────────────────────────────────────────────────────────

async function leer(db: Db | Tx, scope: ProductoScope, id: number) {
  const [row] = await db.select(columnasConProveedor).from(producto).leftJoin(proveedor, proveedorDelProducto).where(esteProducto(scope, id)).limit(1);
  return row ?? null;
}

/** A product as the domain reads it: its columns and its current supplier's name. */
export type TProducto = NonNullable<Awaited<ReturnType<typeof leer>>>;

/** Who reads: the role decides whether the product's costs come with it. */
export type Lector = Pick<Autor, 'rol'>;

/**
 * Costs (the last unit cost and the average, and so the margin) reach only whoever may see them
 * (`reportes`, issue #27 point 1): for anyone else they are null on every face that reads products
 * here. Role 1 and the platform operator always see them.
 */
async function conCostosDe<T extends Pick<TProducto, 'costo' | 'costoPromedio'>>(db: Db, scope: ProductoScope, lector: Lector, filas: T[]): Promise<T[]> {
  if (!filas.length || scope.tiendaId == null || (await puede(db, scope.tiendaId, lector, 'reportes'))) return filas;
  return filas.map((f) => ({ ...f, costo: null, costoPromedio: null }));
}

/** One product in the caller's reach; any other answers 404, whether it exists elsewhere or not. */
export async function obtenerProducto(options: { db: Db; scope: ProductoScope; id: number; lector: Lector }): Promise<TProducto> {
  const row = await leer(options.db, options.scope, options.id);
  if (!row) throw notFound();
  return (await conCostosDe(options.db, options.scope, options.lector, [row]))[0]!;
}

/**
 * What the store's product form shows of the empresa's catalogue (ADR 043 §2): how many stores, whether
 * this store's price is its own, the empresa's price. Null in a one-store empresa (nothing shows).
 */
export async function catalogoDelProducto(db: Db, tiendaId: number, id: number): Promise<InfoCatalogo | null> {
  const [p] = await db.select({ catalogoId: producto.catalogoId, precioPropio: producto.precioPropio }).from(producto).where(esteProducto({ tiendaId }, id)).limit(1);
  return p ? infoCatalogo(db, tiendaId, p) : null;
}

/**
 * A page of the caller's products. `orden: 'nombre'` (the store's list) matches `q` in the name,
 * accents and case aside; `'recientes'` (the back-office and its legacy list, newest first) matches
 * the name or the id.
 */
export async function listarProductos(options: {
  db: Db;
  scope: ProductoScope;
  q: string;
  page: number;
  pageSize: number;
  orden: 'nombre' | 'recientes';
  lector: Lector;
}): Promise<TPage<TProducto>> {
  const { db, scope, q, page, pageSize, orden, lector } = options;
  const id = orden === 'recientes' ? idOf(q) : null;
  const where = and(enAlcance(scope), q ? or(contieneTexto(producto.nombre, q), id != null ? eq(producto.idProducto, id) : undefined) : undefined);
  const limit = pageSize;
  const offset = (page - 1) * pageSize;
  const select = () => db.select(columnasConProveedor).from(producto).leftJoin(proveedor, proveedorDelProducto);

  // A store's name search the trigram index can serve: ids first, then the page's rows.
  if (orden === 'nombre' && scope.tiendaId != null && q.length >= TRIGRAM_MIN_LENGTH) {
    const { ids, total } = await paginaDeProductos(db, { where: where!, orden: 'nombre', limit, offset });
    const rows = await enOrden(
      ids,
      async (byIds) => (await select().where(byIds)).map((r) => ({ ...r, id: r.idProducto })),
      scope.tiendaId,
    );
    return { items: await conCostosDe(db, scope, lector, rows.map(({ id: _id, ...r }) => r)), total };
  }
  const order = orden === 'nombre' ? [asc(producto.nombre), asc(producto.idProducto)] : [desc(producto.idProducto)];
  const [items, [totalRow]] = await Promise.all([
    select()
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(producto).where(where),
  ]);
  return { items: await conCostosDe(db, scope, lector, items), total: totalRow?.total ?? 0 };
}

/**
 * Each product's tax, DIAN unit, place in the shop, lots, medicine fields and last cost, by id (the export's extra columns,
 * so that an exported file imports back unchanged); costs only for whoever may see them.
 */
export async function impuestosYCostos(db: Db, tiendaId: number, lector: Lector) {
  const [filas, conCostos] = await Promise.all([
    db.select({ id: producto.idProducto, impuesto: producto.impuesto, unidadDian: producto.unidadDian, ubicacion: producto.ubicacion, manejaLotes: producto.manejaLotes, registroInvima: producto.registroInvima, principioActivo: producto.principioActivo, bajoFormula: producto.bajoFormula, costo: producto.costo, precioPropio: producto.precioPropio }).from(producto).where(eq(producto.tiendaId, tiendaId)),
    puede(db, tiendaId, lector, 'reportes'),
  ]);
  return { conCostos, porId: new Map(filas.map((f) => [f.id, conCostos ? f : { ...f, costo: null }])) };
}

// ── References and uniqueness ───────────────────────────────────────────────────────────────

/** A supplier is only accepted when it belongs to the product's store: the supplier domain's one check and message. */
export const checkProveedor = (tx: Tx, tiendaId: number, proveedorId: number | null | undefined) =>
  verificarProveedorDeTienda(tx, tiendaId, proveedorId, 'proveedorId' satisfies CampoProducto);

/** An inventory is only accepted when it belongs to the product's store. */
async function checkInventario(tx: Tx, tiendaId: number, inventarioId: number | null | undefined) {
  if (inventarioId == null) return;
  const [i] = await tx
    .select({ id: inventario.idInventario })
    .from(inventario)
    .where(and(eq(inventario.idInventario, inventarioId), eq(inventario.tiendaId, tiendaId)))
    .limit(1);
  if (!i) throw refusal('VALIDATION', 'inventarioId', M.crud.inventarioNoExiste);
}

const codigoDuplicado = () => refusal('CONFLICT', 'codigoBarras', M.productos.codigoBarrasDuplicado);

/** A barcode names one product of a store (another store may use the same code). */
async function checkCodigoBarras(tx: Tx, tiendaId: number, codigo: string | null | undefined, exceptId?: number) {
  if (!codigo) return;
  const [dup] = await tx
    .select({ id: producto.idProducto })
    .from(producto)
    .where(and(eq(producto.tiendaId, tiendaId), eq(producto.codigoBarras, codigo), exceptId ? ne(producto.idProducto, exceptId) : undefined))
    .limit(1);
  if (dup) throw codigoDuplicado();
  // Nor a sale unit of the store (a pack's barcode, ADR 033): a barcode names one thing.
  const [pack] = await tx
    .select({ id: productoUnidadVenta.idUnidadVenta })
    .from(productoUnidadVenta)
    .where(and(eq(productoUnidadVenta.tiendaId, tiendaId), eq(productoUnidadVenta.codigoBarras, codigo)))
    .limit(1);
  if (pack) throw codigoDuplicado();
}

/** Two writes that raced past the checks: the database's constraints answer, with the same refusals. */
export function traducir(err: unknown): never {
  if (esViolacionUnica(err, 'producto_tienda_codigo_uq')) throw codigoDuplicado();
  throw err;
}

// ── Writes ──────────────────────────────────────────────────────────────────────────────────

/** The fields a product write sets: the field list's columns that a face may write (the stock goes through the ledger). */
const ESCRITAS = COLUMNAS_PRODUCTO.filter((k): k is Exclude<keyof TCamposProducto, 'stock' | 'stockAnterior'> => k in ZProductoBase.shape && k !== 'stock');

/** a − b of two stocks with up to three decimals (ADR 030), in thousandths: never a float's 0.30000000000000004. */
export const diferencia = (a: number, b: number) => deMilesimas(milesimasDe(a) - milesimasDe(b));


/** A new product, under the domain's names: the field list's values; absent ones take the column's default. */
export interface DatosProducto extends Partial<TCamposProducto> {
  nombre: string;
  precioUnit: number;
  /** The opening stock, recorded in the ledger as an entry. */
  stock: number;
  /** Missing: the store's first inventory; null: none. */
  inventarioId?: number | null;
  /** The store the operator names (a store session's own store otherwise; another one is refused). */
  idTienda?: number | null;
  /** In an empresa of several stores, the other stores that get it too (all of them when absent; ADR 043 §2). */
  tiendas?: number[];
}

/**
 * Adds a product to the caller's store (or the store the operator names): references of the same
 * store, a barcode no other product of the store has; the opening stock is an entry in the ledger,
 * in the same transaction. Who may: the store's permission 'productos' (permisos.ts). The first
 * price opens the product's price history; the creation goes to the activity log.
 */
export async function crearProducto(options: { db: Db; scope: ProductoScope; datos: DatosProducto; origen: Origen; autor: Autor }): Promise<TProducto> {
  const { db, scope, datos, origen, autor } = options;
  return conRechazos(db, () =>
    db.transaction(async (tx) => {
      const tiendaId = await tiendaDestino(tx, { tiendaId: scope.tiendaId, usuarioId: null }, datos.idTienda);
      const intento = { entidad: 'producto', nombre: datos.nombre } as const;
      await exigirPermiso(tx, tiendaId, autor, 'productos', intento);
      // The first price is a price and the opening stock a stock entry (issue #51 point 4): a role
      // that may not change them may not set them by creating the product either.
      if (!(await puede(tx, tiendaId, autor, 'precios'))) throw denegado(tiendaId, autor, 'precios', intento, M.productos.precioInicialSinPermiso);
      if (datos.stock !== 0 && !(await puede(tx, tiendaId, autor, 'stock'))) throw denegado(tiendaId, autor, 'stock', intento, M.productos.stockInicialSinPermiso);
      // An empresa of several stores: a new product is a catalogue entry, the owner's (catalogo-empresa.ts).
      const hermanas = await tiendasHermanas(tx, tiendaId);
      if (hermanas.length && !esDueno(autor)) throw denegado(tiendaId, autor, 'productos', intento, M.catalogoEmpresa.altaSoloDueno);
      await checkProveedor(tx, tiendaId, datos.proveedorId);
      await checkInventario(tx, tiendaId, datos.inventarioId);
      await checkCodigoBarras(tx, tiendaId, datos.codigoBarras);
      if (!stockDeLaUnidad(datos.stock, datos.unidadDian)) throw refusal('VALIDATION', 'stock', M.productos.stockEntero);
      let inventarioId = datos.inventarioId;
      if (inventarioId === undefined) {
        const [inv] = await tx
          .select({ id: inventario.idInventario })
          .from(inventario)
          .where(eq(inventario.tiendaId, tiendaId))
          .orderBy(asc(inventario.idInventario))
          .limit(1);
        inventarioId = inv?.id ?? null;
      }
      const [row] = await tx
        .insert(producto)
        .values({ ...presentes(datos, ESCRITAS), nombre: datos.nombre, precioUnit: datos.precioUnit, stock: datos.stock, tiendaId, inventarioId })
        .returning({ id: producto.idProducto });
      await registrarEntradaInicial(tx, { tiendaId, productoId: row!.id, cantidad: datos.stock, inventarioId, motivo: MOTIVO[origen].inicial });
      await registrarCambioPrecio(tx, { tiendaId, productoId: row!.id, autor, campo: 'precio', anterior: null, nuevo: datos.precioUnit });
      await registrarPor(tx, tiendaId, autor, { tipo: 'alta', detalle: { entidad: 'producto', id: row!.id, nombre: datos.nombre } });
      if (hermanas.length) await crearEnHermanas(tx, { tiendaId, productoId: row!.id, autor, hermanas, tiendas: datos.tiendas });
      return (await leer(tx, { tiendaId }, row!.id))!;
    }),
  ).catch(traducir);
}

/**
 * A product's new values, under the domain's names: any field of the list, absent ones left as
 * they are. `stockAnterior` is the stock the form showed, when the face sends it (see below).
 */
export interface CambiosProducto extends Partial<TCamposProducto> {
  stock: number;
  /**
   * In an empresa of several stores (ADR 043 §2): true, the price is this store's own (a central price
   * change leaves it alone); false, the store follows the empresa's price. Absent: as it was.
   */
  precioPropio?: boolean;
}

/**
 * Saves a product in the caller's reach. The row is locked first, so a sale cannot slip between
 * reading the stock and writing it; a stock change goes through the ledger as an adjustment.
 *
 * Who may (permisos.ts): editing needs 'productos'; a new price 'precios'; a stock change 'stock'.
 * A refusal changes nothing and is recorded as an attempt. A new price goes to the product's price
 * history and, with a stock change, to the activity log, in the same transaction.
 *
 * The stock rule: when the face says which stock its form showed (`stockAnterior`), an untouched
 * stock is left alone (a sale made meanwhile stays), and a stock the person changed while a sale
 * moved it answers 409 instead of undoing the sale. Without it, the stock sent is the new stock.
 */
export async function actualizarProducto(options: {
  db: Db;
  scope: ProductoScope;
  id: number;
  cambios: CambiosProducto;
  origen: Origen;
  autor: Autor;
}): Promise<TProducto> {
  const { db, scope, id, cambios, origen, autor } = options;
  return conRechazos(db, () =>
    db.transaction(async (tx) => {
      const [actual] = await tx
        .select({ ...columnasCatalogo, tiendaId: producto.tiendaId, stock: producto.stock, precioUnit: producto.precioUnit, catalogoId: producto.catalogoId, precioPropio: producto.precioPropio })
        .from(producto)
        .where(esteProducto(scope, id))
        .for('update');
      if (!actual) throw notFound();
      const { tiendaId } = actual;
      const intento = { entidad: 'producto', id, nombre: actual.nombre } as const;
      await exigirPermiso(tx, tiendaId, autor, 'productos', intento);
      // An empresa of several stores (catalogo-empresa.ts): the catalogue fields are the owner's; a price
      // set by the store's staff is the store's own; going back to the empresa's price takes its price.
      const hermanas = await tiendasHermanas(tx, tiendaId);
      let precioPropio = cambios.precioPropio;
      if (hermanas.length) {
        if (!esDueno(autor) && cambiaCatalogo(actual, cambios)) throw denegado(tiendaId, autor, 'productos', intento, M.catalogoEmpresa.soloDueno);
        // Going back (own → empresa's) takes the empresa's price whatever the form sent; a price sent on a
        // row that already follows it is, from the owner, a new price of the empresa.
        if (precioPropio === false && (actual.precioPropio || !esDueno(autor))) cambios.precioUnit = (await precioDeEmpresa(tx, hermanas, actual.catalogoId)) ?? cambios.precioUnit;
        else if (!esDueno(autor) && cambios.precioUnit !== undefined && cambios.precioUnit !== actual.precioUnit) precioPropio = true;
      } else precioPropio = undefined;
      const nuevoPrecio = cambios.precioUnit !== undefined && cambios.precioUnit !== actual.precioUnit;
      const nombre = cambios.nombre ?? actual.nombre;
      if (nuevoPrecio) await exigirPermiso(tx, tiendaId, autor, 'precios', intento);
      await checkProveedor(tx, tiendaId, cambios.proveedorId);
      await checkInventario(tx, tiendaId, cambios.inventarioId);
      await checkCodigoBarras(tx, tiendaId, cambios.codigoBarras, id);

      let delta = 0;
      if (cambios.stockAnterior === undefined) delta = diferencia(cambios.stock, actual.stock);
      else if (cambios.stock !== cambios.stockAnterior) {
        if (actual.stock !== cambios.stockAnterior) throw refusal('CONFLICT', 'stock', M.productos.stockCambio(actual.stock));
        delta = diferencia(cambios.stock, actual.stock);
      }
      const unidad = cambios.unidadDian ?? actual.unidadDian;
      if (delta !== 0 && !stockDeLaUnidad(cambios.stock, unidad)) throw refusal('VALIDATION', 'stock', M.productos.stockEntero);
      const nuevaUnidad = unidad !== actual.unidadDian;
      if (nuevaUnidad) {
        // Unit ↔ weight or measure changes what the price buys (issue #51 point 4): a price change.
        if (!(await puede(tx, tiendaId, autor, 'precios'))) throw denegado(tiendaId, autor, 'precios', intento, M.productos.unidadSinPermiso);
        await comprobarUnidad(tx, tiendaId, [{ productoId: id, unidadDian: unidad, stock: delta !== 0 ? cambios.stock : actual.stock }]);
      }
      if (delta !== 0) await exigirPermiso(tx, tiendaId, autor, 'stock', intento);

      const escritos = { ...presentes(cambios, ESCRITAS), ...(precioPropio !== undefined ? { precioPropio } : {}) };
      if (Object.keys(escritos).length) await tx.update(producto).set(escritos).where(and(eq(producto.idProducto, id), eq(producto.tiendaId, tiendaId)));

      if (delta !== 0) {
        const moved = await ajustarStock(tx, { tiendaId, productoId: id, delta, motivo: MOTIVO[origen].ajuste, revisado: true });
        // Cannot happen under the row lock with a non-negative target; never write half an edit.
        if (!moved) throw refusal('CONFLICT', 'stock', M.productos.stockCambio(actual.stock));
        await registrarPor(tx, tiendaId, autor, { tipo: 'stock', detalle: { productoId: id, producto: nombre, anterior: actual.stock, nuevo: cambios.stock } });
      }
      if (nuevoPrecio) {
        await registrarCambioPrecio(tx, { tiendaId, productoId: id, autor, campo: 'precio', anterior: actual.precioUnit, nuevo: cambios.precioUnit! });
        await registrarPor(tx, tiendaId, autor, { tipo: 'precio', detalle: { productoId: id, producto: nombre, anterior: actual.precioUnit, nuevo: cambios.precioUnit! } });
      }
      if (nuevaUnidad) {
        const precio = nuevoPrecio ? cambios.precioUnit! : actual.precioUnit;
        await registrarCambioUnidad(tx, { tiendaId, autor, productoId: id, producto: nombre, precioAnterior: actual.precioUnit, precio, unidadAnterior: actual.unidadDian, unidadNueva: unidad });
      }
      if (hermanas.length) await llevarAHermanas(tx, { tiendaId, productoIds: [id], autor, hermanas });
      return (await leer(tx, { tiendaId }, id))!;
    }),
  ).catch(traducir);
}

const conHistoria = () => new AppError('CONFLICT', M.productos.conHistoria);

/**
 * Deletes a product in the caller's reach. One that appears on invoice lines or order deliveries
 * stays — those are accounting records — and the answer suggests marking it 'No disponible'.
 */
export async function eliminarProducto(options: { db: Db; scope: ProductoScope; id: number; autor: Autor }): Promise<void> {
  const { db, scope, id, autor } = options;
  await conRechazos(db, () =>
    db.transaction(async (tx) => {
      // The lock also makes a sale or a delivery being recorded for this product wait (and then
      // fail its foreign key), or be seen below once committed.
      const [row] = await tx.select({ tiendaId: producto.tiendaId, nombre: producto.nombre }).from(producto).where(esteProducto(scope, id)).for('update');
      if (!row) throw notFound();
      const { tiendaId } = row;
      // Who may (permisos.ts): 'eliminarProductos'; role 3 never (spec §6).
      await exigirPermiso(tx, tiendaId, autor, 'eliminarProductos', { entidad: 'producto', id, nombre: row.nombre });
      // (tienda, producto) is indexed on the invoice lines; deliveries are indexed by store.
      const [vendido] = await tx
        .select({ id: factura.idFactura })
        .from(factura)
        .where(and(eq(factura.tiendaId, tiendaId), eq(factura.productoId, id)))
        .limit(1);
      if (vendido) throw conHistoria();
      const [entregado] = await tx
        .select({ id: entregaPedido.idEntrega })
        .from(entregaPedido)
        .where(and(eq(entregaPedido.tiendaId, tiendaId), eq(entregaPedido.productoId, id)))
        .limit(1);
      if (entregado) throw conHistoria();
      await tx.delete(producto).where(and(eq(producto.idProducto, id), eq(producto.tiendaId, tiendaId)));
      await registrarPor(tx, tiendaId, autor, { tipo: 'eliminacion', detalle: { entidad: 'producto', id, nombre: row.nombre } });
    }),
  ).catch((err: unknown) => {
      // A sale committed between the check and the delete: the foreign key refuses, same answer.
      if (esReferenciaViva(err)) throw conHistoria();
      throw err;
    });
}

// ── Price history (issue #27 point 2) ─────────────────────────────────────────────────────

export { comprobarUnidad, registrarCambioPrecio, registrarCambioUnidad };

/** A product's price history, newest first (*Historial de precios*); another store's product answers 404. */
export async function historialDePrecios(options: { db: Db; scope: ProductoScope; id: number }): Promise<THistorialPrecios> {
  const { db, scope, id } = options;
  const [p] = await db.select({ tiendaId: producto.tiendaId }).from(producto).where(esteProducto(scope, id)).limit(1);
  if (!p) throw notFound();
  const rows = await db
    .select({
      id: historialPrecio.idHistorial,
      fecha: historialPrecio.fecha,
      persona: historialPrecio.usuarioNombre,
      cara: historialPrecio.cara,
      campo: historialPrecio.campo,
      anterior: historialPrecio.anterior,
      nuevo: historialPrecio.nuevo,
      detalle: historialPrecio.detalle,
    })
    .from(historialPrecio)
    .where(and(eq(historialPrecio.tiendaId, p.tiendaId), eq(historialPrecio.productoId, id)))
    .orderBy(desc(historialPrecio.fecha), desc(historialPrecio.idHistorial));
  return { items: rows.map((r) => ({ ...r, fecha: r.fecha.toISOString(), cara: r.cara as TCambioPrecio['cara'], campo: r.campo as TCambioPrecio['campo'] })) };
}

// ── Faces ───────────────────────────────────────────────────────────────────────────────────

/**
 * Runs a domain call for a face, renaming the fields its refusal points to into the face's names
 * (the store calls `proveedorId` `idProveedor`).
 */
export async function enNombresDe<T>(nombres: Partial<Record<CampoProducto, string>>, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError && err.fields) {
      const fields = Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [nombres[k as CampoProducto] ?? k, v]));
      throw new AppError(err.code, err.message, { fields, title: err.title, cause: err });
    }
    throw err;
  }
}
