import { compras } from '#shared/messages/compras';
import { formatPesos } from '#shared/money';
import type { TOrden } from '#shared/schemas/compras';

// This module's texts only: the catalogue splits per screen (issue #20).
const M = { compras };

type Linea = Pick<TOrden['items'][number], 'costoUnit' | 'importe'>;

/** A line written without a cost (0: the supplier's price is not known yet), as the owner reads it. */
const sinCosto = (l: Linea) => (l.costoUnit ?? 0) === 0;

/**
 * An order's value as the list, the detail and the PDF say it (issue #52 point 7): an order created
 * before its costs are known reads "Sin valor aún", never "$ 0" as if it were a real total; one with
 * some lines priced gives the known part and how many products still lack a cost. The list, which
 * carries no lines, says the same from its total.
 */
export function valorOrden(orden: { total: number; items?: readonly Linea[] }): string {
  if (orden.total === 0) return M.compras.sinValorAun;
  const faltan = orden.items?.filter(sinCosto).length ?? 0;
  return faltan ? M.compras.valorParcial(formatPesos(orden.total), faltan) : formatPesos(orden.total);
}

/** A line's amount: "Sin costo aún" for one written without a cost. */
export const importeDeLinea = (l: Linea): string => (sinCosto(l) ? M.compras.sinCostoAun : formatPesos(l.importe ?? 0));
