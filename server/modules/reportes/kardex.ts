import { sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import type { Rango } from '#shared/periodo';
import type { TReporte } from '#shared/schemas/reportes';
import { finDelDiaEn, inicioDelDiaEn } from '../tienda/zona-horaria';
import { R, C, type Ctx, n, s, filas, col, ind, limite, tabla, reporte } from './comun';

/** *Kardex*: one product's stock ledger over the period. */

export async function kardex(ctx: Ctx, r: Rango): Promise<TReporte> {
  const { db, tiendaId, f } = ctx;
  // Quantities in the product's unit: "+0,375 kg" (issue #52 point 3).
  const cantidad = (clave: string, titulo: string) => ({ ...col(clave, titulo, 'entero'), unidad: 'unidad' });
  const columnas = [col('fecha', C.fecha, 'fechaHora'), col('motivo', C.motivo), col('venta', C.venta, 'entero'), cantidad('entradas', C.entradas), cantidad('salidas', C.salidas), cantidad('saldo', C.saldoFinal)];
  if (f.productoId == null) return reporte('kardex', r, { tablas: [tabla(ctx, R.informes.kardex.titulo, columnas, [])], nota: R.notas.kardex });
  const [p] = await filas(db, sql`select p.nombre, p.stock, p.unidad_dian from producto p where p.id_producto = ${f.productoId} and p.tienda_id = ${tiendaId}`);
  if (!p) throw new AppError('NOT_FOUND', R.productoNoEncontrado);
  const rows = await filas(
    db,
    sql`select m.fecha_movimiento, m.motivo, v.numero as venta_numero, m.stock_antes, m.entradas, m.salidas, m.cantidad_despues
    from movimiento m left join venta v on v.id_venta = m.venta_id where m.tienda_id = ${tiendaId} and m.producto_id = ${f.productoId}
      and m.fecha_movimiento >= ${inicioDelDiaEn(r.desde, tiendaId)} and m.fecha_movimiento < ${finDelDiaEn(r.hasta, tiendaId)}
    order by m.fecha_movimiento, m.id_movimiento ${limite(ctx)}`,
  );
  const filasK = rows.map((x) => ({ fecha: new Date(x.fecha_movimiento as string).toISOString(), motivo: s(x.motivo), venta: x.venta_numero == null ? null : n(x.venta_numero), entradas: n(x.entradas), salidas: n(x.salidas), saldo: n(x.cantidad_despues), unidad: s(p.unidad_dian) }));
  const inicial = rows.length ? n(rows[0]!.stock_antes) : n(p.stock);
  const final = rows.length ? n(rows[rows.length - 1]!.cantidad_despues) : n(p.stock);
  return reporte('kardex', r, {
    titulo: `${R.informes.kardex.titulo}: ${s(p.nombre)}`,
    indicadores: [ind('stockInicial', 'entero', inicial), ind('entradas', 'entero', filasK.reduce((a, x) => a + x.entradas, 0)), ind('salidas', 'entero', filasK.reduce((a, x) => a + x.salidas, 0)), ind('stockFinal', 'entero', final)],
    grafico: filasK.length ? { tipo: 'linea', titulo: R.graficos.kardex, etiquetas: filasK.map((x) => x.fecha), series: [{ nombre: C.saldoFinal, datos: filasK.map((x) => x.saldo) }], tipoValor: 'entero' } : null,
    tablas: [tabla(ctx, R.informes.kardex.titulo, columnas, filasK)],
  });
}
