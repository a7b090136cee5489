import type { CellValue } from 'exceljs';
import { M } from '#shared/messages';
import type { TColumna, TReporte, TTabla } from '#shared/schemas/reportes';
import { SIMBOLO_UNIDAD } from '#shared/cantidad';
import type { TUnidadDian } from '#shared/impuestos';
import { libroPorFilas, numeroCsv, textoCsv } from '../../lib/exportar';

/**
 * A report as a file (issue #35 point 3), with the cells of server/lib/exportar.ts (#33). The CSV is what Excel in Spanish opens as a table: UTF-8
 * with a byte-order mark, `;` between cells, CRLF between rows, a decimal comma, days as dd/mm/aaaa
 * and times as dd/mm/aaaa hh:mm in the store's zone; money as whole pesos without separators (a
 * number Excel sums). The XLSX (exceljs) has one sheet per table of the report (the one-sheet
 * `tablaXlsx` of server/lib does not carry a report's second table), money and dates typed as such.
 */
const R = M.reportes;

/** The wall-clock parts of an instant in `zona`. */
function partes(iso: string, zona: string) {
  const f = new Intl.DateTimeFormat('en-CA', { timeZone: zona, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const p = Object.fromEntries(f.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return { y: p.year!, m: p.month!, d: p.day!, h: p.hour!, mi: p.minute! };
}

const diaATexto = (dia: string) => `${dia.slice(8, 10)}/${dia.slice(5, 7)}/${dia.slice(0, 4)}`;

/** A cell as the CSV writes it. */
export function valorCsv(c: TColumna, v: string | number | null, zona: string): string {
  if (v == null || v === '') return '';
  switch (c.tipo) {
    case 'fecha':
      return /^\d{4}-\d{2}-\d{2}$/.test(String(v)) ? diaATexto(String(v)) : textoCsv(String(v));
    case 'fechaHora': {
      const p = partes(String(v), zona);
      return `${p.d}/${p.m}/${p.y} ${p.h}:${p.mi}`;
    }
    case 'porcentaje':
      return numeroCsv(Number(v));
    case 'centavos':
      return numeroCsv(Number(v) / 100);
    case 'dinero':
      return String(Math.trunc(Number(v)));
    case 'entero':
      // A quantity of a product sold by weight keeps its decimals (0,375); a count stays whole.
      return Number.isInteger(Number(v)) ? String(Number(v)) : numeroCsv(Number(v));
    default:
      return textoCsv(String(v));
  }
}

/**
 * A quantity's unit beside it in the files (issue #52 point 3): after the first quantity column that
 * names its unit, a *Unidad* column with "kg", "L"… or "und" (once per unit: the period before's
 * quantity is of the same product); the number stays a number Excel sums.
 */
export function conUnidades(t: TTabla): TTabla {
  const claves = [...new Set(t.columnas.flatMap((c) => (c.unidad ? [c.unidad] : [])))];
  if (claves.length === 0) return t;
  const clave = (u: string) => `${u}__simbolo`;
  const simbolo = (u: unknown) => (u == null || u === '' ? null : SIMBOLO_UNIDAD[String(u) as TUnidadDian] || R.columnas.und);
  const vistas = new Set<string>();
  return {
    ...t,
    columnas: t.columnas.flatMap((c) => {
      if (!c.unidad || vistas.has(c.unidad)) return [c];
      vistas.add(c.unidad);
      return [c, { clave: clave(c.unidad), titulo: R.columnas.unidad, tipo: 'texto' as const }];
    }),
    filas: t.filas.map((f) => ({ ...f, ...Object.fromEntries(claves.map((u) => [clave(u), simbolo(f[u])])) })),
  };
}

function tablaCsv(t: TTabla, zona: string): string[] {
  return [t.columnas.map((c) => textoCsv(c.titulo)).join(';'), ...t.filas.map((f) => t.columnas.map((c) => valorCsv(c, f[c.clave] ?? null, zona)).join(';'))];
}

export function reporteCsv(rep: Pick<TReporte, 'tablas'>, zona: string): string {
  const [principal, ...otras] = rep.tablas.map(conUnidades);
  const lineas = principal ? tablaCsv(principal, zona) : [];
  for (const t of otras) lineas.push('', textoCsv(t.titulo), ...tablaCsv(t, zona));
  return `\uFEFF${lineas.join('\r\n')}\r\n`;
}

const FORMATOS: Partial<Record<TColumna['tipo'], string>> = {
  dinero: '"$"#,##0;-"$"#,##0',
  entero: '#,##0',
  porcentaje: '0.0',
  centavos: '"$"#,##0.00;-"$"#,##0.00',
  fecha: 'dd/mm/yyyy',
  fechaHora: 'dd/mm/yyyy hh:mm',
};

function valorXlsx(c: TColumna, v: string | number | null, zona: string): CellValue {
  if (v == null || v === '') return null;
  if (c.tipo === 'fecha' && /^\d{4}-\d{2}-\d{2}$/.test(String(v))) {
    const s = String(v);
    return new Date(Date.UTC(Number(s.slice(0, 4)), Number(s.slice(5, 7)) - 1, Number(s.slice(8, 10))));
  }
  if (c.tipo === 'fechaHora') {
    const p = partes(String(v), zona);
    return new Date(Date.UTC(Number(p.y), Number(p.m) - 1, Number(p.d), Number(p.h), Number(p.mi)));
  }
  if (c.tipo === 'dinero' || c.tipo === 'entero' || c.tipo === 'porcentaje') return Number(v);
  if (c.tipo === 'centavos') return Number(v) / 100;
  return String(v);
}

/** A sheet's name: at most 31 characters, none of \ / ? * [ ] :, unique in the book. */
const nombreHoja = (titulo: string, usados: Set<string>) => {
  const base = titulo.replace(/[\\/?*[\]:]/g, ' ').slice(0, 28).trim() || 'Hoja';
  let nombre = base;
  for (let i = 2; usados.has(nombre.toLowerCase()); i++) nombre = `${base} ${i}`;
  usados.add(nombre.toLowerCase());
  return nombre;
};

export async function reporteXlsx(rep: Pick<TReporte, 'titulo' | 'periodo' | 'tablas'>, zona: string): Promise<Buffer> {
  // Row by row (libroPorFilas): a month's report by product of a big catalogue, whole in memory, ended
  // the embedded server (issue #55 point 5).
  return libroPorFilas(async (wb, turno) => {
    wb.creator = 'ADAX Store Manager';
    const usados = new Set<string>();
    const tablas = rep.tablas.map(conUnidades);
    for (const [k, t] of tablas.entries()) {
      const ws = wb.addWorksheet(nombreHoja(t.titulo, usados), { views: [{ state: 'frozen', ySplit: 4 }] });
      ws.columns = t.columnas.map((c) => {
        const formato = FORMATOS[c.tipo];
        return {
          width: Math.min(40, Math.max(10, c.titulo.length + 2, ...t.filas.slice(0, 200).map((f) => String(f[c.clave] ?? '').length + 2))),
          style: formato ? { numFmt: formato } : {},
        };
      });
      const titulo = ws.addRow([k === 0 ? rep.titulo : t.titulo]);
      titulo.font = { bold: true, size: 14 };
      titulo.commit();
      ws.addRow([`${R.filtros.periodo}: ${R.periodoTexto(diaATexto(rep.periodo.desde), diaATexto(rep.periodo.hasta))}`]).commit();
      ws.addRow([]).commit();
      const cab = ws.addRow(t.columnas.map((c) => c.titulo));
      cab.font = { bold: true };
      cab.commit();
      for (const f of t.filas) {
        const fila = ws.addRow(t.columnas.map((c) => valorXlsx(c, f[c.clave] ?? null, zona)));
        // A weighed quantity (0,375 kg) shows its decimals; the column's format shows counts whole.
        t.columnas.forEach((c, i) => {
          const v = f[c.clave];
          if (c.tipo === 'entero' && v != null && v !== '' && !Number.isInteger(Number(v))) fila.getCell(i + 1).numFmt = '#,##0.000';
        });
        fila.commit();
        await turno();
      }
      ws.commit();
    }
    if (tablas.length === 0) wb.addWorksheet(nombreHoja(rep.titulo, usados)).commit();
  });
}

/** The file's name: the report and its days. */
export const nombreArchivo = (rep: TReporte, ext: string) => `reporte-${rep.informe}-${rep.periodo.desde}-a-${rep.periodo.hasta}.${ext}`;
