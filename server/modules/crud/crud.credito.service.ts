import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TCreditoRow } from '#shared/schemas/crud';
import type { Db } from '../../db/client';
import { cliente, creditoMovimiento, metodoPago, usuario } from '../../db/schema';
import { countAll, idOf, inScope, likePattern, notFound, pageOf, partesBogota, type CrudReader, type CrudScope } from './crud.scope';

/**
 * The fiado ledger in the back-office (issue #17): read-only. Charges, abonos and reversals are
 * written only by the till's rules (a credit sale, an abono, an annulment), so nothing here edits them.
 */
const columns = {
  idCreditoMovimiento: creditoMovimiento.idCreditoMovimiento,
  fecha: creditoMovimiento.fecha,
  tipo: creditoMovimiento.tipo,
  monto: creditoMovimiento.monto,
  clienteDocumento: cliente.documento,
  clienteNombre: sql<string>`${cliente.nombre} || ' ' || ${cliente.apellido}`,
  idVenta: creditoMovimiento.ventaId,
  metodoPago: metodoPago.nombre,
  usuario: usuario.documento,
  idTurno: creditoMovimiento.turnoId,
  nota: creditoMovimiento.nota,
  idTienda: creditoMovimiento.tiendaId,
};

const base = (db: Db) =>
  db
    .select(columns)
    .from(creditoMovimiento)
    .innerJoin(cliente, eq(cliente.idCliente, creditoMovimiento.clienteId))
    .leftJoin(metodoPago, eq(metodoPago.idMetPago, creditoMovimiento.metodoPagoId))
    .leftJoin(usuario, eq(usuario.idUsuario, creditoMovimiento.usuarioId));

type DbRow = Omit<TCreditoRow, 'fecha' | 'hora' | 'tipo'> & { fecha: Date; tipo: string };
const toRow = ({ fecha, tipo, ...r }: DbRow): TCreditoRow => ({ ...r, ...partesBogota(fecha), tipo: tipo as TCreditoRow['tipo'] });

/** Newest first; q finds a customer by documento or name, or a sale by its id. */
export async function listCredito(options: { db: Db; scope: CrudScope; query: TPageQuery }): Promise<TPage<TCreditoRow>> {
  const { db, scope, query } = options;
  const id = idOf(query.q);
  const p = likePattern(query.q);
  const where = and(
    inScope(scope, creditoMovimiento.tiendaId),
    query.q
      ? or(
          ilike(cliente.documento, p),
          ilike(cliente.nombre, p),
          ilike(cliente.apellido, p),
          ilike(sql`${cliente.nombre} || ' ' || ${cliente.apellido}`, p),
          id != null ? eq(creditoMovimiento.ventaId, id) : undefined,
        )
      : undefined,
  );
  const { limit, offset } = pageOf(query);
  const [items, [total]] = await Promise.all([
    base(db).where(where).orderBy(desc(creditoMovimiento.fecha), desc(creditoMovimiento.idCreditoMovimiento)).limit(limit).offset(offset),
    db.select({ n: countAll }).from(creditoMovimiento).innerJoin(cliente, eq(cliente.idCliente, creditoMovimiento.clienteId)).where(where),
  ]);
  return { items: items.map(toRow), total: total?.n ?? 0 };
}

/** One ledger line of the caller's store (another store's: 404). */
export async function getCredito(options: { db: Db; scope: CrudScope; id: number }): Promise<TCreditoRow> {
  const { db, scope, id } = options;
  const [row] = await base(db)
    .where(and(eq(creditoMovimiento.idCreditoMovimiento, id), inScope(scope, creditoMovimiento.tiendaId)))
    .limit(1);
  if (!row) throw notFound();
  return toRow(row);
}

export const creditoCrud: CrudReader<TCreditoRow> = { list: listCredito, get: getCredito };
