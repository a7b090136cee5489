import type { TotalesMedida } from '#shared/cantidad';
import type { TMedida } from '#shared/unidades';
import type { TIndicador, TTabla } from '#shared/schemas/reportes';
import { R, C, I, type Ctx, col, ind, tabla } from './comun';

/**
 * The one definition of each sales figure (issue #52 point 1): Inicio, *Resumen de ventas*, *Cierre
 * diario*, *Cierre mensual* and their exports read them from here. The sums they start from are
 * `ventasPorDia` (resumen-ventas.ts, which nets each day with `netoDe`) and `porProducto`.
 *
 * - **bruto**: Σ price × quantity of the lines of the non-annulled sales (each line rounded, ADR 030).
 * - **descuentos**: the lines' discounts and the sales' own.
 * - **devuelto**: what the returns made in the period gave back to customers (by the return's own day).
 * - **neto** = bruto − descuentos − devuelto.
 * - **costo**: the cost of what was sold, at the cost the line kept when it was sold (`factura.costo_unit`,
 *   the product's current average where the line kept none), less the cost of units returned to stock;
 *   over the products whose every unit has a known cost.
 * - **costoConocido**: the share (0–100 %) of net sales whose cost is known: the products' net (before
 *   the sales' own discounts) with a known cost over all the products' net. Null with no product sold.
 * - **margen** = the part of `neto` whose cost is known (neto × that share) − costo. With every cost
 *   known it is exactly neto − costo.
 */
export interface Cifras {
  bruto: number;
  descuentos: number;
  devuelto: number;
  neto: number;
  costo: number;
  margen: number;
  costoConocido: number | null;
}

/** Net sales: gross − discounts − returns. */
export const netoDe = (x: { bruto: number; descuentos: number; devuelto: number }): number => x.bruto - x.descuentos - x.devuelto;

/** A product's (or category's) figures as *por producto* reads them: its net, its known cost, its units with no cost. */
export interface CifrasProducto {
  neto: number;
  costo: number;
  sinCosto: number;
}

/** Every unit of the group has a cost. */
export const conCostoConocido = (x: CifrasProducto): boolean => x.sinCosto === 0;

/**
 * A period's products added up (ADR 046: in the database, `agregadoDeProductos`): how many, how many
 * have every unit's cost, the cost of those, the net of all and of those; and the units, kilos,
 * litres, metres, square metres and gallons sold, each apart.
 */
export interface AgregadoProductos extends TotalesMedida {
  productos: number;
  conCosto: number;
  costo: number;
  todo: number;
  conocido: number;
}

/** The figures from a period's sales totals and its products' figures. */
export function cifrasDe(t: { bruto: number; descuentos: number; devuelto: number }, productos: CifrasProducto[]): Cifras {
  const conCosto = productos.filter(conCostoConocido);
  return cifrasDeAgregado(t, {
    productos: productos.length,
    conCosto: conCosto.length,
    costo: conCosto.reduce((a, x) => a + x.costo, 0),
    todo: productos.reduce((a, x) => a + x.neto, 0),
    conocido: conCosto.reduce((a, x) => a + x.neto, 0),
  });
}

/** The figures from a period's sales totals and its products added up. */
export function cifrasDeAgregado(t: { bruto: number; descuentos: number; devuelto: number }, a: Omit<AgregadoProductos, TMedida>): Cifras {
  const neto = netoDe(t);
  const { costo, todo, conocido } = a;
  // The share of net with a known cost, 0 to 1; a period whose products net nothing (all returned) has
  // every cost known only if no product lacks one.
  const parte = todo > 0 ? Math.min(1, Math.max(0, conocido / todo)) : a.conCosto === a.productos ? 1 : 0;
  const netoConocido = parte === 1 ? neto : Math.round(neto * parte) || 0;
  return {
    bruto: t.bruto,
    descuentos: t.descuentos,
    devuelto: t.devuelto,
    neto,
    costo,
    margen: netoConocido - costo,
    costoConocido: a.productos === 0 ? null : Math.round(parte * 100),
  };
}

/** "costo conocido en 62 % de las ventas", said next to a margin whenever some cost is missing. */
export const detalleMargen = (c: Cifras): string | null =>
  c.costoConocido == null || c.costoConocido === 100 ? null : c.costoConocido === 0 ? R.sinCostoConocido : R.costoConocido(c.costoConocido);

/** The margin's figure with its share of known cost. */
export function indicadorMargen(c: Cifras, anterior: Cifras | null = null): TIndicador {
  return { ...ind('margen', 'dinero', c.margen, anterior?.margen ?? null), detalle: detalleMargen(c) };
}

/** The figures as a table, so an export (CSV, XLSX) carries them with the share of known cost. */
export function tablaCifras(ctx: Ctx, c: Cifras): TTabla {
  return tabla(
    { ...ctx, completo: true },
    R.tablas.cifras,
    [col('cifra', C.cifra), col('importe', C.importe, 'dinero'), col('detalle', C.detalle)],
    [
      { cifra: I.bruto, importe: c.bruto, detalle: '' },
      { cifra: I.descuentos, importe: c.descuentos, detalle: '' },
      { cifra: I.devuelto, importe: c.devuelto, detalle: '' },
      { cifra: I.neto, importe: c.neto, detalle: '' },
      { cifra: I.costo, importe: c.costo, detalle: '' },
      { cifra: I.margen, importe: c.margen, detalle: detalleMargen(c) ?? '' },
    ],
  );
}
