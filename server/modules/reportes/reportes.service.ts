import { sql } from 'drizzle-orm';
import { periodoAnterior } from '#shared/periodo';
import type { TInforme, TReporte, TReporteFiltros, TReporteOpciones } from '#shared/schemas/reportes';
import type { Db } from '../../db/client';
import { zonaDeTienda } from '../tienda/zona-horaria';
import { R, type Ctx, filas, n, nombreUsuario, rangoDe, s } from './comun';
import { GENERADORES } from './informes';

/**
 * The store's reports (issue #35): the entry point the routes, exports, tests and the bench call. Each
 * report lives in its own file of this folder and is listed in `informes.ts`; what they share is in
 * `comun.ts`; the owner's Inicio is `inicio.ts`.
 */
export { FILAS_EN_PANTALLA, hoyEnTienda, promedio, rangoDe } from './comun';
export { resumenDeInicio } from './inicio';

/** One report over the filters' period (and the period before it, where it compares). */
export async function generarReporte(options: { db: Db; tiendaId: number; informe: TInforme; filtros: TReporteFiltros; completo?: boolean; directo?: boolean }): Promise<TReporte> {
  const { db, tiendaId, informe, filtros } = options;
  const ctx: Ctx = { db, tiendaId, f: filtros, completo: options.completo ?? false, directo: options.directo ?? false };
  const r = await rangoDe(db, tiendaId, filtros);
  return GENERADORES[informe](ctx, r, periodoAnterior(r));
}

/** The filters' choices: the store's people (the store account first) and its latest shifts. */
export async function opcionesDeReporte(options: { db: Db; tiendaId: number }): Promise<TReporteOpciones> {
  const { db, tiendaId } = options;
  const personas = await filas(db, sql`select u.id_usuario as id, u.nombre1 || ' ' || u.apellido1 as nombre from usuario u where u.tienda_id = ${tiendaId} order by 2, 1 limit 500`);
  const ts = await filas(
    db,
    sql`select t.id_turno as id, '#' || t.id_turno || ' · ' || ${nombreUsuario(sql`t.usuario_id`)} || ' · ' || to_char(t.abierto_en at time zone ${zonaDeTienda(tiendaId)}, 'DD/MM/YYYY HH24:MI') as nombre
    from turno t where t.tienda_id = ${tiendaId} order by t.abierto_en desc limit 100`,
  );
  const cajas = await filas(db, sql`select id_punto_venta as id, nombre from punto_venta where tienda_id = ${tiendaId} order by nombre, id_punto_venta limit 100`);
  return {
    personas: [{ id: 0, nombre: R.tiendaCuenta }, ...personas.map((x) => ({ id: n(x.id), nombre: s(x.nombre) }))],
    cajas: [{ id: 0, nombre: R.sinCaja }, ...cajas.map((x) => ({ id: n(x.id), nombre: s(x.nombre) }))],
    turnos: ts.map((x) => ({ id: n(x.id), nombre: s(x.nombre) })),
  };
}
