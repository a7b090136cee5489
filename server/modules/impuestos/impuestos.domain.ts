/**
 * Taxes of the store's products and sales (issue #30): the one owner of which tax a product carries
 * (its own, else its category's), of the refusal to make a store responsible for IVA while a product
 * has none, and of the tax figures every report and document uses (`informeImpuestos`,
 * `desgloseDeVenta`). The arithmetic itself is shared/impuestos.ts (one rounding rule, ADR 021).
 *
 * Other modules call these functions; they do not re-read factura.impuesto themselves.
 */
import { brutoLinea } from '#shared/cantidad';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { desglosarVenta, IMPUESTOS, totalesPorTarifa, type TImpuesto, type TotalTarifa } from '#shared/impuestos';
import { sumarDias } from '#shared/periodo';
import type { TClasificacion, TImpuestosVenta, TInformeImpuestos } from '#shared/schemas/impuestos';
import type { Db, Tx } from '../../db/client';
import { categoriaImpuesto, factura, perfilFiscal, producto, venta } from '../../db/schema';
import { calificada } from '../../db/columna';
import { conResumenesBloqueados } from '../../db/bloqueo-resumen';
import { RESUMEN_IMPUESTO_DIA, sqlPlegado } from '../../db/resumenes';
import { comprobarUnidad, registrarCambioUnidad } from '../producto/producto.domain';
import { llevarAHermanas } from '../producto/catalogo-empresa';
import { empresaDeTienda, esDueno, tiendasHermanas } from '../tienda/empresa';
import { registrarPor, type Autor } from '../actividad/actividad.domain';
import { entreDias } from '../tienda/zona-horaria';
import { numeracionDelPeriodo } from '../numeracion/numeracion.domain';
import { columnasDesglose } from '../venta-registro/unidad-linea';
import { conCategoria, contarSinImpuesto } from '../fiscal/clasificacion';

type DbOTx = Db | Tx;

/** A product's tax as sold: its own, else its category's; null when neither is set. */
export const impuestoEfectivo = sql<TImpuesto | null>`coalesce(${producto.impuesto}, ${categoriaImpuesto.impuesto})`;

/** The join of a store's products to their category's tax (`impuestoEfectivo` reads it): fiscal/clasificacion.ts's conCategoria. */

/**
 * `impuestoEfectivo` as one correlated expression over the query's `producto` row, for a select that
 * reads the products of any store (receiving's costs). The outer columns are written with their table's
 * name: bare, they would bind to the subquery's own tables.
 */
export const impuestoDeFila = sql<TImpuesto | null>`coalesce(${calificada(producto.impuesto)}, (select c.impuesto from categoria_impuesto c join tienda ct on ct.empresa_id = c.empresa_id where ct.id_tienda = ${calificada(producto.tiendaId)} and c.categoria = ${calificada(producto.categoria)}))`;

/** Whether the store is responsible for IVA (its fiscal profile says so). */
export async function responsableDeIva(db: DbOTx, tiendaId: number): Promise<boolean> {
  const [row] = await db.select({ r: perfilFiscal.responsableIva }).from(perfilFiscal).where(eq(perfilFiscal.tiendaId, tiendaId)).limit(1);
  return row?.r ?? false;
}

/** The guided screen's data: each category with its tax and counts, and the products still without one. */
export async function clasificacion(options: { db: Db; tiendaId: number; autor?: Pick<Autor, 'usuarioId'> }): Promise<TClasificacion> {
  const { db, tiendaId } = options;
  const sinImp = sql<boolean>`${producto.impuesto} is null and ${categoriaImpuesto.impuesto} is null`;
  const categorias = await db
    .select({
      categoria: sql<string | null>`nullif(btrim(${producto.categoria}), '')`,
      impuesto: sql<TImpuesto | null>`max(${categoriaImpuesto.impuesto})`,
      diferia: sql<boolean>`coalesce(bool_or(${categoriaImpuesto.diferia}), false)`,
      productos: sql<number>`count(*)::int`,
      sinImpuesto: sql<number>`(count(*) filter (where ${sinImp}))::int`,
    })
    .from(producto)
    .leftJoin(categoriaImpuesto, conCategoria(tiendaId))
    .where(eq(producto.tiendaId, tiendaId))
    .groupBy(sql`1`)
    .orderBy(sql`1 nulls last`);
  const sinImpuesto = await db
    .select({ idProducto: producto.idProducto, nombre: producto.nombre, categoria: producto.categoria, unidadDian: producto.unidadDian })
    .from(producto)
    .leftJoin(categoriaImpuesto, conCategoria(tiendaId))
    .where(and(eq(producto.tiendaId, tiendaId), sinImp))
    .orderBy(sql`${producto.categoria} nulls last`, sql`lower(${producto.nombre})`, asc(producto.idProducto))
    .limit(500);
  const totalSinImpuesto = categorias.reduce((s, c) => s + c.sinImpuesto, 0);
  const hermanas = await tiendasHermanas(db, tiendaId);
  return {
    categorias: categorias.map((c) => ({ ...c, diferia: !!c.diferia })),
    sinImpuesto: sinImpuesto.map((p) => ({ ...p, unidadDian: p.unidadDian as TClasificacion['sinImpuesto'][number]['unidadDian'] })),
    totalSinImpuesto,
    tiendas: hermanas.length + 1,
    editaCatalogo: !hermanas.length || !options.autor || esDueno(options.autor),
  };
}

/**
 * A category's default tax (the bulk assignment): its products without their own tax inherit it, in every
 * store of the empresa (ADR 063). In an empresa of several stores only the owner sets it, as any other
 * catalogue field (ADR 043 §2); a lone store's administrator as before.
 */
export async function asignarCategoria(options: { db: Db; tiendaId: number; categoria: string; impuesto: TImpuesto; autor: Autor }): Promise<{ actualizados: number; sinClasificar: number }> {
  const { db, tiendaId, categoria, impuesto, autor } = options;
  return db.transaction(async (tx) => {
    const hermanas = await tiendasHermanas(tx, tiendaId);
    if (hermanas.length && !esDueno(autor)) throw new AppError('FORBIDDEN', M.impuestos.categoriaSoloDueno);
    const tiendas = [tiendaId, ...hermanas.map((h) => h.id)];
    const heredan = await tx
      .select({ tiendaId: producto.tiendaId, n: sql<number>`count(*)::int`, heredan: sql<number>`(count(*) filter (where ${producto.impuesto} is null))::int` })
      .from(producto)
      .where(and(inArray(producto.tiendaId, tiendas), eq(producto.categoria, categoria)))
      .groupBy(producto.tiendaId);
    const aqui = heredan.find((h) => h.tiendaId === tiendaId);
    if (!aqui?.n) throw new AppError('NOT_FOUND', M.impuestos.categoriaSinProductos, { fields: { categoria: M.impuestos.categoriaSinProductos } });
    await tx
      .insert(categoriaImpuesto)
      .values({ empresaId: empresaDeTienda(tiendaId), categoria, impuesto, diferia: false })
      .onConflictDoUpdate({ target: [categoriaImpuesto.empresaId, categoriaImpuesto.categoria], set: { impuesto, diferia: false } });
    // The offline tills of every store learn the new tax of the products that inherit it: each takes a
    // new version (the device's download cursor, ADR 041), as a change of the product itself would.
    await tx
      .update(producto)
      .set({ version: sql`${producto.version}` })
      .where(and(inArray(producto.tiendaId, tiendas), eq(producto.categoria, categoria), isNull(producto.impuesto)));
    // Each store's log says what changed there, by the same author.
    for (const h of heredan) await registrarPor(tx, h.tiendaId, autor, { tipo: 'impuesto', detalle: { categoria, impuesto, actualizados: h.heredan } });
    return { actualizados: aqui.heredan, sinClasificar: await contarSinImpuesto(tx, tiendaId) };
  });
}

/** Some products' own tax (null: back to their category's) and DIAN unit. Every id must be the store's. */
export async function asignarProductos(options: {
  db: Db;
  tiendaId: number;
  productoIds: number[];
  impuesto: TImpuesto | null;
  unidadDian?: string;
  autor: Autor;
}): Promise<{ actualizados: number; sinClasificar: number }> {
  const { db, tiendaId, impuesto, unidadDian, autor } = options;
  const ids = [...new Set(options.productoIds)];
  return db.transaction(async (tx) => {
    // An empresa of several stores (ADR 043 §2): a product's tax and unit are the catalogue's, the owner's to change, in every store.
    const hermanas = await tiendasHermanas(tx, tiendaId);
    if (hermanas.length && !esDueno(autor)) throw new AppError('FORBIDDEN', M.catalogoEmpresa.soloDueno);
    if (unidadDian) {
      // The unit rule is the product's (whole stock by unit, packs only by unit).
      const actuales = await tx
        .select({ productoId: producto.idProducto, stock: producto.stock, unidadDian: producto.unidadDian, nombre: producto.nombre, precioUnit: producto.precioUnit })
        .from(producto)
        .where(and(eq(producto.tiendaId, tiendaId), inArray(producto.idProducto, ids)));
      const cambian = actuales.filter((p) => p.unidadDian !== unidadDian);
      await comprobarUnidad(tx, tiendaId, cambian.map((p) => ({ productoId: p.productoId, stock: p.stock, unidadDian })));
      // What the price buys changes: in the price history and the activity log (issue #51 point 4).
      for (const p of cambian)
        await registrarCambioUnidad(tx, { tiendaId, autor, productoId: p.productoId, producto: p.nombre, precioAnterior: p.precioUnit, precio: p.precioUnit, unidadAnterior: p.unidadDian, unidadNueva: unidadDian });
    }
    const rows = await tx
      .update(producto)
      .set({ impuesto, ...(unidadDian ? { unidadDian } : {}) })
      .where(and(eq(producto.tiendaId, tiendaId), inArray(producto.idProducto, ids)))
      .returning({ id: producto.idProducto });
    if (rows.length !== ids.length) throw new AppError('NOT_FOUND', M.impuestos.productoNoEncontrado);
    if (hermanas.length) await llevarAHermanas(tx, { tiendaId, productoIds: ids, autor, hermanas });
    const sinClasificar = await contarSinImpuesto(tx, tiendaId);
    // A store already responsible for IVA cannot go back to having unclassified products.
    if (sinClasificar > 0 && (await responsableDeIva(tx, tiendaId))) throw new AppError('BUSINESS_RULE', M.impuestos.sinClasificar(sinClasificar));
    await registrarPor(tx, tiendaId, autor, { tipo: 'impuesto', detalle: { productos: rows.length, impuesto, actualizados: rows.length } });
    return { actualizados: rows.length, sinClasificar };
  });
}

/** One sale's lines with the tax they were sold with, split into base and tax (centavos). */
export interface LineaConImpuesto {
  idFactura: number;
  productoId: number;
  cantidad: number;
  impuesto: TImpuesto | null;
  pagado: number;
  base: number;
  valor: number;
}

type FilaLinea = { ventaId: number; idFactura: number; productoId: number; cantidad: number; precio: number; importe: number | null; descuento: number; impuesto: string | null; valorBolsa: number | null; descuentoVenta: number };

function desglosarFilas(filas: FilaLinea[]): Map<number, LineaConImpuesto[]> {
  const porVenta = new Map<number, FilaLinea[]>();
  for (const f of filas) porVenta.set(f.ventaId, [...(porVenta.get(f.ventaId) ?? []), f]);
  const out = new Map<number, LineaConImpuesto[]>();
  for (const [ventaId, ls] of porVenta) {
    const d = desglosarVenta(
      ls.map((l) => ({ importe: brutoLinea(l) - l.descuento, cantidad: l.cantidad, impuesto: l.impuesto as TImpuesto | null, valorBolsa: l.valorBolsa })),
      ls[0]!.descuentoVenta,
    );
    out.set(
      ventaId,
      ls.map((l, i) => ({ idFactura: l.idFactura, productoId: l.productoId, cantidad: l.cantidad, impuesto: l.impuesto as TImpuesto | null, pagado: d[i]!.pagado, base: d[i]!.base, valor: d[i]!.impuesto })),
    );
  }
  return out;
}

const filaColumns = {
  ventaId: factura.ventaId,
  idFactura: factura.idFactura,
  productoId: factura.productoId,
  ...columnasDesglose,
  descuentoVenta: venta.descuento,
};

/** A sale's lines split into base and tax, and its totals by rate (receipts, the invoice detail, the electronic document). */
export async function desgloseDeVenta(db: DbOTx, tiendaId: number, ventaId: number): Promise<{ lineas: LineaConImpuesto[]; tarifas: TotalTarifa[] }> {
  const filas = await db
    .select(filaColumns)
    .from(factura)
    .innerJoin(venta, eq(venta.idVenta, factura.ventaId))
    .where(and(eq(factura.tiendaId, tiendaId), eq(factura.ventaId, ventaId)))
    .orderBy(asc(factura.idFactura));
  const lineas = desglosarFilas(filas).get(ventaId) ?? [];
  return { lineas, tarifas: totalesPorTarifa(lineas) };
}

/**
 * Base and tax per rate of the store's completed sales between two of its days (inclusive): the
 * figures of the monthly tax report and of any other report that shows taxes (Z report, #35's reports).
 * Σ (base + tax) over the rates plus the untaxed lines' base equals what the sales paid, in centavos.
 */
export async function informeImpuestos(options: { db: DbOTx; tiendaId: number; desde: string; hasta: string; resumidoHasta?: string | null }): Promise<TInformeImpuestos> {
  const { db, tiendaId, desde, hasta } = options;
  const resumidoHasta = options.resumidoHasta != null && options.resumidoHasta >= desde ? (options.resumidoHasta < hasta ? options.resumidoHasta : hasta) : null;
  if (resumidoHasta != null) {
    // The days up to `resumidoHasta` from the per-day summary (ADR 031; the reports pass the whole range,
    // ADR 037), any days after it split here, then added up.
    const resumido = await impuestosResumidos({ db, tiendaId, desde, hasta: resumidoHasta });
    const resto = resumidoHasta < hasta ? await informeImpuestos({ db, tiendaId, desde: sumarDias(resumidoHasta, 1), hasta }) : null;
    const por = new Map<string, TotalTarifa>();
    const sumarA = (t: TotalTarifa) => {
      const x = por.get(t.impuesto) ?? por.set(t.impuesto, { impuesto: t.impuesto, base: 0, valor: 0, lineas: 0 }).get(t.impuesto)!;
      x.base += t.base;
      x.valor += t.valor;
      x.lineas += t.lineas;
    };
    let ventas = resto?.ventas ?? 0;
    let total = resto?.total ?? 0;
    const sinImpuesto = { base: resto?.sinImpuesto.base ?? 0, lineas: resto?.sinImpuesto.lineas ?? 0 };
    for (const t of resto?.tarifas ?? []) sumarA(t);
    for (const x of resumido) {
      ventas += x.ventas;
      total += x.base + x.valor;
      if (x.impuesto === '') {
        sinImpuesto.base += x.base;
        sinImpuesto.lineas += x.lineas;
      } else sumarA({ impuesto: x.impuesto as TImpuesto, base: x.base, valor: x.valor, lineas: x.lineas });
    }
    return {
      desde,
      hasta,
      tarifas: IMPUESTOS.filter((i) => por.has(i) && por.get(i)!.lineas !== 0).map((i) => por.get(i)!),
      ventas,
      total,
      sinImpuesto,
      numeracion: await numeracionDelPeriodo(db, tiendaId, desde, hasta),
    };
  }
  const filas = await db
    .select(filaColumns)
    .from(factura)
    .innerJoin(venta, eq(venta.idVenta, factura.ventaId))
    .where(and(eq(venta.tiendaId, tiendaId), eq(venta.estado, 'Completada'), ...entreDias(venta.fecha, tiendaId, desde, hasta)))
    .orderBy(asc(factura.ventaId), asc(factura.idFactura));
  const porVenta = desglosarFilas(filas);
  const todas = [...porVenta.values()].flat();
  const sin = todas.filter((l) => l.impuesto === null);
  return {
    desde,
    hasta,
    tarifas: totalesPorTarifa(todas),
    ventas: porVenta.size,
    total: todas.reduce((s, l) => s + l.pagado * 100, 0),
    sinImpuesto: { base: sin.reduce((s, l) => s + l.base, 0), lineas: sin.length },
    numeracion: await numeracionDelPeriodo(db, tiendaId, desde, hasta),
  };
}

/**
 * Base and tax per rate of a shift's completed sales: the Z report's tax part (issue #30). Empty for a
 * store not responsible for IVA (its sales carry no tax to report).
 */
export async function impuestosDelTurno(db: DbOTx, tiendaId: number, turnoId: number): Promise<TotalTarifa[]> {
  if (!(await responsableDeIva(db, tiendaId))) return [];
  const filas = await db
    .select(filaColumns)
    .from(factura)
    .innerJoin(venta, eq(venta.idVenta, factura.ventaId))
    .where(and(eq(venta.tiendaId, tiendaId), eq(venta.turnoId, turnoId), eq(venta.estado, 'Completada')))
    .orderBy(asc(factura.ventaId), asc(factura.idFactura));
  return totalesPorTarifa([...desglosarFilas(filas).values()].flat());
}

/** What a receipt adds for taxes (issue #30 point 6): the seller's fiscal data and, for a store responsible for IVA, base and tax by rate. */
export async function impuestosDeVenta(options: { db: Db; tiendaId: number; ventaId: number }): Promise<TImpuestosVenta> {
  const { db, tiendaId, ventaId } = options;
  const [v] = await db.select({ id: venta.idVenta }).from(venta).where(and(eq(venta.idVenta, ventaId), eq(venta.tiendaId, tiendaId))).limit(1);
  if (!v) throw new AppError('NOT_FOUND', M.impuestos.ventaNoEncontrada);
  const [fiscal] = await db
    .select({ razonSocial: perfilFiscal.razonSocial, nit: perfilFiscal.nit, dv: perfilFiscal.dv, responsableIva: perfilFiscal.responsableIva, documentoInformativo: perfilFiscal.documentoInformativo })
    .from(perfilFiscal)
    .where(eq(perfilFiscal.tiendaId, tiendaId))
    .limit(1);
  const tarifas = fiscal?.responsableIva ? (await desgloseDeVenta(db, tiendaId, ventaId)).tarifas : [];
  return { fiscal: fiscal ?? null, tarifas };
}

/**
 * Base and tax per rate of the store's completed sales between two of its days, grouped by `grupo`
 * (an SQL expression over `venta`, e.g. its day in the store's zone and its till): the daily close's
 * taxes per till and day (issue #35 point 4). Same rows and rounding as `informeImpuestos`; the
 * untaxed lines' base is under `sinImpuesto`.
 */
export async function impuestosPorGrupo(options: { db: DbOTx; tiendaId: number; desde: string; hasta: string; grupo: SQL }): Promise<Map<string, { tarifas: TotalTarifa[]; sinImpuesto: number }>> {
  const { db, tiendaId, desde, hasta, grupo } = options;
  const filas = await db
    .select({ ...filaColumns, grupo: sql<string>`(${grupo})::text` })
    .from(factura)
    .innerJoin(venta, eq(venta.idVenta, factura.ventaId))
    .where(and(eq(venta.tiendaId, tiendaId), eq(venta.estado, 'Completada'), ...entreDias(venta.fecha, tiendaId, desde, hasta)))
    .orderBy(asc(factura.ventaId), asc(factura.idFactura));
  const grupoDe = new Map(filas.map((f) => [f.ventaId, f.grupo ?? '']));
  const out = new Map<string, { lineas: LineaConImpuesto[] }>();
  for (const [ventaId, lineas] of desglosarFilas(filas)) {
    const g = grupoDe.get(ventaId)!;
    const x = out.get(g) ?? out.set(g, { lineas: [] }).get(g)!;
    x.lineas.push(...lineas);
  }
  return new Map(
    [...out].map(([g, x]) => [g, { tarifas: totalesPorTarifa(x.lineas), sinImpuesto: x.lineas.filter((l) => l.impuesto === null).reduce((s, l) => s + l.base, 0) }]),
  );
}

/**
 * Base and tax per store day, till and rate of the completed sales of whole past days, read from the
 * per-day summary the triggers keep (`resumen_impuesto_dia`, ADR 031) instead of splitting every sale:
 * the same figures as `impuestosPorGrupo` grouped by day and till (a sale's till is its own, else its
 * shift's, else 0). `impuesto` '' is the lines sold without a tax; `ventas` counts each sale once per
 * day and till. Days not yet over are still being written: callers read them with the direct functions.
 */
export async function impuestosResumidos(options: { db: DbOTx; tiendaId: number; desde: string; hasta: string }): Promise<ImpuestoResumido[]> {
  const { db, tiendaId, desde, hasta } = options;
  const res = (await db.execute(consultaImpuestosResumidos(tiendaId, desde, hasta))) as unknown as { rows: Record<string, unknown>[] };
  return leerImpuestosResumidos(db, tiendaId, { desde, hasta }, res.rows);
}

export interface ImpuestoResumido {
  dia: string;
  caja: number;
  impuesto: string;
  ventas: number;
  lineas: number;
  base: number;
  valor: number;
}

/** `impuestosResumidos`' statement for one store (an empresa's close runs it for each store in one statement). */
export const consultaImpuestosResumidos = (tiendaId: number | SQL, desde: string, hasta: string): SQL => sql`
    select count(*)::int as filas, count(distinct (s.punto_venta_id, s.turno_id))::int as claves, s.dia::text as dia, coalesce(nullif(s.punto_venta_id, 0), (select t.punto_venta_id from turno t where t.id_turno = s.turno_id), 0) as caja, s.impuesto,
      sum(s.ventas)::bigint as ventas, sum(s.lineas)::bigint as lineas, sum(s.base)::bigint as base, sum(s.valor)::bigint as valor
    from resumen_impuesto_dia s
    where s.tienda_id = ${tiendaId} and s.dia between ${desde}::date and ${hasta}::date
    group by 3, 4, 5
    having sum(s.ventas) <> 0 or sum(s.lineas) <> 0 or sum(s.base) <> 0 or sum(s.valor) <> 0
    order by 3, 4, 5`;

/** `consultaImpuestosResumidos`' rows of one store read, its summary folded first when they pile up. */
export async function leerImpuestosResumidos(db: DbOTx, tiendaId: number, r: { desde: string; hasta: string }, rows: Record<string, unknown>[]): Promise<ImpuestoResumido[]> {
  // Deltas pile up (ADR 017): a reader that found many more rows than keys folds them.
  const filas = rows.reduce((a, x) => a + Number(x.filas), 0);
  const claves = rows.reduce((a, x) => a + Number(x.claves), 0);
  if (filas > 2 * claves + 200) await plegarImpuestos(db, tiendaId, r);
  return rows.map((x) => ({ dia: String(x.dia), caja: Number(x.caja), impuesto: String(x.impuesto), ventas: Number(x.ventas), lineas: Number(x.lineas), base: Number(x.base), valor: Number(x.valor) }));
}

/**
 * Folds the tax summary's delta rows of the store's days into one row per key (ADR 017's fold, as
 * `plegarResumenes` does for the other two): one DELETE … RETURNING feeding one INSERT; keys summing
 * to zero go. Idempotent.
 */
export async function plegarImpuestos(db: DbOTx, tiendaId: number, r: { desde: string; hasta: string }): Promise<void> {
  await conResumenesBloqueados(db, tiendaId, (tx) => plegarImpuestosEn(tx, tiendaId, r));
}

/** The fold itself, in a transaction that holds the store's summaries lock. */
export async function plegarImpuestosEn(db: Tx, tiendaId: number, r: { desde: string; hasta: string }): Promise<void> {
  await db.execute(sqlPlegado(RESUMEN_IMPUESTO_DIA, sql`tienda_id = ${tiendaId} and dia between ${r.desde}::date and ${r.hasta}::date`));
}
