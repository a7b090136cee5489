import { createHash } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import type { TEquipo, TEquipoPropio, TEstadoEquipo, TVentaRevisar } from '#shared/schemas/sin-red';
import type { Db, Tx } from '../../db/client';
import { dispositivoVenta, equipoSinRed, tienda, venta, ventaRevisar } from '../../db/schema';

/**
 * The devices of a store allowed to sell without the network, and the offline sales to review
 * (issue #51 point 5). A device is a browser with a random key of its own (kept across sign-outs);
 * it asks the first time someone opens the till on it while online, and role 1 authorises it — at
 * once when role 1 itself is signed in on it. Role 1 renames and revokes. An offline sale is accepted
 * only from an authorised device, sent by the account that made it (`comprobarVentaSinRed`).
 */

const S = M.sinRed;
export const hashClaveEquipo = (clave: string) => createHash('sha256').update(clave).digest('hex');

const estadoDe = (e: { autorizadoEn: Date | null; revocadoEn: Date | null }): TEstadoEquipo => (e.revocadoEn ? 'revocado' : e.autorizadoEn ? 'autorizado' : 'pendiente');

/** A user's name, or the store's for the store account (null). */
// (Written with explicit qualifiers: drizzle leaves a single table's columns unqualified in a select.)
const nombrePersona = (usuarioId: ReturnType<typeof sql> | number | null, tiendaId: number) =>
  sql<string>`coalesce((select trim(u.nombre1 || ' ' || u.apellido1) from usuario u where u.id_usuario = ${usuarioId}),
    (select ti.nombre_tienda from tienda ti where ti.id_tienda = ${tiendaId}))`;

/**
 * The device with this key asks to sell offline, or finds it already did: created pending, or
 * authorised at once when role 1 asks (the owner registers the device they are using). A pending
 * device asked again by role 1 is authorised; a revoked one stays revoked.
 */
export async function pedirEquipo(options: { db: Db; tiendaId: number; usuarioId: number | null; rol: number; clave: string }): Promise<TEquipoPropio> {
  const { db, tiendaId, usuarioId, rol } = options;
  const claveHash = hashClaveEquipo(options.clave);
  const esDueno = rol === ROL.ADMIN;
  const [quien] = await db.select({ n: nombrePersona(usuarioId, tiendaId) }).from(tienda).where(eq(tienda.idTienda, tiendaId));
  await db
    .insert(equipoSinRed)
    .values({
      tiendaId,
      claveHash,
      nombre: S.equipoNombreAutomatico(quien?.n ?? ''),
      solicitadoPor: usuarioId,
      ...(esDueno ? { autorizadoPor: usuarioId, autorizadoEn: sql`now()` } : {}),
    })
    .onConflictDoNothing();
  if (esDueno)
    await db
      .update(equipoSinRed)
      .set({ autorizadoPor: usuarioId, autorizadoEn: sql`now()` })
      .where(and(eq(equipoSinRed.tiendaId, tiendaId), eq(equipoSinRed.claveHash, claveHash), isNull(equipoSinRed.autorizadoEn), isNull(equipoSinRed.revocadoEn)));
  const [e] = await db.select().from(equipoSinRed).where(and(eq(equipoSinRed.tiendaId, tiendaId), eq(equipoSinRed.claveHash, claveHash)));
  return { id: e!.idEquipo, nombre: e!.nombre, estado: estadoDe(e!) };
}

/** The device of a key, for a prefix (`registrarDispositivo`): it must have asked first. */
export async function equipoDeClave(db: Db, tiendaId: number, clave: string): Promise<number> {
  const [e] = await db
    .select({ id: equipoSinRed.idEquipo })
    .from(equipoSinRed)
    .where(and(eq(equipoSinRed.tiendaId, tiendaId), eq(equipoSinRed.claveHash, hashClaveEquipo(clave))));
  if (!e) throw new AppError('BUSINESS_RULE', S.equipoSinSolicitud);
  return e.id;
}

/** The store's devices, the ones asking first, then by when they asked. */
export async function listarEquipos(db: Db, tiendaId: number): Promise<TEquipo[]> {
  const filas = await db
    .select({
      id: equipoSinRed.idEquipo,
      nombre: equipoSinRed.nombre,
      solicitadoPor: equipoSinRed.solicitadoPor,
      pedidoPor: nombrePersona(sql`equipo_sin_red.solicitado_por`, tiendaId),
      creadoEn: equipoSinRed.creadoEn,
      autorizadoPor: sql<string | null>`case when ${equipoSinRed.autorizadoEn} is null then null else ${nombrePersona(sql`equipo_sin_red.autorizado_por`, tiendaId)} end`,
      autorizadoEn: equipoSinRed.autorizadoEn,
      revocadoEn: equipoSinRed.revocadoEn,
      ventas: sql<number>`(select count(*)::int from venta v join dispositivo_venta dv on dv.id_dispositivo = v.dispositivo_id
        where v.tienda_id = ${tiendaId} and dv.equipo_id = equipo_sin_red.id_equipo)`,
    })
    .from(equipoSinRed)
    .where(eq(equipoSinRed.tiendaId, tiendaId))
    .orderBy(sql`(${equipoSinRed.autorizadoEn} is null and ${equipoSinRed.revocadoEn} is null) desc`, desc(equipoSinRed.creadoEn), desc(equipoSinRed.idEquipo));
  return filas.map((f) => ({
    id: f.id,
    nombre: f.nombre,
    estado: estadoDe(f),
    pedidoPor: f.pedidoPor,
    creadoEn: f.creadoEn.toISOString(),
    autorizadoPor: f.autorizadoPor,
    autorizadoEn: f.autorizadoEn?.toISOString() ?? null,
    revocadoEn: f.revocadoEn?.toISOString() ?? null,
    ventas: Number(f.ventas),
  }));
}

async function cambiarEquipo(db: Db, tiendaId: number, id: number, cambios: Partial<typeof equipoSinRed.$inferInsert>): Promise<TEquipoPropio> {
  const [e] = await db
    .update(equipoSinRed)
    .set(cambios)
    .where(and(eq(equipoSinRed.idEquipo, id), eq(equipoSinRed.tiendaId, tiendaId)))
    .returning();
  if (!e) throw new AppError('NOT_FOUND', S.equipoNoEncontrado);
  return { id: e.idEquipo, nombre: e.nombre, estado: estadoDe(e) };
}

export const renombrarEquipo = (o: { db: Db; tiendaId: number; id: number; nombre: string }) => cambiarEquipo(o.db, o.tiendaId, o.id, { nombre: o.nombre });

/** Authorised by role 1 (again, after a revocation, if they choose). */
export const autorizarEquipo = (o: { db: Db; tiendaId: number; id: number; usuarioId: number | null }) =>
  cambiarEquipo(o.db, o.tiendaId, o.id, { autorizadoPor: o.usuarioId, autorizadoEn: sql`now()` as unknown as Date, revocadoPor: null, revocadoEn: null });

/** Revoked by role 1: its offline sales not yet sent are refused from now on. */
export const revocarEquipo = (o: { db: Db; tiendaId: number; id: number; usuarioId: number | null }) =>
  cambiarEquipo(o.db, o.tiendaId, o.id, { revocadoPor: o.usuarioId, revocadoEn: sql`now()` as unknown as Date });

/**
 * Whether an offline sale may come from this device and account: the prefix is the store's, given to
 * a device the owner authorised and did not revoke, and to the account now sending (a sale is sent by
 * the cashier who made it, from the session it was made in).
 */
export async function comprobarEquipo(db: Db | Tx, tiendaId: number, dispositivoId: number, usuarioId: number | null): Promise<{ prefijo: string }> {
  const [d] = await db
    .select({ prefijo: dispositivoVenta.prefijo, usuarioId: dispositivoVenta.usuarioId, equipoId: dispositivoVenta.equipoId, autorizadoEn: equipoSinRed.autorizadoEn, revocadoEn: equipoSinRed.revocadoEn })
    .from(dispositivoVenta)
    .leftJoin(equipoSinRed, eq(equipoSinRed.idEquipo, dispositivoVenta.equipoId))
    .where(and(eq(dispositivoVenta.idDispositivo, dispositivoId), eq(dispositivoVenta.tiendaId, tiendaId)))
    .limit(1);
  if (!d) throw new AppError('BUSINESS_RULE', S.numeroInvalido, { fields: { sinRed: S.numeroInvalido } });
  if (d.usuarioId !== usuarioId) throw new AppError('FORBIDDEN', S.equipoDeOtroUsuario);
  if (d.equipoId == null || !d.autorizadoEn) throw new AppError('FORBIDDEN', S.equipoNoAutorizado);
  if (d.revocadoEn) throw new AppError('FORBIDDEN', S.equipoRevocado);
  return { prefijo: d.prefijo };
}

/** Lists an offline sale under Revisar with its reasons, in the sale's transaction. */
export async function anotarRevisar(tx: Tx, tiendaId: number, ventaId: number, motivos: string[]): Promise<void> {
  if (motivos.length) await tx.insert(ventaRevisar).values({ tiendaId, ventaId, motivos }).onConflictDoNothing();
}

/** The Revisar list: the ones not yet reviewed (all with `todas`), newest first. */
export async function listarRevisar(db: Db, tiendaId: number, todas: boolean): Promise<TVentaRevisar[]> {
  const filas = await db
    .select({
      id: ventaRevisar.idVentaRevisar,
      ventaId: ventaRevisar.ventaId,
      numero: venta.numero,
      numeroDispositivo: venta.numeroDispositivo,
      fecha: venta.fechaDispositivo,
      cajero: nombrePersona(sql`venta.usuario_id`, tiendaId),
      equipo: sql<string | null>`(select e.nombre from dispositivo_venta dv join equipo_sin_red e on e.id_equipo = dv.equipo_id
        where dv.id_dispositivo = venta.dispositivo_id)`,
      total: venta.total,
      motivos: ventaRevisar.motivos,
      revisadoPor: sql<string | null>`case when ${ventaRevisar.revisadoEn} is null then null else ${nombrePersona(sql`venta_revisar.revisado_por`, tiendaId)} end`,
      revisadoEn: ventaRevisar.revisadoEn,
    })
    .from(ventaRevisar)
    .innerJoin(venta, eq(venta.idVenta, ventaRevisar.ventaId))
    .where(and(eq(ventaRevisar.tiendaId, tiendaId), todas ? undefined : isNull(ventaRevisar.revisadoEn)))
    .orderBy(desc(ventaRevisar.idVentaRevisar))
    .limit(500);
  return filas.map((f) => ({ ...f, total: Number(f.total), fecha: f.fecha?.toISOString() ?? null, revisadoEn: f.revisadoEn?.toISOString() ?? null }));
}

/** Marked reviewed once, by whom and when; never unmarked. */
export async function marcarRevisada(options: { db: Db; tiendaId: number; id: number; usuarioId: number | null }): Promise<void> {
  const { db, tiendaId, id, usuarioId } = options;
  const [r] = await db
    .update(ventaRevisar)
    .set({ revisadoPor: usuarioId, revisadoEn: sql`now()` })
    .where(and(eq(ventaRevisar.idVentaRevisar, id), eq(ventaRevisar.tiendaId, tiendaId), isNull(ventaRevisar.revisadoEn)))
    .returning({ id: ventaRevisar.idVentaRevisar });
  if (r) return;
  const [existe] = await db.select({ id: ventaRevisar.idVentaRevisar }).from(ventaRevisar).where(and(eq(ventaRevisar.idVentaRevisar, id), eq(ventaRevisar.tiendaId, tiendaId)));
  throw existe ? new AppError('CONFLICT', S.yaRevisada) : new AppError('NOT_FOUND', S.revisarNoEncontrada);
}
