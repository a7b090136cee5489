/**
 * The till's side of lots (issue #58 point 2, ADR 051). The stock ledger's trigger takes a sale's
 * units lot by lot (movimiento_lotes.sql): the lot the cashier chose, then the first to expire that is
 * not expired (FEFO), and refuses an expired lot (SQLSTATE AXL01, said in Spanish by
 * server/plugins/errors.ts) unless the sale was authorised. This module tells the trigger, in the
 * sale's transaction, which lots were chosen and whether expired ones were authorised, and after the
 * sale records in the activity log every expired lot it sold and who authorised it.
 *
 * A lot chosen for a line covers that line's units (a pack's: factor × packs), not the product's other
 * lines: the trigger takes from each chosen lot up to its lines' units, in the order chosen, and the
 * rest FEFO. So one sale may take 4 of the expiring lot and 6 of the next (two lines, two lots), and a
 * chosen lot with fewer units than its line gives what it has and the rest comes FEFO (the customer is
 * at the counter: the sale goes on, the ledger stays whole).
 *
 * Who authorises: a seller of role 1 or 3 by asking (`venderVencidos`); a cashier (role 2) with a
 * supervisor's PIN (autorizacion.ts, the discount's mechanism). An offline sale (ADR 029) already
 * happened: it is recorded, its expired lots logged and listed under Revisar. Every face that writes a
 * sale's lines goes through the same trigger, so none sells an expired lot without this authorisation.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { aMilesimas, deMilesimas } from '#shared/cantidad';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { isoADdMmAaaa } from '#shared/fecha-texto';
import { SUPERVISOR_TIENDA } from '#shared/schemas/venta';
import type { Tx } from '../../db/client';
import { productoUnidadVenta } from '../../db/schema';
import { registrarPor, type Autor } from '../actividad/actividad.domain';

export interface LotesDeVenta {
  /** A cashier asked to sell expired lots: a supervisor's PIN is needed. */
  necesitaPin: boolean;
  /** Something to tell the trigger: the sale is written in a transaction. */
  enTransaccion: boolean;
  /** Before the sale, in its transaction: the chosen lots and the authorisation, for the trigger. */
  antes(tx: Tx): Promise<void>;
  /** After a sale written: its expired lots in the activity log; answers the reasons to review an offline sale. */
  despues(tx: Tx, venta: { id: number; numero: number }, autorizadoPor: { id: number; nombre: string } | null): Promise<string[]>;
}

export function lotesDeVenta(options: {
  tiendaId: number;
  autor: Autor;
  lineas: readonly { productoId: number; loteId?: number | null; cantidad: number; unidadVentaId?: number | null }[];
  venderVencidos?: boolean;
  sinRed?: string | null;
}): LotesDeVenta {
  const { tiendaId, autor, sinRed } = options;
  const conLote = options.lineas.filter((l) => l.loteId != null);
  const pedido = !!options.venderVencidos && sinRed == null;
  const autorizado = pedido || sinRed != null;
  const necesitaPin = pedido && autor.rol === ROL.EMPLEADO;
  const hayElegidos = conLote.length > 0;
  return {
    necesitaPin,
    enTransaccion: autorizado || hayElegidos,
    async antes(tx) {
      if (!autorizado && !hayElegidos) return;
      const elegidos = await elegidosDe(tx, tiendaId, conLote);
      await tx.execute(sql`select set_config('pos.lotes', ${JSON.stringify(elegidos)}, true), set_config('pos.vencidos', ${autorizado ? 'on' : 'off'}, true)`);
    },
    async despues(tx, venta, autorizadoPor) {
      if (!autorizado) return [];
      const res = (await tx.execute(sql`
        select p.id_producto as "productoId", p.nombre as producto, l.codigo as lote, l.vence::text as vence, -sum(lm.cantidad) as cantidad
        from lote_movimiento lm
        join lote l on l.id_lote = lm.lote_id
        join producto p on p.id_producto = lm.producto_id
        where lm.venta_id = ${venta.id} and lm.cantidad < 0
          and l.vence < (select (now() at time zone zona_horaria)::date from tienda where id_tienda = ${tiendaId})
        group by p.id_producto, p.nombre, l.id_lote, l.codigo, l.vence
        order by l.vence, p.nombre`)) as unknown as { rows: { productoId: number; producto: string; lote: string; vence: string; cantidad: string }[] };
      const quien = necesitaPin ? autorizadoPor : null;
      const motivos: string[] = [];
      for (const r of res.rows) {
        await registrarPor(tx, tiendaId, autor, {
          tipo: 'lote_vencido',
          detalle: {
            ventaId: venta.id,
            ventaNumero: venta.numero,
            productoId: Number(r.productoId),
            producto: r.producto,
            lote: r.lote,
            vence: r.vence,
            cantidad: Number(r.cantidad),
            autorizadoPorId: quien ? (quien.id === SUPERVISOR_TIENDA ? null : quien.id) : autor.usuarioId,
            autorizadoPor: quien?.nombre ?? null,
            ...(sinRed != null ? { sinRed } : {}),
          },
        });
        if (sinRed != null) motivos.push(M.lotes.motivoVencidoSinRed(r.producto, r.lote, isoADdMmAaaa(r.vence)));
      }
      return motivos;
    },
  };
}

/**
 * The trigger's `pos.lotes`: per product, its chosen lots in the order chosen, each with the units of
 * the lines it was chosen for (a pack's line: factor × packs), added in integer thousandths.
 */
async function elegidosDe(tx: Tx, tiendaId: number, lineas: readonly { productoId: number; loteId?: number | null; cantidad: number; unidadVentaId?: number | null }[]) {
  const packs = [...new Set(lineas.flatMap((l) => (l.unidadVentaId != null ? [l.unidadVentaId] : [])))];
  const factores = new Map<number, number>();
  if (packs.length > 0) {
    const filas = await tx
      .select({ id: productoUnidadVenta.idUnidadVenta, factor: productoUnidadVenta.factor })
      .from(productoUnidadVenta)
      .where(and(eq(productoUnidadVenta.tiendaId, tiendaId), inArray(productoUnidadVenta.idUnidadVenta, packs)));
    for (const f of filas) factores.set(f.id, f.factor);
  }
  const porProducto = new Map<number, Map<number, number>>();
  for (const l of lineas) {
    const lotes = porProducto.get(l.productoId) ?? new Map<number, number>();
    const unidades = (aMilesimas(l.cantidad) ?? 0) * (l.unidadVentaId != null ? (factores.get(l.unidadVentaId) ?? 1) : 1);
    lotes.set(l.loteId!, (lotes.get(l.loteId!) ?? 0) + unidades);
    porProducto.set(l.productoId, lotes);
  }
  return Object.fromEntries([...porProducto].map(([p, lotes]) => [String(p), [...lotes].map(([lote, m]) => [lote, deMilesimas(m)])]));
}
