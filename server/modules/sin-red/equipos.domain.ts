import { createHash } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import type { TEquipo, TEquipoPropio, TEstadoEquipo, TVentaRevisar } from '#shared/schemas/sin-red';
import type { Db, Tx } from '../../db/client';
import { dispositivoVenta, equipoSinRed, tienda, venta, ventaRevisar } from '../../db/schema';
import { registrarPor, type Autor } from '../actividad/actividad.domain';

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
export async function pedirEquipo(options: { db: Db; tiendaId: number; autor: Autor; clave: string }): Promise<TEquipoPropio> {
  const { db, tiendaId, autor } = options;
  const { usuarioId } = autor;
  const claveHash = hashClaveEquipo(options.clave);
  const esDueno = autor.rol === ROL.ADMIN;
  return db.transaction(async (tx) => {
    const [quien] = await tx.select({ n: nombrePersona(usuarioId, tiendaId) }).from(tienda).where(eq(tienda.idTienda, tiendaId));
    const [nuevo] = await tx
      .insert(equipoSinRed)
      .values({
        tiendaId,
        claveHash,
        nombre: S.equipoNombreAutomatico(quien?.n ?? ''),
        solicitadoPor: usuarioId,
        ...(esDueno ? { autorizadoPor: usuarioId, autorizadoEn: sql`now()` } : {}),
      })
      .onConflictDoNothing()
      .returning({ id: equipoSinRed.idEquipo });
    const [pendiente] = esDueno
      ? await tx
          .update(equipoSinRed)
          .set({ autorizadoPor: usuarioId, autorizadoEn: sql`now()` })
          .where(and(eq(equipoSinRed.tiendaId, tiendaId), eq(equipoSinRed.claveHash, claveHash), isNull(equipoSinRed.autorizadoEn), isNull(equipoSinRed.revocadoEn)))
          .returning({ id: equipoSinRed.idEquipo })
      : [];
    const [e] = await tx.select().from(equipoSinRed).where(and(eq(equipoSinRed.tiendaId, tiendaId), eq(equipoSinRed.claveHash, claveHash)));
    // The owner authorised the device they hold, new or asking: in the log like an authorisation on the list.
    if (esDueno && (nuevo || pendiente))
      await registrarPor(tx, tiendaId, autor, {
        tipo: 'sin_red',
        detalle: { accion: 'autorizado', equipoId: e!.idEquipo, nombre: e!.nombre, cambios: [{ campo: 'estado', antes: nuevo ? null : 'pendiente', despues: 'autorizado' }] },
      });
    return { id: e!.idEquipo, nombre: e!.nombre, estado: estadoDe(e!) };
  });
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

/**
 * Renames, authorises or revokes a device of the store (role 1) and records what changed in the
 * activity log (who, face, each field before and after), in one transaction. Nothing changed: no entry.
 */
async function cambiarEquipo(
  db: Db,
  tiendaId: number,
  id: number,
  autor: Autor,
  accion: 'autorizado' | 'renombrado' | 'revocado',
  cambios: Partial<typeof equipoSinRed.$inferInsert>,
): Promise<TEquipoPropio> {
  return db.transaction(async (tx) => {
    const [antes] = await tx
      .select()
      .from(equipoSinRed)
      .where(and(eq(equipoSinRed.idEquipo, id), eq(equipoSinRed.tiendaId, tiendaId)))
      .for('update');
    if (!antes) throw new AppError('NOT_FOUND', S.equipoNoEncontrado);
    const [e] = await tx
      .update(equipoSinRed)
      .set(cambios)
      .where(and(eq(equipoSinRed.idEquipo, id), eq(equipoSinRed.tiendaId, tiendaId)))
      .returning();
    const diferencias = [
      ...(antes.nombre !== e!.nombre ? [{ campo: 'nombre', antes: antes.nombre, despues: e!.nombre }] : []),
      ...(estadoDe(antes) !== estadoDe(e!) ? [{ campo: 'estado', antes: estadoDe(antes), despues: estadoDe(e!) }] : []),
    ];
    if (diferencias.length) await registrarPor(tx, tiendaId, autor, { tipo: 'sin_red', detalle: { accion, equipoId: id, nombre: e!.nombre, cambios: diferencias } });
    return { id: e!.idEquipo, nombre: e!.nombre, estado: estadoDe(e!) };
  });
}

export const renombrarEquipo = (o: { db: Db; tiendaId: number; id: number; nombre: string; autor: Autor }) => cambiarEquipo(o.db, o.tiendaId, o.id, o.autor, 'renombrado', { nombre: o.nombre });

/** Authorised by role 1 (again, after a revocation, if they choose). */
export const autorizarEquipo = (o: { db: Db; tiendaId: number; id: number; autor: Autor }) =>
  cambiarEquipo(o.db, o.tiendaId, o.id, o.autor, 'autorizado', { autorizadoPor: o.autor.usuarioId, autorizadoEn: sql`now()` as unknown as Date, revocadoPor: null, revocadoEn: null });

/** Revoked by role 1: its offline sales not yet sent are refused from now on. */
export const revocarEquipo = (o: { db: Db; tiendaId: number; id: number; autor: Autor }) =>
  cambiarEquipo(o.db, o.tiendaId, o.id, o.autor, 'revocado', { revocadoPor: o.autor.usuarioId, revocadoEn: sql`now()` as unknown as Date });

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
  // Not authorised (yet), or a prefix from before devices needed it: the device keeps the sale and
  // sends it again once the owner authorises it (`datos.equipo` tells the outbox so).
  if (d.equipoId == null || !d.autorizadoEn) throw new AppError('FORBIDDEN', S.ventasEsperanAutorizacion, { datos: { equipo: 'sin-autorizar' } });
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

/** Marked reviewed once, by whom and when, in the activity log too; never unmarked. */
export async function marcarRevisada(options: { db: Db; tiendaId: number; id: number; autor: Autor }): Promise<void> {
  const { db, tiendaId, id, autor } = options;
  await db.transaction(async (tx) => {
    const [r] = await tx
      .update(ventaRevisar)
      .set({ revisadoPor: autor.usuarioId, revisadoEn: sql`now()` })
      .where(and(eq(ventaRevisar.idVentaRevisar, id), eq(ventaRevisar.tiendaId, tiendaId), isNull(ventaRevisar.revisadoEn)))
      .returning({ id: ventaRevisar.idVentaRevisar, ventaId: ventaRevisar.ventaId });
    if (r) {
      const [v] = await tx
        .select({
          numero: venta.numero,
          numeroDispositivo: venta.numeroDispositivo,
          equipoId: dispositivoVenta.equipoId,
          equipo: sql<string | null>`(select e.nombre from equipo_sin_red e where e.id_equipo = ${dispositivoVenta.equipoId})`,
        })
        .from(venta)
        .leftJoin(dispositivoVenta, eq(dispositivoVenta.idDispositivo, venta.dispositivoId))
        .where(and(eq(venta.idVenta, r.ventaId), eq(venta.tiendaId, tiendaId)));
      await registrarPor(tx, tiendaId, autor, {
        tipo: 'sin_red',
        detalle: {
          accion: 'revisada',
          ...(v?.equipoId != null ? { equipoId: v.equipoId } : {}),
          nombre: v?.equipo ?? '',
          ventaId: r.ventaId,
          ventaNumero: v?.numero ?? 0,
          numeroDispositivo: v?.numeroDispositivo ?? null,
          cambios: [{ campo: 'revisada', antes: 'no', despues: 'si' }],
        },
      });
      return;
    }
    const [existe] = await tx.select({ id: ventaRevisar.idVentaRevisar }).from(ventaRevisar).where(and(eq(ventaRevisar.idVentaRevisar, id), eq(ventaRevisar.tiendaId, tiendaId)));
    throw existe ? new AppError('CONFLICT', S.yaRevisada) : new AppError('NOT_FOUND', S.revisarNoEncontrada);
  });
}
