import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { Db, Tx } from '../../db/client';
import type { TTurno, TTurnoActual } from '#shared/schemas/caja';
import { tienda, turno, usuario } from '../../db/schema';

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
 * The shift a sale (or an abono) made now belongs to, locked FOR SHARE until the caller's transaction
 * ends: closing the shift takes the row FOR UPDATE, so a sale can never land in a shift that closed
 * under it. No open shift: the till must open one first.
 */
export async function turnoParaVender(tx: Tx, tiendaId: number, usuarioId: number | null): Promise<number> {
  const [row] = await tx
    .select({ id: turno.idTurno })
    .from(turno)
    .where(and(eq(turno.tiendaId, tiendaId), sql`coalesce(${turno.usuarioId}, 0) = ${usuarioId ?? 0}`, isNull(turno.cerradoEn)))
    .limit(1)
    .for('share');
  if (!row) throw new AppError('BUSINESS_RULE', M.ventas.turnoRequerido, { title: M.ventas.turnoRequeridoTitle });
  return row.id;
}

/** Which violation of the open-shift index (PostgreSQL 23505), on either database driver. */
function esTurnoRepetido(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505' && constraint === 'turno_abierto_uq') return true;
  }
  return false;
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
  const [row] = await db
    .select({ ...turnoColumns, tienda: tienda.nombreTienda })
    .from(turno)
    .innerJoin(tienda, eq(tienda.idTienda, turno.tiendaId))
    .leftJoin(usuario, eq(usuario.idUsuario, turno.usuarioId))
    .where(and(eq(turno.tiendaId, tiendaId), sql`coalesce(${turno.usuarioId}, 0) = ${usuarioId ?? 0}`, isNull(turno.cerradoEn)))
    .limit(1);
  return { turno: row ? aTurno(row, row.tienda) : null };
}

/**
 * Opens the cashier's shift with the cash in the drawer. One open shift per cashier: the partial
 * unique index `turno_abierto_uq` decides between two tries racing, the second is refused.
 */
export async function abrirTurno(options: { db: Db; tiendaId: number; usuarioId: number | null; fondoInicial: number }): Promise<TTurno> {
  const { db, tiendaId, usuarioId, fondoInicial } = options;
  if (await turnoAbierto(db, tiendaId, usuarioId)) throw new AppError('CONFLICT', M.caja.turnoYaAbierto);
  try {
    await db.insert(turno).values({ tiendaId, usuarioId, fondoInicial });
  } catch (err) {
    if (esTurnoRepetido(err)) throw new AppError('CONFLICT', M.caja.turnoYaAbierto);
    throw err;
  }
  return (await turnoActual({ db, tiendaId, usuarioId })).turno!;
}
