/**
 * Fiado's reads and the abono (issue #17), beside fiado.domain.ts (the charge and its reversal, which
 * the checkout and the annulment call). Balances are always the ledger's sum (credito_movimiento);
 * nothing here edits a row in place. "How old is the debt" is computed on read: abonos pay the oldest
 * charges first (FIFO), and a reversed sale's charge is no debt at all.
 */
import { and, asc, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { formatPesos } from '#shared/money';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import type { TAbonoResponse, TCuentasPorCobrar, TEstadoCuenta, TResumenCredito } from '#shared/schemas/fiado';
import type { Db, Tx } from '../../db/client';
import { cliente, creditoMovimiento, metodoPago, tienda, usuario, venta } from '../../db/schema';
import { turnoParaVender } from '../caja/caja.domain';
import { countAll, idOf, inScope, likePattern, notFound, pageOf, type Alcance } from '../tienda/alcance';
import { bloquearCliente, clientesDeLaTienda } from '../tienda/clientes.alcance';
import { empresaDeTienda } from '../tienda/empresa';
import { saldoDe } from './fiado.domain';

const F = M.fiado;
const DIA = 86_400_000;

const diasDesde = (fecha: Date | null, ahora = Date.now()): number | null => (fecha ? Math.max(0, Math.floor((ahora - fecha.getTime()) / DIA)) : null);

interface FilaDeuda {
  cliente_id: number;
  saldo: string | number;
  deuda_desde: string | Date | null;
  vence: string | Date | null;
  dias_vencida: string | number | null;
}

/** What a customer owes: the balance, when the oldest unpaid charge was made, and when it was due (issue #30: fiado has a due date). */
interface Deuda {
  saldo: number;
  deudaDesde: Date | null;
  /** The oldest unpaid charge's due date (YYYY-MM-DD), and how many days past it the store's today is (0: not yet due). */
  vence: string | null;
  diasVencida: number | null;
}

/**
 * Balance and oldest unpaid charge of the store's customers (one, or every one who owes). The
 * charges not reversed, in order, are paid by the sum of the abonos: the first whose running total
 * passes what was paid is the oldest debt still open. The customers are the store's empresa's, and
 * their ledger every store's of it (issue #56): one balance, whichever store charged or was paid.
 */
async function deudas(db: Db | Tx, tiendaId: number, clienteId?: number): Promise<Map<number, Deuda>> {
  const deCliente = clienteId == null ? sql`` : sql`and (m.cliente_id = ${clienteId} or m.cliente_id in (select u.id_cliente from cliente u where u.unido_a = ${clienteId}))`;
  const res = (await db.execute(sql`
    -- A correlated EXISTS, not IN (subquery): PGlite planned the IN as a scan of every ledger line.
    -- A merged customer's lines are its survivor's, without the 'union' pairs that moved its balance
    -- (ADR 067): the balance is the same, and its charges keep their dates, so the debt keeps its age.
    with m as materialized (
      select m.id_credito_movimiento, m.tienda_id, m.fecha, m.tipo, m.monto, m.venta_id,
             (select coalesce(c.unido_a, c.id_cliente) from cliente c where c.id_cliente = m.cliente_id) as cliente_id
      from credito_movimiento m
      where exists (select 1 from cliente c where c.id_cliente = m.cliente_id and c.empresa_id = ${empresaDeTienda(tiendaId)}) ${deCliente}
        and m.tipo <> 'union'
    ),
    saldos as (
      select m.cliente_id, sum(m.monto) as saldo
      from m
      group by m.cliente_id
    ),
    pagado as (
      select m.cliente_id, -sum(m.monto) as pagado
      from m
      where m.tipo in ('abono', 'devolucion')
      group by m.cliente_id
    ),
    cargos as (
      select m.cliente_id, m.fecha, (select v.fiado_vence from venta v where v.id_venta = m.venta_id) as vence,
             sum(m.monto) over (partition by m.cliente_id order by m.fecha, m.id_credito_movimiento) as acumulado
      from m
      where m.tipo = 'cargo'
        and not exists (
          select 1 from credito_movimiento r
          where r.tipo = 'reverso' and r.venta_id = m.venta_id and r.tienda_id = m.tienda_id
        )
    ),
    desde as (
      select c.cliente_id, min(c.fecha) as deuda_desde, min(c.vence) as vence
      from cargos c left join pagado p on p.cliente_id = c.cliente_id
      where c.acumulado > coalesce(p.pagado, 0)
      group by c.cliente_id
    )
    select s.cliente_id, s.saldo, d.deuda_desde, d.vence,
           greatest(0, (now() at time zone (select t.zona_horaria from tienda t where t.id_tienda = ${tiendaId}))::date - d.vence) as dias_vencida
    from saldos s left join desde d on d.cliente_id = s.cliente_id
  `)) as unknown as { rows: FilaDeuda[] };
  const out = new Map<number, Deuda>();
  for (const r of res.rows) {
    const saldo = Number(r.saldo);
    const debe = saldo > 0 && !!r.deuda_desde;
    const vence = debe && r.vence ? (r.vence instanceof Date ? r.vence.toISOString() : String(r.vence)).slice(0, 10) : null;
    out.set(Number(r.cliente_id), { saldo, deudaDesde: debe ? new Date(r.deuda_desde!) : null, vence, diasVencida: vence ? Number(r.dias_vencida) : null });
  }
  return out;
}

/** What the customer screens show of each customer's credit (one query for a page of them). */
export async function resumenesCredito(db: Db, tiendaId: number, clientes: { id: number; fiado: boolean; cupo: number }[]): Promise<Map<number, TResumenCredito>> {
  const all = clientes.length ? await deudas(db, tiendaId) : new Map<number, Deuda>();
  const out = new Map<number, TResumenCredito>();
  for (const c of clientes) {
    const d = all.get(c.id);
    const saldo = d?.saldo ?? 0;
    out.set(c.id, {
      fiado: c.fiado,
      cupo: c.cupo,
      saldo,
      disponible: c.fiado ? Math.max(0, c.cupo - saldo) : 0,
      deudaDesde: d?.deudaDesde?.toISOString() ?? null,
      antiguedadDias: diasDesde(d?.deudaDesde ?? null),
      vence: d?.vence ?? null,
      diasVencida: d?.diasVencida ?? null,
    });
  }
  return out;
}

/** A customer of the store's empresa for a read, with the name of the store that reads: 404 for another empresa's (or none). */
async function clienteDe(db: Db, tiendaId: number, id: number) {
  const [c] = await db
    .select({
      id: cliente.idCliente,
      documento: cliente.documento,
      tipoDocumento: cliente.tipoDocumento,
      nombre: cliente.nombre,
      apellido: cliente.apellido,
      telefono: cliente.telefono,
      fiado: cliente.fiado,
      cupo: cliente.cupo,
      unidoA: cliente.unidoA,
      tienda: tienda.nombreTienda,
    })
    .from(cliente)
    .innerJoin(tienda, eq(tienda.idTienda, tiendaId))
    .where(and(clientesDeLaTienda(tiendaId), eq(cliente.idCliente, id)));
  if (!c) throw new AppError('NOT_FOUND', M.generic.notFound);
  return c;
}

/**
 * The account statement: every charge, payment and reversal, oldest first, with the running balance.
 * The customer's whole ledger in the empresa (issue #56), each line naming the store where it happened.
 */
export async function estadoDeCuenta(options: { db: Db; tiendaId: number; clienteId: number }): Promise<TEstadoCuenta> {
  const { db, tiendaId, clienteId } = options;
  const c = await clienteDe(db, tiendaId, clienteId);
  const rows = await db
    .select({
      id: creditoMovimiento.idCreditoMovimiento,
      fecha: creditoMovimiento.fecha,
      tipo: creditoMovimiento.tipo,
      monto: creditoMovimiento.monto,
      ventaId: creditoMovimiento.ventaId,
      // The number people see on the receipt (issue #36 point 8), not the internal id.
      ventaNumero: venta.numero,
      metodo: metodoPago.nombre,
      nota: creditoMovimiento.nota,
      usuario: sql<string | null>`trim(${usuario.nombre1} || ' ' || ${usuario.apellido1})`,
      // A charge's due date (issue #30 point 6): its sale's.
      vence: sql<string | null>`case when ${creditoMovimiento.tipo} = 'cargo' then ${venta.fiadoVence}::text end`,
      tienda: tienda.nombreTienda,
    })
    .from(creditoMovimiento)
    .innerJoin(tienda, eq(tienda.idTienda, creditoMovimiento.tiendaId))
    .leftJoin(venta, eq(venta.idVenta, creditoMovimiento.ventaId))
    .leftJoin(metodoPago, eq(metodoPago.idMetPago, creditoMovimiento.metodoPagoId))
    .leftJoin(usuario, eq(usuario.idUsuario, creditoMovimiento.usuarioId))
    // A survivor of a merge (ADR 067) shows the merged customer's lines too, not the 'union' pairs that
    // moved them (the running balance ends at the same balance); a merged customer shows its own, pairs included.
    .where(
      c.unidoA == null
        ? and(
            or(eq(creditoMovimiento.clienteId, c.id), sql`${creditoMovimiento.clienteId} in (select u.id_cliente from cliente u where u.unido_a = ${c.id})`),
            ne(creditoMovimiento.tipo, 'union'),
          )
        : eq(creditoMovimiento.clienteId, c.id),
    )
    .orderBy(asc(creditoMovimiento.fecha), asc(creditoMovimiento.idCreditoMovimiento));
  let saldo = 0;
  const movimientos = rows.map((r) => {
    saldo += r.monto;
    return { ...r, tipo: r.tipo as 'cargo' | 'abono' | 'reverso' | 'devolucion' | 'union', fecha: r.fecha.toISOString(), saldo, usuario: r.usuario || null };
  });
  const credito = (await resumenesCredito(db, tiendaId, [{ id: c.id, fiado: c.fiado, cupo: c.cupo }])).get(c.id)!;
  const { tienda: nombreTienda, fiado: _f, cupo: _c, unidoA: _u, ...datos } = c;
  return { tienda: nombreTienda, cliente: datos, credito, movimientos, generado: new Date().toISOString() };
}

/**
 * An abono: the customer pays part or all of the balance, with any method but Fiado. Refused when it
 * is more than the balance (no advances), and without an open cash-register shift of the cashier
 * (the money lands in that shift). The customer's row is locked first, like every ledger write. Any
 * store of the customer's empresa takes it (issue #56): the line keeps this store, its cash this
 * store's till, and the one balance goes down.
 */
export async function registrarAbono(options: {
  db: Db;
  tiendaId: number;
  usuarioId: number | null;
  clienteId: number;
  monto: number;
  metodoPagoId: number;
  referencia?: string;
}): Promise<TAbonoResponse> {
  const { db, tiendaId, usuarioId, clienteId, monto, metodoPagoId } = options;
  return db.transaction(async (tx) => {
    const [existe] = await tx.select({ id: cliente.idCliente }).from(cliente).where(and(clientesDeLaTienda(tiendaId), eq(cliente.idCliente, clienteId)));
    if (!existe) throw new AppError('NOT_FOUND', M.generic.notFound);
    const c = await bloquearCliente(tx, tiendaId, clienteId);
    const saldo = await saldoDe(tx, tiendaId, clienteId);
    if (saldo <= 0) throw new AppError('BUSINESS_RULE', F.sinSaldo(c.nombre), { fields: { monto: F.sinSaldo(c.nombre) } });
    if (monto > saldo)
      throw new AppError('BUSINESS_RULE', F.abonoMayorQueSaldo(formatPesos(saldo)), { title: F.abonoMayorQueSaldoTitle, fields: { monto: F.abonoMayorQueSaldo(formatPesos(saldo)) } });
    const turnoId = await turnoParaVender(tx, tiendaId, usuarioId);
    const [row] = await tx
      .insert(creditoMovimiento)
      .values({ tiendaId, clienteId, tipo: 'abono', monto: -monto, metodoPagoId, usuarioId, turnoId, nota: options.referencia || null })
      .returning({ id: creditoMovimiento.idCreditoMovimiento });
    const nuevo = saldo - monto;
    return { message: F.abonoRegistradoTexto(formatPesos(monto), formatPesos(nuevo)), id: row!.id, saldo: nuevo };
  });
}

/** Accounts receivable: every customer of the store's empresa who owes (issue #56: one balance), by amount (largest first) or by age (oldest first). */
export async function cuentasPorCobrar(options: { db: Db; tiendaId: number; orden: 'monto' | 'antiguedad' }): Promise<TCuentasPorCobrar> {
  const { db, tiendaId, orden } = options;
  const d = await deudas(db, tiendaId);
  const ids = [...d].filter(([, v]) => v.saldo > 0).map(([id]) => id);
  if (!ids.length) return { items: [], total: 0, clientes: 0 };
  const rows = await db
    .select({
      id: cliente.idCliente,
      documento: cliente.documento,
      nombre: sql<string>`trim(${cliente.nombre} || ' ' || ${cliente.apellido})`,
      telefono: cliente.telefono,
      cupo: cliente.cupo,
    })
    .from(cliente)
    .where(and(clientesDeLaTienda(tiendaId), sql`${cliente.idCliente} in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`));
  const ahora = Date.now();
  const items = rows.map((r) => {
    const x = d.get(r.id)!;
    return {
      clienteId: r.id,
      documento: r.documento,
      nombre: r.nombre,
      telefono: r.telefono,
      saldo: x.saldo,
      cupo: r.cupo,
      deudaDesde: x.deudaDesde?.toISOString() ?? null,
      antiguedadDias: diasDesde(x.deudaDesde, ahora),
      vence: x.vence,
      diasVencida: x.diasVencida,
    };
  });
  const edad = (i: (typeof items)[number]) => (i.deudaDesde ? Date.parse(i.deudaDesde) : Number.MAX_SAFE_INTEGER);
  items.sort((a, b) => (orden === 'monto' ? b.saldo - a.saldo || edad(a) - edad(b) : edad(a) - edad(b) || b.saldo - a.saldo) || a.clienteId - b.clienteId);
  return { items, total: items.reduce((s, i) => s + i.saldo, 0), clientes: items.length };
}

// ── The ledger's lines, for the back-office (read-only) ─────────────────────────────────────

/** Every column a ledger line is read with: its customer, sale, method and who recorded it. */
const columnasMovimiento = {
  idCreditoMovimiento: creditoMovimiento.idCreditoMovimiento,
  fecha: creditoMovimiento.fecha,
  tipo: creditoMovimiento.tipo,
  monto: creditoMovimiento.monto,
  clienteDocumento: cliente.documento,
  clienteNombre: sql<string>`${cliente.nombre} || ' ' || ${cliente.apellido}`,
  idVenta: creditoMovimiento.ventaId,
  ventaNumero: sql<number | null>`(select v.numero from venta v where v.id_venta = ${creditoMovimiento.ventaId})`.mapWith((v: unknown) => (v == null ? null : Number(v))),
  metodoPago: metodoPago.nombre,
  /** Documento of the user who recorded it; null for the store account or a removed user. */
  usuario: usuario.documento,
  idTurno: creditoMovimiento.turnoId,
  nota: creditoMovimiento.nota,
  idTienda: creditoMovimiento.tiendaId,
};

const movimientos = (db: Db) =>
  db
    .select(columnasMovimiento)
    .from(creditoMovimiento)
    .innerJoin(cliente, eq(cliente.idCliente, creditoMovimiento.clienteId))
    .leftJoin(metodoPago, eq(metodoPago.idMetPago, creditoMovimiento.metodoPagoId))
    .leftJoin(usuario, eq(usuario.idUsuario, creditoMovimiento.usuarioId));

/** A line of the ledger as the domain reads it (the instant as a Date). */
export type TFilaMovimientoCredito = Awaited<ReturnType<ReturnType<typeof movimientos>['execute']>>[number];

/**
 * The ledger's lines in the caller's reach (a store, or every store for the operator), newest
 * first; `q` finds a customer by documento or name, or a sale by its id. Nothing edits them.
 */
export async function listarMovimientosCredito(options: { db: Db; alcance: Alcance; query: TPageQuery }): Promise<TPage<TFilaMovimientoCredito>> {
  const { db, alcance, query } = options;
  const id = idOf(query.q);
  const p = likePattern(query.q);
  const where = and(
    inScope(alcance, creditoMovimiento.tiendaId),
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
    movimientos(db).where(where).orderBy(desc(creditoMovimiento.fecha), desc(creditoMovimiento.idCreditoMovimiento)).limit(limit).offset(offset),
    db.select({ n: countAll }).from(creditoMovimiento).innerJoin(cliente, eq(cliente.idCliente, creditoMovimiento.clienteId)).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

/** One ledger line in the caller's reach (another store's: 404). */
export async function obtenerMovimientoCredito(options: { db: Db; alcance: Alcance; id: number }): Promise<TFilaMovimientoCredito> {
  const { db, alcance, id } = options;
  const [row] = await movimientos(db)
    .where(and(eq(creditoMovimiento.idCreditoMovimiento, id), inScope(alcance, creditoMovimiento.tiendaId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}
