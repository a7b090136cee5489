/**
 * Tills (points of sale) and their DIAN numbering ranges (issue #30 point 5, ADR 027). The numbers
 * themselves are taken by the database trigger `venta_numerar` inside each sale's transaction (every
 * face); this module manages the tills and ranges, and says what role 1 must be warned of.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { diasEntre, type TAvisosNumeracion, type TNumeracion, type TRango, type TRangoRequest } from '#shared/schemas/numeracion';
import type { Db, Tx } from '../../db/client';
import { numeroInhabilitado, puntoVenta, rangoNumeracion, tienda, venta } from '../../db/schema';
import { esViolacionUnica } from '../../db/pg-error';
import { entreDias, hoyDeTienda } from '../tienda/zona-horaria';
import { sellarClaveTecnica } from '../dian/clave-tecnica';
import { contextoDian } from '../dian/contexto';

const N = M.numeracion;

type FilaRango = typeof rangoNumeracion.$inferSelect;

/** A range as role 1 sees it, with its state on `hoy`: 90 % used or 30 days left warn; exhausted or expired refuse. */
export function estadoRango(r: FilaRango, hoy: string): TRango {
  const total = r.hasta - r.desde + 1;
  const usados = r.siguiente - r.desde;
  const diasRestantes = diasEntre(hoy, r.fechaHasta);
  const estado: TRango['estado'] =
    hoy > r.fechaHasta ? 'vencido' : r.siguiente > r.hasta ? 'agotado' : hoy < r.fechaDesde ? 'no_vigente' : usados * 10 >= total * 9 ? 'por_agotarse' : diasRestantes <= 30 ? 'por_vencer' : 'vigente';
  return { id: r.idRango, prefijo: r.prefijo, desde: r.desde, hasta: r.hasta, resolucion: r.resolucion, fechaDesde: r.fechaDesde, fechaHasta: r.fechaHasta, siguiente: r.siguiente, usados, total, diasRestantes, estado };
}

/** The store's tills with their range in use, and the numbers recorded as inhabilitados. */
export async function numeracionDeTienda(db: Db, tiendaId: number): Promise<TNumeracion> {
  const hoy = await hoyDeTienda(db, tiendaId);
  const filas = await db
    .select({ p: puntoVenta, r: rangoNumeracion })
    .from(puntoVenta)
    .leftJoin(rangoNumeracion, and(eq(rangoNumeracion.puntoVentaId, puntoVenta.idPuntoVenta), eq(rangoNumeracion.enUso, true), eq(rangoNumeracion.tipo, 'pos')))
    .where(eq(puntoVenta.tiendaId, tiendaId))
    .orderBy(asc(puntoVenta.nombre), asc(puntoVenta.idPuntoVenta));
  // Each till's invoice range in use (issue #57): its state only, never its technical key.
  const facturas = await db
    .select()
    .from(rangoNumeracion)
    .where(and(eq(rangoNumeracion.tiendaId, tiendaId), eq(rangoNumeracion.enUso, true), inArray(rangoNumeracion.tipo, ['factura', 'soporte'])));
  const facturaDe = new Map(facturas.filter((r) => r.tipo === 'factura').map((r) => [r.puntoVentaId, estadoRango(r, hoy)]));
  // The store's DS range in use (ADR 055): its state only.
  const soporte = facturas.find((r) => r.tipo === 'soporte');
  const inhabilitados = await db
    .select({ caja: puntoVenta.nombre, prefijo: rangoNumeracion.prefijo, numero: numeroInhabilitado.numero, motivo: numeroInhabilitado.motivo, fecha: numeroInhabilitado.fecha })
    .from(numeroInhabilitado)
    .innerJoin(rangoNumeracion, eq(rangoNumeracion.idRango, numeroInhabilitado.rangoId))
    .innerJoin(puntoVenta, eq(puntoVenta.idPuntoVenta, rangoNumeracion.puntoVentaId))
    .where(eq(numeroInhabilitado.tiendaId, tiendaId))
    .orderBy(desc(numeroInhabilitado.fecha), desc(numeroInhabilitado.idNumeroInhabilitado))
    .limit(200);
  return {
    puntos: filas.map(({ p, r }) => ({ id: p.idPuntoVenta, nombre: p.nombre, ubicacion: p.ubicacion, activo: p.activo, rango: r ? estadoRango(r, hoy) : null, rangoFactura: facturaDe.get(p.idPuntoVenta) ?? null })),
    inhabilitados: inhabilitados.map((i) => ({ ...i, fecha: i.fecha.toISOString() })),
    soporte: soporte ? { ...estadoRango(soporte, hoy), puntoVentaId: soporte.puntoVentaId } : null,
  };
}

/** Role 1's warnings (Inicio and the tills' screen). */
export async function avisosNumeracion(db: Db, tiendaId: number): Promise<TAvisosNumeracion> {
  const { puntos } = await numeracionDeTienda(db, tiendaId);
  const avisos: TAvisosNumeracion['avisos'] = [];
  for (const p of puntos) {
    if (!p.activo) continue;
    const aviso = (nivel: 'aviso' | 'bloqueo', mensaje: string) => avisos.push({ puntoVentaId: p.id, nivel, mensaje });
    const r = p.rango;
    if (r) {
      if (r.estado === 'vencido') aviso('bloqueo', N.avisoVencido(p.nombre));
      else if (r.estado === 'agotado') aviso('bloqueo', N.avisoAgotado(p.nombre));
      else {
        if (r.usados * 10 >= r.total * 9) aviso('aviso', N.avisoPorAgotarse(p.nombre, r.usados, r.total));
        if (r.diasRestantes <= 30) aviso('aviso', N.avisoPorVencer(p.nombre, r.diasRestantes));
      }
    }
    // The invoice range (issue #57): the till still sells with the POS document, but issues no factura.
    const f = p.rangoFactura;
    if (f) {
      if (f.estado === 'vencido' || f.estado === 'agotado') aviso('bloqueo', N.avisoFacturaSinNumeros(p.nombre, f.estado === 'vencido'));
      else {
        if (f.usados * 10 >= f.total * 9) aviso('aviso', N.avisoFacturaPorAgotarse(p.nombre, f.usados, f.total));
        if (f.diasRestantes <= 30) aviso('aviso', N.avisoFacturaPorVencer(p.nombre, f.diasRestantes));
      }
    }
  }
  return { avisos };
}

/** The store's active tills (a cashier picks one when opening a shift). */
export async function puntosActivos(db: Db | Tx, tiendaId: number) {
  return db
    .select({ id: puntoVenta.idPuntoVenta, nombre: puntoVenta.nombre, ubicacion: puntoVenta.ubicacion })
    .from(puntoVenta)
    .where(and(eq(puntoVenta.tiendaId, tiendaId), eq(puntoVenta.activo, true)))
    .orderBy(asc(puntoVenta.nombre), asc(puntoVenta.idPuntoVenta));
}

/** Checks that `puntoVentaId` is an active till of the store (for opening a shift at it). */
export async function puntoDeTienda(db: Db | Tx, tiendaId: number, puntoVentaId: number): Promise<void> {
  const [p] = await db
    .select({ id: puntoVenta.idPuntoVenta })
    .from(puntoVenta)
    .where(and(eq(puntoVenta.idPuntoVenta, puntoVentaId), eq(puntoVenta.tiendaId, tiendaId), eq(puntoVenta.activo, true)));
  if (!p) throw new AppError('NOT_FOUND', N.cajaNoEncontrada);
}

async function conNombreUnico<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (err) {
    if (esViolacionUnica(err, 'punto_venta_tienda_nombre_uq')) throw new AppError('CONFLICT', N.nombreRepetido, { fields: { nombre: N.nombreRepetido } });
    throw err;
  }
}

export async function crearPuntoVenta(db: Db, tiendaId: number, input: { nombre: string; ubicacion: string; activo?: boolean }) {
  const [p] = await conNombreUnico(() =>
    db.insert(puntoVenta).values({ tiendaId, nombre: input.nombre, ubicacion: input.ubicacion, activo: input.activo ?? true }).returning({ id: puntoVenta.idPuntoVenta }),
  );
  return { id: p!.id, message: N.cajaCreada };
}

export async function editarPuntoVenta(db: Db, tiendaId: number, id: number, input: { nombre: string; ubicacion: string; activo?: boolean }) {
  const [p] = await conNombreUnico(() =>
    db
      .update(puntoVenta)
      .set({ nombre: input.nombre, ubicacion: input.ubicacion, ...(input.activo == null ? {} : { activo: input.activo }) })
      .where(and(eq(puntoVenta.idPuntoVenta, id), eq(puntoVenta.tiendaId, tiendaId)))
      .returning({ id: puntoVenta.idPuntoVenta }),
  );
  if (!p) throw new AppError('NOT_FOUND', N.cajaNoEncontrada);
  return { id, message: N.cajaGuardada };
}

/**
 * Registers the till's new authorised range, which replaces the one in use. Numbers are never
 * reused: a range that overlaps any range of the store with the same prefix is refused. Under the
 * till's range lock, so a sale taking a number waits or sees the new range whole.
 */
export async function registrarRango(db: Db, options: { tiendaId: number; puntoVentaId: number; usuarioId: number | null; rango: TRangoRequest & { prefijo: string } }) {
  const { tiendaId, puntoVentaId, usuarioId, rango } = options;
  return db.transaction(async (tx) => {
    const [p] = await tx
      .select({ id: puntoVenta.idPuntoVenta })
      .from(puntoVenta)
      .where(and(eq(puntoVenta.idPuntoVenta, puntoVentaId), eq(puntoVenta.tiendaId, tiendaId)))
      .for('update');
    if (!p) throw new AppError('NOT_FOUND', N.cajaNoEncontrada);
    // One store's ranges are registered one at a time (the overlap check below must see them all).
    const [{ empresaId } = { empresaId: null }] = await tx.select({ empresaId: tienda.empresaId }).from(tienda).where(eq(tienda.idTienda, tiendaId)).for('update');
    // The empresa's stores are establishments of one taxpayer (ADR 059): a prefix's numbers are the NIT's,
    // so a branch may not authorise numbers a sibling store's till already has. Its ranges are registered
    // one at a time across the empresa (its row held, as a transfer's number is).
    if (empresaId != null) await tx.execute(sql`select 1 from empresa where id_empresa = ${empresaId} for no key update`);
    const tipo = rango.tipo ?? 'pos';
    const [choque] = await tx
      .select({ tiendaId: rangoNumeracion.tiendaId, nombre: tienda.nombreTienda })
      .from(rangoNumeracion)
      .innerJoin(tienda, eq(tienda.idTienda, rangoNumeracion.tiendaId))
      .where(
        and(
          empresaId != null ? eq(tienda.empresaId, empresaId) : eq(rangoNumeracion.tiendaId, tiendaId),
          eq(rangoNumeracion.prefijo, rango.prefijo),
          sql`${rangoNumeracion.desde} <= ${rango.hasta} and ${rangoNumeracion.hasta} >= ${rango.desde}`,
        ),
      )
      .orderBy(sql`${rangoNumeracion.tiendaId} <> ${tiendaId}`)
      .limit(1);
    if (choque) {
      const texto = choque.tiendaId === tiendaId ? N.rangoSeSolapa(rango.prefijo) : N.rangoSeSolapaEnOtraTienda(rango.prefijo, choque.nombre);
      throw new AppError('CONFLICT', texto, { fields: { desde: texto } });
    }
    await tx
      .update(rangoNumeracion)
      .set({ enUso: false })
      // A DS range is the store's one (ADR 055): a new one replaces it whatever till it was registered at.
      .where(and(tipo === 'soporte' ? eq(rangoNumeracion.tiendaId, tiendaId) : eq(rangoNumeracion.puntoVentaId, puntoVentaId), eq(rangoNumeracion.enUso, true), eq(rangoNumeracion.tipo, tipo)));
    const [r] = await tx
      .insert(rangoNumeracion)
      .values({
        tiendaId,
        puntoVentaId,
        prefijo: rango.prefijo,
        desde: rango.desde,
        hasta: rango.hasta,
        resolucion: rango.resolucion,
        fechaDesde: rango.fechaDesde,
        fechaHasta: rango.fechaHasta,
        siguiente: rango.desde,
        creadoPor: usuarioId,
        tipo,
        // The invoice range's technical key, sealed (issue #57): never stored nor answered in clear.
        claveTecnica: tipo !== 'pos' ? sellarClaveTecnica(rango.claveTecnica!, contextoDian().llave(), tiendaId, rango.prefijo, rango.desde) : null,
      })
      .returning({ id: rangoNumeracion.idRango });
    return { id: r!.id, message: tipo === 'factura' ? N.rangoFacturaGuardado : tipo === 'soporte' ? N.rangoSoporteGuardado : N.rangoGuardado };
  });
}

/** The DIAN numbers used per prefix: first, last, and the numbers recorded as inhabilitados. */
export type NumeracionUsada = { prefijo: string; desde: number; hasta: number; inhabilitados: { numero: number; motivo: string }[] }[];

/**
 * The numbers the sales matching `ventas` (a condition on `venta`) took, per prefix, with the
 * inhabilitados `inhabilitados` selects (a condition on `numero_inhabilitado` as `n`, joined to its sale if any).
 */
async function numeracionDe(db: Db | Tx, ventas: SQL, inhabilitados: SQL): Promise<NumeracionUsada> {
  const rangos = (await db.execute(sql`
    select r.prefijo, min(${venta.numeroFiscal})::int as desde, max(${venta.numeroFiscal})::int as hasta
    from ${venta} join rango_numeracion r on r.id_rango = ${venta.rangoId}
    where ${ventas} group by r.prefijo order by r.prefijo`)) as unknown as { rows: { prefijo: string; desde: number; hasta: number }[] };
  const sueltos = (await db.execute(sql`
    select r.prefijo, n.numero, n.motivo
    from numero_inhabilitado n left join ${venta} on ${venta.idVenta} = n.venta_id join rango_numeracion r on r.id_rango = n.rango_id
    where ${inhabilitados} order by r.prefijo, n.numero`)) as unknown as { rows: { prefijo: string; numero: number; motivo: string }[] };
  return porPrefijoDe(rangos.rows, sueltos.rows);
}

/** The numbers per prefix (first, last) and the inhabilitados, one list sorted by prefix. */
function porPrefijoDe(rangos: { prefijo: string; desde: number; hasta: number }[], sueltos: { prefijo: string; numero: number; motivo: string }[]): NumeracionUsada {
  const porPrefijo = new Map(rangos.map((r) => [r.prefijo, { prefijo: r.prefijo, desde: Number(r.desde), hasta: Number(r.hasta), inhabilitados: [] as { numero: number; motivo: string }[] }]));
  for (const i of sueltos) {
    const numero = Number(i.numero);
    // A prefix whose only numbers of the period were inhabilitados still shows them.
    const p = porPrefijo.get(i.prefijo) ?? porPrefijo.set(i.prefijo, { prefijo: i.prefijo, desde: numero, hasta: numero, inhabilitados: [] }).get(i.prefijo)!;
    p.inhabilitados.push({ numero, motivo: i.motivo });
  }
  return [...porPrefijo.values()].sort((a, b) => a.prefijo.localeCompare(b.prefijo));
}

/**
 * The DIAN numbers a shift's sales took, per prefix: first, last and those of its sales recorded as
 * inhabilitados (issue #30 point 7, the Z report). Read live: a sale's number never changes.
 */
export const numeracionDelTurno = (db: Db | Tx, turnoId: number) => numeracionDe(db, sql`${venta.turnoId} = ${turnoId}`, sql`${venta.turnoId} = ${turnoId}`);

/**
 * The same for the store's sales of a period of its days (inclusive), with every number inhabilitado
 * in it, a deleted sale's too: the monthly tax report's (issue #30 point 7).
 */
export const numeracionDelPeriodo = (db: Db | Tx, tiendaId: number, desde: string, hasta: string) =>
  numeracionDe(
    db,
    and(eq(venta.tiendaId, tiendaId), ...entreDias(venta.fecha, tiendaId, desde, hasta))!,
    and(sql`n.tienda_id = ${tiendaId}`, ...entreDias(sql`n.fecha`, tiendaId, desde, hasta))!,
  );

/**
 * The same for several stores at once (an empresa's consolidated tax report, issue #56 point 5), each
 * over its own days in its own zone: two statements for all of them, per store and prefix. Each
 * store's tills keep their own ranges and prefixes (ADR 027, ADR 059), so a prefix is read per store.
 */
export async function numeracionDeTiendas(db: Db | Tx, tiendas: number[], desde: string, hasta: string): Promise<Map<number, NumeracionUsada>> {
  const ids = sql.join(tiendas.map((t) => sql`${t}`), sql`, `);
  const dias = (c: SQL) => sql`${c} >= (${desde}::date::timestamp at time zone t.zona_horaria) and ${c} < ((${hasta}::date + 1)::timestamp at time zone t.zona_horaria)`;
  const rangos = (await db.execute(sql`
    select t.id_tienda as tienda, r.prefijo, min(v.numero_fiscal)::int as desde, max(v.numero_fiscal)::int as hasta
    from tienda t join venta v on v.tienda_id = t.id_tienda join rango_numeracion r on r.id_rango = v.rango_id
    where t.id_tienda in (${ids}) and ${dias(sql`v.fecha`)} group by 1, 2`)) as unknown as { rows: { tienda: number; prefijo: string; desde: number; hasta: number }[] };
  const sueltos = (await db.execute(sql`
    select t.id_tienda as tienda, r.prefijo, n.numero, n.motivo
    from tienda t join numero_inhabilitado n on n.tienda_id = t.id_tienda join rango_numeracion r on r.id_rango = n.rango_id
    where t.id_tienda in (${ids}) and ${dias(sql`n.fecha`)} order by r.prefijo, n.numero`)) as unknown as { rows: { tienda: number; prefijo: string; numero: number; motivo: string }[] };
  return new Map(tiendas.map((id) => [id, porPrefijoDe(rangos.rows.filter((x) => Number(x.tienda) === id), sueltos.rows.filter((x) => Number(x.tienda) === id))]));
}
