/**
 * The one rule of who owns an empresa and which stores are its (issue #56, ADR 043 and 049): every
 * domain that keeps something the empresa's (the catalogue and its taxes, the taxpayer's profile, the
 * DIAN registration, transfers, the empresa's reports) asks here. Also here, as every module needs them:
 * a session's scope (`alcanceDe`), the stores it may act for (`tiendasDe`) and copying a row to other
 * stores of the empresa (`copiarATiendas`); *Sucursales* itself is server/modules/sucursal/.
 */
import { and, asc, eq, inArray, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import type { TCopiaEnTienda, TTiendaDeSesion } from '#shared/schemas/sucursal';
import type { Db, Tx } from '../../db/client';
import { tienda, usuarioTienda } from '../../db/schema';
import type { Autor } from '../actividad/actividad.domain';
import { fieldError, inEmpresa, requireDueno, type Alcance } from './alcance';

const S = M.sucursales;

export interface TiendaDeEmpresa {
  id: number;
  nombre: string;
}

/**
 * Whether the one acting is the empresa's owner: its store login (ADR 043), a session without a person
 * (ADR 049). A person, an administrator of a store included, is not; in an empresa of one store its
 * administrator changes what the owner would.
 */
export const esDueno = (quien: { usuarioId: number | null }): boolean => quien.usuarioId === null;

/** The empresa of a store, as a one-row subquery (evaluated once per statement). */
export const empresaDeTienda = (tiendaId: number | SQLWrapper): SQL => sql`(select ${tienda.empresaId} from ${tienda} where ${tienda.idTienda} = ${tiendaId})`;

/** The stores of a store's empresa, itself included, oldest first. */
export async function tiendasDeEmpresa(db: Db | Tx, tiendaId: number): Promise<TiendaDeEmpresa[]> {
  return db.select({ id: tienda.idTienda, nombre: tienda.nombreTienda }).from(tienda).where(eq(tienda.empresaId, empresaDeTienda(tiendaId))).orderBy(asc(tienda.idTienda));
}

/** The other stores of a store's empresa, oldest first (none for a one-store empresa). */
export async function tiendasHermanas(db: Db | Tx, tiendaId: number): Promise<TiendaDeEmpresa[]> {
  return db
    .select({ id: tienda.idTienda, nombre: tienda.nombreTienda })
    .from(tienda)
    .where(and(eq(tienda.empresaId, empresaDeTienda(tiendaId)), ne(tienda.idTienda, tiendaId)))
    .orderBy(asc(tienda.idTienda));
}

/** The stores of an empresa by its id, oldest first. */
export async function tiendasDeLaEmpresa(db: Db | Tx, empresaId: number): Promise<TiendaDeEmpresa[]> {
  return db.select({ id: tienda.idTienda, nombre: tienda.nombreTienda }).from(tienda).where(eq(tienda.empresaId, empresaId)).orderBy(asc(tienda.idTienda));
}

/** Who acts, as the session says: its kind decides whether it is the empresa's owner. */
export interface Quien {
  tipo: 'empleado' | 'tienda';
  usuarioId: number | null;
  tiendaId: number | null;
  empresaId: number | null;
  rol: number;
}

/** The scope of a session for this module: the owner is the store login of an empresa (esDueno). */
export const alcanceDe = (q: Quien): Alcance => ({
  tiendaId: q.tiendaId,
  usuarioId: q.usuarioId,
  rol: q.rol,
  empresaId: q.empresaId,
  dueno: esDueno(q) && q.empresaId != null,
});


/**
 * The stores a session may act for, with its role in each: every store of the empresa for its owner
 * (role 1), the approved roles of a person (usuario_tienda), none for the platform operator.
 */
export async function tiendasDe(db: Db, q: Quien): Promise<TTiendaDeSesion[]> {
  const actual = (id: number) => id === q.tiendaId;
  if (q.tipo === 'tienda') {
    if (q.empresaId == null) return [];
    const rows = await tiendasDeLaEmpresa(db, q.empresaId);
    return rows.map((r) => ({ idTienda: r.id, nombreTienda: r.nombre, rol: ROL.ADMIN, actual: actual(r.id) }));
  }
  if (q.usuarioId == null) return [];
  const rows = await db
    .select({ idTienda: tienda.idTienda, nombreTienda: tienda.nombreTienda, rol: usuarioTienda.rolId })
    .from(usuarioTienda)
    .innerJoin(tienda, eq(tienda.idTienda, usuarioTienda.tiendaId))
    .where(and(eq(usuarioTienda.usuarioId, q.usuarioId), eq(usuarioTienda.aprobado, true)))
    .orderBy(asc(tienda.idTienda));
  return rows.map((r) => ({ ...r, actual: actual(r.idTienda) }));
}

/**
 * Where the owner copies a price list or a promotion (issue #59 point 1): the current store (the
 * origin) and each named store of the empresa, once each. Anyone but the owner: 403; the current store
 * among them: 400; a store of another empresa (or none): 404, nothing copied.
 */
export async function destinosDeCopia(db: Db | Tx, quien: Quien, ids: readonly number[]): Promise<{ origen: { id: number; nombre: string }; destinos: { id: number; nombre: string }[] }> {
  const alcance = alcanceDe(quien);
  const { tiendaId } = requireDueno(alcance, S.copia.soloDueno);
  const unicos = [...new Set(ids)];
  if (unicos.includes(tiendaId)) throw fieldError('tiendas', S.copia.mismaTienda);
  const filas = await db
    .select({ id: tienda.idTienda, nombre: tienda.nombreTienda })
    .from(tienda)
    .where(and(inEmpresa(alcance, tienda.empresaId), inArray(tienda.idTienda, [tiendaId, ...unicos])))
    .orderBy(asc(tienda.idTienda));
  const origen = filas.find((f) => f.id === tiendaId);
  if (!origen || filas.length !== unicos.length + 1) throw new AppError('NOT_FOUND', S.copia.noEsDeEmpresa, { fields: { tiendas: S.copia.noEsDeEmpresa } });
  return { origen, destinos: filas.filter((f) => f.id !== tiendaId) };
}

/** What the owner asks: copy the current store's row `id` to these stores of the empresa. */
export type CopiaATiendas = { db: Db; quien: Quien; id: number; tiendas: readonly number[] };

/** Where one copy goes: the row's id and the row locked at the origin, the origin, one target store and who copies (the store face). */
export type CopiaEnDestino<F> = { id: number; fuente: F; origen: { id: number; nombre: string }; destino: { id: number; nombre: string }; autor: Autor };

/**
 * Copies one of the current store's rows to other stores of the empresa (issue #56): the owner only
 * (403 before anything is read), in one transaction, the source locked first by `bloquear` (another
 * store's row: 404, as every route of it), then the target stores checked by destinosDeCopia; `copiarEn`
 * copies into each target in turn and answers what happened there. Each domain keeps only how it
 * copies its own rows.
 */
export async function copiarATiendas<F>(
  options: CopiaATiendas,
  pasos: {
    bloquear: (tx: Tx, tiendaId: number, id: number) => Promise<F>;
    copiarEn: (tx: Tx, copia: CopiaEnDestino<F>) => Promise<TCopiaEnTienda>;
  },
): Promise<TCopiaEnTienda[]> {
  const { db, quien, id, tiendas } = options;
  const { tiendaId } = requireDueno(alcanceDe(quien), S.copia.soloDueno);
  const autor: Autor = { usuarioId: quien.usuarioId, rol: quien.rol, cara: 'tienda' };
  return db.transaction(async (tx) => {
    const fuente = await pasos.bloquear(tx, tiendaId, id);
    const { origen, destinos } = await destinosDeCopia(tx, quien, tiendas);
    const out: TCopiaEnTienda[] = [];
    for (const destino of destinos) out.push(await pasos.copiarEn(tx, { id, fuente, origen, destino, autor }));
    return out;
  });
}
