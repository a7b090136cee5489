/**
 * The price a customer's price list gives (issue #59 point 1, ADR 047), as venta_registrar computes it:
 * the same rule in TypeScript for the till's display and the tests. SQL: server/db/functions/precio_con_lista.sql
 * and the line pricing in venta_registrar.sql.
 */

/** A price less a list's percentage, rounded half up to the peso (ADR 030), never below $ 1 for a price above 0. */
export function precioConPorcentaje(precio: number, porcentaje: number): number {
  if (precio <= 0 || porcentaje === 0) return precio;
  return Math.max(1, Math.floor((precio * (100 - porcentaje) + 50) / 100));
}

/** A list's own price of a product from `desde` units (in the product's unit: 12 units, 2,5 kg). */
export interface PrecioDeLista {
  desde: number;
  precio: number;
}

/** The list's own price for `unidades` of the product in the sale: the largest `desde` not above them. Thousandths compared exactly. */
export function precioPorCantidad(precios: readonly PrecioDeLista[], unidades: number): number | null {
  const u = Math.round(unidades * 1000);
  let mejor: PrecioDeLista | null = null;
  for (const p of precios) if (Math.round(p.desde * 1000) <= u && (!mejor || p.desde > mejor.desde)) mejor = p;
  return mejor?.precio ?? null;
}

/**
 * A line's unit price under a list: a plain line takes the list's price for the units of the product in
 * the sale, else the base less the %; a pack (factor) the lower of its price less the % and the list's
 * unit price × factor. A line sold by value is not priced by a list (the caller keeps its base price).
 */
export function precioConLista(o: { base: number; porcentaje: number; precios: readonly PrecioDeLista[]; unidadesProducto: number; factor?: number | null }): number {
  const propio = precioPorCantidad(o.precios, o.unidadesProducto);
  if (o.factor != null) {
    const conPorcentaje = precioConPorcentaje(o.base, o.porcentaje);
    return propio == null ? conPorcentaje : Math.min(conPorcentaje, propio * o.factor);
  }
  return propio ?? precioConPorcentaje(o.base, o.porcentaje);
}

/**
 * A cart's lines priced by the customer's list, as the checkout will charge them (ADR 047): each line's
 * `precio` becomes its list price; a line by value keeps its price (its value is what it charges); no
 * list: the lines as they are. The units of a product count across its lines (a pack × its factor).
 */
export function conListaDePrecios<L extends { id: number; precio: number; cantidad: number; importe?: number | null; unidadVenta?: { factor: number } | null }>(
  lineas: readonly L[],
  lista: { porcentaje: number; precios: readonly (PrecioDeLista & { productoId: number })[] } | null | undefined,
): L[] {
  if (!lista) return [...lineas];
  const unidades = new Map<number, number>();
  for (const l of lineas) unidades.set(l.id, (unidades.get(l.id) ?? 0) + Math.round(l.cantidad * (l.unidadVenta?.factor ?? 1) * 1000));
  return lineas.map((l) =>
    l.importe != null
      ? l
      : {
          ...l,
          precio: precioConLista({
            base: l.precio,
            porcentaje: lista.porcentaje,
            precios: lista.precios.filter((p) => p.productoId === l.id),
            unidadesProducto: (unidades.get(l.id) ?? 0) / 1000,
            factor: l.unidadVenta?.factor ?? null,
          }),
        },
  );
}
