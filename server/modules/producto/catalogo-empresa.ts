/**
 * The empresa's catalogue carried into each store's product rows (issue #56 point 2, ADR 043 §2 and its
 * addendum "central catalogue"): the product domain's duty, called by producto.domain.ts (the product
 * form of every face), the import and the tax screen, in their own transaction.
 *
 * The same product in every store of an empresa shares `catalogo_id`. Its catalogue fields (CATALOGO
 * below) are the empresa's: a change in one store's row is written to every sibling row in the same
 * transaction. The price too, unless a store set its own (`precio_propio`): the empresa's price is the one
 * of the rows that follow it. Each store keeps its stock, minimum, place in the shop, on/off for sale,
 * lots and expiry, supplier (suppliers are still each store's) and costs (received by each store).
 *
 * A one-store empresa has no sibling: every function here answers after one read and writes nothing.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { Db, Tx } from '../../db/client';
import { CATALOGO, inventario, producto, productoUnidadVenta } from '../../db/schema';
import { registrarPor, type Autor } from '../actividad/actividad.domain';
import { tiendasHermanas, type TiendaDeEmpresa } from '../tienda/empresa';
import { comprobarUnidad, registrarCambioPrecio } from './producto.reglas';

/** The catalogue's fields (their one list lives by the table, for the consistency check too). */
export { CATALOGO };
type CampoCatalogo = (typeof CATALOGO)[number];

/** A sibling store (the empresa's stores are the tienda module's: tienda/empresa.ts). */
export type Hermana = TiendaDeEmpresa;

/** Whether `cambios` changes any catalogue field of `actual` (absent fields are left as they are). */
export function cambiaCatalogo(actual: Partial<Record<CampoCatalogo, unknown>>, cambios: Partial<Record<CampoCatalogo, unknown>>): boolean {
  return CATALOGO.some((k) => cambios[k] !== undefined && (cambios[k] ?? null) !== (actual[k] ?? null));
}

/** The empresa's price of a catalogue entry: the price of a sibling row that follows it (null: none does). */
export async function precioDeEmpresa(db: Db | Tx, hermanas: Hermana[], catalogoId: number): Promise<number | null> {
  if (!hermanas.length) return null;
  const [r] = await db
    .select({ precio: producto.precioUnit })
    .from(producto)
    .where(and(eq(producto.catalogoId, catalogoId), inArray(producto.tiendaId, hermanas.map((h) => h.id)), eq(producto.precioPropio, false)))
    .orderBy(asc(producto.tiendaId))
    .limit(1);
  return r?.precio ?? null;
}

/** What the store's product form shows of the catalogue (absent for a one-store empresa). */
export interface InfoCatalogo {
  /** How many stores the empresa has. */
  tiendas: number;
  precioPropio: boolean;
  /** The empresa's price (null: every other store has its own, so this store's price is the empresa's). */
  precioEmpresa: number | null;
}

export async function infoCatalogo(db: Db | Tx, tiendaId: number, p: { catalogoId: number; precioPropio: boolean }): Promise<InfoCatalogo | null> {
  const hermanas = await tiendasHermanas(db, tiendaId);
  if (!hermanas.length) return null;
  return { tiendas: hermanas.length + 1, precioPropio: p.precioPropio, precioEmpresa: await precioDeEmpresa(db, hermanas, p.catalogoId) };
}

const rechazo = (campo: 'codigoBarras' | 'unidadDian', mensaje: string) => new AppError('CONFLICT', mensaje, { fields: { [campo]: mensaje } });

/** A barcode of the catalogue must be free in every sibling store (but for the same product's row there). */
export async function comprobarCodigos(tx: Tx, hermanas: Hermana[], filas: { catalogoId: number; codigoBarras: string | null }[]) {
  for (const f of filas) {
    if (!f.codigoBarras) continue;
    const ids = hermanas.map((h) => h.id);
    const [p] = await tx
      .select({ tiendaId: producto.tiendaId })
      .from(producto)
      .where(and(inArray(producto.tiendaId, ids), eq(producto.codigoBarras, f.codigoBarras), ne(producto.catalogoId, f.catalogoId)))
      .limit(1);
    const [u] = p
      ? [p]
      : await tx
          .select({ tiendaId: productoUnidadVenta.tiendaId })
          .from(productoUnidadVenta)
          .where(and(inArray(productoUnidadVenta.tiendaId, ids), eq(productoUnidadVenta.codigoBarras, f.codigoBarras)))
          .limit(1);
    if (u) throw rechazo('codigoBarras', M.catalogoEmpresa.codigoEnOtraTienda(hermanas.find((h) => h.id === u.tiendaId)?.nombre ?? ''));
  }
}

type Filas<T> = { rows: T[] };

/**
 * Carries the catalogue fields of some products of `tiendaId` (already written there) to their rows in
 * every sibling store, and their price to the rows that follow the empresa's price when the product's row
 * here follows it too. Refuses, changing nothing, when a barcode is another product's in a sibling store
 * or a sibling's stock or packs do not fit a new unit. Each sibling's price change goes to its price
 * history and activity log, by the same author.
 */
export async function llevarAHermanas(tx: Tx, o: { tiendaId: number; productoIds: number[]; autor: Autor; hermanas?: Hermana[] }): Promise<void> {
  const hermanas = o.hermanas ?? (await tiendasHermanas(tx, o.tiendaId));
  if (!hermanas.length || !o.productoIds.length) return;
  const ids = hermanas.map((h) => h.id);
  const origen = await tx
    .select({ id: producto.idProducto, catalogoId: producto.catalogoId, codigoBarras: producto.codigoBarras, unidadDian: producto.unidadDian })
    .from(producto)
    .where(and(eq(producto.tiendaId, o.tiendaId), inArray(producto.idProducto, o.productoIds)));
  if (!origen.length) return;
  await comprobarCodigos(tx, hermanas, origen);
  // The sibling rows, locked: a sale there waits, and the unit rule reads their stock as it is.
  const filas = await tx
    .select({ id: producto.idProducto, tiendaId: producto.tiendaId, catalogoId: producto.catalogoId, stock: producto.stock, unidadDian: producto.unidadDian, precio: producto.precioUnit })
    .from(producto)
    .where(and(inArray(producto.tiendaId, ids), inArray(producto.catalogoId, origen.map((p) => p.catalogoId))))
    .for('update');
  const porCatalogo = new Map(origen.map((p) => [p.catalogoId, p]));
  for (const f of filas) {
    const unidad = porCatalogo.get(f.catalogoId)!.unidadDian;
    if (unidad === f.unidadDian) continue;
    // The unit rule is the product's (producto.domain.ts), asked for the sibling's row.
    try {
      await comprobarUnidad(tx, f.tiendaId, [{ productoId: f.id, unidadDian: unidad, stock: f.stock }]);
    } catch (err) {
      if (err instanceof AppError) throw rechazo('unidadDian', M.catalogoEmpresa.unidadEnOtraTienda(hermanas.find((h) => h.id === f.tiendaId)?.nombre ?? ''));
      throw err;
    }
  }
  if (!filas.length) return;
  const antes = new Map(filas.map((f) => [f.id, f.precio]));
  const cambios = (await tx.execute(sql`
    update producto h set
      nombre = o.nombre, descripcion = o.descripcion, marca = o.marca, categoria = o.categoria, presentacion = o.presentacion,
      codigo_barras = o.codigo_barras, impuesto = o.impuesto, unidad_dian = o.unidad_dian, maneja_lotes = o.maneja_lotes,
      registro_invima = o.registro_invima, principio_activo = o.principio_activo, bajo_formula = o.bajo_formula,
      precio_unit = case when h.precio_propio or o.precio_propio then h.precio_unit else o.precio_unit end
    from producto o
    where o.tienda_id = ${o.tiendaId} and o.id_producto in ${filasIn(o.productoIds)}
      and h.tienda_id in ${filasIn(ids)} and h.catalogo_id = o.catalogo_id
    returning h.id_producto as id, h.tienda_id as "tiendaId", h.nombre, h.precio_unit as nuevo`)) as unknown as Filas<{ id: number; tiendaId: number; nombre: string; nuevo: string | number }>;
  for (const c of cambios.rows) {
    const anterior = antes.get(Number(c.id))!;
    const nuevo = Number(c.nuevo);
    if (anterior === nuevo) continue;
    await registrarCambioPrecio(tx, { tiendaId: c.tiendaId, productoId: c.id, autor: o.autor, campo: 'precio', anterior, nuevo });
    await registrarPor(tx, c.tiendaId, o.autor, { tipo: 'precio', detalle: { productoId: c.id, producto: c.nombre, anterior, nuevo } });
  }
}

const filasIn = (ids: number[]) => sql`(${sql.join(ids.length ? ids.map((i) => sql`${i}`) : [sql`null`], sql`, `)})`;

/**
 * A product just created in `tiendaId` joins the catalogue of every sibling store (or of those in
 * `tiendas`, which must be the empresa's): a row of its own there, with the same catalogue entry, the
 * empresa's price, stock 0, the same minimum, on sale, the store's first inventory. Each new row opens
 * its price history and goes to that store's activity log.
 */
export async function crearEnHermanas(tx: Tx, o: { tiendaId: number; productoId: number; autor: Autor; hermanas: Hermana[]; tiendas?: number[] }): Promise<void> {
  let destino = o.hermanas;
  if (o.tiendas) {
    if (o.tiendas.some((t) => t !== o.tiendaId && !o.hermanas.some((h) => h.id === t))) throw new AppError('VALIDATION', M.catalogoEmpresa.tiendaAjena, { fields: { tiendas: M.catalogoEmpresa.tiendaAjena } });
    destino = o.hermanas.filter((h) => o.tiendas!.includes(h.id));
  }
  if (!destino.length) return;
  const [p] = await tx
    .select({ catalogoId: producto.catalogoId, codigoBarras: producto.codigoBarras, nombre: producto.nombre, precio: producto.precioUnit })
    .from(producto)
    .where(and(eq(producto.tiendaId, o.tiendaId), eq(producto.idProducto, o.productoId)));
  if (!p) return;
  await comprobarCodigos(tx, destino, [p]);
  for (const h of destino) {
    const [inv] = await tx.select({ id: inventario.idInventario }).from(inventario).where(eq(inventario.tiendaId, h.id)).orderBy(asc(inventario.idInventario)).limit(1);
    const res = (await tx.execute(sql`
      insert into producto (catalogo_id, tienda_id, nombre, precio_unit, descripcion, marca, categoria, presentacion, stock, stock_min, estado,
        codigo_barras, impuesto, unidad_dian, maneja_lotes, registro_invima, principio_activo, bajo_formula, inventario_id, proveedor_id)
      select catalogo_id, ${h.id}, nombre, precio_unit, descripcion, marca, categoria, presentacion, 0, stock_min, 1,
        codigo_barras, impuesto, unidad_dian, maneja_lotes, registro_invima, principio_activo, bajo_formula, ${inv?.id ?? null}::int, proveedor_id
      from producto where id_producto = ${o.productoId}
      returning id_producto as id`)) as unknown as Filas<{ id: number }>;
    const id = Number(res.rows[0]!.id);
    await registrarCambioPrecio(tx, { tiendaId: h.id, productoId: id, autor: o.autor, campo: 'precio', anterior: null, nuevo: p.precio });
    await registrarPor(tx, h.id, o.autor, { tipo: 'alta', detalle: { entidad: 'producto', id, nombre: p.nombre } });
  }
}
