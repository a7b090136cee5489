/**
 * The checkout's promotions (issue #59 point 2, ADR 052): the server re-prices every sale with the
 * engine (shared/promociones.ts) on the prices it will charge — the product's or pack's price, the
 * customer's list (ADR 047) — at the sale's moment (now, or an offline sale's own time), and hands each
 * line's saving to venta_registrar as that line's discount. The line's `descuento` then holds it, so
 * the receipt, the DIAN document (lines and allowances add up), returns (refund what was paid) and
 * fiado read one number; `venta_promocion` says which promotion gave it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { conListaDePrecios } from '#shared/listas-precios';
import { aplicarPromociones, lineasParaMotor, momentoEn, type AhorroLinea } from '#shared/promociones';
import type { TAhorroRecibo } from '#shared/schemas/promociones';
import type { Db, Tx } from '../../db/client';
import { factura, producto, productoUnidadVenta, ventaPromocion } from '../../db/schema';
import { listaParaCaja } from '../lista-precio/lista-precio.domain';
import { cajaDesde, cajaSql, deCaja, hayPromociones } from './promocion.domain';
import { arregloInt } from '../../db/arreglos';

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
  // One statement: what the till prices a cart with (cajaSql) and the sold products' and packs' prices.
  const ids = [...new Set(lineas.map((l) => l.productoId))];
  const unidadIds = [...new Set(lineas.map((l) => l.unidadVentaId).filter((x): x is number => x != null))];
  const { rows } = (await db.execute(sql`
    select ${cajaSql(tiendaId)},
      (select coalesce(json_agg(json_build_object('id', x.id_producto, 'precio', x.precio_unit, 'unidad', x.unidad_dian)), '[]'::json)
        from ${producto} x where x.tienda_id = ${tiendaId} and x.id_producto = any(${arregloInt(ids)})) as vendidos,
      (select coalesce(json_agg(json_build_object('id', u.id_unidad_venta, 'precio', u.precio, 'factor', u.factor)), '[]'::json)
        from ${productoUnidadVenta} u where u.tienda_id = ${tiendaId} and u.id_unidad_venta = any(${arregloInt(unidadIds)})) as packs
    from ${cajaDesde(tiendaId)}`)) as unknown as { rows: [Parameters<typeof deCaja>[0] & { vendidos: { id: number; precio: number; unidad: string }[]; packs: { id: number; precio: number; factor: number }[] }] };
  const leido = rows[0];
  const productos = new Map(leido.vendidos.map((p) => [p.id, p]));
  const packs = new Map(leido.packs.map((u) => [u.id, u]));
  const lista = o.clienteId != null && o.conLista ? await listaParaCaja(db, tiendaId, o.clienteId) : null;
  // The prices venta_registrar will charge (an unknown product: priced 0, it refuses the sale anyway).
  const base = lineas.map((l, i) => {
    const p = productos.get(l.productoId);
    const pack = l.unidadVentaId != null ? packs.get(l.unidadVentaId) : undefined;
    return { i, id: l.productoId, precio: Number(pack?.precio ?? p?.precio ?? 0), cantidad: l.cantidad, importe: l.importe ?? null, unidadVenta: pack ? { factor: pack.factor } : null };
  });
  const conLista = conListaDePrecios(base, lista);
  // The costs the till and the device get with the promotions (the engine's floor): the same inputs, the same answer.
  const caja = deCaja(leido);
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
  // Each saving on the sale's line of its product and pack (the first such line without an amount), in one statement.
  const ahorros = lineas.flatMap((l, i) => (p.detalle[i] ?? []).map((a) => ({ producto: l.productoId, unidad: l.unidadVentaId ?? null, promocion: a.promocionId, nombre: a.nombre, ahorro: a.ahorro })));
  if (!ahorros.length) return;
  await tx.execute(sql`
    insert into ${ventaPromocion} (tienda_id, venta_id, factura_id, promocion_id, nombre, ahorro)
    select ${tiendaId}, ${ventaId}, f.id_factura, a.promocion, a.nombre, a.ahorro
    from rows from (json_to_recordset(${JSON.stringify(ahorros)}::json) as (producto int, unidad int, promocion int, nombre text, ahorro bigint)) with ordinality as a(producto, unidad, promocion, nombre, ahorro, n)
    cross join lateral (
      select f.id_factura from ${factura} f
      where f.venta_id = ${ventaId} and f.tienda_id = ${tiendaId} and f.importe is null and f.producto_id = a.producto and f.unidad_venta_id is not distinct from a.unidad
      order by f.id_factura limit 1) f
    order by a.n`);
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
