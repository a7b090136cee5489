/**
 * The product's unit rule and its price history (issue #27 point 2, ADR 030, ADR 033), apart from
 * producto.domain.ts so that the catalogue's carrier (catalogo-empresa.ts), which the domain calls, may
 * apply them to a sibling store's rows without an import cycle. producto.domain.ts re-exports them: the
 * product domain stays their one owner.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { aMilesimas, porUnidad } from '#shared/cantidad';
import { M } from '#shared/messages';
import type { TCambioPrecio, TDetalleCambioPrecio } from '#shared/schemas/permisos';
import type { Tx } from '../../db/client';
import { historialPrecio, productoUnidadVenta } from '../../db/schema';
import { nombreDe, registrarPor, type Autor } from '../actividad/actividad.domain';

const refusal = (field: string, message: string) => new AppError('VALIDATION', message, { fields: { [field]: message } });

/** Whether a stock fits a product's unit (ADR 030): whole for one sold by unit, up to three decimals otherwise. */
export const stockDeLaUnidad = (stock: number, unidad: string | null | undefined): boolean => {
  const m = aMilesimas(stock);
  return m !== null && (!porUnidad(unidad) || m % 1000 === 0);
};

/**
 * The unit rule (ADR 030, ADR 033), owned here and called by every module that changes a product's
 * unit (the detail form, the back-office, the tax screen, the import, the catalogue's carrier), for the
 * products whose unit changes: a product sold by unit keeps a whole stock, and one with packs (paca,
 * caja, a roll of 50 m) keeps its unit, since a pack's factor counts in it (issue #58 point 2). Refuses
 * on `unidadDian`.
 */
export async function comprobarUnidad(tx: Tx, tiendaId: number, cambios: { productoId: number; unidadDian: string; stock: number }[]): Promise<void> {
  if (cambios.some((c) => !stockDeLaUnidad(c.stock, c.unidadDian))) throw refusal('unidadDian', M.productos.stockEntero);
  if (!cambios.length) return;
  const [conPacks] = await tx
    .select({ id: productoUnidadVenta.productoId })
    .from(productoUnidadVenta)
    .where(and(eq(productoUnidadVenta.tiendaId, tiendaId), inArray(productoUnidadVenta.productoId, cambios.map((c) => c.productoId))))
    .limit(1);
  if (conPacks) throw refusal('unidadDian', M.productos.unidadConPresentaciones);
}
/** One change of price (or cost: receiving, issue #32) of a product, recorded with who, through which face, old and new. */
export async function registrarCambioPrecio(
  tx: Tx,
  c: { tiendaId: number; productoId: number; autor: Autor; campo: TCambioPrecio['campo']; anterior: number | null; nuevo: number | null; detalle?: TDetalleCambioPrecio },
): Promise<void> {
  await tx.insert(historialPrecio).values({
    tiendaId: c.tiendaId,
    productoId: c.productoId,
    usuarioId: c.autor.usuarioId,
    usuarioNombre: nombreDe(c.autor.usuarioId),
    cara: c.autor.cara,
    campo: c.campo,
    anterior: c.anterior,
    nuevo: c.nuevo,
    detalle: c.detalle ?? null,
  });
}

/**
 * A product's unit changed (unit ↔ weight or measure, issue #51 point 4): its price now buys
 * something else, so the change is in the price history and the activity log with both units.
 */
export async function registrarCambioUnidad(
  tx: Tx,
  c: { tiendaId: number; autor: Autor; productoId: number; producto: string; precioAnterior: number; precio: number; unidadAnterior: string; unidadNueva: string },
): Promise<void> {
  const detalle = { unidadAnterior: c.unidadAnterior, unidadNueva: c.unidadNueva };
  await registrarCambioPrecio(tx, { tiendaId: c.tiendaId, productoId: c.productoId, autor: c.autor, campo: 'unidad', anterior: c.precioAnterior, nuevo: c.precio, detalle });
  await registrarPor(tx, c.tiendaId, c.autor, { tipo: 'precio', detalle: { productoId: c.productoId, producto: c.producto, anterior: c.precioAnterior, nuevo: c.precio, ...detalle } });
}
