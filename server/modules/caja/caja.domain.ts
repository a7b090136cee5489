import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { METODO, ROL } from '#shared/roles';
import type { Db, Tx } from '../../db/client';
import { registrarPor, type Autor } from '../actividad/actividad.domain';
import { denegado, puede, registrarRechazo } from '../tienda/permisos';
import { verificarAutorizacion } from '../tienda/autorizacion';
import type { TAutorizacionPin } from '#shared/schemas/venta';
import type {
  TDenominaciones,
  TMovimientoCaja,
  TMovimientoCajaRequest,
  TReporteTurno,
  TTurno,
  TTurnoActual,
  TTurnosPage,
  ZCerrarTurnoRequest,
  ZTurnosQuery,
} from '#shared/schemas/caja';
import { cajaMovimiento, metodoPago, tienda, turno, usuario, venta } from '../../db/schema';
import { impuestosDelTurno } from '../impuestos/impuestos.domain';
import { numeracionDelTurno, puntoDeTienda, puntosActivos } from '../numeracion/numeracion.domain';
import type { TotalTarifa } from '#shared/impuestos';
import { esViolacionUnica } from '../../db/pg-error';
import { formatPesos } from '#shared/money';
import { caracteresVisibles } from '#shared/schemas/common';
import { entreDias } from '../tienda/zona-horaria';
import { calcularResumen, esperados, type Resumen } from './caja.resumen';

/** The owner's consolidated view (reportes/empresa.ts) reads the open tills' cash through the caja's front door. */
export { efectivosEsperados } from './caja.resumen';

/**
 * The cash register's rules (issue #18) have one owner: this module. A shift (turno) belongs to one
 * cashier of one store (the store account is cashier "0"); at most one is open per cashier.
 */

/** The cashier's open shift, if any (no lock). */
export async function turnoAbierto(db: Db | Tx, tiendaId: number, usuarioId: number | null): Promise<number | null> {
  const [row] = await db
    .select({ id: turno.idTurno })
    .from(turno)
    .where(and(eq(turno.tiendaId, tiendaId), sql`coalesce(${turno.usuarioId}, 0) = ${usuarioId ?? 0}`, isNull(turno.cerradoEn)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The shift an abono or a cash movement made now belongs to, locked FOR SHARE until the caller's transaction
 * ends: closing the shift takes the row FOR UPDATE, so nothing lands in a shift that closed
 * under it. No open shift: the till must open one first.
 */
export async function turnoParaVender(tx: Tx, tiendaId: number, usuarioId: number | null): Promise<number> {
  const id = await turnoAbiertoCompartido(tx, tiendaId, usuarioId);
  if (id == null) throw new AppError('BUSINESS_RULE', M.ventas.turnoRequerido, { title: M.ventas.turnoRequeridoTitle });
  return id;
}

/** The person's open shift in the store, locked FOR SHARE until the caller's transaction ends; null without one. */
async function turnoAbiertoCompartido(tx: Tx, tiendaId: number, usuarioId: number | null): Promise<number | null> {
  const [row] = await tx
    .select({ id: turno.idTurno })
    .from(turno)
    .where(and(eq(turno.tiendaId, tiendaId), sql`coalesce(${turno.usuarioId}, 0) = ${usuarioId ?? 0}`, isNull(turno.cerradoEn)))
    .limit(1)
    .for('share');
  return row?.id ?? null;
}

const turnoColumns = {
  id: turno.idTurno,
  abiertoEn: turno.abiertoEn,
  cerradoEn: turno.cerradoEn,
  fondoInicial: turno.fondoInicial,
  usuarioId: turno.usuarioId,
  cajeroNombre: usuario.nombre1,
  cajeroApellido: usuario.apellido1,
};

function aTurno(row: { id: number; abiertoEn: Date; cerradoEn: Date | null; fondoInicial: number; cajeroNombre: string | null; cajeroApellido: string | null }, tienda: string): TTurno {
  return {
    id: row.id,
    abiertoEn: row.abiertoEn.toISOString(),
    cerradoEn: row.cerradoEn?.toISOString() ?? null,
    fondoInicial: row.fondoInicial,
    cajero: row.cajeroNombre ? `${row.cajeroNombre} ${row.cajeroApellido ?? ''}`.trim() : tienda,
  };
}

/** The session's open shift, or null. */
export async function turnoActual(options: { db: Db; tiendaId: number; usuarioId: number | null }): Promise<TTurnoActual> {
  const { db, tiendaId, usuarioId } = options;
  const exigirCaja = await exigeCaja(db, tiendaId);
  const [row] = await db
    .select({ ...turnoColumns, tienda: tienda.nombreTienda })
    .from(turno)
    .innerJoin(tienda, eq(tienda.idTienda, turno.tiendaId))
    .leftJoin(usuario, eq(usuario.idUsuario, turno.usuarioId))
    .where(and(eq(turno.tiendaId, tiendaId), sql`coalesce(${turno.usuarioId}, 0) = ${usuarioId ?? 0}`, isNull(turno.cerradoEn)))
    .limit(1);
  return { turno: row ? aTurno(row, row.tienda) : null, exigirCaja };
}

/** "Exigir caja abierta para vender" (issue #27), on unless the store turned it off. */
export async function exigeCaja(db: Db | Tx, tiendaId: number): Promise<boolean> {
  const [t] = await db.select({ exigir: tienda.exigirCaja }).from(tienda).where(eq(tienda.idTienda, tiendaId)).limit(1);
  return t?.exigir ?? true;
}

/**
 * The shift a sale recorded now belongs to, on every face that writes a sale row itself (the old
 * client's step 1, the back-office form), as `venta_registrar` decides it for the till: the seller's
 * open shift, locked FOR SHARE until the caller's transaction ends (a close waits, or this finds it
 * closed). None: refused when the store requires a shift (issue #27); otherwise the sale has none.
 */
export async function turnoDelVendedor(tx: Tx, tiendaId: number, usuarioId: number | null): Promise<number | null> {
  const id = await turnoAbiertoCompartido(tx, tiendaId, usuarioId);
  if (id != null) return id;
  if (!(await exigeCaja(tx, tiendaId))) return null;
  throw new AppError('BUSINESS_RULE', M.ventas.turnoRequerido, { title: M.ventas.turnoRequeridoTitle });
}

/**
 * Opens the cashier's shift with the cash in the drawer. One open shift per cashier: the partial
 * unique index `turno_abierto_uq` decides between two tries racing, the second is refused.
 */
export async function abrirTurno(options: { db: Db; tiendaId: number; usuarioId: number | null; fondoInicial: number; puntoVentaId?: number }): Promise<TTurno> {
  const { db, tiendaId, usuarioId, fondoInicial } = options;
  if (await turnoAbierto(db, tiendaId, usuarioId)) throw new AppError('CONFLICT', M.caja.turnoYaAbierto);
  // The till it opens at (issue #30 point 5): the one named, else the store's only active till; its
  // sales take that till's DIAN numbers (ADR 027).
  let puntoVentaId: number | null = options.puntoVentaId ?? null;
  if (puntoVentaId != null) await puntoDeTienda(db, tiendaId, puntoVentaId);
  else {
    const puntos = await puntosActivos(db, tiendaId);
    if (puntos.length === 1) puntoVentaId = puntos[0]!.id;
  }
  try {
    await db.insert(turno).values({ tiendaId, usuarioId, fondoInicial, puntoVentaId });
  } catch (err) {
    if (esViolacionUnica(err, 'turno_abierto_uq')) throw new AppError('CONFLICT', M.caja.turnoYaAbierto);
    throw err;
  }
  return (await turnoActual({ db, tiendaId, usuarioId })).turno!;
}

// ---------------------------------------------------------------------------------------------
// Cash in/out, the close, the Z report, the history and transfer checks.

/** Who is acting: the session's store, cashier (null: the store account) and role. */
export interface Cajero {
  tiendaId: number;
  usuarioId: number | null;
  rol: number;
}

/** The caja's author in the activity log: its routes are the store API's. */
const autorCaja = (a: Cajero): Autor => ({ usuarioId: a.usuarioId, rol: a.rol, cara: 'tienda' });

/** Roles 1 and 3 see expected amounts before closing and may close another cashier's shift. */
const esSupervisor = (rol: number) => rol === ROL.ADMIN || rol === ROL.ENCARGADO;
const esSuyo = (row: { usuarioId: number | null }, actor: Cajero) => (row.usuarioId ?? 0) === (actor.usuarioId ?? 0);

/** What a close freezes in `turno.cierre`: the shift's summary, the expected and counted amounts. */
interface Cierre {
  resumen: Resumen;
  /** Base and tax per rate of the shift's sales, frozen with the rest at the close (issue #30); absent in closes made before it. */
  impuestos?: TotalTarifa[];
  esperado: Record<string, number>;
  contado: Record<string, number>;
  denominaciones: TDenominaciones | null;
  cerradoPorNombre: string;
}

const n = (v: unknown) => Number(v ?? 0);

const turnoFila = {
  id: turno.idTurno,
  tiendaId: turno.tiendaId,
  usuarioId: turno.usuarioId,
  abiertoEn: turno.abiertoEn,
  cerradoEn: turno.cerradoEn,
  fondoInicial: turno.fondoInicial,
  cierre: turno.cierre,
  nota: turno.nota,
  cajeroNombre: usuario.nombre1,
  cajeroApellido: usuario.apellido1,
  tienda: tienda.nombreTienda,
};

/** A shift of the store the actor may see: another store's is 404, another cashier's 403 for role 2. */
async function turnoVisible(db: Db | Tx, id: number, actor: Cajero) {
  const [row] = await db
    .select(turnoFila)
    .from(turno)
    .innerJoin(tienda, eq(tienda.idTienda, turno.tiendaId))
    .leftJoin(usuario, eq(usuario.idUsuario, turno.usuarioId))
    .where(and(eq(turno.idTurno, id), eq(turno.tiendaId, actor.tiendaId)));
  if (!row) throw new AppError('NOT_FOUND', M.caja.turnoNoEncontrado);
  if (!esSupervisor(actor.rol) && !esSuyo(row, actor)) throw new AppError('FORBIDDEN', M.caja.soloSuTurno);
  return row;
}

/** The Z report of a shift (open: as it stands now; closed: as it was frozen at the close). */
export async function reporteTurno(options: { db: Db; id: number; actor: Cajero }): Promise<TReporteTurno> {
  const { db, id, actor } = options;
  const row = await turnoVisible(db, id, actor);
  const cierre = row.cierre as Cierre | null;
  const resumen = cierre?.resumen ?? (await calcularResumen(db, id));
  const cerrado = row.cerradoEn != null;
  const verEsperado = cerrado || esSupervisor(actor.rol);
  const esperado = cierre?.esperado ?? esperados(resumen, row.fondoInicial);
  const contado = cierre?.contado ?? null;
  const ids = new Set<number>([...resumen.porMetodo.map((m) => m.metodoPagoId), ...Object.keys(contado ?? {}).map(Number)]);
  const porId = new Map(resumen.porMetodo.map((m) => [m.metodoPagoId, m]));
  const nombres = new Map((await db.select({ id: metodoPago.idMetPago, nombre: metodoPago.nombre }).from(metodoPago)).map((m) => [m.id, m.nombre]));
  const lineas = [...ids]
    .sort((a, b) => (a === METODO.EFECTIVO ? -1 : b === METODO.EFECTIVO ? 1 : a - b))
    .map((metodoPagoId) => {
      const m = porId.get(metodoPagoId);
      const e = esperado[metodoPagoId] ?? 0;
      const c = contado ? (contado[metodoPagoId] ?? 0) : null;
      return {
        metodoPagoId,
        metodo: m?.metodo ?? nombres.get(metodoPagoId) ?? `Método ${metodoPagoId}`,
        ventas: verEsperado ? (m?.ventas ?? 0) : 0,
        abonos: verEsperado ? (m?.abonos ?? 0) : 0,
        devoluciones: verEsperado ? (m?.devoluciones ?? 0) : 0,
        esperado: verEsperado ? e : null,
        contado: c,
        diferencia: verEsperado && c != null ? c - e : null,
      };
    });
  const totalEsperado = verEsperado ? lineas.reduce((s, l) => s + (l.esperado ?? 0), 0) : null;
  const totalContado = contado ? lineas.reduce((s, l) => s + (l.contado ?? 0), 0) : null;
  const efe = porId.get(METODO.EFECTIVO);
  const movimientos = await db
    .select({ id: cajaMovimiento.idCajaMovimiento, fecha: cajaMovimiento.fecha, tipo: cajaMovimiento.tipo, monto: cajaMovimiento.monto, motivo: cajaMovimiento.motivo })
    .from(cajaMovimiento)
    .where(and(eq(cajaMovimiento.turnoId, id), eq(cajaMovimiento.tiendaId, actor.tiendaId)))
    .orderBy(asc(cajaMovimiento.fecha), asc(cajaMovimiento.idCajaMovimiento));
  const pendientes = await db
    .select({ ventaId: venta.idVenta, numero: venta.numero, fecha: venta.fecha, metodo: metodoPago.nombre, referencia: venta.referencia, total: venta.total, fiado: venta.montoFiado })
    .from(venta)
    .innerJoin(metodoPago, eq(metodoPago.idMetPago, venta.metodoPagoId))
    .where(
      and(
        eq(venta.turnoId, id),
        eq(venta.tiendaId, actor.tiendaId),
        sql`${venta.estado} <> 'Anulada'`,
        sql`${venta.metodoPagoId} not in (${METODO.EFECTIVO}, ${METODO.FIADO})`,
        eq(venta.verificado, false),
        sql`${venta.total} > ${venta.montoFiado}`,
      ),
    )
    .orderBy(asc(venta.idVenta))
    .limit(500);
  const cajero = row.cajeroNombre ? `${row.cajeroNombre} ${row.cajeroApellido ?? ''}`.trim() : row.tienda;
  return {
    turno: {
      id: row.id,
      abiertoEn: row.abiertoEn.toISOString(),
      cerradoEn: row.cerradoEn?.toISOString() ?? null,
      fondoInicial: row.fondoInicial,
      cajero,
      usuarioId: row.usuarioId,
      cerradoPor: cierre?.cerradoPorNombre ?? null,
      nota: row.nota,
    },
    tienda: row.tienda,
    verEsperado,
    puedeCerrar: !cerrado && (esSupervisor(actor.rol) || esSuyo(row, actor)),
    lineas,
    efectivo: {
      fondoInicial: row.fondoInicial,
      ventas: verEsperado ? (efe?.ventas ?? 0) : 0,
      abonos: verEsperado ? (efe?.abonos ?? 0) : 0,
      devoluciones: verEsperado ? (efe?.devoluciones ?? 0) : 0,
      entradas: resumen.entradas,
      salidas: resumen.salidas,
    },
    fiado: resumen.fiado,
    anuladas: resumen.anuladas,
    numeroVentas: resumen.numeroVentas,
    primeraVenta: resumen.primeraVenta,
    ultimaVenta: resumen.ultimaVenta,
    numeracionDian: await numeracionDelTurno(db, row.id),
    // Figures of the shift: as the other expected amounts, a cashier sees them once the shift is closed.
    impuestos: verEsperado ? (cierre?.impuestos ?? (await impuestosDelTurno(db, actor.tiendaId, row.id))) : [],
    totalEsperado,
    totalContado,
    totalDiferencia: totalEsperado != null && totalContado != null ? totalContado - totalEsperado : null,
    denominaciones: cierre?.denominaciones ?? null,
    movimientos: movimientos.map((m) => ({ ...m, fecha: m.fecha.toISOString(), tipo: m.tipo as 'entrada' | 'salida' })),
    referenciasPendientes: pendientes.map((p) => ({ ventaId: p.ventaId, numero: p.numero, fecha: p.fecha.toISOString(), metodo: p.metodo, referencia: p.referencia, monto: p.total - p.fiado })),
  };
}

/**
 * The caller's open shift, taken FOR SHARE as a sale takes it, and the cash its drawer should hold
 * now: what a return's cash refund may take out (issue #32). Null when the caller has no open shift.
 */
export async function efectivoDelTurno(tx: Tx, tiendaId: number, usuarioId: number | null): Promise<{ turnoId: number; disponible: number } | null> {
  const [row] = await tx
    .select({ id: turno.idTurno, fondoInicial: turno.fondoInicial })
    .from(turno)
    .where(and(eq(turno.tiendaId, tiendaId), sql`coalesce(${turno.usuarioId}, 0) = ${usuarioId ?? 0}`, isNull(turno.cerradoEn)))
    .limit(1)
    .for('share');
  if (!row) return null;
  return { turnoId: row.id, disponible: esperados(await calcularResumen(tx, row.id), row.fondoInicial)[METODO.EFECTIVO] ?? 0 };
}

/**
 * The caller's open shift, taken FOR SHARE as a sale takes it, after every check a movement must
 * pass: an open shift, and no more cash out than the drawer should hold (issue #27). Two exits racing
 * each see the other once it commits: the drawer's row is the shift's, taken FOR SHARE by both, so the
 * check is per statement, not a lock — a supervisor's count at the close still shows any difference.
 */
async function comprobarMovimiento(tx: Tx, actor: Cajero, body: { tipo: 'entrada' | 'salida'; monto: number }): Promise<number> {
  // FOR SHARE, as a sale: a close running now waits, or this waits for it and finds no open shift.
  const [row] = await tx
    .select({ id: turno.idTurno, fondoInicial: turno.fondoInicial })
    .from(turno)
    .where(and(eq(turno.tiendaId, actor.tiendaId), sql`coalesce(${turno.usuarioId}, 0) = ${actor.usuarioId ?? 0}`, isNull(turno.cerradoEn)))
    .limit(1)
    .for('share');
  if (!row) throw new AppError('BUSINESS_RULE', M.caja.sinTurnoAbierto, { title: M.caja.turnoCerradoTitulo });
  if (body.tipo === 'salida') {
    // The float, cash sales and abonos, entries less earlier exits and cash refunds.
    const disponible = esperados(await calcularResumen(tx, row.id), row.fondoInicial)[METODO.EFECTIVO] ?? 0;
    if (body.monto > disponible) throw new AppError('BUSINESS_RULE', M.caja.salidaMayorQueEfectivo(formatPesos(Math.max(0, disponible))), { title: M.caja.salidaMayorTitulo });
  }
  return row.id;
}

/**
 * The store's threshold when this movement needs a supervisor's PIN (issue #27): its amount is above
 * the owner's `umbral_caja` (*Permisos*) and the actor's role lacks `cajaSobreUmbral`. Null: no PIN.
 */
async function umbralQueExige(db: Db, actor: Cajero, monto: number): Promise<number | null> {
  const [t] = await db.select({ umbral: tienda.umbralCaja }).from(tienda).where(eq(tienda.idTienda, actor.tiendaId)).limit(1);
  const umbral = t?.umbral ?? null;
  if (umbral == null || monto <= umbral) return null;
  return (await puede(db, actor.tiendaId, autorCaja(actor), 'cajaSobreUmbral')) ? null : umbral;
}

/**
 * A supervisor's PIN for a movement above the threshold, through the till's check (autorizacion.ts:
 * the same supervisors, the same limits, one 403 for every wrong PIN). Each refusal — no PIN, a wrong
 * one, a cashier past their tries — is recorded in the activity log as an attempt. Answers who authorised.
 */
async function autorizarSobreUmbral(db: Db, actor: Cajero, body: { tipo: 'entrada' | 'salida'; monto: number; autorizacion?: TAutorizacionPin }, motivo: string, umbral: number) {
  const autor = autorCaja(actor);
  const intento = { nombre: M.caja.intentoMovimiento(body.tipo, formatPesos(body.monto), motivo) };
  // The store account is role 1 and never gets here: a PIN is always some employee's request.
  if (!body.autorizacion || actor.usuarioId == null)
    throw await registrarRechazo(db, denegado(actor.tiendaId, autor, 'cajaSobreUmbral', intento, M.permisos.denegado.cajaSobreUmbral(formatPesos(umbral))));
  try {
    return await verificarAutorizacion({ db, tiendaId: actor.tiendaId, cajeroId: actor.usuarioId, autorizacion: body.autorizacion, incorrecto: M.caja.pinIncorrecto, bloqueado: M.caja.pinBloqueado });
  } catch (err) {
    if (err instanceof AppError && (err.code === 'FORBIDDEN' || err.code === 'RATE_LIMITED'))
      await registrarPor(db, actor.tiendaId, autor, { tipo: 'rechazo', detalle: { accion: 'cajaSobreUmbral', mensaje: err.message, ...intento } });
    throw err;
  }
}

/**
 * Cash put into or taken out of the caller's open shift, with its reason: the one way a cash movement
 * is written (only the store API records them; the back-office and the legacy API have none). Above
 * the store's threshold, a role without `cajaSobreUmbral` needs a supervisor's PIN, checked only once
 * the movement was found valid (a transaction that writes nothing), so no answer depends on the PIN
 * unless everything else is right; the hash runs outside any transaction (the embedded database has
 * one connection). The activity log's entry names the supervisor who authorised it.
 */
export async function registrarMovimiento(options: { db: Db; actor: Cajero; body: TMovimientoCajaRequest }): Promise<TMovimientoCaja> {
  const { db, actor, body } = options;
  const motivo = body.motivo.trim();
  // The shared rule (the route's schema checks it too): zero-width and control characters say nothing.
  if (caracteresVisibles(motivo) < 3) throw new AppError('VALIDATION', M.caja.motivoRequerido, { fields: { motivo: M.caja.motivoRequerido } });
  const umbral = await umbralQueExige(db, actor, body.monto);
  let autorizadoPor: { id: number; nombre: string } | null = null;
  if (umbral != null) {
    await db.transaction((tx) => comprobarMovimiento(tx, actor, body));
    autorizadoPor = await autorizarSobreUmbral(db, actor, body, motivo, umbral);
  }
  return db.transaction(async (tx) => {
    const turnoId = await comprobarMovimiento(tx, actor, body);
    const [m] = await tx
      .insert(cajaMovimiento)
      .values({ tiendaId: actor.tiendaId, turnoId, usuarioId: actor.usuarioId, tipo: body.tipo, monto: body.monto, motivo })
      .returning();
    // Every cash movement is in the activity log (issue #27 point 6), with its authoriser above the threshold.
    await registrarPor(tx, actor.tiendaId, autorCaja(actor), {
      tipo: 'caja_movimiento',
      detalle: { turnoId, tipo: body.tipo, monto: body.monto, motivo, ...(autorizadoPor ? { autorizadoPorId: autorizadoPor.id, autorizadoPor: autorizadoPor.nombre } : {}) },
    });
    return { id: m!.idCajaMovimiento, fecha: m!.fecha.toISOString(), tipo: m!.tipo as 'entrada' | 'salida', monto: m!.monto, motivo: m!.motivo };
  });
}

/**
 * Closes a shift once: the row is taken FOR UPDATE (a sale holds it FOR KEY SHARE in venta_registrar,
 * migration 0013; abonos and cash movements FOR SHARE), so a sale running now
 * finishes first and one arriving later finds it closed), what landed in it is summed and frozen
 * with the count. Its cashier closes it; roles 1 and 3 may close any of the store's.
 */
export async function cerrarTurno(options: { db: Db; id: number; actor: Cajero; body: z.output<typeof ZCerrarTurnoRequest> }): Promise<TReporteTurno> {
  const { db, id, actor, body } = options;
  const contado: Record<string, number> = { [METODO.EFECTIVO]: body.efectivo };
  for (const o of body.otros) {
    // Cash is `efectivo`; credit and points (ADR 054) are not money to count; each method once.
    if (o.metodoPagoId === METODO.FIADO || o.metodoPagoId === METODO.PUNTOS || String(o.metodoPagoId) in contado) throw new AppError('VALIDATION', M.caja.metodoInvalido);
    contado[o.metodoPagoId] = o.monto;
  }
  const validos = new Set((await db.select({ id: metodoPago.idMetPago }).from(metodoPago)).map((m) => m.id));
  if (body.otros.some((o) => !validos.has(o.metodoPagoId))) throw new AppError('VALIDATION', M.caja.metodoInvalido);

  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: turno.idTurno, usuarioId: turno.usuarioId, cerradoEn: turno.cerradoEn, fondoInicial: turno.fondoInicial })
      .from(turno)
      .where(and(eq(turno.idTurno, id), eq(turno.tiendaId, actor.tiendaId)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', M.caja.turnoNoEncontrado);
    if (!esSupervisor(actor.rol) && !esSuyo(row, actor)) throw new AppError('FORBIDDEN', M.caja.soloSuTurno);
    if (row.cerradoEn) throw new AppError('CONFLICT', M.caja.turnoCerrado, { title: M.caja.turnoCerradoTitulo });
    const resumen = await calcularResumen(tx, id);
    const [quien] = actor.usuarioId
      ? await tx.select({ nombre: sql<string>`trim(${usuario.nombre1} || ' ' || coalesce(${usuario.apellido1}, ''))` }).from(usuario).where(eq(usuario.idUsuario, actor.usuarioId))
      : await tx.select({ nombre: tienda.nombreTienda }).from(tienda).where(eq(tienda.idTienda, actor.tiendaId));
    const porMetodo = esperados(resumen, row.fondoInicial);
    const cierre: Cierre = {
      resumen,
      impuestos: await impuestosDelTurno(tx, actor.tiendaId, id),
      esperado: porMetodo,
      // Points spent (ADR 054) are no money in the drawer: the close has what the ledger spent.
      contado: porMetodo[METODO.PUNTOS] ? { ...contado, [METODO.PUNTOS]: porMetodo[METODO.PUNTOS]! } : contado,
      denominaciones: body.denominaciones ?? null,
      cerradoPorNombre: quien?.nombre ?? '',
    };
    await tx
      .update(turno)
      .set({ cerradoEn: sql`now()`, cierre, cerradoPor: actor.usuarioId, nota: body.nota || null })
      .where(eq(turno.idTurno, id));
    // The close is in the activity log with its cash figures (issue #27 point 6).
    const esperado = cierre.esperado[METODO.EFECTIVO] ?? 0;
    const contadoEfectivo = contado[METODO.EFECTIVO] ?? 0;
    await registrarPor(tx, actor.tiendaId, autorCaja(actor), { tipo: 'cierre_turno', detalle: { turnoId: id, esperado, contado: contadoEfectivo, diferencia: contadoEfectivo - esperado } });
  });
  return reporteTurno({ db, id, actor });
}

/** The history of shifts: role 2 sees its own, roles 1 and 3 all of the store's. Newest first. */
export async function listarTurnos(options: { db: Db; actor: Cajero; query: z.output<typeof ZTurnosQuery> }): Promise<TTurnosPage> {
  const { db, actor, query } = options;
  const conds = [eq(turno.tiendaId, actor.tiendaId)];
  const cajero = esSupervisor(actor.rol) ? query.cajero : (actor.usuarioId ?? 0);
  if (cajero !== undefined) conds.push(sql`coalesce(${turno.usuarioId}, 0) = ${cajero}`);
  // Days of the store's time zone; as instants, so turno_tienda_abierto_idx can serve the range.
  conds.push(...entreDias(turno.abiertoEn, actor.tiendaId, query.desde, query.hasta));
  const where = and(...conds);
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(turno).where(where);
  const rows = await db
    .select({
      ...turnoFila,
      numeroVentas: sql<number>`(select count(*) from venta v where v.turno_id = ${turno.idTurno} and v.estado <> 'Anulada')::int`,
    })
    .from(turno)
    .innerJoin(tienda, eq(tienda.idTienda, turno.tiendaId))
    .leftJoin(usuario, eq(usuario.idUsuario, turno.usuarioId))
    .where(where)
    .orderBy(desc(turno.abiertoEn), desc(turno.idTurno))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const items = rows.map((r) => {
    const cierre = r.cierre as Cierre | null;
    const diferencia = cierre ? Object.values(cierre.contado).reduce((s, v) => s + v, 0) - Object.values(cierre.esperado).reduce((s, v) => s + v, 0) : null;
    return { ...aTurno(r, r.tienda), usuarioId: r.usuarioId, numeroVentas: n(r.numeroVentas), diferencia };
  });
  let cajeros: { id: number; nombre: string }[];
  if (esSupervisor(actor.rol)) {
    const [t] = await db.select({ nombre: tienda.nombreTienda }).from(tienda).where(eq(tienda.idTienda, actor.tiendaId));
    const users = await db
      .select({ id: usuario.idUsuario, nombre: sql<string>`trim(${usuario.nombre1} || ' ' || coalesce(${usuario.apellido1}, ''))` })
      .from(usuario)
      .where(eq(usuario.tiendaId, actor.tiendaId))
      .orderBy(asc(usuario.nombre1))
      .limit(200);
    cajeros = [{ id: 0, nombre: t?.nombre ?? '' }, ...users];
  } else {
    cajeros = [];
  }
  return { items, total: n(total), cajeros };
}

/**
 * Marks a transfer's (or card voucher's) sale as checked. The sale must be in an open shift the
 * caller may close (role 2: its own); a sale in a closed shift cannot change.
 */
export async function verificarReferencia(options: { db: Db; ventaId: number; actor: Cajero }) {
  const { db, ventaId, actor } = options;
  return db.transaction(async (tx) => {
    const [v] = await tx
      .select({ id: venta.idVenta, metodo: venta.metodoPagoId, turnoId: venta.turnoId, usuarioId: turno.usuarioId, cerradoEn: turno.cerradoEn })
      .from(venta)
      .leftJoin(turno, eq(turno.idTurno, venta.turnoId))
      .where(and(eq(venta.idVenta, ventaId), eq(venta.tiendaId, actor.tiendaId)));
    if (!v) throw new AppError('NOT_FOUND', M.caja.ventaNoEncontrada);
    if (!esSupervisor(actor.rol) && (v.turnoId == null || !esSuyo(v, actor))) throw new AppError('FORBIDDEN', M.caja.soloSuTurno);
    if (v.metodo === METODO.EFECTIVO || v.metodo === METODO.FIADO) throw new AppError('BUSINESS_RULE', M.caja.ventaSinReferencia);
    if (v.turnoId != null) {
      // The shift FOR SHARE: a close running now finishes first, and then this is refused.
      const [t] = await tx.select({ cerradoEn: turno.cerradoEn }).from(turno).where(eq(turno.idTurno, v.turnoId)).for('share');
      if (t?.cerradoEn) throw new AppError('CONFLICT', M.caja.turnoCerrado, { title: M.caja.turnoCerradoTitulo });
    }
    await tx.update(venta).set({ verificado: true }).where(eq(venta.idVenta, ventaId));
    return { ventaId, verificado: true, message: M.caja.referenciaVerificada };
  });
}

/** Whether the user has an open shift: such a cashier is not deleted until it is closed (its money is not yet counted). */
export async function tieneTurnoAbierto(db: Db | Tx, usuarioId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: turno.idTurno })
    .from(turno)
    .where(and(eq(turno.usuarioId, usuarioId), isNull(turno.cerradoEn)))
    .limit(1);
  return !!row;
}
