import { M } from '#shared/messages';
import type { Rango } from '#shared/periodo';
import type { TFila, TReporte } from '#shared/schemas/reportes';
import { informeImpuestos } from '../impuestos/impuestos.domain';
import { R, C, type Ctx, n, col, ind, resumidoHasta, nombreTarifa, tabla, reporte } from './comun';

/** *Impuestos por tarifa*: base and tax per rate, and the DIAN numbers used. */

/** Base and tax per rate of the period's completed sales (informeImpuestos, the monthly tax report's figures), and the DIAN numbers used. */
export async function impuestosPorTarifa(ctx: Ctx, r: Rango): Promise<TReporte> {
  const inf = await informeImpuestos({ db: ctx.db, tiendaId: ctx.tiendaId, desde: r.desde, hasta: r.hasta, resumidoHasta: resumidoHasta(ctx, r) });
  const rows: TFila[] = inf.tarifas.map((t) => ({ tarifa: nombreTarifa(t.impuesto), lineas: t.lineas, base: t.base, impuesto: t.valor, total: t.base + t.valor }));
  if (inf.sinImpuesto.lineas > 0) rows.push({ tarifa: R.sinImpuesto, lineas: inf.sinImpuesto.lineas, base: inf.sinImpuesto.base, impuesto: 0, total: inf.sinImpuesto.base });
  const base = rows.reduce((a, x) => a + n(x.base), 0);
  const valor = rows.reduce((a, x) => a + n(x.impuesto), 0);
  if (rows.length) rows.push({ tarifa: R.total, lineas: rows.reduce((a, x) => a + n(x.lineas), 0), base, impuesto: valor, total: base + valor });
  return reporte('impuestos', r, {
    indicadores: [ind('baseTotal', 'centavos', base), ind('impuestoTotal', 'centavos', valor), ind('tickets', 'entero', inf.ventas)],
    grafico: inf.tarifas.length ? { tipo: 'barras', titulo: R.graficos.impuestos, etiquetas: inf.tarifas.map((t) => nombreTarifa(t.impuesto)), series: [{ nombre: C.impuesto, datos: inf.tarifas.map((t) => t.valor / 100) }], tipoValor: 'dinero' } : null,
    tablas: [
      tabla(ctx, R.informes.impuestos.titulo, [col('tarifa', C.tarifa), col('lineas', C.lineas, 'entero'), col('base', C.base, 'centavos'), col('impuesto', C.impuesto, 'centavos'), col('total', C.totalConImpuesto, 'centavos')], rows),
      tabla(ctx, R.tablas.numeracion, [col('numeracion', C.numeracion)], inf.numeracion.map((x) => ({ numeracion: M.numeracion.informeNumeracion(x) }))),
    ],
    nota: R.notas.impuestos,
  });
}
