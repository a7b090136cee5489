/**
 * Merging two customers of one empresa that share a documento (issue #56, ADR 067): migration 0090 kept
 * both, flagged `documento_repetido`; the owner or a store's administrator merges the other into this
 * one. The customer domain owns the rule on every face. The ledgers are append-only, so nothing is
 * rewritten: in each store where the merged customer had a fiado balance or points, a pair of 'union'
 * movements takes it off the merged one and gives it to the survivor. The merged customer stays,
 * archived and naming the survivor (its sales, ledger lines and history keep pointing at it); the
 * survivor's statement and the age of its debt read the merged one's lines (fiado.service.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { M } from '#shared/messages';
import { formatPesos } from '#shared/money';
import type { Db, Tx } from '../../db/client';
import { cliente, creditoMovimiento, listaPrecioCliente, puntoMovimiento } from '../../db/schema';
import type { Autor } from '../actividad/actividad.domain';
import { definirUnion, noUnen, unirGemelos } from '../union/union';
import { enAlcance, nombreClienteSql, type ClienteScope } from './cliente.domain';

const U = M.clientes.unir;

/** Who may merge: the owner or a store's administrator (role 1); cashiers and encargados are refused on every face. */
export const NO_UNEN = noUnen(U);

/** A customer as a merge reads it: its name is nombre and apellido; its documento compares as typed. */
const unionDeClientes = (scope: ClienteScope) =>
  definirUnion(cliente, cliente.idCliente, {
    nombre: nombreClienteSql,
    claveSql: sql`${cliente.documento}`,
    clave: (documento) => documento,
    alcance: enAlcance(scope),
    campoOtro: 'clienteId',
    mensajes: U,
    actividad: 'union_clientes',
  });

/** Per store, the sum of a customer's lines of a ledger. */
async function porTienda(tx: Tx, tabla: 'credito' | 'puntos', clienteId: number): Promise<Map<number, number>> {
  const filas =
    tabla === 'credito'
      ? await tx
          .select({ tiendaId: creditoMovimiento.tiendaId, suma: sql<string>`sum(${creditoMovimiento.monto})` })
          .from(creditoMovimiento)
          .where(eq(creditoMovimiento.clienteId, clienteId))
          .groupBy(creditoMovimiento.tiendaId)
      : await tx
          .select({ tiendaId: puntoMovimiento.tiendaId, suma: sql<string>`sum(${puntoMovimiento.puntos})` })
          .from(puntoMovimiento)
          .where(eq(puntoMovimiento.clienteId, clienteId))
          .groupBy(puntoMovimiento.tiendaId);
  return new Map(filas.map((f) => [f.tiendaId, Number(f.suma)]));
}

/**
 * Merges customer `otroId` into `id` (the survivor) in the caller's reach (404 otherwise). Both must be
 * active, flagged `documento_repetido` and share the documento (409 otherwise). Returns the survivor's id.
 */
export async function unirClientes(options: { db: Db; scope: ClienteScope; id: number; otroId: number; autor: Autor }): Promise<number> {
  const { db, scope, id, otroId, autor } = options;
  return unirGemelos({
    db,
    def: unionDeClientes(scope),
    scope,
    id,
    otroId,
    autor,
    mover: async ({ tx, este, otro, anotar }) => {
      const nota = U.nota(otro.nombre, este.nombre);
      // Fiado: each store's part of the merged customer's balance, off it and onto the survivor.
      const [creditoOtro, creditoEste] = [await porTienda(tx, 'credito', otroId), await porTienda(tx, 'credito', id)];
      for (const [tiendaId, monto] of creditoOtro) {
        if (monto === 0) continue;
        await tx.insert(creditoMovimiento).values([
          { tiendaId, clienteId: otroId, tipo: 'union', monto: -monto, usuarioId: autor.usuarioId, nota },
          { tiendaId, clienteId: id, tipo: 'union', monto, usuarioId: autor.usuarioId, nota },
        ]);
        const antes = creditoEste.get(tiendaId) ?? 0;
        anotar(tiendaId, `${U.saldo} de «${este.nombre}»`, formatPesos(antes), formatPesos(antes + monto));
        anotar(tiendaId, `${U.saldo} de «${otro.nombre}»`, formatPesos(monto), formatPesos(0));
      }
      // Points: each store's (a store's points are its promise, ADR 054).
      const [puntosOtro, puntosEste] = [await porTienda(tx, 'puntos', otroId), await porTienda(tx, 'puntos', id)];
      for (const [tiendaId, puntos] of puntosOtro) {
        if (puntos === 0) continue;
        await tx.insert(puntoMovimiento).values([
          { tiendaId, clienteId: otroId, tipo: 'union', puntos: -puntos, usuarioId: autor.usuarioId },
          { tiendaId, clienteId: id, tipo: 'union', puntos, usuarioId: autor.usuarioId },
        ]);
        const antes = puntosEste.get(tiendaId) ?? 0;
        anotar(tiendaId, `${U.puntos} de «${este.nombre}»`, String(antes), String(antes + puntos));
        anotar(tiendaId, `${U.puntos} de «${otro.nombre}»`, String(puntos), '0');
      }
      // Price lists: the merged customer's list in a store where the survivor has none becomes the survivor's.
      await tx.execute(sql`
        update ${listaPrecioCliente} set cliente_id = ${id}
        where cliente_id = ${otroId} and tienda_id not in (select l.tienda_id from ${listaPrecioCliente} l where l.cliente_id = ${id})`);
      await tx.delete(listaPrecioCliente).where(eq(listaPrecioCliente.clienteId, otroId));
      // The survivor keeps its data and takes the other's contact and fiscal data where it had none.
      await tx
        .update(cliente)
        .set({
          correo: sql`coalesce(${cliente.correo}, (select o.correo from cliente o where o.id_cliente = ${otroId}))`,
          telefono: sql`coalesce(${cliente.telefono}, (select o.telefono from cliente o where o.id_cliente = ${otroId}))`,
          datosFiscales: sql`coalesce(${cliente.datosFiscales}, (select o.datos_fiscales from cliente o where o.id_cliente = ${otroId}))`,
        })
        .where(eq(cliente.idCliente, id));
    },
  });
}
