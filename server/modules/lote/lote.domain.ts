/**
 * Lots and expiry (issue #58 point 2, ADR 051), owned here once. A product that tracks lots
 * (`producto.maneja_lotes`) keeps its stock per lot (`lote`: code, expiry, units); the stock ledger's
 * trigger `movimiento_lotes` (server/db/functions/movimiento_lotes.sql) spreads every movement over the
 * lots, so the lots always add up to the stock whatever face moved it. Here: the lots a receipt brings
 * (checked, made, and entered through the ledger lot by lot), a product's lots, *por vencer* and its
 * days. The till's side (FEFO, expired lots and the supervisor's PIN) is lote.venta.ts.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { hoyEn } from '../tienda/zona-horaria';
import { deMilesimas, formatCantidad, importeLinea, milesimasDe } from '#shared/cantidad';
import { AppError } from '#shared/errors';
import { isoADdMmAaaa } from '#shared/fecha-texto';
import { M } from '#shared/messages';
import type { TLoteRecibido, TLotesProducto, TPorVencer } from '#shared/schemas/lote';
import type { Db, Tx } from '../../db/client';
import { lote, producto, tienda } from '../../db/schema';
import type { Autor } from '../actividad/actividad.domain';
import { ajustarStock, ajustarStockLote } from '../movimiento/ledger';
import { puede } from '../tienda/permisos';

const L = M.lotes;
const invalida = (message: string) => new AppError('VALIDATION', message, { fields: { lineas: message } });

/** A receipt's line as this module reads it: units in the product's own unit, and the lots given. */
export interface LineaConLotes {
  productoId: number;
  nombre: string;
  unidad: string;
  unidades: number;
  lote: string | null;
  vence: string | null;
  lotes?: TLoteRecibido[] | null;
}

/**
 * The stock a receipt brings in, through the ledger: a product that tracks lots enters lot by lot (one
 * movement per lot, naming it), each lot checked (given, adding up to the line's units, a code not
 * repeated nor known with another expiry) and made if new; the other products in one statement as
 * before. The products must be locked by the caller. Answers each product's stock before the receipt.
 */
export async function entrarRecepcion(
  tx: Tx,
  options: { tiendaId: number; motivo: string; lineas: LineaConLotes[] },
): Promise<Map<number, { stockAntes: number; stockDespues: number }> | null> {
  const { tiendaId, motivo, lineas } = options;
  const ids = lineas.map((l) => l.productoId);
  const conLotes = new Set(
    (
      await tx
        .select({ id: producto.idProducto })
        .from(producto)
        .where(and(eq(producto.tiendaId, tiendaId), inArray(producto.idProducto, ids), eq(producto.manejaLotes, true)))
    ).map((r) => r.id),
  );
  const movidos = await ajustarStockLote(tx, {
    tiendaId,
    cambios: lineas.filter((l) => !conLotes.has(l.productoId)).map((l) => ({ productoId: l.productoId, delta: l.unidades })),
    motivo,
    revisado: true,
  });
  if (!movidos) return null;
  for (const l of lineas.filter((x) => conLotes.has(x.productoId))) {
    const dados = l.lotes?.length ? l.lotes : l.lote && l.vence ? [{ codigo: l.lote, vence: l.vence, cantidad: l.unidades }] : [];
    if (dados.length === 0) throw invalida(L.faltanLotes(l.nombre));
    if (dados.reduce((s, d) => s + milesimasDe(d.cantidad), 0) !== milesimasDe(l.unidades))
      throw invalida(L.sumaLotes(l.nombre, formatCantidad(l.unidades, l.unidad)));
    const codigos = new Set<string>();
    for (const d of dados) {
      const codigo = d.codigo.trim();
      if (codigos.has(codigo)) throw invalida(L.loteRepetido(l.nombre, codigo));
      codigos.add(codigo);
    }
    const m = await entrarEnLotes(tx, { tiendaId, producto: l, motivo, revisado: true, lotes: dados.map((d) => ({ codigo: d.codigo.trim(), vence: d.vence, cantidad: d.cantidad })) });
    if (!m) return null;
    movidos.set(l.productoId, m);
  }
  return movidos;
}

/** A lot of a product as it travels: its code and expiry (both null: units of no known lot) and units. */
export interface LoteQueViaja {
  codigo: string | null;
  vence: string | null;
  cantidad: number;
}

/**
 * Units entering a product that tracks lots, lot by lot (one ledger row each, naming its lot): a lot
 * with a code is the product's lot of that code (made with its expiry, or the one known with the same
 * expiry: another expiry is refused); units of no known lot enter as such. The product must be locked by
 * the caller. Answers its stock before the first and after the last, or null (the caller rolls back).
 */
export async function entrarEnLotes(
  tx: Tx,
  options: { tiendaId: number; producto: { productoId: number; nombre: string }; motivo: string; revisado: boolean; lotes: LoteQueViaja[] },
): Promise<{ stockAntes: number; stockDespues: number } | null> {
  const { tiendaId, producto: p, motivo, revisado } = options;
  let antes: number | null = null;
  let despues = 0;
  for (const d of options.lotes) {
    const loteId = d.codigo == null || d.vence == null ? null : await loteDeRecepcion(tx, tiendaId, p, d.codigo, d.vence);
    const m = await ajustarStock(tx, { tiendaId, productoId: p.productoId, delta: d.cantidad, motivo, revisado, loteId });
    if (!m) return null;
    antes ??= m.stockAntes;
    despues = m.stockDespues;
  }
  return antes == null ? null : { stockAntes: antes, stockDespues: despues };
}

/**
 * Units leaving a product that tracks lots to travel elsewhere (a transfer, ADR 056 addendum): the
 * lots that are not expired, first to expire first, the units of no known lot last; an expired lot
 * never travels. Each lot leaves by its own ledger row. The product must be locked by the caller.
 * Answers the lots that left, or `faltan` with the units the unexpired lots lack.
 */
export async function sacarDeLotes(
  tx: Tx,
  options: { tiendaId: number; productoId: number; cantidad: number; motivo: string },
): Promise<{ lotes: LoteQueViaja[] } | { faltan: number }> {
  const { tiendaId, productoId, motivo } = options;
  const vigentes = await tx
    .select({ id: lote.idLote, codigo: lote.codigo, vence: lote.vence, cantidad: lote.cantidad })
    .from(lote)
    .where(and(eq(lote.productoId, productoId), eq(lote.tiendaId, tiendaId), sql`${lote.cantidad} > 0`, sql`(${lote.vence} is null or ${lote.vence} >= ${hoyEn(tiendaId)})`))
    .orderBy(sql`${lote.vence} nulls last`, asc(lote.idLote));
  let resto = milesimasDe(options.cantidad);
  const salen: (LoteQueViaja & { id: number })[] = [];
  for (const l of vigentes) {
    if (resto <= 0) break;
    const tomar = Math.min(resto, milesimasDe(Number(l.cantidad)));
    salen.push({ id: l.id, codigo: l.codigo, vence: l.vence, cantidad: deMilesimas(tomar) });
    resto -= tomar;
  }
  if (resto > 0) return { faltan: deMilesimas(resto) };
  for (const l of salen) {
    const m = await ajustarStock(tx, { tiendaId, productoId, delta: -l.cantidad, motivo, revisado: false, loteId: l.id });
    if (!m) return { faltan: l.cantidad };
  }
  return { lotes: salen.map(({ codigo, vence, cantidad }) => ({ codigo, vence, cantidad })) };
}

/** The lot `codigo` of the product: made with its expiry, or the one received before with the same expiry. */
async function loteDeRecepcion(tx: Tx, tiendaId: number, l: { productoId: number; nombre: string }, codigo: string, vence: string): Promise<number> {
  const [existente] = await tx
    .select({ id: lote.idLote, vence: lote.vence })
    .from(lote)
    .where(and(eq(lote.productoId, l.productoId), eq(lote.codigo, codigo)))
    .limit(1);
  if (existente) {
    if (existente.vence !== vence) throw invalida(L.loteOtraFecha(l.nombre, codigo, isoADdMmAaaa(existente.vence!)));
    return existente.id;
  }
  const [nuevo] = await tx.insert(lote).values({ tiendaId, productoId: l.productoId, codigo, vence }).returning({ id: lote.idLote });
  return nuevo!.id;
}

/** A product's lots with units, first to expire first (the units of no known lot last), for the till and the product screen. */
export async function lotesDeProducto(options: { db: Db; tiendaId: number; productoId: number }): Promise<TLotesProducto> {
  const { db, tiendaId, productoId } = options;
  const [p] = await db
    .select({ maneja: producto.manejaLotes })
    .from(producto)
    .where(and(eq(producto.idProducto, productoId), eq(producto.tiendaId, tiendaId)))
    .limit(1);
  if (!p) throw new AppError('NOT_FOUND', M.ventas.productoNoEncontrado);
  const rows = p.maneja
    ? await db
        .select({
          id: lote.idLote,
          codigo: lote.codigo,
          vence: lote.vence,
          cantidad: lote.cantidad,
          vencido: sql<boolean>`coalesce(${lote.vence} < ${hoyEn(tiendaId)}, false)`,
        })
        .from(lote)
        .where(and(eq(lote.productoId, productoId), eq(lote.tiendaId, tiendaId), sql`${lote.cantidad} > 0`))
        .orderBy(sql`${lote.vence} nulls last`, asc(lote.idLote))
    : [];
  return { productoId, manejaLotes: p.maneja, lotes: rows.map((r) => ({ ...r, cantidad: Number(r.cantidad), vencido: !!r.vencido })) };
}

/**
 * *Por vencer*: the store's lots with units that expire within its days (`tienda.dias_por_vencer`), and
 * those already expired, first to expire first; each with its value at the product's average cost
 * (else its last cost), the line's money rule (half up to the peso), shown with the `reportes` permission.
 */
export async function porVencer(options: { db: Db; tiendaId: number; autor: Autor }): Promise<TPorVencer> {
  const { db, tiendaId, autor } = options;
  const [t] = await db.select({ dias: tienda.diasPorVencer }).from(tienda).where(eq(tienda.idTienda, tiendaId)).limit(1);
  const dias = t?.dias ?? 30;
  const costos = await puede(db, tiendaId, autor, 'reportes');
  const hoy = hoyEn(tiendaId);
  const rows = await db
    .select({
      loteId: lote.idLote,
      productoId: producto.idProducto,
      producto: producto.nombre,
      unidad: producto.unidadDian,
      codigo: lote.codigo,
      vence: lote.vence,
      dias: sql<number>`(${lote.vence} - ${hoy})::int`.mapWith(Number),
      cantidad: lote.cantidad,
      costo: sql<number | null>`coalesce(${producto.costoPromedio}, ${producto.costo})`,
    })
    .from(lote)
    .innerJoin(producto, eq(producto.idProducto, lote.productoId))
    .where(
      and(
        eq(lote.tiendaId, tiendaId),
        eq(producto.manejaLotes, true),
        sql`${lote.cantidad} > 0`,
        sql`${lote.vence} is not null`,
        sql`${lote.vence} <= ${hoy} + ${dias}::int`,
      ),
    )
    .orderBy(asc(lote.vence), asc(producto.nombre), asc(lote.idLote))
    .limit(2000);
  const lotes = rows.map((r) => {
    const cantidad = Number(r.cantidad);
    const costoUnit = costos && r.costo != null ? Number(r.costo) : null;
    return {
      loteId: r.loteId,
      productoId: r.productoId,
      producto: r.producto,
      unidad: r.unidad,
      codigo: r.codigo!,
      vence: r.vence!,
      dias: r.dias,
      cantidad,
      costoUnit,
      valor: costoUnit == null ? null : importeLinea(costoUnit, milesimasDe(cantidad)),
    };
  });
  return {
    dias,
    vencidos: lotes.filter((l) => l.dias < 0).length,
    porVencer: lotes.filter((l) => l.dias >= 0).length,
    lotes,
    total: costos ? lotes.reduce((s, l) => s + (l.valor ?? 0), 0) : null,
  };
}

/** Role 1 sets the days of *por vencer* (the route refuses the others). */
export async function guardarDiasPorVencer(options: { db: Db; tiendaId: number; dias: number }): Promise<void> {
  await options.db.update(tienda).set({ diasPorVencer: options.dias }).where(eq(tienda.idTienda, options.tiendaId));
}
