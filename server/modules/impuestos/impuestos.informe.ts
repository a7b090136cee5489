/**
 * The monthly tax report's files (issue #30 point 7), through server/lib/exportar.ts: CSV that Excel
 * in Spanish opens as a table (UTF-8 with a BOM, `;`, decimal comma, dd/mm/aaaa) and XLSX. The
 * figures are `informeImpuestos`'s.
 */
import { M } from '#shared/messages';
import type { TInformeImpuestos } from '#shared/schemas/impuestos';
import type { ColumnaExport } from '../../lib/exportar';

/** The first and last day of a month `aaaa-mm` (YYYY-MM-DD). */
export function diasDelMes(mes: string): { desde: string; hasta: string } {
  const [a, m] = mes.split('-').map(Number) as [number, number];
  const ultimo = new Date(Date.UTC(a, m, 0)).getUTCDate();
  return { desde: `${mes}-01`, hasta: `${mes}-${String(ultimo).padStart(2, '0')}` };
}

interface FilaInforme {
  tarifa: string;
  /** Centavos; null on a numbering row. */
  base: number | null;
  valor: number | null;
  lineas: number | null;
}

const pesos = (centavos: number | null) => (centavos == null ? null : centavos / 100);

/** One row per rate, the untaxed lines, and the total; then, per prefix, the DIAN numbers used (issue #30 point 7). */
export function filasInforme(inf: TInformeImpuestos): FilaInforme[] {
  const I = M.impuestos;
  const filas: FilaInforme[] = inf.tarifas.map((t) => ({ tarifa: I.nombres[t.impuesto], base: t.base, valor: t.valor, lineas: t.lineas }));
  if (inf.sinImpuesto.lineas > 0) filas.push({ tarifa: I.informe.sinClasificarLineas, base: inf.sinImpuesto.base, valor: 0, lineas: inf.sinImpuesto.lineas });
  const suma = (k: 'base' | 'valor' | 'lineas') => filas.reduce((s, f) => s + (f[k] ?? 0), 0);
  filas.push({ tarifa: I.informe.total, base: suma('base'), valor: suma('valor'), lineas: suma('lineas') });
  for (const n of inf.numeracion) filas.push({ tarifa: M.numeracion.informeNumeracion(n), base: null, valor: null, lineas: null });
  return filas;
}

export function columnasInforme(inf: TInformeImpuestos): ColumnaExport<FilaInforme>[] {
  const I = M.impuestos.informe;
  return [
    { titulo: I.desde, tipo: 'fecha', valor: () => inf.desde },
    { titulo: I.hasta, tipo: 'fecha', valor: () => inf.hasta },
    { titulo: I.tarifa, valor: (f) => f.tarifa },
    { titulo: I.base, tipo: 'numero', valor: (f) => pesos(f.base) },
    { titulo: I.impuesto, tipo: 'numero', valor: (f) => pesos(f.valor) },
    { titulo: I.total, tipo: 'numero', valor: (f) => (f.base == null ? null : pesos(f.base + (f.valor ?? 0))) },
    { titulo: I.lineas, tipo: 'numero', valor: (f) => f.lineas },
  ];
}
