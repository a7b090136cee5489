import { sql, type SQL } from 'drizzle-orm';
import { IMPUESTOS, type TImpuesto } from '#shared/impuestos';
import type { Rango } from '#shared/periodo';
import { METODO } from '#shared/roles';
import type { TReporte } from '#shared/schemas/reportes';
import type { Db } from '../../db/client';
import { consultaImpuestosResumidos, impuestosPorGrupo, leerImpuestosResumidos } from '../impuestos/impuestos.domain';
import { filtroDePagos, hayQuePlegar, plegarPagosSiHaceFalta, plegarResumenes } from './reportes.resumen';
import { diaEnZona, finDelDiaEn, inicioDelDiaEn, zonaDeTienda } from '../tienda/zona-horaria';
import { R, C, type Ctx, n, s, filas, filasPorTienda, col, ind, partes, nombreTarifa, tabla, reporte } from './comun';
import { netoDe } from './cifras';
import { clavesDe, RESUMEN_VENTA_DIA, tablaDe } from '../../db/resumenes';
import { arregloInt } from '../../db/arreglos';

/** *Cierre diario por caja* (issue #35 point 4). */

/** The till of a sale: its own, else its shift's; 0 without one. */
const cajaDeVenta = (v: SQL) => sql`coalesce(${v}.punto_venta_id, (select t.punto_venta_id from turno t where t.id_turno = ${v}.turno_id), 0)`;
/** The till of a row written in a shift (a return, an abono, a cash movement); 0 without one. */
const cajaDeTurno = (turnoId: SQL) => sql`coalesce((select t.punto_venta_id from turno t where t.id_turno = ${turnoId}), 0)`;

interface VentasCierre {
  dia: string;
  caja: number;
  primero: string | null;
  ultimo: string | null;
  ventas: number;
  anuladas: number;
  bruto: number;
  descuentos: number;
  fiado: number;
}

/** The daily close's sales part read from the sales and lines of `r`, per store day and till (the reference, and a day whose summary cannot say). */
const consultaVentasDirectas = (tiendaId: number | SQL, r: Rango) => sql`
    with v as materialized (
      select v.id_venta, v.numero, v.numero_fiscal, v.rango_id, v.total, v.descuento, v.estado, v.monto_fiado, v.metodo_pago_id, ${diaEnZona(sql`v.fecha`, tiendaId)}::text as dia, ${cajaDeVenta(sql`v`)} as caja
      from venta v where v.tienda_id = ${tiendaId} and v.fecha >= ${inicioDelDiaEn(r.desde, tiendaId)} and v.fecha < ${finDelDiaEn(r.hasta, tiendaId)}
    ),
    l as (
      select f.venta_id, sum(linea_bruto(f.precio, f.cantidad, f.importe))::bigint as bruto, sum(f.descuento)::bigint as descuento
      from factura f where f.tienda_id = ${tiendaId} and f.venta_id in (select id_venta from v) group by f.venta_id
    )
    select v.dia, v.caja,
      (array_agg(coalesce(rn.prefijo || v.numero_fiscal, v.numero::text) order by v.numero))[1] as primero,
      (array_agg(coalesce(rn.prefijo || v.numero_fiscal, v.numero::text) order by v.numero desc))[1] as ultimo,
      count(*) filter (where v.estado <> 'Anulada') as ventas,
      count(*) filter (where v.estado = 'Anulada') as anuladas,
      coalesce(sum(l.bruto) filter (where v.estado <> 'Anulada'), 0) as bruto,
      coalesce(sum(coalesce(l.descuento, 0) + v.descuento) filter (where v.estado <> 'Anulada'), 0) as descuentos,
      coalesce(sum(case when v.metodo_pago_id = ${METODO.FIADO} then v.total else v.monto_fiado end) filter (where v.estado <> 'Anulada'), 0) as fiado
    from v left join l on l.venta_id = v.id_venta left join rango_numeracion rn on rn.id_rango = v.rango_id
    group by v.dia, v.caja`;

const ventaCierreDe = (x: Record<string, unknown>): VentasCierre => ({
  dia: s(x.dia),
  caja: n(x.caja),
  primero: x.primero == null ? null : s(x.primero),
  ultimo: x.ultimo == null ? null : s(x.ultimo),
  ventas: n(x.ventas),
  anuladas: n(x.anuladas),
  bruto: n(x.bruto),
  descuentos: n(x.descuentos),
  fiado: n(x.fiado),
});

async function ventasDelCierreDirectas(db: Db, tiendaId: number, r: Rango): Promise<VentasCierre[]> {
  return (await filas(db, consultaVentasDirectas(tiendaId, r))).map(ventaCierreDe);
}

/**
 * The daily close's sales part from the sales' summary (ADR 037): count, annulled, gross and discounts
 * per day and till are sums of its deltas; the first and last number are the smallest and largest store
 * number among a key's rows, checked against the sale itself — a deleted or moved sale leaves its number
 * behind, and then that day is read from the sales. Fiado given comes from the payments' summary.
 */
async function ventasDelCierreResumidas(db: Db, tiendas: number[], r: Rango): Promise<Map<number, VentasCierre[]>> {
  const porTienda = await filasPorTienda(
    db,
    tiendas,
    (tiendaId) => sql`select s.dia::text as dia, coalesce(nullif(s.punto_venta_id, 0), (select t.punto_venta_id from turno t where t.id_turno = s.turno_id), 0) as caja,
      min(s.primero) as primero, max(s.ultimo) as ultimo, sum(s.tickets) as ventas, sum(s.anuladas) as anuladas, sum(s.bruto) as bruto, sum(s.descuentos) as descuentos,
      count(*) as filas, count(distinct ${clavesDe(tablaDe(RESUMEN_VENTA_DIA), 's.', ['dia'])}) as claves
    from resumen_venta_dia s where s.tienda_id = ${tiendaId} and s.dia between ${r.desde}::date and ${r.hasta}::date
    group by 1, 2`,
  );
  for (const [tiendaId, rows] of porTienda)
    if (hayQuePlegar(rows.reduce((a, x) => a + n(x.filas), 0), rows.reduce((a, x) => a + n(x.claves), 0))) await plegarResumenes(db, tiendaId, r);
  const numeros = new Map(tiendas.map((t) => [t, [...new Set(porTienda.get(t)!.flatMap((x) => [x.primero, x.ultimo]).filter((x) => x != null).map(n))]]));
  const pares = tiendas.flatMap((t) => numeros.get(t)!.map((numero) => [t, numero] as const));
  const leidas = await filasPorTienda(
    db,
    tiendas.filter((t) => numeros.get(t)!.length),
    (tiendaId) => sql`select v.numero, coalesce(rn.prefijo || v.numero_fiscal, v.numero::text) as texto, ${diaEnZona(sql`v.fecha`, tiendaId)}::text as dia, ${cajaDeVenta(sql`v`)} as caja
          from venta v left join rango_numeracion rn on rn.id_rango = v.rango_id
          where v.tienda_id = ${tiendaId} and v.numero = any(array(
            select k.numero from unnest(${arregloInt(pares.map((x) => x[0]))}, ${arregloInt(pares.map((x) => x[1]))}) k(tienda, numero) where k.tienda = ${tiendaId}))`,
  );
  const out = new Map<number, VentasCierre[]>();
  for (const tiendaId of tiendas) {
    const ventas = new Map((leidas.get(tiendaId) ?? []).map((x) => [n(x.numero), { texto: s(x.texto), dia: s(x.dia), caja: n(x.caja) }]));
    const enSuSitio = (numero: unknown, dia: string, caja: number) => {
      const v = numero == null ? undefined : ventas.get(n(numero));
      return v && v.dia === dia && v.caja === caja ? v.texto : null;
    };
    const releer = new Set<string>();
    const resumidas: VentasCierre[] = [];
    for (const x of porTienda.get(tiendaId)!) {
      const dia = s(x.dia);
      const caja = n(x.caja);
      const primero = enSuSitio(x.primero, dia, caja);
      const ultimo = enSuSitio(x.ultimo, dia, caja);
      const hayVentas = n(x.ventas) !== 0 || n(x.anuladas) !== 0;
      if (hayVentas && (primero == null || ultimo == null)) releer.add(dia);
      else if (hayVentas) resumidas.push({ dia, caja, primero, ultimo, ventas: n(x.ventas), anuladas: n(x.anuladas), bruto: n(x.bruto), descuentos: n(x.descuentos), fiado: 0 });
    }
    const releidas = await Promise.all([...releer].map((dia) => ventasDelCierreDirectas(db, tiendaId, { desde: dia, hasta: dia })));
    // A day read again keeps its sales' figures but not their fiado: the payments' summary gives every day's.
    out.set(tiendaId, [...resumidas.filter((x) => !releer.has(x.dia)), ...releidas.flat().map((x) => ({ ...x, fiado: 0 }))]);
  }
  return out;
}

/** A row of the daily close: its sales part (fiado given under its own name) and the rest of the day at that till. */
interface FilaCierre extends Omit<VentasCierre, 'fiado'> {
  inhabilitados: number;
  devoluciones: number;
  devuelto: number;
  fiadoDado: number;
  fiadoCobrado: number;
  entradas: number;
  salidas: number;
  esperado: number | null;
  contado: number | null;
}

/**
 * The daily close (issue #35 point 4): per till and store day of `r`, the numbers its sales took (first
 * and last: the DIAN number with its prefix, else the store's own), the sales and annulments, the
 * numbers inhabilitados, gross, discounts, returns, net (gross − discounts − returns), fiado given and
 * collected, cash in and out, and what the shifts opened that day at that till expected and counted.
 * Per method and per tax rate in the other tables. A sale's till is its own, else its shift's; a
 * return's, an abono's and a cash movement's is their shift's.
 */
export async function cierreDiarioFilas(ctx: Ctx, r: Rango) {
  return (await cierresDiariosFilas(ctx, [ctx.tiendaId], r)).get(ctx.tiendaId)!;
}

type Pago = { dia: string; caja: number; metodo: number; ventas: number; monto: number; cobros: number; abonos: number; fiado: number };

/**
 * `cierreDiarioFilas` for several stores of an empresa at once (its consolidated close, issue #56 point
 * 4): each statement is every store's own (`filasPorTienda`: each store's days in its own zone), so the
 * number of statements does not grow with the stores; a store's rows are exactly its own close's.
 * `ctx`'s store is not read: its filters and sources are.
 */
export async function cierresDiariosFilas(ctx: Ctx, tiendas: number[], r: Rango) {
  const { db, f } = ctx;
  const desde = (t: SQL) => inicioDelDiaEn(r.desde, t);
  const hasta = (t: SQL) => finDelDiaEn(r.hasta, t);
  const porCaja = (expr: SQL) => (f.puntoVentaId == null ? sql`true` : sql`${expr} = ${f.puntoVentaId}`);
  const dia = (instante: SQL, t: number | SQL) => sql`(${instante} at time zone ${zonaDeTienda(t)})::date::text`;
  const porTienda = (q: (t: SQL) => SQL) => filasPorTienda(db, tiendas, q);

  // The sales part from the sales' summary (every day, ADR 037), or from the sales for `directo`.
  const { pasado, presente } = partes(ctx, r);
  const directas = presente ? await porTienda((t) => consultaVentasDirectas(t, presente)) : null;
  const resumidas = pasado ? await ventasDelCierreResumidas(db, tiendas, pasado) : null;
  const ventasDe = (t: number) =>
    [...(directas?.get(t) ?? []).map(ventaCierreDe), ...(resumidas?.get(t) ?? [])].filter((x) => f.puntoVentaId == null || x.caja === f.puntoVentaId);
  const devoluciones = await porTienda(
    (t) => sql`select * from (
      select ${dia(sql`d.fecha`, t)} as dia, coalesce((select t.punto_venta_id from turno t where t.id_turno = d.turno_id), (select ${cajaDeVenta(sql`v`)} from venta v where v.id_venta = d.venta_id), 0) as caja,
        count(*) as devoluciones, coalesce(sum(d.total), 0) as devuelto
      from devolucion d where d.tienda_id = ${t} and d.fecha >= ${desde(t)} and d.fecha < ${hasta(t)} group by 1, 2) x where ${porCaja(sql`x.caja`)}`,
  );
  const pDesde = (t: SQL) => (presente ? inicioDelDiaEn(presente.desde, t) : desde(t));
  const pHasta = (t: SQL) => (presente ? finDelDiaEn(presente.hasta, t) : hasta(t));
  const hayPresente = presente ? sql`true` : sql`false`;
  if (pasado) await plegarPagosSiHaceFalta(db, tiendas, pasado);
  const pagosPor = pasado
    ? await porTienda(
        (t) => sql`select * from (
          select s.dia::text as dia, coalesce(nullif(s.punto_venta_id, 0), (select t.punto_venta_id from turno t where t.id_turno = s.turno_id), 0) as caja, s.metodo_pago_id as metodo,
            sum(s.ventas) as ventas, sum(s.monto) as monto, sum(s.cobros) as cobros, sum(s.abonos) as abonos, sum(s.fiado) as fiado
          from resumen_pago_dia s where ${filtroDePagos(t, pasado)} group by 1, 2, 3) x where ${porCaja(sql`x.caja`)}`,
      )
    : new Map<number, Record<string, unknown>[]>();
  const pagosDe = (t: number) => (pagosPor.get(t) ?? []) as unknown as Pago[];
  const abonosDirectos = await porTienda(
    (t) => sql`select * from (
      select ${dia(sql`c.fecha`, t)} as dia, ${cajaDeTurno(sql`c.turno_id`)} as caja, coalesce(-sum(c.monto), 0) as cobrado
      from credito_movimiento c where c.tienda_id = ${t} and ${hayPresente} and c.tipo = 'abono' and c.fecha >= ${pDesde(t)} and c.fecha < ${pHasta(t)} group by 1, 2) x where ${porCaja(sql`x.caja`)}`,
  );
  const caja = await porTienda(
    (t) => sql`select * from (
      select ${dia(sql`m.fecha`, t)} as dia, ${cajaDeTurno(sql`m.turno_id`)} as caja,
        coalesce(sum(m.monto) filter (where m.tipo = 'entrada'), 0) as entradas, coalesce(sum(m.monto) filter (where m.tipo = 'salida'), 0) as salidas
      from caja_movimiento m where m.tienda_id = ${t} and m.fecha >= ${desde(t)} and m.fecha < ${hasta(t)} group by 1, 2) x where ${porCaja(sql`x.caja`)}`,
  );
  const turnosDia = await porTienda(
    (t) => sql`select * from (
      select ${dia(sql`t.abierto_en`, t)} as dia, coalesce(t.punto_venta_id, 0) as caja,
        sum((select sum(e.value::bigint) from jsonb_each_text(t.cierre -> 'esperado') e)) as esperado,
        sum((select sum(e.value::bigint) from jsonb_each_text(t.cierre -> 'contado') e)) as contado
      from turno t where t.tienda_id = ${t} and t.abierto_en >= ${desde(t)} and t.abierto_en < ${hasta(t)} group by 1, 2) x where ${porCaja(sql`x.caja`)}`,
  );
  const inhabilitados = await porTienda(
    (t) => sql`select * from (
      select ${dia(sql`i.fecha`, t)} as dia, rn.punto_venta_id as caja, count(*) as inhabilitados
      from numero_inhabilitado i join rango_numeracion rn on rn.id_rango = i.rango_id
      where i.tienda_id = ${t} and i.fecha >= ${desde(t)} and i.fecha < ${hasta(t)} group by 1, 2) x where ${porCaja(sql`x.caja`)}`,
  );
  // Every store's payments read above, each row with its store: each store's statement takes its own.
  const pagosJson = JSON.stringify(tiendas.flatMap((t) => pagosDe(t).map((x) => ({ tienda: t, ...x }))));
  const medios = await porTienda(
    (t) => sql`
    with v as materialized (
      select v.metodo_pago_id, v.total, v.monto_fiado, ${dia(sql`v.fecha`, t)} as dia, ${cajaDeVenta(sql`v`)} as caja
      from venta v where v.tienda_id = ${t} and ${hayPresente} and v.fecha >= ${pDesde(t)} and v.fecha < ${pHasta(t)} and v.estado <> 'Anulada'
    ),
    partes as (
      select dia, caja, v.metodo_pago_id as metodo, case when v.metodo_pago_id = ${METODO.FIADO} then v.total else v.total - v.monto_fiado end as monto
      from v where v.metodo_pago_id = ${METODO.FIADO} or v.total - v.monto_fiado > 0 or v.monto_fiado <= 0
      union all
      select dia, caja, ${METODO.FIADO}, v.monto_fiado from v where v.metodo_pago_id <> ${METODO.FIADO} and v.monto_fiado > 0
    ),
    pr as (
      select x.dia, x.caja, x.metodo, x.ventas, x.monto, x.cobros, x.abonos
      from json_to_recordset(${pagosJson}::json) as x(tienda integer, dia text, caja integer, metodo integer, ventas bigint, monto bigint, cobros bigint, abonos bigint)
      where x.tienda = ${t}
    ),
    pv as (
      select dia, caja, metodo, count(*) as ventas, sum(monto) as monto from partes where ${porCaja(sql`caja`)} group by 1, 2, 3
      union all select dia, caja, metodo, ventas, monto from pr where metodo <> 0 and ventas <> 0
    ),
    pa as (
      select * from (
        select ${dia(sql`c.fecha`, t)} as dia, ${cajaDeTurno(sql`c.turno_id`)} as caja, c.metodo_pago_id as metodo, sum(-c.monto) as abonos
        from credito_movimiento c where c.tienda_id = ${t} and ${hayPresente} and c.tipo = 'abono' and c.metodo_pago_id is not null and c.fecha >= ${pDesde(t)} and c.fecha < ${pHasta(t)} group by 1, 2, 3
      ) x where ${porCaja(sql`x.caja`)}
      union all select dia, caja, metodo, abonos from pr where metodo <> 0 and cobros <> 0
    ),
    pd as (
      select * from (
        -- A refund goes back the way the sale was paid (ADR 039): its credited part under Fiado, the rest under its own method.
        select dia, caja, metodo, sum(monto) as devuelto from (
          select ${dia(sql`d.fecha`, t)} as dia, coalesce((select t.punto_venta_id from turno t where t.id_turno = d.turno_id), 0) as caja, p.metodo, p.monto
          from devolucion d cross join lateral (values (d.metodo_pago_id, d.total - d.monto_fiado), (${METODO.FIADO}, d.monto_fiado)) as p(metodo, monto)
          where d.tienda_id = ${t} and d.fecha >= ${desde(t)} and d.fecha < ${hasta(t)} and p.monto <> 0
        ) y group by 1, 2, 3
      ) x where ${porCaja(sql`x.caja`)}
    ),
    k as (select dia, caja, metodo from pv union select dia, caja, metodo from pa union select dia, caja, metodo from pd)
    select k.dia, k.caja, (select m.nombre from metodo_pago m where m.id_met_pago = k.metodo) as medio,
      coalesce(pv.ventas, 0) as ventas, coalesce(pv.monto, 0) as monto, coalesce(pa.abonos, 0) as abonos, coalesce(pd.devuelto, 0) as devuelto
    from k left join pv using (dia, caja, metodo) left join pa using (dia, caja, metodo) left join pd using (dia, caja, metodo)
    order by k.dia, k.caja, k.metodo`,
  );
  // Taxes from the per-day summary (ADR 031, ADR 037), or split sale by sale for `directo` (the reference, store by store).
  const resumidosPor = pasado ? await porTienda((t) => consultaImpuestosResumidos(t, pasado.desde, pasado.hasta)) : new Map<number, Record<string, unknown>[]>();
  const orden = (x: string) => (x === '' ? IMPUESTOS.length : IMPUESTOS.indexOf(x as TImpuesto));

  const out = new Map<number, { rows: FilaCierre[]; medios: Record<string, unknown>[]; tarifas: { dia: string; caja: number; tarifa: string; base: number; impuesto: number }[] }>();
  for (const t of tiendas) {
    const ventas = ventasDe(t);
    const pagos = pagosDe(t);
    const abonos = [
      ...abonosDirectos.get(t)!,
      ...pagos
        .filter((x) => n(x.cobros) !== 0)
        .reduce((m, x) => {
          const k = `${x.dia}|${n(x.caja)}`;
          const y = m.get(k) ?? m.set(k, { dia: x.dia, caja: n(x.caja), cobrado: 0 }).get(k)!;
          y.cobrado += n(x.abonos);
          return m;
        }, new Map<string, { dia: string; caja: number; cobrado: number }>())
        .values(),
    ];
    const claves = new Map<string, FilaCierre>();
    const de = (x: { dia?: unknown; caja?: unknown }) => {
      const k = `${s(x.dia)}|${n(x.caja)}`;
      return (
        claves.get(k) ??
        claves
          .set(k, { dia: s(x.dia), caja: n(x.caja), primero: null, ultimo: null, ventas: 0, anuladas: 0, inhabilitados: 0, bruto: 0, descuentos: 0, devoluciones: 0, devuelto: 0, fiadoDado: 0, fiadoCobrado: 0, entradas: 0, salidas: 0, esperado: null, contado: null })
          .get(k)!
      );
    };
    for (const x of ventas) Object.assign(de(x), { primero: x.primero, ultimo: x.ultimo, ventas: x.ventas, anuladas: x.anuladas, bruto: x.bruto, descuentos: x.descuentos });
    // Fiado given: with the sales for `directo`; otherwise every day's from the payments' summary.
    for (const x of ventas) if (x.fiado !== 0) de(x).fiadoDado += x.fiado;
    for (const x of pagos) if (n(x.fiado) !== 0) de(x).fiadoDado += n(x.fiado);
    for (const x of devoluciones.get(t)!) Object.assign(de(x), { devoluciones: n(x.devoluciones), devuelto: n(x.devuelto) });
    for (const x of abonos) de(x).fiadoCobrado = n(x.cobrado);
    for (const x of caja.get(t)!) Object.assign(de(x), { entradas: n(x.entradas), salidas: n(x.salidas) });
    for (const x of turnosDia.get(t)!) Object.assign(de(x), { esperado: x.esperado == null ? null : n(x.esperado), contado: x.contado == null ? null : n(x.contado) });
    for (const x of inhabilitados.get(t)!) de(x).inhabilitados = n(x.inhabilitados);
    const rows = [...claves.values()].sort((a, b) => a.dia.localeCompare(b.dia) || a.caja - b.caja);

    const impuestos = presente
      ? await impuestosPorGrupo({ db, tiendaId: t, desde: presente.desde, hasta: presente.hasta, grupo: sql`${dia(sql`venta.fecha`, t)} || '|' || ${cajaDeVenta(sql`venta`)}` })
      : (new Map() as Awaited<ReturnType<typeof impuestosPorGrupo>>);
    const resumidos = pasado ? await leerImpuestosResumidos(db, t, pasado, resumidosPor.get(t)!) : [];
    const tarifas = [
      ...resumidos.filter((x) => x.lineas !== 0 && (x.impuesto !== '' || x.base > 0)).map((x) => ({ dia: x.dia, caja: x.caja, tarifa: x.impuesto, base: x.base, impuesto: x.valor })),
      ...[...impuestos].flatMap(([g, x]) => {
        const [d, c] = g.split('|');
        return [...x.tarifas.map((y) => ({ dia: d!, caja: Number(c), tarifa: y.impuesto as string, base: y.base, impuesto: y.valor })), ...(x.sinImpuesto > 0 ? [{ dia: d!, caja: Number(c), tarifa: '', base: x.sinImpuesto, impuesto: 0 }] : [])];
      }),
    ]
      .filter((x) => f.puntoVentaId == null || x.caja === f.puntoVentaId)
      .sort((a, b) => a.dia.localeCompare(b.dia) || a.caja - b.caja || orden(a.tarifa) - orden(b.tarifa));
    out.set(t, { rows, medios: medios.get(t)!, tarifas });
  }
  return out;
}

/** Each store's tills by id (0: no till), in one statement. */
async function nombresDeCajas(db: Db, tiendas: number[]): Promise<Map<number, Map<number, string>>> {
  const rows = await filas(db, sql`select tienda_id, id_punto_venta as id, nombre from punto_venta where tienda_id in (${sql.join(tiendas.map((t) => sql`${t}`), sql`, `)})`);
  const por = new Map(tiendas.map((t) => [t, new Map<number, string>([[0, R.sinCaja]])]));
  for (const x of rows) por.get(n(x.tienda_id))?.set(n(x.id), s(x.nombre));
  return por;
}

export async function cierreDiario(ctx: Ctx, r: Rango): Promise<TReporte> {
  return (await cierresDiarios(ctx, [ctx.tiendaId], r)).get(ctx.tiendaId)!;
}

/** Each store's *Cierre diario* of `r`, in a fixed number of statements (`cierresDiariosFilas`): the empresa's consolidated close. */
export async function cierresDiarios(ctx: Ctx, tiendas: number[], r: Rango): Promise<Map<number, TReporte>> {
  if (!tiendas.length) return new Map();
  const filasPor = await cierresDiariosFilas(ctx, tiendas, r);
  const cajasPor = await nombresDeCajas(ctx.db, tiendas);
  return new Map(tiendas.map((t) => [t, reporteDeCierre(ctx, r, filasPor.get(t)!, cajasPor.get(t)!)]));
}

function reporteDeCierre(ctx: Ctx, r: Rango, { rows, medios, tarifas }: Awaited<ReturnType<typeof cierreDiarioFilas>>, cajas: Map<number, string>): TReporte {
  const neto = (x: FilaCierre) => netoDe(x);
  const suma = (k: keyof FilaCierre) => rows.reduce((a, x) => a + n(x[k]), 0);
  const conConteo = rows.filter((x) => x.esperado != null && x.contado != null);
  return reporte('cierre-diario', r, {
    indicadores: [
      ind('neto', 'dinero', rows.reduce((a, x) => a + neto(x), 0)),
      ind('tickets', 'entero', suma('ventas')),
      ind('anuladas', 'entero', suma('anuladas')),
      ind('inhabilitados', 'entero', suma('inhabilitados')),
      ind('devuelto', 'dinero', suma('devuelto')),
      ind('fiadoDado', 'dinero', suma('fiadoDado')),
      ind('fiadoCobrado', 'dinero', suma('fiadoCobrado')),
      ind('diferencia', 'dinero', conConteo.reduce((a, x) => a + x.contado! - x.esperado!, 0)),
    ],
    tablas: [
      tabla(
        ctx,
        R.informes['cierre-diario'].titulo,
        [
          col('dia', C.dia, 'fecha'),
          col('caja', C.caja),
          col('primero', C.primerNumero),
          col('ultimo', C.ultimoNumero),
          col('ventas', C.ventas, 'entero'),
          col('anuladas', C.anuladas, 'entero'),
          col('inhabilitados', C.inhabilitados, 'entero'),
          col('bruto', C.bruto, 'dinero'),
          col('descuentos', C.descuentos, 'dinero'),
          col('devuelto', C.devoluciones, 'dinero'),
          col('neto', C.neto, 'dinero'),
          col('fiadoDado', C.fiadoDado, 'dinero'),
          col('fiadoCobrado', C.fiadoCobrado, 'dinero'),
          col('entradas', C.entradas, 'dinero'),
          col('salidas', C.salidas, 'dinero'),
          col('esperado', C.esperado, 'dinero'),
          col('contado', C.contado, 'dinero'),
          col('diferencia', C.diferencia, 'dinero'),
        ],
        rows.map((x) => ({
          dia: x.dia,
          caja: cajas.get(x.caja) ?? String(x.caja),
          primero: x.primero,
          ultimo: x.ultimo,
          ventas: x.ventas,
          anuladas: x.anuladas,
          inhabilitados: x.inhabilitados,
          bruto: x.bruto,
          descuentos: x.descuentos,
          devuelto: x.devuelto,
          neto: neto(x),
          fiadoDado: x.fiadoDado,
          fiadoCobrado: x.fiadoCobrado,
          entradas: x.entradas,
          salidas: x.salidas,
          esperado: x.esperado,
          contado: x.contado,
          diferencia: x.esperado == null || x.contado == null ? null : x.contado - x.esperado,
        })),
      ),
      tabla(
        ctx,
        R.tablas.cierreMedios,
        [col('dia', C.dia, 'fecha'), col('caja', C.caja), col('medio', C.medio), col('ventas', C.ventas, 'entero'), col('monto', C.montoVentas, 'dinero'), col('abonos', C.abonos, 'dinero'), col('devuelto', C.devuelto, 'dinero')],
        medios.map((x) => ({ dia: s(x.dia), caja: cajas.get(n(x.caja)) ?? String(x.caja), medio: s(x.medio), ventas: n(x.ventas), monto: n(x.monto), abonos: n(x.abonos), devuelto: n(x.devuelto) })),
      ),
      tabla(
        ctx,
        R.tablas.cierreImpuestos,
        [col('dia', C.dia, 'fecha'), col('caja', C.caja), col('tarifa', C.tarifa), col('base', C.base, 'centavos'), col('impuesto', C.impuesto, 'centavos')],
        tarifas.map((x) => ({ dia: x.dia, caja: cajas.get(x.caja) ?? String(x.caja), tarifa: x.tarifa ? nombreTarifa(x.tarifa) : R.sinImpuesto, base: x.base, impuesto: x.impuesto })),
      ),
    ],
    nota: R.notas.cierreDiario,
  });
}
