/**
 * Who may do what in a store (issue #27 point 1, *Permisos*): the one owner of the rule. The store's
 * role 1 decides, for role 2 and role 3 separately, whether they may change prices and costs, adjust
 * stock, create and edit products, delete products, delete customers and suppliers, give or raise
 * credit, annul sales, record cash movements above the owner's threshold without a supervisor's PIN,
 * see costs and reports, and see the other employees' sales.
 *
 * The entity's domain module asks here (`exigirPermiso`) before it writes, on every face: the store
 * API, the back-office and the old controller API reach the same domain function, so none of them
 * can skip the question. A refusal is a 403 with its Spanish text, and it is recorded in the activity
 * log as an attempt (`registrarRechazo`, after the refused transaction has been undone).
 *
 * Floors that no setting lifts: role 1 may everything; role 3 never deletes products, customers or
 * suppliers (spec §6, also refused by the routes before reading the request); role 2 annuls only its
 * own sales of the day (venta.service.ts `verificarQuienPuede`).
 */
import { and, eq } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import type { TEntidadActividad } from '#shared/schemas/actividad';
import { PERMISOS, ROLES_CON_PERMISOS, type TMisPermisos, type TPermiso, type TPermisosRol, type TPermisosTienda } from '#shared/schemas/permisos';
import type { Db, Tx } from '../../db/client';
import { permisoRol, tienda } from '../../db/schema';
import { registrarActividad, type Autor } from '../actividad/actividad.domain';

const todos = (v: boolean) => Object.fromEntries(PERMISOS.map((p) => [p, v])) as TPermisosRol;

/**
 * The defaults of a new store, and of every store whose owner has not decided yet: role 3 may what
 * it might before permissions existed (everything but deleting, and giving credit, which was role 1's);
 * role 2 may sell, create and edit products, and annul its own sales, but not change prices or stock,
 * delete anything or give credit, nor pass the owner's cash threshold without a supervisor's PIN (no
 * threshold is set until the owner sets one, so nothing changes before that; once set, it holds for
 * cashiers, as an owner setting it expects). Nor see costs, margins or reports — the whole store's
 * sales, every employee's (issue #51 point 8): a shop owner expects a new cashier not to; stores that
 * existed before keep what their cashiers had (migration 0055 wrote it out as rows). Nor other
 * employees' sales in *Gestionar facturas* (`ventasDeOtros`, issue #51 point 8; migration 0056 kept
 * existing stores' cashiers seeing them).
 */
export const PERMISOS_POR_DEFECTO: Record<2 | 3, TPermisosRol> = {
  2: { ...todos(false), productos: true, anular: true },
  3: { ...todos(true), eliminarProductos: false, eliminarClientesProveedores: false, credito: false, listasPrecios: false, promociones: false },
};

/** What no setting gives: role 3 never deletes (spec §6). */
const NUNCA: Partial<Record<number, readonly TPermiso[]>> = { [ROL.ENCARGADO]: ['eliminarProductos', 'eliminarClientesProveedores'] };

const conPiso = (rol: number, p: TPermisosRol): TPermisosRol => {
  const out = { ...p };
  for (const k of NUNCA[rol] ?? []) out[k] = false;
  return out;
};

/** A role's defaults: any role the owner does not decide for (one the operator added) gets role 2's. */
const porDefecto = (rol: number): TPermisosRol => conPiso(rol, rol === ROL.ENCARGADO ? PERMISOS_POR_DEFECTO[3] : PERMISOS_POR_DEFECTO[2]);

const columnas = Object.fromEntries(PERMISOS.map((p) => [p, permisoRol[p]])) as { [K in TPermiso]: (typeof permisoRol)[K] };

/** What `rol` may do in the store (role 1: everything). */
export async function permisosDe(db: Db | Tx, tiendaId: number, rol: number): Promise<TPermisosRol> {
  if (rol === ROL.ADMIN) return todos(true);
  const [row] = await db
    .select(columnas)
    .from(permisoRol)
    .where(and(eq(permisoRol.tiendaId, tiendaId), eq(permisoRol.rolId, rol)))
    .limit(1);
  return row ? conPiso(rol, row) : porDefecto(rol);
}

/** Whether `autor` may do `permiso` in the store. */
export async function puede(db: Db | Tx, tiendaId: number, autor: Pick<Autor, 'rol'>, permiso: TPermiso): Promise<boolean> {
  if (autor.rol === ROL.ADMIN) return true;
  return (await permisosDe(db, tiendaId, autor.rol))[permiso];
}

// ── Refusals, recorded ──────────────────────────────────────────────────────────────────────

/** What was tried, for the activity log's entry. */
export interface Intento {
  entidad?: TEntidadActividad;
  id?: number;
  nombre?: string;
}

const rechazos = new WeakMap<object, Parameters<typeof registrarActividad>[1]>();

/** The 403 of a refused permission, remembered so that `registrarRechazo` can record it. */
export function denegado(tiendaId: number, autor: Autor, permiso: TPermiso, intento: Intento = {}, mensaje?: string): AppError {
  const texto = mensaje ?? (permiso === 'cajaSobreUmbral' ? M.permisos.denegado.cajaSobreUmbral('') : M.permisos.denegado[permiso]);
  const err = new AppError('FORBIDDEN', texto);
  rechazos.set(err, { tiendaId, usuarioId: autor.usuarioId, cara: autor.cara, tipo: 'rechazo', detalle: { accion: permiso, mensaje: texto, ...intento } });
  return err;
}

/** Refuses (403) unless `autor` may do `permiso` in the store. Inside a transaction, the caller records the refusal after it (`registrarRechazo`). */
export async function exigirPermiso(db: Db | Tx, tiendaId: number, autor: Autor, permiso: TPermiso, intento?: Intento): Promise<void> {
  if (!(await puede(db, tiendaId, autor, permiso))) throw denegado(tiendaId, autor, permiso, intento);
}

/**
 * Records a refused permission in the activity log with the plain database handle (the refused
 * transaction has been undone), then gives the error back to be thrown. Any other error passes.
 */
export async function registrarRechazo(db: Db, err: unknown): Promise<unknown> {
  const entrada = err && typeof err === 'object' ? rechazos.get(err) : undefined;
  if (entrada) {
    rechazos.delete(err as object);
    await registrarActividad(db, entrada);
  }
  return err;
}

/** Runs a domain write; a permission it refused is recorded before the refusal goes on. */
export async function conRechazos<T>(db: Db, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw await registrarRechazo(db, err);
  }
}

// ── The owner's screen ──────────────────────────────────────────────────────────────────────

/** The store's permissions as the *Permisos* screen shows them. */
export async function obtenerPermisos(options: { db: Db; tiendaId: number }): Promise<TPermisosTienda> {
  const { db, tiendaId } = options;
  const [t] = await db.select({ umbralCaja: tienda.umbralCaja }).from(tienda).where(eq(tienda.idTienda, tiendaId)).limit(1);
  return {
    roles: { 2: await permisosDe(db, tiendaId, 2), 3: await permisosDe(db, tiendaId, 3) },
    umbralCaja: t?.umbralCaja ?? null,
  };
}

/** The session's own permissions: what its screens offer. */
export async function misPermisos(options: { db: Db; tiendaId: number; rol: number }): Promise<TMisPermisos> {
  const { db, tiendaId, rol } = options;
  const [t] = await db.select({ umbralCaja: tienda.umbralCaja }).from(tienda).where(eq(tienda.idTienda, tiendaId)).limit(1);
  return { permisos: await permisosDe(db, tiendaId, rol), umbralCaja: t?.umbralCaja ?? null };
}

/**
 * Saves the owner's decision (role 1 only: the route refuses the others) and records each change in
 * the activity log, in one transaction. The floors stay whatever is sent.
 */
export async function guardarPermisos(options: { db: Db; tiendaId: number; autor: Autor; datos: TPermisosTienda }): Promise<TPermisosTienda> {
  const { db, tiendaId, autor, datos } = options;
  await db.transaction(async (tx) => {
    const [t] = await tx.select({ umbralCaja: tienda.umbralCaja }).from(tienda).where(eq(tienda.idTienda, tiendaId)).for('update');
    const umbralAnterior = t?.umbralCaja ?? null;
    for (const rol of ROLES_CON_PERMISOS) {
      const antes = await permisosDe(tx, tiendaId, rol);
      const despues = conPiso(rol, datos.roles[rol]);
      await tx
        .insert(permisoRol)
        .values({ tiendaId, rolId: rol, ...despues })
        .onConflictDoUpdate({ target: [permisoRol.tiendaId, permisoRol.rolId], set: despues });
      const cambios = PERMISOS.filter((p) => antes[p] !== despues[p]).map((p) => ({ permiso: p, antes: antes[p], despues: despues[p] }));
      const umbral = rol === ROLES_CON_PERMISOS[0] && umbralAnterior !== datos.umbralCaja ? { umbralAnterior, umbralNuevo: datos.umbralCaja } : {};
      if (cambios.length || 'umbralNuevo' in umbral) await registrarActividad(tx, { tiendaId, usuarioId: autor.usuarioId, cara: autor.cara, tipo: 'permisos', detalle: { rol, cambios, ...umbral } });
    }
    await tx.update(tienda).set({ umbralCaja: datos.umbralCaja }).where(eq(tienda.idTienda, tiendaId));
  });
  return obtenerPermisos({ db, tiendaId });
}
