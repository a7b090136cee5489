/**
 * Loyalty points (issue #59 point 3, ADR 054) have one owner: this module. A customer's balance is the
 * sum of the append-only ledger `punto_movimiento`; every write locks the customer's row first (the
 * fiado rule's lock, so the order stays shift → products → customer), and no row ever takes a balance
 * below zero. The sale's checkout, its annulment and its returns call it inside their transactions.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { METODO } from '#shared/roles';
import { puntosGanados, puntosParaPagar, reversoDePuntos } from '#shared/puntos';
import type { TPuntosCliente, TPuntosConfiguracion, TPuntosRecibo } from '#shared/schemas/puntos';
import type { Db, Tx } from '../../db/client';
import { cliente, puntoMovimiento, puntosConfiguracion, venta } from '../../db/schema';
import { registrarPor, type Autor } from '../actividad/actividad.domain';
import { bloquearCliente, clientesDeLaTienda, clienteVigente } from '../tienda/clientes.alcance';

const P = M.puntos;
const POR_DEFECTO: TPuntosConfiguracion = { activo: false, pesosPorPunto: 1000, valorPunto: 1 };

/** The store's settings (off, 1 point per $ 1.000, a point worth $ 1, until the owner says otherwise). */
export async function configuracionPuntos(db: Db | Tx, tiendaId: number): Promise<TPuntosConfiguracion> {
  const [c] = await db
    .select({ activo: puntosConfiguracion.activo, pesosPorPunto: puntosConfiguracion.pesosPorPunto, valorPunto: puntosConfiguracion.valorPunto })
    .from(puntosConfiguracion)
    .where(eq(puntosConfiguracion.tiendaId, tiendaId))
    .limit(1);
  return c ?? POR_DEFECTO;
}

/** Role 1 changes the settings (the route checks the role); each field before → after in the activity log. */
export async function guardarConfiguracionPuntos(db: Db, tiendaId: number, autor: Autor, datos: TPuntosConfiguracion): Promise<TPuntosConfiguracion> {
  return db.transaction(async (tx) => {
    // The store's row, locked: two owners saving at once log each their own change.
    await tx.execute(sql`select 1 from tienda where id_tienda = ${tiendaId} for update`);
    const antes = await configuracionPuntos(tx, tiendaId);
    await tx
      .insert(puntosConfiguracion)
      .values({ tiendaId, ...datos })
      .onConflictDoUpdate({ target: puntosConfiguracion.tiendaId, set: datos });
    const texto = (c: TPuntosConfiguracion) => ({ [P.activo]: c.activo ? 'Sí' : 'No', [P.pesosPorPunto]: String(c.pesosPorPunto), [P.valorPunto]: String(c.valorPunto) });
    const a = texto(antes);
    const d = texto(datos);
    const cambios = Object.keys(a)
      .filter((k) => a[k] !== d[k])
      .map((k) => ({ campo: k, antes: a[k]!, despues: d[k]! }));
    if (cambios.length > 0) await registrarPor(tx, tiendaId, autor, { tipo: 'puntos', detalle: { accion: 'configuracion', cambios } });
    return datos;
  });
}

/** The customer's balance: the ledger's sum. */
export async function saldoPuntos(db: Db | Tx, tiendaId: number, clienteId: number): Promise<number> {
  const [r] = await db
    .select({ s: sql<string>`coalesce(sum(${puntoMovimiento.puntos}), 0)` })
    .from(puntoMovimiento)
    .where(and(eq(puntoMovimiento.tiendaId, tiendaId), eq(puntoMovimiento.clienteId, clienteId)));
  return Number(r?.s ?? 0);
}

/** What the till shows of the chosen customer: the balance and a point's value; null when the store gives no points. */
export async function puntosEnCaja(db: Db | Tx, tiendaId: number, clienteId: number): Promise<{ saldo: number; valorPunto: number } | null> {
  const c = await configuracionPuntos(db, tiendaId);
  if (!c.activo) return null;
  return { saldo: await saldoPuntos(db, tiendaId, clienteId), valorPunto: c.valorPunto };
}

/** The customer's page: balance and the latest 50 movements; another store's customer is 404. */
export async function puntosDeCliente(db: Db, tiendaId: number, clienteId: number): Promise<TPuntosCliente> {
  const [c] = await db.select({ id: cliente.idCliente }).from(cliente).where(and(clientesDeLaTienda(tiendaId), eq(cliente.idCliente, clienteId))).limit(1);
  if (!c) throw new AppError('NOT_FOUND', M.ventas.clienteNoEncontrado);
  const conf = await configuracionPuntos(db, tiendaId);
  const filas = await db
    .select({ id: puntoMovimiento.idPuntoMovimiento, fecha: puntoMovimiento.fecha, tipo: puntoMovimiento.tipo, puntos: puntoMovimiento.puntos, ventaId: puntoMovimiento.ventaId, ventaNumero: venta.numero })
    .from(puntoMovimiento)
    .leftJoin(venta, eq(venta.idVenta, puntoMovimiento.ventaId))
    .where(and(eq(puntoMovimiento.tiendaId, tiendaId), eq(puntoMovimiento.clienteId, clienteId)))
    .orderBy(desc(puntoMovimiento.idPuntoMovimiento))
    .limit(50);
  return {
    activo: conf.activo,
    valorPunto: conf.valorPunto,
    saldo: await saldoPuntos(db, tiendaId, clienteId),
    movimientos: filas.map((f) => ({ ...f, fecha: f.fecha.toISOString(), tipo: f.tipo as TPuntosCliente['movimientos'][number]['tipo'], puntos: Number(f.puntos), ventaNumero: f.ventaNumero ?? null })),
  };
}

/** Refuses a points payment before anything is written: no customer, points off, or offline. */
export function comprobarPagoConPuntos(metodoPagoId: number, o: { conCliente: boolean; sinRed: boolean }): void {
  if (metodoPagoId !== METODO.PUNTOS) return;
  if (o.sinRed) throw new AppError('BUSINESS_RULE', P.sinRed);
  if (!o.conCliente) throw new AppError('VALIDATION', P.requiereCliente, { fields: { documentoCliente: P.requiereCliente } });
}

type Venta = { tiendaId: number; clienteId: number; ventaId: number; ventaNumero: number; total: number; montoFiado: number; metodoPagoId: number; autor: Autor };

/**
 * A sale's points, in its transaction after `venta_registrar` wrote it: a points payment spends
 * ceil(total / value) (refused, and so the whole sale undone, past the balance read under the
 * customer's lock); any other sale earns on what was paid now. Null when the store gives no points.
 */
export async function puntosDeVenta(tx: Tx, v: Venta): Promise<TPuntosRecibo | null> {
  const conf = await configuracionPuntos(tx, v.tiendaId);
  if (v.metodoPagoId === METODO.PUNTOS && !conf.activo) throw new AppError('BUSINESS_RULE', P.desactivados);
  if (!conf.activo) return null;
  const c = await bloquearCliente(tx, v.tiendaId, v.clienteId);
  const saldo = await saldoPuntos(tx, v.tiendaId, v.clienteId);
  if (v.metodoPagoId === METODO.PUNTOS) {
    const necesarios = puntosParaPagar(v.total, conf.valorPunto);
    if (necesarios > saldo) throw new AppError('BUSINESS_RULE', P.insuficientes(saldo, necesarios));
    await escribir(tx, v, c.nombre, 'redimido', -necesarios, saldo - necesarios);
    return { ganados: 0, redimidos: necesarios, saldo: saldo - necesarios };
  }
  const ganados = puntosGanados(v.total - v.montoFiado, conf.pesosPorPunto);
  if (ganados > 0) await escribir(tx, v, c.nombre, 'ganado', ganados, saldo + ganados);
  return { ganados, redimidos: 0, saldo: saldo + ganados };
}

async function escribir(tx: Tx, v: Omit<Venta, 'total' | 'montoFiado' | 'metodoPagoId'>, nombre: string, tipo: 'ganado' | 'redimido' | 'reverso' | 'devolucion', puntos: number, saldo: number, extra: { devolucionId?: number; deRedimidos?: boolean; sinQuitar?: number } = {}) {
  await tx.insert(puntoMovimiento).values({ tiendaId: v.tiendaId, clienteId: v.clienteId, tipo, puntos, ventaId: v.ventaId, devolucionId: extra.devolucionId ?? null, deRedimidos: !!extra.deRedimidos, usuarioId: v.autor.usuarioId });
  await registrarPor(tx, v.tiendaId, v.autor, {
    tipo: 'puntos',
    detalle: { accion: tipo, clienteId: v.clienteId, cliente: nombre, ventaId: v.ventaId, ventaNumero: v.ventaNumero, puntos, saldo, ...(extra.devolucionId ? { devolucionId: extra.devolucionId } : {}), ...(extra.sinQuitar ? { sinQuitar: extra.sinQuitar } : {}) },
  });
}

/** What the ledger holds of one sale: earned, spent, and what reversals took back and gave back. */
async function libroDeVenta(tx: Db | Tx, tiendaId: number, ventaId: number) {
  const [r] = await tx
    .select({
      clienteId: sql<number | null>`min(${puntoMovimiento.clienteId})`,
      ganados: sql<string>`coalesce(sum(${puntoMovimiento.puntos}) filter (where ${puntoMovimiento.tipo} = 'ganado'), 0)`,
      redimidos: sql<string>`coalesce(-sum(${puntoMovimiento.puntos}) filter (where ${puntoMovimiento.tipo} = 'redimido'), 0)`,
      quitados: sql<string>`coalesce(-sum(${puntoMovimiento.puntos}) filter (where ${puntoMovimiento.tipo} in ('reverso', 'devolucion') and not ${puntoMovimiento.deRedimidos}), 0)`,
      devueltos: sql<string>`coalesce(sum(${puntoMovimiento.puntos}) filter (where ${puntoMovimiento.tipo} in ('reverso', 'devolucion') and ${puntoMovimiento.deRedimidos}), 0)`,
    })
    .from(puntoMovimiento)
    .where(and(eq(puntoMovimiento.tiendaId, tiendaId), eq(puntoMovimiento.ventaId, ventaId)));
  return { clienteId: r?.clienteId == null ? null : Number(r.clienteId), ganados: Number(r?.ganados ?? 0), redimidos: Number(r?.redimidos ?? 0), quitados: Number(r?.quitados ?? 0), devueltos: Number(r?.devueltos ?? 0) };
}

/**
 * Reverses a sale's points in the caller's transaction: an annulment (`devolucion` absent) all that is
 * left; a return its cumulative share (`devuelto`: pesos returned so far of the sale, this return
 * included, of `total`). Earned points come back off the balance (never below zero: what was already
 * spent stays, and the log says how much); spent points go back to it. Nothing when the sale had none.
 */
export async function revertirPuntos(tx: Tx, o: { tiendaId: number; ventaId: number; ventaNumero: number; total: number; devuelto: number; devolucionId?: number; autor: Autor }): Promise<{ quitados: number; devueltos: number }> {
  const leido = await libroDeVenta(tx, o.tiendaId, o.ventaId);
  if (leido.clienteId == null) return { quitados: 0, devueltos: 0 };
  // A sale of a customer merged since (ADR 067): its points moved to the survivor, who gives them back.
  const libro = { ...leido, clienteId: await clienteVigente(tx, leido.clienteId) };
  const c = await bloquearCliente(tx, o.tiendaId, libro.clienteId);
  const saldo = await saldoPuntos(tx, o.tiendaId, libro.clienteId);
  const r = reversoDePuntos({ ...libro, devuelto: o.devuelto, total: o.total, saldo });
  const tipo = o.devolucionId ? 'devolucion' : 'reverso';
  const v = { tiendaId: o.tiendaId, clienteId: libro.clienteId, ventaId: o.ventaId, ventaNumero: o.ventaNumero, autor: o.autor };
  if (r.devolver > 0) await escribir(tx, v, c.nombre, tipo, r.devolver, saldo + r.devolver, { devolucionId: o.devolucionId, deRedimidos: true });
  if (r.quitar > 0 || r.sinQuitar > 0) {
    if (r.quitar > 0) await escribir(tx, v, c.nombre, tipo, -r.quitar, saldo + r.devolver - r.quitar, { devolucionId: o.devolucionId, sinQuitar: r.sinQuitar });
    else await registrarPor(tx, o.tiendaId, o.autor, { tipo: 'puntos', detalle: { accion: tipo, clienteId: libro.clienteId, cliente: c.nombre, ventaId: o.ventaId, ventaNumero: o.ventaNumero, puntos: 0, saldo, sinQuitar: r.sinQuitar } });
  }
  return { quitados: r.quitar, devueltos: r.devolver };
}

/** What a sale's receipt says of points: earned and spent by it and the balance right after (null: none). */
export async function puntosDelRecibo(db: Db | Tx, tiendaId: number, ventaId: number): Promise<TPuntosRecibo | null> {
  const libro = await libroDeVenta(db, tiendaId, ventaId);
  if (libro.clienteId == null) return null;
  return { ganados: libro.ganados, redimidos: libro.redimidos, saldo: await saldoHasta(db, tiendaId, libro.clienteId, ventaId) };
}

/** The customer's balance right after the sale's own first movements (the same at any later reading). */
async function saldoHasta(db: Db | Tx, tiendaId: number, clienteId: number, ventaId: number): Promise<number> {
  const [r] = await db.execute(sql`
    select coalesce(sum(puntos), 0) as s from punto_movimiento
    where tienda_id = ${tiendaId} and cliente_id = ${clienteId}
      and id_punto_movimiento <= (select max(id_punto_movimiento) from punto_movimiento where tienda_id = ${tiendaId} and venta_id = ${ventaId} and tipo in ('ganado', 'redimido'))`).then((x) => (x as unknown as { rows: { s: string }[] }).rows);
  return Number(r?.s ?? 0);
}

/** The POS document's buyer benefits (DIAN `InformacionBeneficiosComprador/Puntos`): the balance after the sale, 0 without points. */
export async function puntosParaDocumento(db: Db, tiendaId: number, ventaId: number): Promise<number> {
  return (await puntosDelRecibo(db, tiendaId, ventaId))?.saldo ?? 0;
}
