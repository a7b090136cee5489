/**
 * Merging two suppliers of one empresa that share a NIT or cédula (issue #56, ADR 072): migration 0097
 * kept both, flagged `documento_repetido`; the owner or a store's administrator merges the other into
 * this one, with the merge's one shape (union/union.ts, shared with the customers'). What is live
 * follows the survivor in every store: the products that named the other, its open purchase orders
 * (borrador, enviada, parcial) and its open stock counts. What was issued stays: received purchases,
 * their deliveries and documentos soporte, closed orders and counts keep naming the merged supplier,
 * which stays archived, naming the survivor. There is no supplier money ledger to move.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { M } from '#shared/messages';
import type { Db } from '../../db/client';
import { conteo, ordenCompra, producto, proveedor } from '../../db/schema';
import type { Autor } from '../actividad/actividad.domain';
import { definirUnion, noUnen, unirGemelos } from '../union/union';
import { claveDocumento, claveDocumentoSql } from './proveedor.alcance';
import { enAlcance, type ProveedorScope } from './proveedor.domain';

const U = M.proveedores.unir;

/** Who may merge: the owner or a store's administrator (role 1); cashiers and encargados are refused on every face. */
export const NO_UNEN = noUnen(U);

/** A supplier as a merge reads it: its documento compares by its number, a NIT's check digit aside (ADR 064). */
const unionDeProveedores = (scope: ProveedorScope) =>
  definirUnion(proveedor, proveedor.idProveedor, {
    nombre: sql<string>`${proveedor.nombre}`,
    claveSql: claveDocumentoSql,
    clave: claveDocumento,
    alcance: enAlcance(scope),
    campoOtro: 'proveedorId',
    mensajes: U,
    actividad: 'union_proveedores',
  });

const ABIERTAS = ['borrador', 'enviada', 'parcial'];

/** What follows the survivor: a table's rows naming a supplier, those still live. */
const VIVOS = [
  { tabla: producto, proveedorId: producto.proveedorId, tiendaId: producto.tiendaId, vivo: undefined, campo: U.productos },
  { tabla: ordenCompra, proveedorId: ordenCompra.proveedorId, tiendaId: ordenCompra.tiendaId, vivo: inArray(ordenCompra.estado, ABIERTAS), campo: U.pedidos },
  { tabla: conteo, proveedorId: conteo.proveedorId, tiendaId: conteo.tiendaId, vivo: eq(conteo.estado, 'abierto'), campo: U.conteos },
] as const;

/**
 * Merges supplier `otroId` into `id` (the survivor) in the caller's reach (404 otherwise). Both must be
 * active, flagged `documento_repetido` and share the documento's number (409 otherwise). Returns the
 * survivor's id.
 */
export async function unirProveedores(options: { db: Db; scope: ProveedorScope; id: number; otroId: number; autor: Autor }): Promise<number> {
  const { scope, id, otroId } = options;
  return unirGemelos({
    ...options,
    def: unionDeProveedores(scope),
    mover: async ({ tx, este, anotar }) => {
      for (const v of VIVOS) {
        // Per store, how many live rows name each of the two, before.
        const cuantos = async (proveedorId: number) =>
          new Map(
            (
              await tx
                .select({ tiendaId: v.tiendaId, n: sql<number>`count(*)`.mapWith(Number) })
                .from(v.tabla)
                .where(and(eq(v.proveedorId, proveedorId), v.vivo))
                .groupBy(v.tiendaId)
            ).map((f) => [f.tiendaId as number, f.n]),
          );
        const [delOtro, delEste] = [await cuantos(otroId), await cuantos(id)];
        if (delOtro.size === 0) continue;
        await tx.execute(sql`update ${v.tabla} set ${sql.identifier(v.proveedorId.name)} = ${id} where ${and(eq(v.proveedorId, otroId), v.vivo)}`);
        for (const [tiendaId, n] of delOtro) {
          const antes = delEste.get(tiendaId) ?? 0;
          anotar(tiendaId, `${v.campo} de «${este.nombre}»`, String(antes), String(antes + n));
        }
      }
      // The survivor keeps its data and takes the other's address and municipality where it had none.
      await tx
        .update(proveedor)
        .set({
          direccion: sql`coalesce(${proveedor.direccion}, (select o.direccion from proveedor o where o.id_proveedor = ${otroId}))`,
          municipio: sql`coalesce(${proveedor.municipio}, (select o.municipio from proveedor o where o.id_proveedor = ${otroId}))`,
        })
        .where(eq(proveedor.idProveedor, id));
    },
  });
}
