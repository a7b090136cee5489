import { formatCentavos } from '#shared/impuestos';
import { formatNumber, formatPesos } from '#shared/money';
import { formatCantidad, formatPrecioUnidad } from '#shared/cantidad';
import type { TColumna, TFila, TIndicador, TTipoValor } from '#shared/schemas/reportes';
import type { Fechas } from '../../../lib/fechas';

/** A store day (YYYY-MM-DD) as dd/mm/aaaa, with no time zone in between. */
export const diaCorto = (dia: string) => (/^\d{4}-\d{2}-\d{2}$/.test(dia) ? `${dia.slice(8, 10)}/${dia.slice(5, 7)}/${dia.slice(0, 4)}` : dia);

/** A report's value as the screen shows it. */
export function formatear(tipo: TTipoValor, v: string | number | null | undefined, fechas: Fechas): string {
  if (v == null || v === '') return '';
  switch (tipo) {
    case 'dinero':
      return formatPesos(Number(v));
    case 'entero':
      // A weighed quantity keeps its decimals (0,375); a count stays whole with thousand dots.
      return Number.isInteger(Number(v)) ? formatNumber(Number(v)) : formatCantidad(Number(v), null);
    case 'centavos':
      return formatCentavos(Number(v));
    case 'porcentaje':
      return `${String(v).replace('.', ',')} %`;
    case 'fecha':
      return diaCorto(String(v));
    case 'fechaHora':
      return fechas.fechaHora(String(v));
    default:
      return String(v);
  }
}

/** A figure's value (or its previous period's) as the screen shows it: a quantity with its unit reads "2,5 m", "3 m²" (issue #58 point 3). */
export function formatearIndicador(i: Pick<TIndicador, 'tipo' | 'unidad'>, v: number | null | undefined, fechas: Fechas): string {
  if (i.unidad && typeof v === 'number') return formatCantidad(v, i.unidad);
  return formatear(i.tipo, v, fechas);
}

/**
 * A table's cell as the screen shows it: a quantity whose column names its unit (issue #52 point 3)
 * reads "5,5 kg" for a product sold by weight and "3" for one sold by unit.
 */
export function formatearCelda(c: TColumna, fila: TFila, fechas: Fechas): string {
  const v = fila[c.clave];
  if (c.unidad && typeof v === 'number' && fila[c.unidad] != null) return c.tipo === 'dinero' ? formatPrecioUnidad(v, String(fila[c.unidad])) : formatCantidad(v, String(fila[c.unidad]));
  return formatear(c.tipo, v, fechas);
}

/** The change from `anterior`, as "+12,5 %" / "−3 %"; null without a base to compare with. */
export function cambio(valor: number, anterior: number | null): { texto: string; sube: boolean } | null {
  if (anterior == null || anterior === 0) return null;
  const pct = Math.round(((valor - anterior) / Math.abs(anterior)) * 1000) / 10;
  return { texto: `${pct > 0 ? '+' : pct < 0 ? '−' : ''}${String(Math.abs(pct)).replace('.', ',')} %`, sube: pct >= 0 };
}
