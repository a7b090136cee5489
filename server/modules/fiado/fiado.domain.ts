import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { formatPesos } from '#shared/money';
import type { Db, Tx } from '../../db/client';
import { cliente, creditoMovimiento, tienda, usuario, venta } from '../../db/schema';
import type { Autor } from '../actividad/actividad.domain';
import { bloquearCliente, clientesDeLaTienda, clienteVigente } from '../tienda/clientes.alcance';
import { denegado, puede } from '../tienda/permisos';

/**
 * Fiado (issue #17) has one owner: this module. A customer's balance is the sum of the append-only
 * ledger `credito_movimiento`; every write to it locks the customer's row first, so two tills can
 * never pass the limit together and an abono never outruns a reversal.
 *
 * The customer and its balance are the empresa's (issue #56 point 2, ADR 043): a store reaches every
 * customer of its empresa, the balance sums the charges and abonos of all its stores, and each ledger
 * line keeps `tienda_id`, the store where it happened (its cash went into that store's till).
 */

const V = M.ventas;

/** The customer's balance owed: the ledger's sum over every store of the empresa (0 for a customer out of the store's reach). */
export async function saldoDe(db: Db | Tx, tiendaId: number, clienteId: number): Promise<number> {
  const [row] = await db
    .select({ saldo: sql<string>`coalesce(sum(${creditoMovimiento.monto}), 0)` })
    .from(creditoMovimiento)
    .where(
      and(
        eq(creditoMovimiento.clienteId, clienteId),
        sql`exists (select 1 from ${cliente} where ${cliente.idCliente} = ${clienteId} and ${clientesDeLaTienda(tiendaId)})`,
      ),
    );
  return Number(row?.saldo ?? 0);
}

/** Limit, balance and what is left of it, for a customer with fiado enabled. */
export async function creditoDe(db: Db | Tx, tiendaId: number, clienteId: number, cupo: number): Promise<{ cupo: number; saldo: number; disponible: number }> {
  const saldo = await saldoDe(db, tiendaId, clienteId);
  return { cupo, saldo, disponible: Math.max(0, cupo - saldo) };
}

async function nombreDe(tx: Tx, usuarioId: number | null): Promise<string> {
  if (usuarioId == null) return 'la cuenta de la tienda';
  const [u] = await tx.select({ n: sql<string>`trim(${usuario.nombre1} || ' ' || ${usuario.apellido1})` }).from(usuario).where(eq(usuario.idUsuario, usuarioId));
  return u?.n ?? `el usuario ${usuarioId}`;
}

/** A sale's entry in its customer's ledger: the store, the customer, the sale, the amount and the shift whose drawer it touches. */
interface EntradaDeVenta {
  tiendaId: number;
  clienteId: number;
  ventaId: number;
  monto: number;
  turnoId: number | null;
}

/**
 * Charges the unpaid part of a credit sale to its customer, inside the sale's transaction (after
 * `venta_registrar` wrote the sale). Refuses, and so undoes the sale, when the customer may not buy on
 * credit or the charge passes the limit; passing it needs the store's `credito` permission (role 1
 * always; issue #27), and who authorised it is recorded on the charge. A charge WITHIN the limit the
 * owner set is open to every role that sells (ADR 013): the owner's decision was the limit itself.
 */
export async function cargarVenta(
  tx: Tx,
  options: EntradaDeVenta & {
    autor: Autor;
    autorizarSobreCupo?: boolean;
    /**
     * An offline sale (issue #51 point 5, ADR 041): the customer's balance as its device saw it, read
     * once the customer is locked (sin-red.domain.ts `saldoVistoSinRed`). The limit is checked against
     * it, never refused: the goods left.
     */
    sinRed?: { saldoVisto: (tx: Tx) => Promise<number> };
  },
): Promise<{ vence: string | null; sobreCupoSinRed: string | null }> {
  const { tiendaId, clienteId, ventaId, monto, autor, turnoId } = options;
  const { usuarioId } = autor;
  const c = await bloquearCliente(tx, tiendaId, clienteId);
  if (!c.fiado) throw new AppError('BUSINESS_RULE', V.clienteSinFiado(c.nombre));
  let nota: string | null = null;
  let sobreCupoSinRed: string | null = null;
  if (options.sinRed) {
    // Sold without the network (issue #34, ADR 029): the device checked the limit against the balance
    // it had; the sale went over the limit only if it was over by that balance (another sale that came
    // in meanwhile is not the cashier's doing). Then it is recorded all the same (the goods left), the
    // charge says so, and the sale is listed under Revisar with this reason.
    const disponibleVisto = c.cupo - (await options.sinRed.saldoVisto(tx));
    if (monto > disponibleVisto) {
      nota = M.sinRed.motivoSobreCupo;
      sobreCupoSinRed = M.sinRed.motivoFiado(c.nombre, formatPesos(monto), formatPesos(Math.max(0, disponibleVisto)));
    }
  } else {
    const disponible = c.cupo - (await saldoDe(tx, tiendaId, clienteId));
    if (monto > disponible) {
      if (!options.autorizarSobreCupo) throw new AppError('BUSINESS_RULE', V.cupoInsuficiente(formatPesos(Math.max(0, disponible))), { title: V.cupoInsuficienteTitle });
      if (!(await puede(tx, tiendaId, autor, 'credito'))) throw denegado(tiendaId, autor, 'credito', { entidad: 'cliente', id: clienteId, nombre: c.nombre }, V.sobreCupoSinPermiso);
      nota = V.sobreCupoNota(await nombreDe(tx, usuarioId));
    }
  }
  await tx.insert(creditoMovimiento).values({ tiendaId, clienteId, tipo: 'cargo', monto, ventaId, usuarioId, turnoId, nota });
  // Payment form *crédito* with its due date (issue #30 point 6): the sale's day in the store's zone
  // plus the customer's days to pay, fixed now (a later change of the customer's terms does not move it).
  const zona = sql`(select ${tienda.zonaHoraria} from ${tienda} where ${tienda.idTienda} = ${venta.tiendaId})`;
  const [v] = await tx
    .update(venta)
    .set({ fiadoVence: sql`((${venta.fecha} at time zone ${zona})::date + ${c.plazoFiado}::int)` })
    .where(and(eq(venta.idVenta, ventaId), eq(venta.tiendaId, tiendaId)))
    .returning({ vence: venta.fiadoVence });
  return { vence: v?.vence ?? null, sobreCupoSinRed };
}

/**
 * An annulled sale gives back exactly its charge, once: the (venta, tipo) unique index makes a second
 * reversal impossible even when two annulments race. A sale that was not on credit changes nothing.
 */
export async function reversarVenta(tx: Tx, options: { tiendaId: number; ventaId: number; usuarioId: number | null }): Promise<void> {
  const { tiendaId, ventaId, usuarioId } = options;
  const [cargo] = await tx
    .select({ clienteId: creditoMovimiento.clienteId, monto: creditoMovimiento.monto })
    .from(creditoMovimiento)
    .where(and(eq(creditoMovimiento.tiendaId, tiendaId), eq(creditoMovimiento.ventaId, ventaId), eq(creditoMovimiento.tipo, 'cargo')));
  if (!cargo) return;
  // A charge of a customer merged since (ADR 067) is reversed on the survivor, who carries its balance.
  const clienteId = await clienteVigente(tx, cargo.clienteId);
  await bloquearCliente(tx, tiendaId, clienteId);
  await tx
    .insert(creditoMovimiento)
    .values({ tiendaId, clienteId, tipo: 'reverso', monto: -cargo.monto, ventaId, usuarioId, nota: V.reversoNota(ventaId) })
    .onConflictDoNothing();
}

/**
 * A return refunded to the customer's account (issue #32): the balance goes down by the refund, in
 * the return's transaction. Never below zero: the store takes no advance, so a refund larger than
 * what the customer owes is refused and the rest goes back with another method.
 */
export async function abonarDevolucion(
  tx: Tx,
  options: EntradaDeVenta & {
    usuarioId: number | null;
    nota: string;
    /**
     * An exchange credits the return before its new sale is charged in the same transaction (so the
     * limit sees the net): it checks the balance after both, with `exigirSaldoNoNegativo`.
     */
    saldoAlFinal?: boolean;
  },
): Promise<void> {
  const { tiendaId, ventaId, monto, usuarioId, turnoId, nota } = options;
  if (monto <= 0) return;
  // A sale of a customer merged since (ADR 067): the refund lowers the survivor's balance, which carries it.
  const clienteId = await clienteVigente(tx, options.clienteId);
  await bloquearCliente(tx, tiendaId, clienteId);
  if (!options.saldoAlFinal) await exigirSaldoNoNegativo(tx, tiendaId, clienteId, -monto);
  await tx.insert(creditoMovimiento).values({ tiendaId, clienteId, tipo: 'devolucion', monto: -monto, ventaId, usuarioId, turnoId, nota });
}

/**
 * A return never leaves the customer owed money by the shop: the balance, moved by `delta` (already
 * written when 0), stays at zero or above; the refusal says how much the customer owes.
 */
export async function exigirSaldoNoNegativo(tx: Tx, tiendaId: number, clienteId: number, delta = 0): Promise<void> {
  const saldo = await saldoDe(tx, tiendaId, clienteId);
  if (saldo + delta < 0) throw new AppError('BUSINESS_RULE', M.devoluciones.fiadoMayorQueSaldo(formatPesos(Math.max(0, saldo))));
}
