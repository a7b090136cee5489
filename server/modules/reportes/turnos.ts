import { sql, type SQL } from 'drizzle-orm';
import type { Rango } from '#shared/periodo';
import type { TReporte } from '#shared/schemas/reportes';
import { finDelDiaEn, inicioDelDiaEn } from '../tienda/zona-horaria';
import { R, C, type Ctx, n, s, filas, col, ind, nombreUsuario, limite, tabla, reporte } from './comun';

/** *Turnos*: each shift's fund, cash in and out, expected and counted, and per method. */

export async function turnos(ctx: Ctx, r: Rango): Promise<TReporte> {
  const { db, tiendaId, f } = ctx;
  const filtros: SQL[] = [sql`t.tienda_id = ${tiendaId}`, sql`t.abierto_en >= ${inicioDelDiaEn(r.desde, tiendaId)}`, sql`t.abierto_en < ${finDelDiaEn(r.hasta, tiendaId)}`];
  if (f.usuarioId != null) filtros.push(f.usuarioId === 0 ? sql`t.usuario_id is null` : sql`t.usuario_id = ${f.usuarioId}`);
  if (f.turnoId != null) filtros.push(sql`t.id_turno = ${f.turnoId}`);
  const donde = sql.join(filtros, sql` and `);
  const rows = await filas(
    db,
    sql`
    select t.id_turno, ${nombreUsuario(sql`t.usuario_id`)} as cajero, t.abierto_en, t.cerrado_en, t.fondo_inicial,
      (select sum(e.value::bigint) from jsonb_each_text(t.cierre -> 'esperado') e) as esperado,
      (select sum(e.value::bigint) from jsonb_each_text(t.cierre -> 'contado') e) as contado,
      (select coalesce(sum(m.monto), 0) from caja_movimiento m where m.turno_id = t.id_turno and m.tipo = 'entrada') as entradas,
      (select coalesce(sum(m.monto), 0) from caja_movimiento m where m.turno_id = t.id_turno and m.tipo = 'salida') as salidas
    from turno t where ${donde} order by t.abierto_en, t.id_turno ${limite(ctx)}`,
  );
  const porMetodo = await filas(
    db,
    sql`
    select t.id_turno, k.metodo, (select m.nombre from metodo_pago m where m.id_met_pago = k.metodo::int) as medio,
      (t.cierre -> 'esperado' ->> k.metodo)::bigint as esperado, (t.cierre -> 'contado' ->> k.metodo)::bigint as contado
    from turno t
    cross join lateral (select jsonb_object_keys(coalesce(t.cierre -> 'esperado', '{}'::jsonb) || coalesce(t.cierre -> 'contado', '{}'::jsonb)) as metodo) k
    where ${donde} and t.cierre is not null order by t.abierto_en, t.id_turno, k.metodo::int ${limite(ctx)}`,
  );
  const filasT = rows.map((x) => {
    const cerrado = x.cerrado_en != null;
    return {
      turno: n(x.id_turno),
      cajero: s(x.cajero),
      abierto: new Date(x.abierto_en as string).toISOString(),
      cerrado: cerrado ? new Date(x.cerrado_en as string).toISOString() : null,
      fondo: n(x.fondo_inicial),
      entradas: n(x.entradas),
      salidas: n(x.salidas),
      esperado: x.esperado == null ? null : n(x.esperado),
      contado: x.contado == null ? null : n(x.contado),
      diferencia: x.esperado == null || x.contado == null ? null : n(x.contado) - n(x.esperado),
      estado: cerrado ? R.estados.cerrado : R.estados.abierto,
    };
  });
  return reporte('turnos', r, {
    indicadores: [ind('turnos', 'entero', filasT.length), ind('abiertos', 'entero', filasT.filter((x) => x.cerrado == null).length), ind('diferencia', 'dinero', filasT.reduce((a, x) => a + (x.diferencia ?? 0), 0))],
    grafico: { tipo: 'barras', titulo: R.graficos.diferencias, etiquetas: filasT.map((x) => `#${x.turno}`), series: [{ nombre: C.diferencia, datos: filasT.map((x) => x.diferencia ?? 0) }], tipoValor: 'dinero' },
    tablas: [
      tabla(
        ctx,
        R.informes.turnos.titulo,
        [col('turno', C.turno, 'entero'), col('cajero', C.cajero), col('abierto', C.abierto, 'fechaHora'), col('cerrado', C.cerrado, 'fechaHora'), col('fondo', C.fondo, 'dinero'), col('entradas', C.entradas, 'dinero'), col('salidas', C.salidas, 'dinero'), col('esperado', C.esperado, 'dinero'), col('contado', C.contado, 'dinero'), col('diferencia', C.diferencia, 'dinero'), col('estado', C.estado)],
        filasT,
      ),
      tabla(
        ctx,
        R.tablas.porMedio,
        [col('turno', C.turno, 'entero'), col('medio', C.medio), col('esperado', C.esperado, 'dinero'), col('contado', C.contado, 'dinero'), col('diferencia', C.diferencia, 'dinero')],
        porMetodo.map((x) => ({ turno: n(x.id_turno), medio: s(x.medio), esperado: n(x.esperado), contado: n(x.contado), diferencia: n(x.contado) - n(x.esperado) })),
      ),
    ],
    nota: R.notas.turnos,
  });
}
