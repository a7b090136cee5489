/**
 * A product's sale units (issue #33 point 5, ADR 033, *presentaciones*): "Paca x12" with its own
 * barcode and price; selling one takes factor units from stock (venta_registrar). The rules live here,
 * beside the product's: who may (the product's permissions: 'productos' to add, change or remove one,
 * 'precios' besides for a price, as a product's price), which products have them (sold by unit), how
 * many, and that a barcode names one thing of the store (a product or one sale unit; the trigger
 * `codigo_barras_unico` says the same to a write that raced past the check).
 */
import { and, asc, count, eq, ne } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { MAX_PRESENTACIONES, type TPresentacion, type TPresentacionData } from '#shared/schemas/presentacion';
import type { Db, Tx } from '../../db/client';
import { producto, productoUnidadVenta } from '../../db/schema';
import { esViolacionUnica } from '../../db/pg-error';
import { registrarPor, type Autor } from '../actividad/actividad.domain';
import { conRechazos, denegado, exigirPermiso, puede } from '../tienda/permisos';
import { registrarCambioPrecio } from './producto.domain';

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
    .select({ nombre: producto.nombre, unidadDian: producto.unidadDian })
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

/** Adds a sale unit to a product sold by unit: 'productos' and 'precios' (it sets a price). */
export async function crearPresentacion(options: { db: Db; tiendaId: number; productoId: number; datos: TPresentacionData; autor: Autor }): Promise<TPresentacion> {
  const { db, tiendaId, productoId, datos, autor } = options;
  return conRechazos(db, () =>
    db.transaction(async (tx) => {
      const p = await productoDeTienda(tx, tiendaId, productoId);
      const intento = { entidad: 'producto', id: productoId, nombre: `${p.nombre} (${datos.nombre})` } as const;
      await exigirPermiso(tx, tiendaId, autor, 'productos', intento);
      await exigirPermiso(tx, tiendaId, autor, 'precios', intento);
      if (p.unidadDian !== '94') throw new AppError('VALIDATION', P.soloPorUnidad);
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
      const [u] = await tx
        .update(productoUnidadVenta)
        .set({ nombre: datos.nombre, factor: datos.factor, codigoBarras: datos.codigoBarras, precio: datos.precio })
        .where(and(eq(productoUnidadVenta.idUnidadVenta, id), eq(productoUnidadVenta.tiendaId, tiendaId)))
        .returning(columnas);
      if (datos.precio !== actual.precio || datos.factor !== actual.factor)
        await registrarPrecioDePresentacion(tx, tiendaId, autor, { productoId, producto: nombre, presentacion: datos.nombre, antes: actual, despues: datos });
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
      await tx.delete(productoUnidadVenta).where(and(eq(productoUnidadVenta.idUnidadVenta, id), eq(productoUnidadVenta.tiendaId, tiendaId)));
      await registrarPor(tx, tiendaId, autor, { tipo: 'eliminacion', detalle: intento });
    }),
  );
}
