import { sql } from 'drizzle-orm';
import { IMPUESTOS } from '#shared/impuestos';
import { M } from '#shared/messages';
import type { TEmpleadosEmpresa, TFilaEmpleadoEmpresa, TFilaProductoEmpresa, TImpuestosEmpresa, TProductosEmpresa, TResumenEmpresaQuery, TTarifaEmpresa } from '#shared/schemas/empresa';
import type { TReporte } from '#shared/schemas/reportes';
import type { Db } from '../../db/client';
import { numeracionDeTiendas } from '../numeracion/numeracion.domain';
import { requireDueno, type Alcance } from '../tienda/alcance';
import { descuentoVentaEn } from './anulaciones-descuentos';
import { R, n, s, filas, col, hoyEnTienda, rangoDe, promedio, nombreUsuario, nombreTarifa } from './comun';
import { conTienda, tiendasDeEmpresa, type TiendaDeEmpresa } from './empresa';
import { cifrasDeGrupo, grupoDeProducto, lineasDeEmpresa, puestoDeProducto } from './por-producto';
import { resumidoPorMeses } from './reportes.resumen';
import { RESUMEN_VENTA_DIA } from '../../db/resumenes';

/**
 * The owner's consolidated reports per product, per person and per tax rate (issue #56 points 4 and 5,
 * ADR 043 §5): every store of the empresa as its own *Por producto*, *Por empleado* and *Impuestos por
 * tarifa* read it, side by side, and the empresa's total. Each is one statement over the summaries of
 * all the empresa's stores grouped by store (ADR 028/035/046), ranked and cut there with the totals in
 * the same statement; the stores are the session's empresa's (`requireDueno`), never the request's.
 */
const E = M.empresa;
const C = E.columnas;

/** Products shown per store (and in the total) on screen; an export carries every one. */
export const PRODUCTOS_EN_PANTALLA = 20;

async function contexto(db: Db, alcance: Alcance, query: TResumenEmpresaQuery) {
  const { empresaId, tiendaId } = requireDueno(alcance, E.soloDueno);
  const hoy = await hoyEnTienda(db, tiendaId);
  const r = await rangoDe(db, tiendaId, { periodo: query.periodo ?? 'hoy', desde: query.desde, hasta: query.hasta, dias: 30 });
  const tiendas = await tiendasDeEmpresa(db, empresaId);
  const ids = sql.join(tiendas.map((t) => sql`${t.idTienda}`), sql`, `);
  const de = (t: TiendaDeEmpresa) => ({ idTienda: t.idTienda, nombreTienda: t.nombreTienda, actual: t.idTienda === tiendaId });
  return { r, hoy, tiendas, ids, de };
}

/**
 * GET /api/empresa/productos: each store's products ranked as its *Por producto* ranks them (net, then
 * units, then the product's id) and the empresa's, where one product is the same name and barcode in
 * each store (each branch's catalogue is a copy of the first store's, ADR 049), cut to the first
 * `PRODUCTOS_EN_PANTALLA` of each (every one with `completo`), in one statement.
 */
export async function productosDeEmpresa(options: { db: Db; alcance: Alcance; query: TResumenEmpresaQuery; completo?: boolean }): Promise<TProductosEmpresa> {
  const { db } = options;
  const { r, hoy, tiendas, de } = await contexto(db, options.alcance, options.query);
  const corte = options.completo ? sql`true` : sql`x.puesto <= ${PRODUCTOS_EN_PANTALLA}`;
  const rows = await filas(
    db,
    sql`
    with a as ${await lineasDeEmpresa(db, tiendas.map((t) => t.idTienda), r, hoy)},
    g as (
      select l.tienda_id, coalesce(l.codigo_barras, '') as codigo, ${grupoDeProducto(sql`l`)} from a l
    ),
    e as (
      select g.nombre, g.codigo, min(g.categoria) as categoria, sum(g.cantidad) as cantidad, sum(g.bruto) as bruto, sum(g.descuentos) as descuentos, sum(g.devuelto) as devuelto,
        sum(g.neto) as neto, sum(g.costo) as costo, sum(g.sin_costo) as sin_costo
      from g group by g.nombre, g.codigo
    )
    select x.* from (
      select g.tienda_id, g.nombre, g.categoria, g.cantidad, g.bruto, g.descuentos, g.devuelto, g.neto, g.costo, g.sin_costo,
        ${puestoDeProducto(sql`g`, { por: sql`g.tienda_id` })} as puesto,
        count(*) over (partition by g.tienda_id) as grupos, sum(g.neto) over (partition by g.tienda_id) as neto_grupos
      from g
      union all
      select null, e.nombre, e.categoria, e.cantidad, e.bruto, e.descuentos, e.devuelto, e.neto, e.costo, e.sin_costo,
        ${puestoDeProducto(sql`e`, { claves: [sql`e.nombre`, sql`e.codigo`] })}, count(*) over (), sum(e.neto) over ()
      from e
    ) x where ${corte}
    order by x.tienda_id nulls last, x.puesto`,
  );
  const fila = (x: Record<string, unknown>): TFilaProductoEmpresa => {
    const conocido = n(x.sin_costo) === 0;
    return {
      puesto: n(x.puesto),
      producto: s(x.nombre),
      ...cifrasDeGrupo(x),
      costo: conocido ? n(x.costo) : null,
      margen: conocido ? n(x.neto) - n(x.costo) : null,
    };
  };
  const grupo = (xs: Record<string, unknown>[]) => ({ grupos: n(xs[0]?.grupos), neto: n(xs[0]?.neto_grupos), filas: xs.map(fila) });
  return {
    periodo: r,
    tiendas: tiendas.map((t) => ({ ...de(t), ...grupo(rows.filter((x) => x.tienda_id != null && n(x.tienda_id) === t.idTienda)) })),
    total: grupo(rows.filter((x) => x.tienda_id == null)),
  };
}

/**
 * GET /api/empresa/empleados: each store's people as its *Por empleado* reads them (the sales' summary
 * per person; the authorised discounts from the sales of each store's days in its zone), and in the
 * total each person over every store they sold in (the stores' own logins are one row, as in a store).
 */
export async function empleadosDeEmpresa(options: { db: Db; alcance: Alcance; query: TResumenEmpresaQuery }): Promise<TEmpleadosEmpresa> {
  const { db } = options;
  const { r, hoy, tiendas, ids, de } = await contexto(db, options.alcance, options.query);
  // Whole months from the sales' month table, the other days from its days (ADR 073).
  const resumen = tiendas.length
    ? await resumidoPorMeses(db, RESUMEN_VENTA_DIA, tiendas.map((t) => t.idTienda), r, hoy, ['tienda_id', 'usuario_id', 'tickets', 'neto', 'descuentos', 'anuladas', 'monto_anulado'])
    : sql`select null::int as tienda_id, null::int as usuario_id, 0 as tickets, 0 as neto, 0 as descuentos, 0 as anuladas, 0 as monto_anulado where false`;
  const rows = await filas(
    db,
    sql`
    with g as (
      select s.tienda_id, s.usuario_id as persona, sum(s.tickets) as tickets, sum(s.neto) as neto, sum(s.descuentos) as descuentos, sum(s.anuladas) as anuladas, sum(s.monto_anulado) as monto_anulado
      from (${resumen}) s
      group by s.tienda_id, s.usuario_id having sum(s.tickets) <> 0 or sum(s.anuladas) <> 0
    ),
    a as (
      select v.tienda_id, coalesce(v.usuario_id, 0) as persona, count(*) as autorizados
      from tienda t join venta v on v.tienda_id = t.id_tienda
      where t.id_tienda in (${ids}) and v.fecha >= (${r.desde}::date::timestamp at time zone t.zona_horaria) and v.fecha < ((${r.hasta}::date + 1)::timestamp at time zone t.zona_horaria)
        and v.estado <> 'Anulada' and (v.autorizado_por is not null or v.autorizado_por_tienda) and ${descuentoVentaEn(sql`v.tienda_id`)} > 0
      group by 1, 2
    )
    select g.tienda_id, g.persona, ${nombreUsuario(sql`nullif(g.persona, 0)`)} as nombre, g.tickets, g.neto, g.descuentos, coalesce(a.autorizados, 0) as autorizados, g.anuladas, g.monto_anulado
    from g left join a on a.tienda_id = g.tienda_id and a.persona = g.persona
    order by g.tienda_id, g.neto desc, g.persona`,
  );
  const fila = (x: { nombre: string; tickets: number; neto: number; descuentos: number; autorizados: number; anuladas: number; montoAnulado: number }): TFilaEmpleadoEmpresa => ({
    persona: x.nombre,
    tickets: x.tickets,
    neto: x.neto,
    ticketPromedio: promedio(x.neto, x.tickets),
    descuentos: x.descuentos,
    autorizados: x.autorizados,
    anuladas: x.anuladas,
    montoAnulado: x.montoAnulado,
  });
  const leidas = rows.map((x) => ({
    tienda: n(x.tienda_id),
    persona: n(x.persona),
    nombre: s(x.nombre),
    tickets: n(x.tickets),
    neto: n(x.neto),
    descuentos: n(x.descuentos),
    autorizados: n(x.autorizados),
    anuladas: n(x.anuladas),
    montoAnulado: n(x.monto_anulado),
  }));
  // Each person over every store (a cashier of two shops is one row): a few rows per store.
  const total = new Map<number, (typeof leidas)[number]>();
  for (const x of leidas) {
    const t = total.get(x.persona);
    if (!t) total.set(x.persona, { ...x });
    else for (const k of ['tickets', 'neto', 'descuentos', 'autorizados', 'anuladas', 'montoAnulado'] as const) t[k] += x[k];
  }
  return {
    periodo: r,
    tiendas: tiendas.map((t) => ({ ...de(t), filas: leidas.filter((x) => x.tienda === t.idTienda).map(fila) })),
    total: { filas: [...total.values()].sort((a, b) => b.neto - a.neto || a.persona - b.persona).map(fila) },
  };
}

/** The rates in *Impuestos por tarifa*'s order, the lines with no tax last. */
function tarifasOrdenadas(por: Map<string, Omit<TTarifaEmpresa, 'tarifa'>>): TTarifaEmpresa[] {
  const out: TTarifaEmpresa[] = [];
  for (const i of [...IMPUESTOS, ''] as string[]) {
    const x = por.get(i);
    if (x && x.lineas !== 0) out.push({ ...x, tarifa: i === '' ? R.sinImpuesto : nombreTarifa(i) });
  }
  return out;
}

/**
 * GET /api/empresa/impuestos: each store's base and tax per rate from the taxes' summary (as its
 * *Impuestos por tarifa*), the DIAN numbers each store's tills used (their own prefixes), and the
 * empresa's total per rate: the figures an accountant files (one NIT for the empresa, ADR 059).
 */
export async function impuestosDeEmpresa(options: { db: Db; alcance: Alcance; query: TResumenEmpresaQuery }): Promise<TImpuestosEmpresa> {
  const { db } = options;
  const { r, tiendas, ids, de } = await contexto(db, options.alcance, options.query);
  const rows = await filas(
    db,
    sql`select s.tienda_id, s.impuesto, sum(s.ventas) as ventas, sum(s.lineas) as lineas, sum(s.base) as base, sum(s.valor) as valor
    from resumen_impuesto_dia s where s.tienda_id in (${ids}) and s.dia between ${r.desde}::date and ${r.hasta}::date
    group by s.tienda_id, s.impuesto`,
  );
  const numeracion = await numeracionDeTiendas(db, tiendas.map((t) => t.idTienda), r.desde, r.hasta);
  const cifras = (xs: Record<string, unknown>[]) => {
    const por = new Map<string, Omit<TTarifaEmpresa, 'tarifa'>>();
    let ventas = 0;
    for (const x of xs) {
      ventas += n(x.ventas);
      const k = s(x.impuesto);
      const t = por.get(k) ?? por.set(k, { impuesto: k, lineas: 0, base: 0, valor: 0 }).get(k)!;
      t.lineas += n(x.lineas);
      t.base += n(x.base);
      t.valor += n(x.valor);
    }
    const tarifas = tarifasOrdenadas(por);
    return { ventas, tarifas, base: tarifas.reduce((a, x) => a + x.base, 0), valor: tarifas.reduce((a, x) => a + x.valor, 0) };
  };
  return {
    periodo: r,
    tiendas: tiendas.map((t) => ({ ...de(t), ...cifras(rows.filter((x) => n(x.tienda_id) === t.idTienda)), numeracion: (numeracion.get(t.idTienda) ?? []).map((x) => M.numeracion.informeNumeracion(x)) })),
    total: cifras(rows),
  };
}

type Archivo = Pick<TReporte, 'titulo' | 'periodo' | 'tablas'>;
const porTiendaYTotal = <T, F>(res: { tiendas: (T & { nombreTienda: string })[]; total: T }, filasDe: (x: T) => F[]) => [
  ...res.tiendas.map((t) => ({ tienda: t.nombreTienda, filas: filasDe(t) })),
  { tienda: E.todas, filas: filasDe(res.total) },
];

/** The products as a file's table: every store's rows, then the empresa's, each starting with its store. */
export function productosComoReporte(res: TProductosEmpresa): Archivo {
  const columnas = [
    col('puesto', C.puesto, 'entero'),
    col('producto', C.producto),
    col('categoria', C.categoria),
    col('cantidad', C.cantidad, 'entero'),
    col('bruto', C.bruto, 'dinero'),
    col('descuentos', C.descuentos, 'dinero'),
    col('devuelto', C.devuelto, 'dinero'),
    col('neto', C.neto, 'dinero'),
    col('costo', C.costo, 'dinero'),
    col('margen', C.margen, 'dinero'),
  ];
  return { titulo: `${E.titulo}: ${E.productos}`, periodo: res.periodo, tablas: [conTienda(E.tablas.productos, columnas, porTiendaYTotal(res, (x) => x.filas))] };
}

export function empleadosComoReporte(res: TEmpleadosEmpresa): Archivo {
  const columnas = [
    col('persona', C.persona),
    col('tickets', C.tickets, 'entero'),
    col('neto', C.neto, 'dinero'),
    col('ticketPromedio', C.ticketPromedio, 'dinero'),
    col('descuentos', C.descuentosDados, 'dinero'),
    col('autorizados', C.autorizados, 'entero'),
    col('anuladas', C.anuladas, 'entero'),
    col('montoAnulado', C.montoAnulado, 'dinero'),
  ];
  return { titulo: `${E.titulo}: ${E.empleados}`, periodo: res.periodo, tablas: [conTienda(E.tablas.empleados, columnas, porTiendaYTotal(res, (x) => x.filas))] };
}

export function impuestosComoReporte(res: TImpuestosEmpresa): Archivo {
  const columnas = [col('tarifa', C.tarifa), col('lineas', C.lineas, 'entero'), col('base', C.base, 'centavos'), col('impuesto', C.impuesto, 'centavos')];
  return {
    titulo: `${E.titulo}: ${E.impuestos}`,
    periodo: res.periodo,
    tablas: [
      conTienda(E.tablas.impuestos, columnas, porTiendaYTotal(res, (x) => x.tarifas.map((t) => ({ tarifa: t.tarifa, lineas: t.lineas, base: t.base, impuesto: t.valor })))),
      conTienda(E.tablas.numeracion, [col('numeracion', C.numeracion)], res.tiendas.map((t) => ({ tienda: t.nombreTienda, filas: t.numeracion.map((x) => ({ numeracion: x })) }))),
    ],
  };
}
