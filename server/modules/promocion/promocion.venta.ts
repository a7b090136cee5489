/**
 * The checkout's promotions (issue #59 point 2, ADR 052): the server re-prices every sale with the
 * engine (shared/promociones.ts) on the prices it will charge — the product's or pack's price, the
 * customer's list (ADR 047) — at the sale's moment (now, or an offline sale's own time), and hands each
 * line's saving to venta_registrar as that line's discount. The line's `descuento` then holds it, so
 * the receipt, the DIAN document (lines and allowances add up), returns (refund what was paid) and
 * fiado read one number; `venta_promocion` says which promotion gave it.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { conListaDePrecios } from '#shared/listas-precios';
import { aplicarPromociones, lineasParaMotor, momentoEn, type AhorroLinea } from '#shared/promociones';
import type { TAhorroRecibo } from '#shared/schemas/promociones';
import type { Db, Tx } from '../../db/client';
import { factura, producto, productoUnidadVenta, ventaPromocion } from '../../db/schema';
import { listaParaCaja } from '../lista-precio/lista-precio.domain';
import { hayPromociones, promocionesParaCaja } from './promocion.domain';

export { hayPromocionesSql } from './promocion.domain';

type Linea = { productoId: number; cantidad: number; descuento?: unknown; unidadVentaId?: number | null; importe?: number | null };

export interface PromocionesDeVenta {
  /** Per line (the merged lines' order): the pesos the promotions take off it. */
  ahorros: number[];
  /** Per line: which promotions, and how much each. */
  detalle: AhorroLinea[][];
  ahorro: number;
}

const SIN: PromocionesDeVenta = { ahorros: [], detalle: [], ahorro: 0 };

/**
 * What the promotions take off each line of a sale. `clienteId` with `conLista`: the line prices are
 * the customer's list's, as venta_registrar charges them. No active promotion: nothing, no read.
 */
export async function promocionesDeVenta(
  db: Db | Tx,
  o: { tiendaId: number; lineas: readonly Linea[]; clienteId: number | null; conLista: boolean; cuando: Date | number; hay?: boolean },
): Promise<PromocionesDeVenta> {
  const { tiendaId, lineas } = o;
  // `hay`: whether the store has active promotions, read already with the checkout's other facts (hayPromocionesSql).
  if (!(o.hay ?? (await hayPromociones(db, tiendaId)))) return { ...SIN, ahorros: lineas.map(() => 0), detalle: lineas.map(() => []) };
  const ids = [...new Set(lineas.map((l) => l.productoId))];
  const productos = new Map(
    (
      await db
        .select({ id: producto.idProducto, precio: producto.precioUnit, unidad: producto.unidadDian })
        .from(producto)
        .where(and(eq(producto.tiendaId, tiendaId), inArray(producto.idProducto, ids)))
    ).map((p) => [p.id, p]),
  );
  const unidadIds = [...new Set(lineas.map((l) => l.unidadVentaId).filter((x): x is number => x != null))];
  const packs = new Map(
    unidadIds.length
      ? (
          await db
            .select({ id: productoUnidadVenta.idUnidadVenta, precio: productoUnidadVenta.precio, factor: productoUnidadVenta.factor })
            .from(productoUnidadVenta)
            .where(and(eq(productoUnidadVenta.tiendaId, tiendaId), inArray(productoUnidadVenta.idUnidadVenta, unidadIds)))
        ).map((u) => [u.id, u])
      : [],
  );
  const lista = o.clienteId != null && o.conLista ? await listaParaCaja(db, tiendaId, o.clienteId) : null;
  // The prices venta_registrar will charge (an unknown product: priced 0, it refuses the sale anyway).
  const base = lineas.map((l, i) => {
    const p = productos.get(l.productoId);
    const pack = l.unidadVentaId != null ? packs.get(l.unidadVentaId) : undefined;
    return { i, id: l.productoId, precio: Number(pack?.precio ?? p?.precio ?? 0), cantidad: l.cantidad, importe: l.importe ?? null, unidadVenta: pack ? { factor: pack.factor } : null };
  });
  const conLista = conListaDePrecios(base, lista);
  // The costs the till and the device get with the promotions (the engine's floor): the same inputs, the same answer.
  const caja = await promocionesParaCaja(db, tiendaId);
  const motor = lineasParaMotor(
    conLista.map((b, i) => ({ productoId: lineas[i]!.productoId, precio: b.precio, cantidad: b.cantidad, unidad: productos.get(b.id)?.unidad ?? '94', factor: b.unidadVenta?.factor ?? 1, importe: b.importe, conDescuento: !!lineas[i]!.descuento })),
    caja,
  );
  const r = aplicarPromociones(motor, caja.promociones, momentoEn(o.cuando, caja.zona));
  return { ahorros: r.lineas.map((x) => x.reduce((a, y) => a + y.ahorro, 0)), detalle: r.lineas, ahorro: r.ahorro };
}

/** After the sale is written: which promotion gave each line's saving (plain lines and packs are one line each per sale). */
export async function anotarPromociones(tx: Tx, tiendaId: number, ventaId: number, lineas: readonly Linea[], p: PromocionesDeVenta): Promise<void> {
  if (p.ahorro <= 0) return;
  const filas = await tx
    .select({ id: factura.idFactura, productoId: factura.productoId, unidadVentaId: factura.unidadVentaId })
    .from(factura)
    .where(and(eq(factura.ventaId, ventaId), eq(factura.tiendaId, tiendaId), isNull(factura.importe)));
  const valores: (typeof ventaPromocion.$inferInsert)[] = [];
  for (const [i, l] of lineas.entries()) {
    const f = filas.find((x) => x.productoId === l.productoId && (x.unidadVentaId ?? null) === (l.unidadVentaId ?? null));
    if (!f) continue;
    for (const a of p.detalle[i] ?? []) valores.push({ tiendaId, ventaId, facturaId: f.id, promocionId: a.promocionId, nombre: a.nombre, ahorro: a.ahorro });
  }
  if (valores.length) await tx.insert(ventaPromocion).values(valores);
}

/** A receipt's *Ahorro*: each promotion's saving on the sale, in the order it was recorded. */
export async function ahorrosDeVenta(db: Db | Tx, tiendaId: number, ventaId: number): Promise<TAhorroRecibo> {
  const filas = await db
    .select({ nombre: ventaPromocion.nombre, ahorro: ventaPromocion.ahorro, promocionId: ventaPromocion.promocionId })
    .from(ventaPromocion)
    .where(and(eq(ventaPromocion.ventaId, ventaId), eq(ventaPromocion.tiendaId, tiendaId)))
    .orderBy(ventaPromocion.idVentaPromocion);
  const out: TAhorroRecibo = [];
  for (const f of filas) {
    const previo = out.find((x) => x.nombre === f.nombre);
    if (previo) previo.ahorro += Number(f.ahorro);
    else out.push({ nombre: f.nombre, ahorro: Number(f.ahorro) });
  }
  return out;
}

/** The name a receipt line gives its promotions (ADR 052): one, or several joined. */
export const nombreDePromociones = (detalle: readonly { nombre: string }[]) => [...new Set(detalle.map((a) => a.nombre))].join(' + ');

/** Which promotions gave each recorded line (factura id) its saving: the receipt's line names them (its descuento is then not a cashier's). */
export async function promocionesPorLinea(db: Db | Tx, tiendaId: number, ventaId: number): Promise<Map<number, string>> {
  const filas = await db
    .select({ facturaId: ventaPromocion.facturaId, nombre: ventaPromocion.nombre })
    .from(ventaPromocion)
    .where(and(eq(ventaPromocion.ventaId, ventaId), eq(ventaPromocion.tiendaId, tiendaId)))
    .orderBy(ventaPromocion.idVentaPromocion);
  const porLinea = new Map<number, { nombre: string }[]>();
  for (const f of filas) porLinea.set(f.facturaId, [...(porLinea.get(f.facturaId) ?? []), f]);
  return new Map([...porLinea].map(([id, d]) => [id, nombreDePromociones(d)]));
}

/** The receipt's *Ahorro* of a sale just priced (the same as ahorrosDeVenta reads back). */
export function ahorrosDe(p: PromocionesDeVenta): TAhorroRecibo {
  const out: TAhorroRecibo = [];
  for (const a of p.detalle.flat()) {
    const previo = out.find((x) => x.nombre === a.nombre);
    if (previo) previo.ahorro += a.ahorro;
    else out.push({ nombre: a.nombre, ahorro: a.ahorro });
  }
  return out;
}
