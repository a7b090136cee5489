/**
 * What a count adds for a phone without the network and for a scale's label (issue #58 point 1,
 * ADR 042's addendum). Used only by conteo.domain.ts, which owns the count's rules.
 *
 * - A line counted offline carries its key on the device and the device's clock when it counted and
 *   when it sent. Its moment is placed on the database's clock by its age (reloj − contadoEn), never by
 *   the device's absolute time (a device clock set wrong does not move it), and never before the count
 *   opened. The product's system stock is the stock at that moment: its stock now less what the ledger
 *   moved after it. A line counted earlier than the product's first count takes the system stock again
 *   at its own moment (the first count in time is the one the rule speaks of).
 * - A scale label (weight or price inside the code) read with the store's layouts, as the till reads it
 *   (shared/balanza.ts): its product in the count's scope and the label's quantity.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { cantidadDeEtiqueta, codigosDeArticulo, leerEtiquetaBalanza } from '#shared/balanza';
import type { TLineaConteoRequest, TProductoConteo } from '#shared/schemas/conteo';
import type { Db, Tx } from '../../db/client';
import { producto } from '../../db/schema';
import { formatosBalanzaDe } from '../balanza/balanza';

type SinRed = NonNullable<TLineaConteoRequest['sinRed']>;

/** The moment an offline line was counted, on the database's clock: now less its age on the device, not before the count opened. */
export function momentoSinRed(conteoId: number, sinRed: SinRed): SQL {
  const edadMs = Math.max(0, Date.parse(sinRed.reloj) - Date.parse(sinRed.contadoEn));
  return sql`greatest((select c.abierto_en from conteo c where c.id_conteo = ${conteoId}), now() - ${edadMs}::double precision * interval '1 millisecond')`;
}

/**
 * The product's system stock at `momento` (now when counted online): taken when it is first counted;
 * a line counted earlier than that (it arrived later, from a phone offline) takes it again at its own
 * moment. Stock at a moment = stock now − the ledger's entries less exits after it.
 */
export async function tomarStockSistema(tx: Tx, o: { conteoId: number; productoId: number; tiendaId: number; momento: SQL }): Promise<void> {
  await tx.execute(sql`
    insert into conteo_producto (conteo_id, producto_id, tienda_id, stock_sistema, tomado_en)
    select ${o.conteoId}, p.id_producto, p.tienda_id,
      p.stock - coalesce((select sum(m.entradas - m.salidas) from movimiento m
        where m.producto_id = p.id_producto and m.tienda_id = p.tienda_id and m.fecha_movimiento > t.momento), 0),
      t.momento
    from producto p, (select ${o.momento} as momento) t
    where p.id_producto = ${o.productoId} and p.tienda_id = ${o.tiendaId}
    on conflict (conteo_id, producto_id) do update set stock_sistema = excluded.stock_sistema, tomado_en = excluded.tomado_en
      where excluded.tomado_en < conteo_producto.tomado_en`);
}

/**
 * A lot's units when it is first counted in the count (issue #58 points 1 and 2), at `momento` as its
 * product's: the lot's units now less what the ledger moved into or out of it after that moment
 * (`lote_movimiento`, one row per ledger row it spread); a line counted earlier takes them again.
 */
export async function tomarStockLote(tx: Tx, o: { conteoId: number; loteId: number; tiendaId: number; momento: SQL }): Promise<void> {
  await tx.execute(sql`
    insert into conteo_lote (conteo_id, lote_id, producto_id, tienda_id, stock_sistema, tomado_en)
    select ${o.conteoId}, l.id_lote, l.producto_id, ${o.tiendaId},
      l.cantidad - coalesce((select sum(lm.cantidad) from lote_movimiento lm join movimiento m on m.id_movimiento = lm.movimiento_id
        where lm.lote_id = l.id_lote and m.fecha_movimiento > t.momento), 0),
      t.momento
    from lote l, (select ${o.momento} as momento) t
    where l.id_lote = ${o.loteId} and l.tienda_id = ${o.tiendaId}
    on conflict (conteo_id, lote_id) do update set stock_sistema = excluded.stock_sistema, tomado_en = excluded.tomado_en
      where excluded.tomado_en < conteo_lote.tomado_en`);
}

/** A scale label in the count's search: its product in the scope, with the label's quantity in the product's unit; null when the code is no label of the store's layouts or no product of the scope has its item code. */
export async function etiquetaEnConteo(db: Db | Tx, tiendaId: number, alcance: SQL | undefined, q: string): Promise<TProductoConteo | null> {
  if (!/^2\d{12}$/.test(q)) return null;
  const etiqueta = leerEtiquetaBalanza(q, await formatosBalanzaDe(db, tiendaId));
  if (!etiqueta) return null;
  const filas = await db
    .select({ productoId: producto.idProducto, nombre: producto.nombre, codigoBarras: producto.codigoBarras, unidad: producto.unidadDian, precio: producto.precioUnit })
    .from(producto)
    .where(and(eq(producto.tiendaId, tiendaId), inArray(producto.codigoBarras, codigosDeArticulo(etiqueta)), alcance))
    .limit(2);
  const p = filas.find((f) => f.codigoBarras === etiqueta.codigo) ?? filas[0];
  if (!p) return null;
  // A label for a product sold by unit, or a weight for one sold by volume, is refused with its reason, as at the till.
  const { cantidad } = cantidadDeEtiqueta(p, etiqueta);
  return { productoId: p.productoId, nombre: p.nombre, codigoBarras: q, unidad: p.unidad, presentacionId: null, presentacion: null, factor: 1, cantidad };
}
