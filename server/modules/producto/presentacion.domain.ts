/**
 * A product's sale units (issue #33 point 5, ADR 033, *presentaciones*): "Paca x12" with its own
 * barcode and price; selling one takes factor units from stock (venta_registrar). The rules live here,
 * beside the product's: who may (the product's permissions: 'productos' to add, change or remove one,
 * 'precios' besides for a price, as a product's price), how many (a pack's factor is whole, in its
 * product's unit: 12 units a paca, or 50 m a roll of a product sold by the metre, issue #58 point 2), and that a barcode names one thing of the store (a product or one sale unit; the trigger
 * `codigo_barras_unico` says the same to a write that raced past the check).
 *
 * In an empresa of several stores (issue #56 point 2, ADR 043 §2) packs are part of the catalogue: only
 * the owner adds, changes or removes one, and each change reaches the same product's row in every
 * sibling store in the same transaction (a pack is found there by its barcode before the change). A
 * pack's price follows the product's: a store with its own price (`precio_propio`) keeps its packs'
 * prices, and its staff may change a pack's price, for that store only.
 */
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { MAX_PRESENTACIONES, type TPresentacion, type TPresentacionData } from '#shared/schemas/presentacion';
import type { Db, Tx } from '../../db/client';
import { producto, productoUnidadVenta } from '../../db/schema';
import { esViolacionUnica } from '../../db/pg-error';
import { registrarPor, type Autor } from '../actividad/actividad.domain';
import { conRechazos, denegado, exigirPermiso, puede } from '../tienda/permisos';
import { registrarCambioPrecio } from './producto.domain';
import { esDueno, tiendasHermanas } from '../tienda/empresa';
import { comprobarCodigos, type Hermana } from './catalogo-empresa';

const P = M.productos.presentaciones;

const columnas = {
  id: productoUnidadVenta.idUnidadVenta,
  productoId: productoUnidadVenta.productoId,
  nombre: productoUnidadVenta.nombre,
  factor: productoUnidadVenta.factor,
  codigoBarras: productoUnidadVenta.codigoBarras,
  precio: productoUnidadVenta.precio,
};

const noEncontrado = () => new AppError('NOT_FOUND', M.generic.notFound);
const codigoDuplicado = () => new AppError('CONFLICT', P.codigoDuplicado, { fields: { codigoBarras: P.codigoDuplicado } });

/** A barcode names one thing of a store: no product and no other sale unit of it has it. */
export async function codigoLibre(tx: Db | Tx, tiendaId: number, codigo: string, exceptoUnidad?: number): Promise<boolean> {
  const [p] = await tx
    .select({ id: producto.idProducto })
    .from(producto)
    .where(and(eq(producto.tiendaId, tiendaId), eq(producto.codigoBarras, codigo)))
    .limit(1);
  if (p) return false;
  const [u] = await tx
    .select({ id: productoUnidadVenta.idUnidadVenta })
    .from(productoUnidadVenta)
    .where(and(eq(productoUnidadVenta.tiendaId, tiendaId), eq(productoUnidadVenta.codigoBarras, codigo), exceptoUnidad ? ne(productoUnidadVenta.idUnidadVenta, exceptoUnidad) : undefined))
    .limit(1);
  return !u;
}

/** The store's product, locked: its sale units change one writer at a time. 404 for another store's. */
async function productoDeTienda(tx: Tx, tiendaId: number, productoId: number) {
  const [p] = await tx
    .select({ nombre: producto.nombre, unidadDian: producto.unidadDian, catalogoId: producto.catalogoId, precioPropio: producto.precioPropio })
    .from(producto)
    .where(and(eq(producto.idProducto, productoId), eq(producto.tiendaId, tiendaId)))
    .for('update');
  if (!p) throw noEncontrado();
  return p;
}

async function unidadDe(tx: Tx, tiendaId: number, productoId: number, id: number): Promise<TPresentacion> {
  const [u] = await tx
    .select(columnas)
    .from(productoUnidadVenta)
    .where(and(eq(productoUnidadVenta.idUnidadVenta, id), eq(productoUnidadVenta.productoId, productoId), eq(productoUnidadVenta.tiendaId, tiendaId)))
    .limit(1);
  if (!u) throw new AppError('NOT_FOUND', P.noEncontrada);
  return u;
}

/** Two writes that raced past the barcode check: the database's unique index or trigger answers the same. */
function traducir(err: unknown): never {
  if (esViolacionUnica(err, 'producto_unidad_venta_codigo_uq')) throw codigoDuplicado();
  throw err;
}

/** A product's sale units, by factor. 404 when the product is not the store's. */
export async function listarPresentaciones(options: { db: Db; tiendaId: number; productoId: number }): Promise<TPresentacion[]> {
  const { db, tiendaId, productoId } = options;
  const [p] = await db
    .select({ id: producto.idProducto })
    .from(producto)
    .where(and(eq(producto.idProducto, productoId), eq(producto.tiendaId, tiendaId)))
    .limit(1);
  if (!p) throw noEncontrado();
  return db
    .select(columnas)
    .from(productoUnidadVenta)
    .where(and(eq(productoUnidadVenta.productoId, productoId), eq(productoUnidadVenta.tiendaId, tiendaId)))
    .orderBy(asc(productoUnidadVenta.factor), asc(productoUnidadVenta.idUnidadVenta));
}

/**
 * A pack's price or factor set (issue #51 point 4): in the product's price history (the pack's price
 * before and after, its name and factors in `detalle`) and in the activity log, both with who and face.
 */
async function registrarPrecioDePresentacion(
  tx: Tx,
  tiendaId: number,
  autor: Autor,
  c: { productoId: number; producto: string; presentacion: string; antes: Pick<TPresentacion, 'precio' | 'factor'> | null; despues: Pick<TPresentacion, 'precio' | 'factor'> },
) {
  const { antes, despues } = c;
  const factores = { factorAnterior: antes?.factor ?? null, factorNuevo: despues.factor };
  await registrarCambioPrecio(tx, {
    tiendaId,
    productoId: c.productoId,
    autor,
    campo: 'presentacion',
    anterior: antes?.precio ?? null,
    nuevo: despues.precio,
    detalle: { presentacion: c.presentacion, ...factores },
  });
  await registrarPor(tx, tiendaId, autor, { tipo: 'precio', detalle: { productoId: c.productoId, producto: c.producto, anterior: antes?.precio ?? null, nuevo: despues.precio, ...factores } });
}

type CambioPresentacion =
  | { tipo: 'alta'; datos: TPresentacionData }
  | { tipo: 'cambio'; codigoAnterior: string; datos: TPresentacionData }
  | { tipo: 'baja'; codigo: string };

/** In an empresa of several stores, a change of the catalogue's packs is the owner's (ADR 043 §2). */
function soloDueno(hermanas: Hermana[], tiendaId: number, autor: Autor, intento: { entidad: 'producto'; id: number; nombre: string }) {
  if (hermanas.length && !esDueno(autor)) throw denegado(tiendaId, autor, 'productos', intento, M.catalogoEmpresa.soloDueno);
}

/**
 * A pack added, changed or removed in one store, carried to the same product's row in every sibling
 * store (ADR 043 §2): found there by its barcode before the change (missing: added). The price goes only
 * to rows that follow the empresa's price, and only when the row changed here follows it too; each
 * sibling's price change is in its price history and activity log, by the same author. A barcode that is
 * another product's or pack's in a sibling store is refused, naming the store, before anything is written.
 */
async function llevarPresentacion(
  tx: Tx,
  o: { hermanas: Hermana[]; producto: { catalogoId: number; precioPropio: boolean }; autor: Autor; cambio: CambioPresentacion },
): Promise<void> {
  const { hermanas, cambio, autor } = o;
  if (!hermanas.length) return;
  const filas = await tx
    .select({ id: producto.idProducto, tiendaId: producto.tiendaId, nombre: producto.nombre, precioPropio: producto.precioPropio })
    .from(producto)
    .where(and(inArray(producto.tiendaId, hermanas.map((h) => h.id)), eq(producto.catalogoId, o.producto.catalogoId)))
    .for('update');
  if (!filas.length) return;
  if (cambio.tipo === 'alta' || (cambio.tipo === 'cambio' && cambio.codigoAnterior !== cambio.datos.codigoBarras))
    await comprobarCodigos(tx, hermanas, [{ catalogoId: -1, codigoBarras: cambio.datos.codigoBarras }]);
  for (const f of filas) {
    const cond = (codigo: string) => and(eq(productoUnidadVenta.tiendaId, f.tiendaId), eq(productoUnidadVenta.productoId, f.id), eq(productoUnidadVenta.codigoBarras, codigo));
    if (cambio.tipo === 'baja') {
      await tx.delete(productoUnidadVenta).where(cond(cambio.codigo));
      continue;
    }
    const { datos } = cambio;
    const [antes] = cambio.tipo === 'cambio' ? await tx.select(columnas).from(productoUnidadVenta).where(cond(cambio.codigoAnterior)).limit(1) : [];
    const precio = antes && (f.precioPropio || o.producto.precioPropio) ? antes.precio : datos.precio;
    const valores = { nombre: datos.nombre, factor: datos.factor, codigoBarras: datos.codigoBarras, precio };
    if (antes) await tx.update(productoUnidadVenta).set(valores).where(eq(productoUnidadVenta.idUnidadVenta, antes.id));
    else await tx.insert(productoUnidadVenta).values({ tiendaId: f.tiendaId, productoId: f.id, ...valores });
    if (!antes || antes.precio !== precio || antes.factor !== datos.factor)
      await registrarPrecioDePresentacion(tx, f.tiendaId, autor, { productoId: f.id, producto: `${f.nombre} (${datos.nombre})`, presentacion: datos.nombre, antes: antes ?? null, despues: { precio, factor: datos.factor } });
  }
}

/** Adds a sale unit to a product sold by unit: 'productos' and 'precios' (it sets a price). */
export async function crearPresentacion(options: { db: Db; tiendaId: number; productoId: number; datos: TPresentacionData; autor: Autor }): Promise<TPresentacion> {
  const { db, tiendaId, productoId, datos, autor } = options;
  return conRechazos(db, () =>
    db.transaction(async (tx) => {
      const p = await productoDeTienda(tx, tiendaId, productoId);
      const intento = { entidad: 'producto', id: productoId, nombre: `${p.nombre} (${datos.nombre})` } as const;
      await exigirPermiso(tx, tiendaId, autor, 'productos', intento);
      await exigirPermiso(tx, tiendaId, autor, 'precios', intento);
      const hermanas = await tiendasHermanas(tx, tiendaId);
      soloDueno(hermanas, tiendaId, autor, intento);
      const [n] = await tx
        .select({ n: count() })
        .from(productoUnidadVenta)
        .where(and(eq(productoUnidadVenta.productoId, productoId), eq(productoUnidadVenta.tiendaId, tiendaId)));
      if ((n?.n ?? 0) >= MAX_PRESENTACIONES) throw new AppError('BUSINESS_RULE', P.maximo);
      if (!(await codigoLibre(tx, tiendaId, datos.codigoBarras))) throw codigoDuplicado();
      const [u] = await tx
        .insert(productoUnidadVenta)
        .values({ tiendaId, productoId, nombre: datos.nombre, factor: datos.factor, codigoBarras: datos.codigoBarras, precio: datos.precio })
        .returning(columnas);
      await registrarPor(tx, tiendaId, autor, { tipo: 'alta', detalle: intento });
      await registrarPrecioDePresentacion(tx, tiendaId, autor, { productoId, producto: intento.nombre, presentacion: datos.nombre, antes: null, despues: datos });
      await llevarPresentacion(tx, { hermanas, producto: p, autor, cambio: { tipo: 'alta', datos } });
      return u!;
    }),
  ).catch(traducir);
}

/** Changes a sale unit: 'productos', and 'precios' when its price or factor changes. Sales already made keep theirs. */
export async function actualizarPresentacion(options: {
  db: Db;
  tiendaId: number;
  productoId: number;
  id: number;
  datos: TPresentacionData;
  autor: Autor;
}): Promise<TPresentacion> {
  const { db, tiendaId, productoId, id, datos, autor } = options;
  return conRechazos(db, () =>
    db.transaction(async (tx) => {
      const p = await productoDeTienda(tx, tiendaId, productoId);
      const actual = await unidadDe(tx, tiendaId, productoId, id);
      const nombre = `${p.nombre} (${datos.nombre})`;
      const intento = { entidad: 'producto', id: productoId, nombre } as const;
      await exigirPermiso(tx, tiendaId, autor, 'productos', intento);
      if (datos.precio !== actual.precio) await exigirPermiso(tx, tiendaId, autor, 'precios', intento);
      // More units for the same money is a lower price per unit (issue #51 point 4).
      if (datos.factor !== actual.factor && !(await puede(tx, tiendaId, autor, 'precios'))) throw denegado(tiendaId, autor, 'precios', intento, P.factorSinPermiso);
      if (datos.codigoBarras !== actual.codigoBarras && !(await codigoLibre(tx, tiendaId, datos.codigoBarras, id))) throw codigoDuplicado();
      // An empresa of several stores: a store's staff change a pack's price only, for their store.
      const hermanas = await tiendasHermanas(tx, tiendaId);
      const deCatalogo = datos.nombre !== actual.nombre || datos.factor !== actual.factor || datos.codigoBarras !== actual.codigoBarras;
      if (deCatalogo) soloDueno(hermanas, tiendaId, autor, intento);
      const [u] = await tx
        .update(productoUnidadVenta)
        .set({ nombre: datos.nombre, factor: datos.factor, codigoBarras: datos.codigoBarras, precio: datos.precio })
        .where(and(eq(productoUnidadVenta.idUnidadVenta, id), eq(productoUnidadVenta.tiendaId, tiendaId)))
        .returning(columnas);
      if (datos.precio !== actual.precio || datos.factor !== actual.factor)
        await registrarPrecioDePresentacion(tx, tiendaId, autor, { productoId, producto: nombre, presentacion: datos.nombre, antes: actual, despues: datos });
      if (esDueno(autor)) await llevarPresentacion(tx, { hermanas, producto: p, autor, cambio: { tipo: 'cambio', codigoAnterior: actual.codigoBarras, datos } });
      return u!;
    }),
  ).catch(traducir);
}

/** Removes a sale unit ('productos'): its sold lines keep their name and factor (factura.presentacion, factor). */
export async function eliminarPresentacion(options: { db: Db; tiendaId: number; productoId: number; id: number; autor: Autor }): Promise<void> {
  const { db, tiendaId, productoId, id, autor } = options;
  await conRechazos(db, () =>
    db.transaction(async (tx) => {
      const p = await productoDeTienda(tx, tiendaId, productoId);
      const actual = await unidadDe(tx, tiendaId, productoId, id);
      const intento = { entidad: 'producto', id: productoId, nombre: `${p.nombre} (${actual.nombre})` } as const;
      await exigirPermiso(tx, tiendaId, autor, 'productos', intento);
      const hermanas = await tiendasHermanas(tx, tiendaId);
      soloDueno(hermanas, tiendaId, autor, intento);
      await tx.delete(productoUnidadVenta).where(and(eq(productoUnidadVenta.idUnidadVenta, id), eq(productoUnidadVenta.tiendaId, tiendaId)));
      await registrarPor(tx, tiendaId, autor, { tipo: 'eliminacion', detalle: intento });
      await llevarPresentacion(tx, { hermanas, producto: p, autor, cambio: { tipo: 'baja', codigo: actual.codigoBarras } });
    }),
  );
}
