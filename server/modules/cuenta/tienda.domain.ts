/**
 * The store's account row (the tenant itself), owned here: which stores a caller reaches (its own, or
 * every one for the platform operator), opening one (the operator; stores otherwise sign themselves
 * up through `registrarTienda`), its name, contact, email and password, and closing it with
 * everything it owns. The back-office (crud.tienda.service.ts) and, through it, the old controller
 * API only rename. The store's own settings are ajustes/ajustes.service.ts's. Here, beside the sign-up
 * (cuenta.service.ts) it opens a store with, not in the kernel (ADR 080).
 */
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { M } from '#shared/messages';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { Db } from '../../db/client';
import { devolucion, devolucionLinea, factura, tienda } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import { countAll, fieldConflict, idOf, inScope, likePattern, notFound, pageOf, requireOperator, type Alcance, type Consulta } from '../tienda/alcance';
import { emailTaken, registrarTienda } from './cuenta.service';
import { autorDeAlcance, cambiosEntre, registrarPor } from '../actividad/actividad.domain';

/** Every column a store's account is read with: never its password. */
const columnasTienda = {
  idTienda: tienda.idTienda,
  nombreTienda: tienda.nombreTienda,
  direccion: tienda.direccion,
  telefono: tienda.telefono,
  // A branch opened from Sucursales has no login of its own (issue #56 step 3): no email to show.
  correo: sql<string>`coalesce(${tienda.correo}, '')`,
  codigoInvitacion: tienda.codigoInvitacion,
};

export type TFilaTienda = { idTienda: number; nombreTienda: string; direccion: string | null; telefono: string | null; correo: string; codigoInvitacion: string };

/** What the operator types to open a store, and what an edit changes (no password: kept). */
export interface DatosTienda {
  nombreTienda: string;
  direccion: string | null | undefined;
  telefono: string | null | undefined;
  correo: string;
  contrasena?: string | null;
}

/** Newest first; `q` is part of the name or the email, or the id. A store admin reaches its own store only. */
export async function listarTiendas(options: { db: Db; alcance: Alcance; query: TPageQuery }): Promise<TPage<TFilaTienda>> {
  const { db, alcance, query } = options;
  const id = idOf(query.q);
  const p = likePattern(query.q);
  const where = and(
    inScope(alcance, tienda.idTienda),
    query.q ? or(ilike(tienda.nombreTienda, p), ilike(tienda.correo, p), id != null ? eq(tienda.idTienda, id) : undefined) : undefined,
  );
  const { limit, offset } = pageOf(query);
  const [items, [total]] = await Promise.all([
    db.select(columnasTienda).from(tienda).where(where).orderBy(desc(tienda.idTienda)).limit(limit).offset(offset),
    db.select({ n: countAll }).from(tienda).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function obtenerTienda(options: { db: Db; alcance: Alcance; id: number }): Promise<TFilaTienda> {
  const { db, alcance, id } = options;
  const [row] = await db.select(columnasTienda).from(tienda).where(and(eq(tienda.idTienda, id), inScope(alcance, tienda.idTienda))).limit(1);
  if (!row) throw notFound();
  return row;
}

/** Only the operator opens stores; stores otherwise sign themselves up (the same `registrarTienda`). */
export async function abrirTienda(options: { db: Db; alcance: Alcance; datos: DatosTienda & { contrasena: string } }): Promise<{ idTienda: number }> {
  const { db, alcance, datos } = options;
  requireOperator(alcance, M.crud.soloOperadorTiendas);
  const r = await registrarTienda({
    db,
    input: {
      nombreTienda: datos.nombreTienda,
      telefono: datos.telefono ?? undefined,
      direccion: datos.direccion ?? undefined,
      email: datos.correo,
      contrasena: datos.contrasena,
    },
  });
  await registrarPor(db, r.id_Tienda, autorDeAlcance(alcance), {
    tipo: 'administracion',
    detalle: { entidad: 'tienda', accion: 'alta', id: r.id_Tienda, nombre: datos.nombreTienda, cambios: cambiosEntre(null, datos, CAMPOS_TIENDA) },
  });
  return { idTienda: r.id_Tienda };
}

/** The fields a back-office change of a store records before and after (issue #51 point 8); a new password is named only. */
const CAMPOS_TIENDA = ['nombreTienda', 'direccion', 'telefono', 'correo'] as const;

/**
 * Edits a store's account in the caller's reach. A changed email must be no other account's; a new
 * password ends the sessions opened with the old one. Says whether the password changed.
 */
export async function actualizarTienda(options: { db: Db; alcance: Alcance; id: number; datos: DatosTienda; consulta?: Consulta }): Promise<{ contrasenaCambiada: boolean }> {
  const { db, alcance, id, datos } = options;
  const hash = datos.contrasena ? await hashPassword(datos.contrasena) : null;
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ correo: tienda.correo, nombreTienda: tienda.nombreTienda, direccion: tienda.direccion, telefono: tienda.telefono })
      .from(tienda)
      .where(and(eq(tienda.idTienda, id), inScope(alcance, tienda.idTienda)))
      .for('update')
      .limit(1);
    if (!current) throw notFound();
    // A changed email asks whether another account has it: counted per caller (issue #15).
    if (datos.correo !== current.correo?.toLowerCase()) {
      await options.consulta?.();
      if (await emailTaken(tx, datos.correo)) throw fieldConflict('correo', M.registro.emailTaken);
    }
    await tx
      .update(tienda)
      .set({
        nombreTienda: datos.nombreTienda,
        direccion: datos.direccion,
        telefono: datos.telefono,
        correo: datos.correo,
        // A new password ends the sessions opened with the old one.
        ...(hash ? { contrasenaHash: hash, tokenVersion: sql`${tienda.tokenVersion} + 1` } : {}),
      })
      .where(eq(tienda.idTienda, id));
    const cambios = [...cambiosEntre(current, datos, CAMPOS_TIENDA), ...(hash ? [{ campo: 'contrasena', antes: null, despues: null }] : [])];
    if (cambios.length) await registrarPor(tx, id, autorDeAlcance(alcance), { tipo: 'administracion', detalle: { entidad: 'tienda', accion: 'cambio', id, nombre: datos.nombreTienda, cambios } });
  });
  return { contrasenaCambiada: hash != null };
}

/**
 * Closing a store (the operator) removes everything it owns: its returns first (their lines hold on
 * to the invoice lines and the sales, RESTRICT), then its invoice lines (they hold on to products),
 * then the store, whose cascade takes the rest.
 */
export async function cerrarTienda(options: { db: Db; alcance: Alcance; id: number }): Promise<void> {
  const { db, alcance, id } = options;
  requireOperator(alcance, M.crud.soloOperadorTiendas);
  await db.transaction(async (tx) => {
    const [t] = await tx.select({ id: tienda.idTienda }).from(tienda).where(eq(tienda.idTienda, id)).for('update').limit(1);
    if (!t) throw notFound();
    // The database refuses deleting a completed sale's lines (migration 0050) but for the store this
    // transaction closes, named here for the transaction only.
    await tx.execute(sql`select set_config('adax.tienda_cerrada', ${String(id)}, true)`);
    await tx.delete(devolucionLinea).where(eq(devolucionLinea.tiendaId, id));
    await tx.delete(devolucion).where(eq(devolucion.tiendaId, id));
    await tx.delete(factura).where(eq(factura.tiendaId, id));
    await tx.delete(tienda).where(eq(tienda.idTienda, id));
  });
}
