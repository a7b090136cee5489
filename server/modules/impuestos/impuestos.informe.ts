/**
 * The monthly tax report's files (issue #30 point 7): CSV that Excel in Spanish opens as a table
 * (UTF-8 with a BOM, `;`, decimal comma, dd/mm/aaaa). The figures are `informeImpuestos`'s.
 */
import { decimalComa } from '#shared/impuestos';
import { M } from '#shared/messages';
import type { TInformeImpuestos } from '#shared/schemas/impuestos';
import { celdaCsv } from '../actividad/actividad.domain';

/** The first and last day of a month `aaaa-mm` (YYYY-MM-DD). */
export function diasDelMes(mes: string): { desde: string; hasta: string } {
  const [a, m] = mes.split('-').map(Number) as [number, number];
  const ultimo = new Date(Date.UTC(a, m, 0)).getUTCDate();
  return { desde: `${mes}-01`, hasta: `${mes}-${String(ultimo).padStart(2, '0')}` };
}

/** YYYY-MM-DD → dd/mm/aaaa. */
export const fechaCo = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The report's rows, as the CSV and any spreadsheet lay them out: header, one row per rate, totals. */
export function filasInforme(inf: TInformeImpuestos): (string | number)[][] {
  const I = M.impuestos;
  const filas: (string | number)[][] = [
    [I.informe.titulo, `${fechaCo(inf.desde)} - ${fechaCo(inf.hasta)}`],
    [I.informe.tarifa, I.informe.base, I.informe.impuesto, I.informe.total, I.informe.lineas],
  ];
  for (const t of inf.tarifas) filas.push([I.nombres[t.impuesto], decimalComa(t.base), decimalComa(t.valor), decimalComa(t.base + t.valor), t.lineas]);
  if (inf.sinImpuesto.lineas > 0) filas.push([I.informe.sinClasificarLineas, decimalComa(inf.sinImpuesto.base), decimalComa(0), decimalComa(inf.sinImpuesto.base), inf.sinImpuesto.lineas]);
  const base = inf.tarifas.reduce((s, t) => s + t.base, 0) + inf.sinImpuesto.base;
  const valor = inf.tarifas.reduce((s, t) => s + t.valor, 0);
  filas.push([I.informe.total, decimalComa(base), decimalComa(valor), decimalComa(inf.total), inf.tarifas.reduce((s, t) => s + t.lineas, 0) + inf.sinImpuesto.lineas]);
  filas.push([I.informe.ventas, inf.ventas]);
  return filas;
}

export function informeCsv(inf: TInformeImpuestos): string {
  return `\uFEFF${filasInforme(inf)
    .map((f) => f.map(celdaCsv).join(';'))
    .join('\r\n')}\r\n`;
}
