/**
 * Merging two customers of one empresa that share a documento (issue #56, ADR 067): migration 0090 kept
 * both, flagged `documento_repetido`; the owner or a store's administrator merges the other into this
 * one. The customer domain owns the rule on every face. The ledgers are append-only, so nothing is
 * rewritten: in each store where the merged customer had a fiado balance or points, a pair of 'union'
 * movements takes it off the merged one and gives it to the survivor. The merged customer stays,
 * archived and naming the survivor (its sales, ledger lines and history keep pointing at it); the
 * survivor's statement and the age of its debt read the merged one's lines (fiado.service.ts).
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { formatPesos } from '#shared/money';
import { ROL } from '#shared/roles';
import type { Db, Tx } from '../../db/client';
import { cliente, creditoMovimiento, listaPrecioCliente, puntoMovimiento } from '../../db/schema';
import { registrarPor, type Autor } from '../actividad/actividad.domain';
import { conRechazos } from '../tienda/permisos';
import { enAlcance, type ClienteScope } from './cliente.domain';

const U = M.clientes.unir;

/** Who may merge: the owner or a store's administrator (role 1); cashiers and encargados are refused on every face. */
export const NO_UNEN = { roles: [ROL.EMPLEADO, ROL.ENCARGADO] as number[], message: U.sinPermiso, title: U.sinPermisoTitulo };

const nombre = (c: { nombre: string; apellido: string }) => `${c.nombre} ${c.apellido}`.trim();

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
  if (NO_UNEN.roles.includes(autor.rol)) throw new AppError('FORBIDDEN', NO_UNEN.message, { title: NO_UNEN.title });
  if (id === otroId) throw new AppError('BUSINESS_RULE', U.mismo, { fields: { clienteId: U.mismo } });
  return conRechazos(db, () =>
    db.transaction(async (tx) => {
      // Both rows locked, in id order, as every credit write locks its customer: no charge or abono lands meanwhile.
      const filas = await tx
        .select({
          id: cliente.idCliente,
          tiendaId: cliente.tiendaId,
          empresaId: cliente.empresaId,
          documento: cliente.documento,
          nombre: cliente.nombre,
          apellido: cliente.apellido,
          activo: cliente.activo,
          repetido: cliente.documentoRepetido,
          unidoA: cliente.unidoA,
        })
        .from(cliente)
        .where(and(inArray(cliente.idCliente, [id, otroId]), enAlcance(scope)))
        .orderBy(cliente.idCliente)
        .for('update');
      const este = filas.find((f) => f.id === id);
      const otro = filas.find((f) => f.id === otroId);
      if (!este || !otro) throw new AppError('NOT_FOUND', M.generic.notFound);
      for (const c of [este, otro])
        if (c.unidoA != null) {
          const [s] = await tx.select({ nombre: cliente.nombre, apellido: cliente.apellido }).from(cliente).where(eq(cliente.idCliente, c.unidoA));
          throw new AppError('CONFLICT', U.yaUnido(s ? nombre(s) : `#${c.unidoA}`));
        }
      if (!este.repetido || !otro.repetido || !este.activo || !otro.activo || este.documento !== otro.documento || este.empresaId !== otro.empresaId)
        throw new AppError('CONFLICT', U.soloRepetidos);

      const donde = scope.tiendaId ?? este.tiendaId;
      const nota = U.nota(nombre(otro), nombre(este));
      const cambiosPorTienda = new Map<number, { campo: string; antes: string | null; despues: string | null }[]>([[donde, []]]);
      const anotar = (tiendaId: number, campo: string, antes: string, despues: string) => {
        const lista = cambiosPorTienda.get(tiendaId) ?? [];
        lista.push({ campo, antes, despues });
        cambiosPorTienda.set(tiendaId, lista);
      };

      // Fiado: each store's part of the merged customer's balance, off it and onto the survivor.
      const [creditoOtro, creditoEste] = [await porTienda(tx, 'credito', otroId), await porTienda(tx, 'credito', id)];
      for (const [tiendaId, monto] of creditoOtro) {
        if (monto === 0) continue;
        await tx.insert(creditoMovimiento).values([
          { tiendaId, clienteId: otroId, tipo: 'union', monto: -monto, usuarioId: autor.usuarioId, nota },
          { tiendaId, clienteId: id, tipo: 'union', monto, usuarioId: autor.usuarioId, nota },
        ]);
        const antes = creditoEste.get(tiendaId) ?? 0;
        anotar(tiendaId, `${U.saldo} de «${nombre(este)}»`, formatPesos(antes), formatPesos(antes + monto));
        anotar(tiendaId, `${U.saldo} de «${nombre(otro)}»`, formatPesos(monto), formatPesos(0));
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
        anotar(tiendaId, `${U.puntos} de «${nombre(este)}»`, String(antes), String(antes + puntos));
        anotar(tiendaId, `${U.puntos} de «${nombre(otro)}»`, String(puntos), '0');
      }
      // Price lists: the merged customer's list in a store where the survivor has none becomes the survivor's.
      await tx.execute(sql`
        update ${listaPrecioCliente} set cliente_id = ${id}
        where cliente_id = ${otroId} and tienda_id not in (select l.tienda_id from ${listaPrecioCliente} l where l.cliente_id = ${id})`);
      await tx.delete(listaPrecioCliente).where(eq(listaPrecioCliente.clienteId, otroId));

      // The merged customer: archived, naming the survivor; any customer merged into it before now names the survivor too.
      await tx.update(cliente).set({ unidoA: id }).where(eq(cliente.unidoA, otroId));
      await tx.update(cliente).set({ activo: false, unidoA: id, documentoRepetido: false }).where(eq(cliente.idCliente, otroId));
      // The survivor keeps its data, takes the other's contact and fiscal data where it had none, and
      // loses the flag unless a third customer of the empresa still shares the documento.
      const [tercero] = await tx
        .select({ id: cliente.idCliente })
        .from(cliente)
        .where(and(eq(cliente.empresaId, este.empresaId), eq(cliente.documento, este.documento), ne(cliente.idCliente, id), sql`${cliente.unidoA} is null`))
        .limit(1);
      await tx
        .update(cliente)
        .set({
          documentoRepetido: !!tercero,
          correo: sql`coalesce(${cliente.correo}, (select o.correo from cliente o where o.id_cliente = ${otroId}))`,
          telefono: sql`coalesce(${cliente.telefono}, (select o.telefono from cliente o where o.id_cliente = ${otroId}))`,
          datosFiscales: sql`coalesce(${cliente.datosFiscales}, (select o.datos_fiscales from cliente o where o.id_cliente = ${otroId}))`,
        })
        .where(eq(cliente.idCliente, id));

      // The activity log of every store whose balances moved, and the acting store's.
      const detalle = { sobrevivienteId: id, sobreviviente: nombre(este), unidoId: otroId, unido: nombre(otro) };
      for (const [tiendaId, cambios] of cambiosPorTienda) await registrarPor(tx, tiendaId, autor, { tipo: 'union_clientes', detalle: { ...detalle, cambios } });
      return id;
    }),
  );
}
