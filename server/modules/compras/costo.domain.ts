/**
 * A product's cost (issue #32 point 6), owned here: the last unit cost received (`producto.costo`)
 * and the weighted average of the units in stock (`producto.costo_promedio`), both updated by
 * receiving in the receipt's own transaction. For a store responsible for IVA (its fiscal profile,
 * issue #30) a unit's cost is net of the deductible IVA of the product's tax; otherwise what was
 * paid. The arithmetic is shared/costo.ts. A changed last cost is recorded in the price history
 * (campo 'costo') and the activity log, with who and through which face.
 *
 * Costs are read only by those the permissions allow (`reportes`, server/modules/tienda/permisos.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { costoNeto, costoPorUnidad, costoPromedio, margen } from '#shared/costo';
import { M } from '#shared/messages';
import type { TCostoProducto } from '#shared/schemas/compras';
import type { Db, Tx } from '../../db/client';
import { producto } from '../../db/schema';
import { registrarPor, type Autor } from '../actividad/actividad.domain';
import { impuestoDeFila as impuestoDe, responsableDeIva } from '../impuestos/impuestos.domain';
import { registrarCambioPrecio } from '../producto/producto.domain';
import { exigirPermiso } from '../tienda/permisos';

/**
 * A line checked against its product and made whole (ADR 036; declared here, below the receipt that builds it: a type-only import back was a cycle, ADR 080): `unidades` in the product's own unit
 * (what enters stock), `costoUnit` per unit (a pack's: cost per pack ÷ factor, half up), the pack as
 * it is now (kept on the line as received), and the line's money, exact.
 */
export interface LineaCompra {
  productoId: number;
  nombre: string;
  unidad: string;
  unidades: number;
  costoUnit: number;
  empaque: { unidadVentaId: number; nombre: string; factor: number; empaques: number; costo: number } | null;
  importe: number;
}

/**
 * After the received units entered stock: each product's last cost and average cost. `stockAntes`
 * is each product's stock before this receipt (from the ledger's own statement). The products are
 * already locked by the receipt. A line received in packs (ADR 036): the net cost of one pack, then
 * its unit's (÷ factor, half up) is the last cost, and the average takes the pack's money exactly.
 */
export async function actualizarCostos(tx: Tx, options: { tiendaId: number; autor: Autor; lineas: LineaCompra[]; stockAntes: Map<number, number> }): Promise<void> {
  const { tiendaId, autor, lineas, stockAntes } = options;
  const responsable = await responsableDeIva(tx, tiendaId);
  const rows = await tx
    .select({ id: producto.idProducto, nombre: producto.nombre, costo: producto.costo, promedio: producto.costoPromedio, impuesto: impuestoDe })
    .from(producto)
    .where(and(eq(producto.tiendaId, tiendaId), inArray(producto.idProducto, lineas.map((l) => l.productoId))));
  const porId = new Map(rows.map((r) => [r.id, r]));
  for (const l of lineas) {
    const p = porId.get(l.productoId)!;
    const e = l.empaque;
    const netoLinea = costoNeto(e ? e.costo : l.costoUnit, p.impuesto, responsable);
    const neto = e ? costoPorUnidad(netoLinea, e.factor) : netoLinea;
    const promedio = costoPromedio({ stock: stockAntes.get(l.productoId) ?? 0, promedio: p.promedio }, { cantidad: l.unidades, costo: netoLinea, factor: e?.factor ?? null });
    await tx.update(producto).set({ costo: neto, costoPromedio: promedio }).where(eq(producto.idProducto, l.productoId));
    if (neto !== p.costo) {
      await registrarCambioPrecio(tx, { tiendaId, productoId: l.productoId, autor, campo: 'costo', anterior: p.costo, nuevo: neto });
      await registrarPor(tx, tiendaId, autor, { tipo: 'costo', detalle: { productoId: l.productoId, producto: p.nombre, anterior: p.costo, nuevo: neto } });
    }
  }
}

/** What one unit of each product costs the store now: its average cost, else its last one (null: none known). */
export async function costosUnitarios(tx: Tx, tiendaId: number, ids: number[]): Promise<Map<number, number | null>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: producto.idProducto, costo: producto.costo, promedio: producto.costoPromedio })
    .from(producto)
    .where(and(eq(producto.tiendaId, tiendaId), inArray(producto.idProducto, ids)));
  return new Map(rows.map((r) => [r.id, r.promedio ?? r.costo]));
}

/**
 * Units that enter from another store of the empresa (a transfer's receipt, ADR 056 addendum) at the
 * unit cost they left the origin with: the average cost takes them in as a purchase's would (same
 * rule, shared/costo.ts). The last cost stays what a supplier charged (a transfer is no purchase):
 * sales and the stock's value read the average. `stockAntes` as in actualizarCostos; products locked.
 */
export async function promediarEntradas(tx: Tx, tiendaId: number, entradas: { productoId: number; unidades: number; costoUnit: number }[], stockAntes: Map<number, number>): Promise<void> {
  if (entradas.length === 0) return;
  const rows = await tx
    .select({ id: producto.idProducto, promedio: producto.costoPromedio })
    .from(producto)
    .where(and(eq(producto.tiendaId, tiendaId), inArray(producto.idProducto, entradas.map((e) => e.productoId))));
  const porId = new Map(rows.map((r) => [r.id, r]));
  for (const e of entradas) {
    const p = porId.get(e.productoId);
    if (!p) continue;
    const promedio = costoPromedio({ stock: stockAntes.get(e.productoId) ?? 0, promedio: p.promedio }, { cantidad: e.unidades, costo: e.costoUnit });
    await tx.update(producto).set({ costoPromedio: promedio }).where(eq(producto.idProducto, e.productoId));
  }
}

/** The costs and margins of some of the store's products, for those who may see costs (403 otherwise). */
export async function costosDe(options: { db: Db; tiendaId: number; autor: Autor; ids: number[] }): Promise<TCostoProducto[]> {
  const { db, tiendaId, autor, ids } = options;
  await exigirPermiso(db, tiendaId, autor, 'reportes');
  const responsable = await responsableDeIva(db, tiendaId);
  const rows = await db
    .select({ id: producto.idProducto, precio: producto.precioUnit, costo: producto.costo, promedio: producto.costoPromedio, impuesto: impuestoDe })
    .from(producto)
    .where(and(eq(producto.tiendaId, tiendaId), inArray(producto.idProducto, ids)));
  return rows.map((r) => {
    const m = r.promedio == null ? null : margen(r.precio, r.promedio, r.impuesto, responsable);
    return { productoId: r.id, precio: r.precio, costo: r.costo, costoPromedio: r.promedio, margen: m?.pesos ?? null, margenPorcentaje: m?.porcentaje ?? null };
  });
}

export const textoSinPermiso = M.permisos.denegado.reportes;
