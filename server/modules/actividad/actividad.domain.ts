/**
 * The store's activity log (issue #27 point 6, *Registro de actividad*): one append-only table
 * (`actividad`, migration 0018, whose trigger refuses any change or removal) written only here.
 *
 * `registrarActividad` is called by the domain module that makes the change, inside the change's
 * own transaction when there is one, so an entry exists exactly when the change does. A refused
 * attempt is recorded with the plain database handle (outside the refused transaction), so it stays.
 */
import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { actividad as A } from '#shared/messages/actividad';
import { permisos } from '#shared/messages/permisos';
import type { TActividad, TActividadFiltros, TActividadPage, TActividadPersona, TCara, TEntradaActividad } from '#shared/schemas/actividad';
import type { Db, Tx } from '../../db/client';
import { actividad } from '../../db/schema';
import type { RequestSession } from '../../plugins/auth';
import { entreDias, hoyDeTienda, zonaDeTienda } from '../tienda/zona-horaria';

/** Who acts, and through which face: what every recorded change says besides its facts. */
export interface Autor {
  /** The employee; null for the store account itself. */
  usuarioId: number | null;
  rol: number;
  cara: TCara;
}

/** The author of a request on a face, from its checked session. */
export const autorDe = (sesion: Pick<RequestSession, 'usuarioId' | 'rol'>, cara: TCara): Autor => ({ usuarioId: sesion.usuarioId, rol: sesion.rol, cara });

/** One entry: the store, who (null: the store account), the face, the kind and its facts. */
export type NuevaActividad = { tiendaId: number; usuarioId: number | null; cara: TCara } & TEntradaActividad;

/**
 * Appends one entry. The person's name and role are copied from the account in the same statement
 * (the store account is 'Cuenta de la tienda', role 1), so the entry keeps saying who acted after
 * the account is renamed, changes role or is deleted.
 */
export async function registrarActividad(db: Db | Tx, entrada: NuevaActividad): Promise<void> {
  const { tiendaId, usuarioId, cara, tipo, detalle } = entrada;
  await db.execute(sql`
    insert into actividad (tienda_id, usuario_id, usuario_nombre, rol_id, cara, tipo, detalle)
    select ${tiendaId}, ${usuarioId}, ${nombreDe(usuarioId)}, ${rolDe(usuarioId)}, ${cara}, ${tipo}, ${JSON.stringify(detalle)}::jsonb`);
}

/** The person's name as a row records it, read in the writing statement ('Cuenta de la tienda' for the store account). */
export const nombreDe = (usuarioId: number | null): SQL =>
  usuarioId == null
    ? sql`${A.cuentaTienda}::text`
    : sql`coalesce((select u.nombre1 || ' ' || u.apellido1 from usuario u where u.id_usuario = ${usuarioId}), ${A.cuentaTienda}::text)`;

/** The person's role at the time (the store account is role 1). */
const rolDe = (usuarioId: number | null): SQL =>
  usuarioId == null ? sql`1` : sql`coalesce((select u.rol_id from usuario u where u.id_usuario = ${usuarioId}), 1)`;

/**
 * One entry in every store's log, in one statement: a change of a global catalogue (a role, a payment
 * method) by the platform operator touches every store (issue #51 point 8).
 */
export async function registrarEnTodas(db: Db | Tx, autor: Autor, entrada: TEntradaActividad): Promise<void> {
  await db.execute(sql`
    insert into actividad (tienda_id, usuario_id, usuario_nombre, rol_id, cara, tipo, detalle)
    select t.id_tienda, ${autor.usuarioId}, ${nombreDe(autor.usuarioId)}, ${rolDe(autor.usuarioId)}, ${autor.cara}, ${entrada.tipo}, ${JSON.stringify(entrada.detalle)}::jsonb from tienda t`);
}

/** Who acts through the back-office or the legacy API, from its scope (absent role: 1; absent face: the back-office). */
export const autorDeAlcance = (alcance: { usuarioId: number | null; rol?: number; cara?: 'crud' | 'legacy' }): Autor => ({
  usuarioId: alcance.usuarioId,
  rol: alcance.rol ?? 1,
  cara: alcance.cara ?? 'crud',
});

/** The fields of `campos` that differ between two versions of a row, for an `administracion` entry. */
export function cambiosEntre<K extends string>(antes: { [C in K]?: unknown } | null, despues: { [C in K]?: unknown } | null, campos: readonly K[]) {
  const v = (x: unknown) => (x === undefined || x === '' ? null : (x as string | number | null));
  return campos.filter((c) => v(antes?.[c]) !== v(despues?.[c])).map((c) => ({ campo: c as string, antes: v(antes?.[c]), despues: v(despues?.[c]) }));
}

/** The same, for an author already known (`Autor`). */
export const registrarPor = (db: Db | Tx, tiendaId: number, autor: Autor, entrada: TEntradaActividad) =>
  registrarActividad(db, { tiendaId, usuarioId: autor.usuarioId, cara: autor.cara, ...entrada } as NuevaActividad);

// ── Reads (role 1) ──────────────────────────────────────────────────────────────────────────

function filtros(tiendaId: number, q: Pick<TActividadFiltros, 'persona' | 'tipo' | 'desde' | 'hasta'>): SQL | undefined {
  const c: SQL[] = [eq(actividad.tiendaId, tiendaId)];
  if (q.persona === 'tienda') c.push(isNull(actividad.usuarioId));
  else if (q.persona) c.push(eq(actividad.usuarioId, Number(q.persona)));
  if (q.tipo) c.push(eq(actividad.tipo, q.tipo));
  c.push(...entreDias(actividad.fecha, tiendaId, q.desde, q.hasta));
  return and(...c);
}

const columnas = {
  id: actividad.idActividad,
  fecha: actividad.fecha,
  usuarioId: actividad.usuarioId,
  persona: actividad.usuarioNombre,
  rol: actividad.rolId,
  cara: actividad.cara,
  tipo: actividad.tipo,
  // A sale is named by its store number, the receipt's (ADR 026, issue #52): an entry that kept only
  // the sale's id gets its number here.
  detalle: sql<unknown>`case when ${actividad.detalle} ? 'ventaId' and not ${actividad.detalle} ? 'ventaNumero'
    then ${actividad.detalle} || jsonb_build_object('ventaNumero', (select v.numero from venta v where v.id_venta = (${actividad.detalle} ->> 'ventaId')::int and v.tienda_id = ${actividad.tiendaId}))
    else ${actividad.detalle} end`.mapWith((v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v)),
};

const aFila = (r: { id: number; fecha: Date; usuarioId: number | null; persona: string; rol: number; cara: string; tipo: string; detalle: unknown }): TActividad => ({
  id: r.id,
  fecha: r.fecha.toISOString(),
  usuarioId: r.usuarioId,
  persona: r.persona,
  rol: r.rol,
  cara: r.cara as TCara,
  tipo: r.tipo,
  descripcion: A.describir(r.tipo, r.detalle ?? {}),
});

/** A page of the store's log, newest first, filtered by person, kind and the store's days. */
export async function listarActividad(options: { db: Db; tiendaId: number; query: TActividadFiltros }): Promise<TActividadPage> {
  const { db, tiendaId, query } = options;
  const where = filtros(tiendaId, query);
  const [rows, [total]] = await Promise.all([
    db
      .select(columnas)
      .from(actividad)
      .where(where)
      .orderBy(desc(actividad.fecha), desc(actividad.idActividad))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(actividad).where(where),
  ]);
  return { items: rows.map(aFila), total: Number(total?.n ?? 0) };
}

/** Everyone who appears in the store's log, for the person filter (the name of their latest entry). */
export async function personasDeActividad(options: { db: Db; tiendaId: number }): Promise<TActividadPersona[]> {
  const rows = await options.db
    .selectDistinctOn([actividad.usuarioId], { id: actividad.usuarioId, nombre: actividad.usuarioNombre })
    .from(actividad)
    .where(eq(actividad.tiendaId, options.tiendaId))
    .orderBy(actividad.usuarioId, desc(actividad.idActividad));
  return rows.sort((a, b) => a.nombre.localeCompare(b.nombre, 'es'));
}

/** The most rows one export carries. */
export const CSV_MAX_FILAS = 50_000;

/**
 * A cell of the CSV: quoted when it holds the separator, a quote or a line break; a text that a
 * spreadsheet would read as a formula (= + - @ at its start) is kept as text with a leading quote.
 */
export function celdaCsv(v: string | number): string {
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * The filtered log as a CSV that Excel in Spanish opens as a table: UTF-8 with a byte-order mark,
 * `;` between cells (the decimal comma's list separator), CRLF between rows; dates in the store's
 * time zone, newest first.
 */
export async function exportarActividadCsv(options: { db: Db; tiendaId: number; query: Omit<TActividadFiltros, 'page' | 'pageSize' | 'q'> }): Promise<{ csv: string; dia: string }> {
  const { db, tiendaId, query } = options;
  const dia = await hoyDeTienda(db, tiendaId); // the file is named after the store's day
  const rows = await db
    .select({ ...columnas, local: sql<string>`to_char(${actividad.fecha} at time zone ${zonaDeTienda(tiendaId)}, 'YYYY-MM-DD HH24:MI:SS')` })
    .from(actividad)
    .where(filtros(tiendaId, query))
    .orderBy(desc(actividad.fecha), desc(actividad.idActividad))
    .limit(CSV_MAX_FILAS);
  const C = A.columnas;
  const lineas = [[C.fecha, C.persona, C.rol, C.cara, C.tipo, C.descripcion].map(celdaCsv).join(';')];
  for (const r of rows) {
    const f = aFila(r);
    lineas.push([r.local, f.persona, permisos.rolNombre(f.rol), A.cara(f.cara), A.tipos[f.tipo] ?? f.tipo, f.descripcion].map(celdaCsv).join(';'));
  }
  return { csv: `\uFEFF${lineas.join('\r\n')}\r\n`, dia };
}
