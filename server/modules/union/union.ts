/**
 * Merging two rows of one empresa that share a documento (issue #56): migrations 0090 (customers) and
 * 0097 (suppliers) kept both of a pair two stores of one owner had each created, flagged
 * `documento_repetido`. The one shape of a merge, shared by the customers' (ADR 067,
 * cliente/cliente.union.ts) and the suppliers' (ADR 072, proveedor/proveedor.union.ts): who may, the
 * pair's checks, both rows locked in id order, the merged row archived naming the survivor
 * (`unido_a`), the survivor's flag cleared when no twin is left, an activity entry in the acting store
 * and in every store whose figures moved. What moves between the two (ledgers, products, orders…) is
 * each entity's own, given as `mover`.
 */
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import type { TEntradaActividad } from '#shared/schemas/actividad';
import type { Db, Tx } from '../../db/client';
import { registrarPor, type Autor } from '../actividad/actividad.domain';
import { conRechazos } from '../tienda/permisos';

/** Who may merge: the owner or a store's administrator (role 1); cashiers and encargados are refused on every face. */
export const noUnen = (m: { sinPermiso: string; sinPermisoTitulo: string }) => ({ roles: [ROL.EMPLEADO, ROL.ENCARGADO] as number[], message: m.sinPermiso, title: m.sinPermisoTitulo });

/** One row of the pair, as the merge read and locked it. */
export interface Gemelo {
  id: number;
  tiendaId: number;
  empresaId: number;
  documento: string | null;
  nombre: string;
}

/** What an entity's merge is: its table and columns, how its documento compares, its words and its log kind. */
export interface DefinicionUnion {
  tabla: PgTable;
  id: PgColumn;
  tiendaId: PgColumn;
  empresaId: PgColumn;
  documento: PgColumn;
  activo: PgColumn;
  repetido: PgColumn;
  unidoA: PgColumn;
  /** The row's name as people read it. */
  nombre: SQL<string>;
  /** The documento's key (customers: as typed; suppliers: a NIT's check digit aside), in SQL and for a value. */
  claveSql: SQL;
  clave: (documento: string) => string;
  /** The caller's reach (its empresa's rows; none for the operator). */
  alcance: SQL | undefined;
  /** The body's field naming the other row (the 422's field). */
  campoOtro: string;
  mensajes: { mismo: string; soloRepetidos: string; yaUnido: (nombre: string) => string; sinPermiso: string; sinPermisoTitulo: string };
  actividad: 'union_clientes' | 'union_proveedores';
}

/** A table of the empresa's rows that may be twins: its columns under the names both customers and suppliers use. */
type TablaDeGemelos = PgTable & { tiendaId: PgColumn; empresaId: PgColumn; documento: PgColumn; activo: PgColumn; documentoRepetido: PgColumn; unidoA: PgColumn };

/** An entity's merge from its table, its id column and what is its own (name, documento key, reach, words, log kind). */
export const definirUnion = <T extends TablaDeGemelos>(
  tabla: T,
  id: PgColumn,
  propio: Pick<DefinicionUnion, 'nombre' | 'claveSql' | 'clave' | 'alcance' | 'campoOtro' | 'mensajes' | 'actividad'>,
): DefinicionUnion => ({
  tabla,
  id,
  tiendaId: tabla.tiendaId,
  empresaId: tabla.empresaId,
  documento: tabla.documento,
  activo: tabla.activo,
  repetido: tabla.documentoRepetido,
  unidoA: tabla.unidoA,
  ...propio,
});

/** What an entity's own part of the merge may use: the pair, the acting store, and a note for a store's log entry. */
export interface Union {
  tx: Tx;
  este: Gemelo;
  otro: Gemelo;
  /** The store that acts (the operator: the survivor's). */
  donde: number;
  autor: Autor;
  /** One figure of one store, before → after, for that store's activity entry (a store noted gets one). */
  anotar: (tiendaId: number, campo: string, antes: string, despues: string) => void;
}

/** What naming a merged row's survivor needs. */
type Nombrable = { tabla: PgTable; id: PgColumn; nombre: SQL<string>; mensajes: { yaUnido: (nombre: string) => string } };

/** The refusal for a row already merged into another (409, naming the survivor): editing, deleting or merging it again. */
export async function yaUnido(tx: Db | Tx, def: Nombrable, sobrevivienteId: number): Promise<AppError> {
  const [s] = await tx.select({ nombre: def.nombre }).from(def.tabla).where(eq(def.id, sobrevivienteId));
  return new AppError('CONFLICT', def.mensajes.yaUnido(s?.nombre ?? `#${sobrevivienteId}`));
}

/**
 * Merges row `otroId` into `id` (the survivor) in the caller's reach (404 otherwise). Both must be
 * active, flagged `documento_repetido`, of one empresa and share the documento's key (409 otherwise);
 * itself is 422; a cashier or an encargado 403. `mover` does the entity's own part inside the same
 * transaction, both rows locked. Returns the survivor's id.
 */
export async function unirGemelos(options: { db: Db; def: DefinicionUnion; scope: { tiendaId: number | null }; id: number; otroId: number; autor: Autor; mover: (u: Union) => Promise<void> }): Promise<number> {
  const { db, def, scope, id, otroId, autor, mover } = options;
  const U = def.mensajes;
  if (noUnen(U).roles.includes(autor.rol)) throw new AppError('FORBIDDEN', U.sinPermiso, { title: U.sinPermisoTitulo });
  if (id === otroId) throw new AppError('BUSINESS_RULE', U.mismo, { fields: { [def.campoOtro]: U.mismo } });
  return conRechazos(db, () =>
    db.transaction(async (tx) => {
      // Both rows locked, in id order: whatever writes one of them (a ledger line, an edit) waits, and two merges cannot deadlock.
      const filas = (await tx
        .select({
          id: def.id,
          tiendaId: def.tiendaId,
          empresaId: def.empresaId,
          documento: def.documento,
          nombre: def.nombre,
          activo: def.activo,
          repetido: def.repetido,
          unidoA: def.unidoA,
        })
        .from(def.tabla)
        .where(and(inArray(def.id, [id, otroId]), def.alcance))
        .orderBy(def.id)
        .for('update')) as (Gemelo & { activo: boolean; repetido: boolean; unidoA: number | null })[];
      const este = filas.find((f) => f.id === id);
      const otro = filas.find((f) => f.id === otroId);
      if (!este || !otro) throw new AppError('NOT_FOUND', M.generic.notFound);
      for (const f of [este, otro]) if (f.unidoA != null) throw await yaUnido(tx, def, f.unidoA);
      const gemelos = este.documento != null && otro.documento != null && def.clave(este.documento) === def.clave(otro.documento);
      if (!este.repetido || !otro.repetido || !este.activo || !otro.activo || !gemelos || este.empresaId !== otro.empresaId) throw new AppError('CONFLICT', U.soloRepetidos);

      const donde = scope.tiendaId ?? este.tiendaId;
      const cambiosPorTienda = new Map<number, { campo: string; antes: string | null; despues: string | null }[]>([[donde, []]]);
      const anotar = (tiendaId: number, campo: string, antes: string, despues: string) => {
        cambiosPorTienda.set(tiendaId, [...(cambiosPorTienda.get(tiendaId) ?? []), { campo, antes, despues }]);
      };
      await mover({ tx, este, otro, donde, autor, anotar });

      // The merged row: archived, naming the survivor; a row merged into it before now names the survivor too (one level).
      const col = (c: PgColumn) => sql.identifier(c.name);
      await tx.execute(sql`update ${def.tabla} set ${col(def.unidoA)} = ${id} where ${col(def.unidoA)} = ${otroId}`);
      await tx.execute(sql`update ${def.tabla} set ${col(def.activo)} = false, ${col(def.unidoA)} = ${id}, ${col(def.repetido)} = false where ${col(def.id)} = ${otroId}`);
      // The survivor loses the flag unless a third row of the empresa, not merged, still shares the documento.
      const [tercero] = await tx
        .select({ id: def.id })
        .from(def.tabla)
        .where(and(eq(def.empresaId, este.empresaId), sql`${def.claveSql} = ${def.clave(este.documento!)}`, ne(def.id, id), sql`${def.unidoA} is null`))
        .limit(1);
      await tx.execute(sql`update ${def.tabla} set ${col(def.repetido)} = ${!!tercero} where ${col(def.id)} = ${id}`);

      // The activity log of the acting store and of every store whose figures moved.
      const detalle = { sobrevivienteId: id, sobreviviente: este.nombre, unidoId: otroId, unido: otro.nombre };
      for (const [tiendaId, cambios] of cambiosPorTienda) await registrarPor(tx, tiendaId, autor, { tipo: def.actividad, detalle: { ...detalle, cambios } } as TEntradaActividad);
      return id;
    }),
  );
}
