/**
 * Physical count sessions (issue #58 point 1, ADR 042): the one owner of their rules.
 *
 * Role 1, or role 3 with the `stock` permission, opens a count of the whole store, a category or a
 * supplier's products; anyone of the store counts while it is open (a product, or one of its packs as
 * its factor, by unit or by weight with decimals). Each entry is its own row; a product's count is the
 * sum of its rows, and a recount replaces them. The count is blind: what a counter reads never carries
 * the system's stock. The system's stock is taken when a product is first counted (a recount takes it
 * again), so sales during the count are carried: approval adjusts each counted product by
 * contado − sistema through the stock ledger (ajustarStock), so its stock ends as what was counted plus
 * what moved after it was counted. Products nobody counted keep their stock.
 */
import { and, count, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { SIMBOLO_UNIDAD, aMilesimas, deMilesimas, formatMilesimas, milesimasDe, porUnidad } from '#shared/cantidad';
import { M } from '#shared/messages';
import { isoADdMmAaaa } from '#shared/fecha-texto';
import { ROL } from '#shared/roles';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import {
  MAX_LINEAS_CONTEO,
  MAX_RESULTADOS_CONTEO,
  type TConteoDetalle,
  type TConteoResumen,
  type TInformeConteo,
  type TLineaConteo,
  type TProductoConteo,
} from '#shared/schemas/conteo';
import type { z } from 'zod';
import type { ZAbrirConteoRequest, ZLineaConteoRequest } from '#shared/schemas/conteo';
import type { Db, Tx } from '../../db/client';
import { contieneTexto } from '../../db/name-search';
import { esViolacionUnica } from '../../db/pg-error';
import { conteo, conteoLinea, conteoLote, conteoProducto, lote, producto, productoUnidadVenta } from '../../db/schema';
import { celdaCsv, nombreDe, registrarPor, type Autor } from '../actividad/actividad.domain';
import { ajustarStock } from '../movimiento/ledger';
import { calificada } from '../../db/columna';
import { verificarProveedorDeTienda } from '../proveedor/proveedor.domain';
import { conRechazos, denegado, puede, registrarRechazo } from '../tienda/permisos';
import { totalesDe, valorarFila } from './valorar';
import { desgloseDe, lotesDelInforme } from './conteo.informe-lotes';
import { etiquetaEnConteo, momentoSinRed, tomarStockLote, tomarStockSistema } from './conteo.sin-red';

type Abrir = z.output<typeof ZAbrirConteoRequest>;
type Linea = z.output<typeof ZLineaConteoRequest>;
type Conteo = typeof conteo.$inferSelect;

const noExiste = () => new AppError('NOT_FOUND', M.conteos.noExiste);
const noAbierto = (estado: string) => new AppError('CONFLICT', M.conteos.noAbierto(M.conteos.estados[estado] ?? estado));
const campo = (code: 'VALIDATION' | 'BUSINESS_RULE', field: string, message: string) => new AppError(code, message, { fields: { [field]: message } });

// ── Who may ─────────────────────────────────────────────────────────────────────────────────

/** Opening, recounting, approving, cancelling and the report: role 1, or role 3 with `stock`. Role 2 never. */
async function mayEncargar(db: Db | Tx, tiendaId: number, autor: Autor): Promise<boolean> {
  if (autor.rol === ROL.ADMIN) return true;
  return autor.rol === ROL.ENCARGADO && (await puede(db, tiendaId, autor, 'stock'));
}

/** Refuses (403, recorded as an attempt when it would have written) unless the author may manage counts. */
export async function verificarEncargado(db: Db, tiendaId: number, autor: Autor, escritura: boolean): Promise<void> {
  if (await mayEncargar(db, tiendaId, autor)) return;
  const err = denegado(tiendaId, autor, 'stock', {}, M.conteos.soloEncargados);
  throw escritura ? await registrarRechazo(db, err) : err;
}

// ── Reads ───────────────────────────────────────────────────────────────────────────────────

/** A person's name as the rows show it ('Cuenta de la tienda' for the store account). */
const nombreSql = (col: SQL) => sql<string>`coalesce((select u.nombre1 || ' ' || u.apellido1 from usuario u where u.id_usuario = ${col}), ${M.actividad.cuentaTienda}::text)`;

const columnas = {
  id: conteo.idConteo,
  alcance: conteo.alcance,
  categoria: conteo.categoria,
  ubicacion: conteo.ubicacion,
  // The empresa's supplier (ADR 064): any the count's store reaches.
  proveedor: sql<string | null>`(select pr.nombre from proveedor pr where pr.id_proveedor = ${calificada(conteo.proveedorId)} and pr.empresa_id = (select t.empresa_id from tienda t where t.id_tienda = ${calificada(conteo.tiendaId)}))`,
  estado: conteo.estado,
  abiertoPor: nombreSql(sql`${conteo.abiertoPor}`),
  abiertoEn: conteo.abiertoEn,
  cerradoPor: sql<string | null>`case when ${conteo.cerradoEn} is null then null else ${nombreSql(sql`${conteo.cerradoPor}`)} end`,
  cerradoEn: conteo.cerradoEn,
  productos: sql<number>`(select count(*)::int from conteo_producto cp where cp.conteo_id = ${conteo.idConteo})`,
};

type FilaResumen = { [K in keyof typeof columnas]: unknown } & { abiertoEn: Date; cerradoEn: Date | null };
const aResumen = (r: FilaResumen): TConteoResumen => ({
  id: r.id as number,
  alcance: r.alcance as TConteoResumen['alcance'],
  categoria: r.categoria as string | null,
  ubicacion: r.ubicacion as string | null,
  proveedor: r.proveedor as string | null,
  estado: r.estado as TConteoResumen['estado'],
  abiertoPor: r.abiertoPor as string,
  abiertoEn: r.abiertoEn.toISOString(),
  cerradoPor: r.cerradoPor as string | null,
  cerradoEn: r.cerradoEn ? r.cerradoEn.toISOString() : null,
  productos: Number(r.productos),
});

const esteConteo = (tiendaId: number, id: number) => and(eq(conteo.idConteo, id), eq(conteo.tiendaId, tiendaId));

async function resumen(db: Db | Tx, tiendaId: number, id: number): Promise<TConteoResumen> {
  const [r] = await db.select(columnas).from(conteo).where(esteConteo(tiendaId, id)).limit(1);
  if (!r) throw noExiste();
  return aResumen(r as FilaResumen);
}

export async function listarConteos(options: { db: Db; tiendaId: number; query: TPageQuery }): Promise<TPage<TConteoResumen>> {
  const { db, tiendaId, query } = options;
  const where = eq(conteo.tiendaId, tiendaId);
  const [rows, [total]] = await Promise.all([
    db.select(columnas).from(conteo).where(where).orderBy(desc(conteo.idConteo)).limit(query.pageSize).offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(conteo).where(where),
  ]);
  return { items: rows.map((r) => aResumen(r as FilaResumen)), total: Number(total?.n ?? 0) };
}

/** The newest entries a counting screen shows. */
const LINEAS_VISIBLES = 200;

const lineaColumnas = {
  id: conteoLinea.idLinea,
  productoId: conteoLinea.productoId,
  producto: producto.nombre,
  unidad: producto.unidadDian,
  cantidad: conteoLinea.cantidad,
  factor: conteoLinea.factor,
  contadoPor: nombreSql(sql`${conteoLinea.usuarioId}`),
  creadoEn: conteoLinea.creadoEn,
  lote: sql<string | null>`(select l.codigo from lote l where l.id_lote = ${conteoLinea.loteId})`,
};
const aLinea = ({ lote: codigo, ...r }: { creadoEn: Date; lote: string | null } & Omit<TLineaConteo, 'creadoEn' | 'lote'>): TLineaConteo => ({
  ...r,
  creadoEn: r.creadoEn.toISOString(),
  ...(codigo ? { lote: codigo } : {}),
});

/** The count as every counter reads it: blind, no system stock. */
export async function obtenerConteo(options: { db: Db; tiendaId: number; id: number }): Promise<TConteoDetalle> {
  const { db, tiendaId, id } = options;
  const cabecera = await resumen(db, tiendaId, id);
  const lineas = await db
    .select(lineaColumnas)
    .from(conteoLinea)
    .innerJoin(producto, eq(producto.idProducto, conteoLinea.productoId))
    .where(and(eq(conteoLinea.conteoId, id), eq(conteoLinea.tiendaId, tiendaId), eq(conteoLinea.reemplazada, false)))
    .orderBy(desc(conteoLinea.idLinea))
    .limit(LINEAS_VISIBLES);
  return { ...cabecera, lineas: lineas.map(aLinea) };
}

/** The products a count covers. */
function delAlcance(c: Pick<Conteo, 'alcance' | 'categoria' | 'proveedorId' | 'ubicacion'>): SQL | undefined {
  if (c.alcance === 'categoria') return sql`lower(btrim(${producto.categoria})) = lower(${c.categoria})`;
  if (c.alcance === 'ubicacion') return sql`lower(btrim(${producto.ubicacion})) = lower(${c.ubicacion})`;
  if (c.alcance === 'proveedor') return c.proveedorId == null ? sql`false` : eq(producto.proveedorId, c.proveedorId);
  return undefined;
}

async function leerConteo(db: Db | Tx, tiendaId: number, id: number, bloqueo?: 'share' | 'update'): Promise<Conteo> {
  const q = db.select().from(conteo).where(esteConteo(tiendaId, id));
  const [c] = bloqueo ? await q.for(bloqueo) : await q;
  if (!c) throw noExiste();
  return c;
}

/** Products of the count's scope by barcode (a pack's code names the pack) or by name: no stock. */
export async function buscarEnConteo(options: { db: Db; tiendaId: number; id: number; q: string }): Promise<TProductoConteo[]> {
  const { db, tiendaId, id, q } = options;
  const c = await leerConteo(db, tiendaId, id);
  if (!q) return [];
  const alcance = delAlcance(c);
  const base = { productoId: producto.idProducto, nombre: producto.nombre, codigoBarras: producto.codigoBarras, unidad: producto.unidadDian, manejaLotes: producto.manejaLotes };
  const [porCodigo, packs, porNombre] = await Promise.all([
    db.select(base).from(producto).where(and(eq(producto.tiendaId, tiendaId), eq(producto.codigoBarras, q), alcance)).limit(1),
    db
      .select({ ...base, codigoBarras: productoUnidadVenta.codigoBarras, presentacionId: productoUnidadVenta.idUnidadVenta, presentacion: productoUnidadVenta.nombre, factor: productoUnidadVenta.factor })
      .from(productoUnidadVenta)
      .innerJoin(producto, and(eq(producto.idProducto, productoUnidadVenta.productoId), eq(producto.tiendaId, tiendaId)))
      .where(and(eq(productoUnidadVenta.tiendaId, tiendaId), eq(productoUnidadVenta.codigoBarras, q), alcance))
      .limit(1),
    db
      .select(base)
      .from(producto)
      .where(and(eq(producto.tiendaId, tiendaId), contieneTexto(producto.nombre, q), alcance))
      .orderBy(sql`lower(${producto.nombre})`, producto.idProducto)
      .limit(MAX_RESULTADOS_CONTEO),
  ]);
  // A scale label (weight or price inside the code): its product with the label's quantity (ADR 042's addendum).
  const etiqueta = packs.length || porCodigo.length ? null : await etiquetaEnConteo(db, tiendaId, alcance, q);
  type Encontrado = Omit<TProductoConteo, 'manejaLotes'> & { manejaLotes?: boolean };
  const out: Encontrado[] = [
    ...(etiqueta ? [etiqueta] : []),
    ...packs,
    ...porCodigo.map((p) => ({ ...p, presentacionId: null, presentacion: null, factor: 1 })),
  ];
  for (const p of porNombre) if (!out.some((o) => o.productoId === p.productoId && o.presentacionId == null)) out.push({ ...p, presentacionId: null, presentacion: null, factor: 1 });
  // A product that tracks lots says so (its entry may name its lot); the others carry nothing more.
  return out.slice(0, MAX_RESULTADOS_CONTEO).map(({ manejaLotes, ...p }): TProductoConteo => (manejaLotes ? { ...p, manejaLotes: true } : p));
}

// ── Writes ──────────────────────────────────────────────────────────────────────────────────

export async function abrirConteo(options: { db: Db; tiendaId: number; autor: Autor; input: Abrir }): Promise<TConteoResumen> {
  const { db, tiendaId, autor, input } = options;
  await verificarEncargado(db, tiendaId, autor, true);
  try {
    const id = await db.transaction(async (tx) => {
      const [abierto] = await tx.select({ id: conteo.idConteo }).from(conteo).where(and(eq(conteo.tiendaId, tiendaId), eq(conteo.estado, 'abierto'))).limit(1);
      if (abierto) throw new AppError('CONFLICT', M.conteos.yaAbierto(abierto.id));
      if (input.alcance === 'proveedor') await verificarProveedorDeTienda(tx, tiendaId, input.proveedorId);
      const [row] = await tx
        .insert(conteo)
        .values({
          tiendaId,
          alcance: input.alcance,
          categoria: input.alcance === 'categoria' ? input.categoria! : null,
          proveedorId: input.alcance === 'proveedor' ? input.proveedorId! : null,
          ubicacion: input.alcance === 'ubicacion' ? input.ubicacion! : null,
          abiertoPor: autor.usuarioId,
        })
        .returning({ id: conteo.idConteo });
      return row!.id;
    });
    return resumen(db, tiendaId, id);
  } catch (err) {
    // Two openings at once: the unique index lets one through.
    if (esViolacionUnica(err, 'conteo_uno_abierto_uq')) {
      const [abierto] = await db.select({ id: conteo.idConteo }).from(conteo).where(and(eq(conteo.tiendaId, tiendaId), eq(conteo.estado, 'abierto'))).limit(1);
      throw new AppError('CONFLICT', M.conteos.yaAbierto(abierto?.id ?? 0));
    }
    throw err;
  }
}

/** A line counted offline already received (its key on the device), as it was recorded. */
async function lineaPorClave(db: Db, tiendaId: number, id: number, clave: string): Promise<TLineaConteo | null> {
  const [linea] = await db
    .select(lineaColumnas)
    .from(conteoLinea)
    .innerJoin(producto, eq(producto.idProducto, conteoLinea.productoId))
    .where(and(eq(conteoLinea.conteoId, id), eq(conteoLinea.tiendaId, tiendaId), eq(conteoLinea.clave, clave)))
    .limit(1);
  return linea ? aLinea(linea) : null;
}

/**
 * One counter's entry, or (`reconteo`) a recount that replaces the product's entries and takes its
 * system stock again. The count's row is held FOR SHARE, so an approval waits for entries under way
 * and an entry after the approval is refused. A line counted offline (`sinRed`, ADR 042's addendum)
 * is recorded once per key (sent again, it answers the line recorded) and takes the system stock at
 * the moment it was counted.
 */
export async function registrarLinea(options: { db: Db; tiendaId: number; autor: Autor; id: number; input: Linea; reconteo?: boolean }): Promise<TLineaConteo> {
  const { db, tiendaId, id, input, reconteo = false } = options;
  const sinRed = reconteo ? undefined : input.sinRed;
  if (!sinRed) return registrarUna(options);
  const ya = await lineaPorClave(db, tiendaId, id, sinRed.clave);
  if (ya) return ya;
  try {
    return await registrarUna(options);
  } catch (err) {
    // The same line sent twice at once: the key's unique index lets one through, the other answers it.
    const otra = esViolacionUnica(err, 'conteo_linea_clave_uq') ? await lineaPorClave(db, tiendaId, id, sinRed.clave) : null;
    if (otra) return otra;
    throw err;
  }
}

async function registrarUna(options: { db: Db; tiendaId: number; autor: Autor; id: number; input: Linea; reconteo?: boolean }): Promise<TLineaConteo> {
  const { db, tiendaId, autor, id, input, reconteo = false } = options;
  const sinRed = reconteo ? undefined : input.sinRed;
  return conRechazos(db, () =>
    db.transaction(async (tx) => {
      const c = await leerConteo(tx, tiendaId, id, 'share');
      if (reconteo && !(await mayEncargar(tx, tiendaId, autor))) throw denegado(tiendaId, autor, 'stock', { entidad: 'producto', id: input.productoId }, M.conteos.soloEncargados);
      if (c.estado !== 'abierto') throw noAbierto(c.estado);
      const [p] = await tx
        .select({ id: producto.idProducto, nombre: producto.nombre, manejaLotes: producto.manejaLotes, unidad: producto.unidadDian, enAlcance: sql<boolean>`${delAlcance(c) ?? sql`true`}` })
        .from(producto)
        .where(and(eq(producto.idProducto, input.productoId), eq(producto.tiendaId, tiendaId)))
        .limit(1);
      if (!p) throw campo('VALIDATION', 'productoId', M.conteos.productoNoExiste);
      if (!p.enAlcance) throw campo('BUSINESS_RULE', 'productoId', M.conteos.fueraDelAlcance);
      let factor = 1;
      if (input.presentacionId != null) {
        const [u] = await tx
          .select({ factor: productoUnidadVenta.factor })
          .from(productoUnidadVenta)
          .where(and(eq(productoUnidadVenta.idUnidadVenta, input.presentacionId), eq(productoUnidadVenta.productoId, p.id), eq(productoUnidadVenta.tiendaId, tiendaId)))
          .limit(1);
        if (!u) throw campo('VALIDATION', 'presentacionId', M.conteos.productoNoExiste);
        factor = u.factor;
      }
      // Per lot (issue #58 point 2): a lot of the product, or a new code with its expiry.
      const loteId = input.lote ? await loteContado(tx, tiendaId, p, input.lote) : null;
      const m = aMilesimas(input.cantidad);
      // A product by unit counts whole units; a pack counts whole packs.
      if (m === null || ((porUnidad(p.unidad) || factor > 1) && m % 1000 !== 0)) throw campo('VALIDATION', 'cantidad', M.conteos.cantidadInvalida);
      const [n] = await tx.select({ n: count() }).from(conteoLinea).where(eq(conteoLinea.conteoId, id));
      if (Number(n?.n ?? 0) >= MAX_LINEAS_CONTEO) throw new AppError('BUSINESS_RULE', M.conteos.demasiadasLineas);

      if (reconteo) {
        await tx
          .update(conteoLinea)
          .set({ reemplazada: true })
          .where(and(eq(conteoLinea.conteoId, id), eq(conteoLinea.productoId, p.id), eq(conteoLinea.reemplazada, false)));
        await tx.execute(sql`
          insert into conteo_producto (conteo_id, producto_id, tienda_id, stock_sistema)
          select ${id}, p.id_producto, p.tienda_id, p.stock from producto p where p.id_producto = ${p.id} and p.tienda_id = ${tiendaId}
          on conflict (conteo_id, producto_id) do update set stock_sistema = excluded.stock_sistema, tomado_en = now()`);
        // Its lots counted before are counted again from nothing: their units are taken again when counted.
        await tx.delete(conteoLote).where(and(eq(conteoLote.conteoId, id), eq(conteoLote.productoId, p.id)));
      } else {
        // The system's stock when the product is first counted (offline: at the moment the phone counted it); later entries keep it.
        await tomarStockSistema(tx, { conteoId: id, productoId: p.id, tiendaId, momento: sinRed ? momentoSinRed(id, sinRed) : sql`now()` });
      }
      // A lot's units when it is first counted in this count (as the product's system stock; offline, at the phone's moment).
      if (loteId != null) await tomarStockLote(tx, { conteoId: id, loteId, tiendaId, momento: sinRed ? momentoSinRed(id, sinRed) : sql`now()` });
      const [row] = await tx
        .insert(conteoLinea)
        .values({
          conteoId: id,
          productoId: p.id,
          tiendaId,
          cantidad: deMilesimas(m * factor),
          factor,
          usuarioId: autor.usuarioId,
          loteId,
          ...(sinRed ? { clave: sinRed.clave, contadoEn: momentoSinRed(id, sinRed) } : {}),
        })
        .returning({ id: conteoLinea.idLinea });
      const [linea] = await tx
        .select(lineaColumnas)
        .from(conteoLinea)
        .innerJoin(producto, eq(producto.idProducto, conteoLinea.productoId))
        .where(eq(conteoLinea.idLinea, row!.id));
      return aLinea(linea!);
    }),
  );
}

/**
 * The lot an entry names (issue #58 point 2): the product's lot with that code, or, for a new code
 * with its expiry, a new lot with no units (the approval's surplus fills it). A product that does not
 * track lots, a new code without its expiry, or a known code with another expiry is refused.
 */
async function loteContado(tx: Tx, tiendaId: number, p: { id: number; nombre: string; manejaLotes: boolean }, l: { codigo: string; vence?: string | null }): Promise<number> {
  if (!p.manejaLotes) throw campo('VALIDATION', 'lote', M.conteos.loteSinLotes(p.nombre));
  const [existente] = await tx
    .select({ id: lote.idLote, vence: lote.vence })
    .from(lote)
    .where(and(eq(lote.productoId, p.id), eq(lote.tiendaId, tiendaId), eq(lote.codigo, l.codigo)))
    .limit(1);
  if (existente) {
    if (l.vence && existente.vence !== l.vence) throw campo('VALIDATION', 'lote', M.conteos.loteOtraFecha(l.codigo, isoADdMmAaaa(existente.vence!)));
    return existente.id;
  }
  if (!l.vence) throw campo('VALIDATION', 'lote', M.conteos.loteNuevoSinVence(l.codigo));
  const [nuevo] = await tx.insert(lote).values({ tiendaId, productoId: p.id, codigo: l.codigo, vence: l.vence }).returning({ id: lote.idLote });
  return nuevo!.id;
}

/** Each counted product with its system stock, its count (the sum of its current entries), its cost and who counted it. */
async function filas(db: Db | Tx, tiendaId: number, c: Conteo) {
  const congelado = c.estado === 'aprobado';
  const res = (await db.execute(sql`
    select cp.producto_id as id, p.nombre, p.unidad_dian as unidad, cp.stock_sistema as sistema,
      coalesce(sum(l.cantidad), 0) as contado,
      ${congelado ? sql`cp.costo` : sql`coalesce(p.costo_promedio, p.costo)`} as costo,
      coalesce(string_agg(distinct coalesce(u.nombre1 || ' ' || u.apellido1, ${M.actividad.cuentaTienda}::text), ', '), '') as contaron
    from conteo_producto cp
    join producto p on p.id_producto = cp.producto_id and p.tienda_id = ${tiendaId}
    left join conteo_linea l on l.conteo_id = cp.conteo_id and l.producto_id = cp.producto_id and not l.reemplazada
    left join usuario u on u.id_usuario = l.usuario_id
    where cp.conteo_id = ${c.idConteo} and cp.tienda_id = ${tiendaId}
    group by cp.producto_id, p.nombre, p.unidad_dian, cp.stock_sistema, cp.costo, p.costo_promedio, p.costo
    order by lower(p.nombre), cp.producto_id`)) as unknown as {
    rows: { id: number; nombre: string; unidad: string; sistema: string | number; contado: string | number; costo: string | number | null; contaron: string }[];
  };
  return res.rows.map((r) => ({
    productoId: Number(r.id),
    producto: r.nombre,
    unidad: r.unidad,
    sistema: Number(r.sistema),
    contado: Number(r.contado),
    costo: r.costo == null ? null : Number(r.costo),
    contaron: r.contaron,
  }));
}

/** The variance report: by product and in total, units and value at cost, shrinkage %. Shows the system's stock: managers only. */
export async function informeConteo(options: { db: Db; tiendaId: number; autor: Autor; id: number }): Promise<TInformeConteo> {
  const { db, tiendaId, autor, id } = options;
  const c = await leerConteo(db, tiendaId, id);
  await verificarEncargado(db, tiendaId, autor, false);
  const [cabecera, fs, porLote, [sin]] = await Promise.all([
    resumen(db, tiendaId, id),
    filas(db, tiendaId, c),
    lotesDelInforme(db, tiendaId, id),
    db
      .select({ n: count() })
      .from(producto)
      .where(and(eq(producto.tiendaId, tiendaId), delAlcance(c), sql`not exists (select 1 from conteo_producto cp where cp.conteo_id = ${id} and cp.producto_id = ${producto.idProducto})`)),
  ]);
  return {
    conteo: cabecera,
    lineas: fs.map((f) => {
      const lotes = desgloseDe(f, porLote.get(f.productoId));
      return { ...f, ...valorarFila(f), ...(lotes ? { lotes } : {}) };
    }),
    totales: totalesDe(fs),
    sinContar: Number(sin?.n ?? 0),
  };
}

/** The report as a CSV Excel in Spanish opens (UTF-8 with BOM, `;`, CRLF), quantities with their unit. */
export async function exportarConteoCsv(options: { db: Db; tiendaId: number; autor: Autor; id: number }): Promise<string> {
  const inf = await informeConteo(options);
  const lineas = [M.conteos.csv.columnas.map(celdaCsv).join(';')];
  // A quantity is a Spanish number ("-0,125"): only digits, dots and one comma, never a formula.
  const cantidad = (x: number) => formatMilesimas(milesimasDe(x));
  for (const l of inf.lineas) {
    const unidad = SIMBOLO_UNIDAD[l.unidad as keyof typeof SIMBOLO_UNIDAD] || M.conteos.csv.unidad;
    // A product counted per lot: its row says it is the product's total, and its lots follow (Lote, Vence).
    const total = l.lotes ? [celdaCsv(M.conteos.csv.totalProducto), ''] : ['', ''];
    lineas.push([celdaCsv(l.producto), celdaCsv(unidad), cantidad(l.sistema), cantidad(l.contado), cantidad(l.diferencia), l.costo ?? '', l.valor, celdaCsv(l.contaron), ...total].join(';'));
    for (const x of l.lotes ?? []) {
      const lote = [celdaCsv(x.codigo ?? M.conteos.loteResto), x.vence ? isoADdMmAaaa(x.vence) : ''];
      lineas.push([celdaCsv(l.producto), celdaCsv(unidad), cantidad(x.sistema), cantidad(x.contado), cantidad(x.diferencia), l.costo ?? '', x.valor, '', ...lote].join(';'));
    }
  }
  const t = inf.totales;
  lineas.push([M.conteos.faltante, t.faltante].map(celdaCsv).join(';'));
  lineas.push([M.conteos.sobrante, t.sobrante].map(celdaCsv).join(';'));
  lineas.push([M.conteos.neto, t.neto].map(celdaCsv).join(';'));
  lineas.push([M.conteos.merma, t.merma == null ? '' : `${String(t.merma).replace('.', ',')} %`].map(celdaCsv).join(';'));
  return `\uFEFF${lineas.join('\r\n')}\r\n`;
}

/** Per product, the lots counted per lot in this count: each one's difference (counted − its units when first counted), in thousandths. */
async function lotesContados(tx: Tx, conteoId: number): Promise<Map<number, { loteId: number; delta: number }[]>> {
  const res = (await tx.execute(sql`
    select cl.producto_id as "productoId", cl.lote_id as "loteId", cl.stock_sistema as sistema,
      coalesce((select sum(l.cantidad) from conteo_linea l where l.conteo_id = cl.conteo_id and l.lote_id = cl.lote_id and not l.reemplazada), 0) as contado
    from conteo_lote cl
    where cl.conteo_id = ${conteoId}
    order by cl.producto_id, cl.lote_id`)) as unknown as { rows: { productoId: number; loteId: number; sistema: string | number; contado: string | number }[] };
  const out = new Map<number, { loteId: number; delta: number }[]>();
  for (const r of res.rows) {
    const lista = out.get(Number(r.productoId)) ?? [];
    lista.push({ loteId: Number(r.loteId), delta: milesimasDe(Number(r.contado)) - milesimasDe(Number(r.sistema)) });
    out.set(Number(r.productoId), lista);
  }
  return out;
}

/**
 * A product counted per lot (issue #58 point 2): the ledger rows of its adjustment, in thousandths.
 * Each lot counted moves by its own difference (a shortfall leaves that lot, a surplus enters it). The
 * product's difference stays contado − sistema (ADR 042); what the lots do not explain — entries
 * without a lot, lots nobody counted — is the rest: a shortfall taken from the lots not counted per
 * lot, first to expire first, then the units of no known lot; a surplus into the units of no known lot.
 * Entries go first, so no intermediate step takes the product below zero.
 */
async function repartoPorLote(tx: Tx, tiendaId: number, productoId: number, delta: number, lotes: readonly { loteId: number; delta: number }[]) {
  const cambios: { loteId: number | null; delta: number }[] = lotes.filter((l) => l.delta !== 0).map((l) => ({ loteId: l.loteId, delta: l.delta }));
  let resto = delta - lotes.reduce((a, l) => a + l.delta, 0);
  if (resto > 0) cambios.push({ loteId: null, delta: resto });
  if (resto < 0) {
    const otros = await tx
      .select({ id: lote.idLote, codigo: lote.codigo, cantidad: lote.cantidad })
      .from(lote)
      .where(and(eq(lote.productoId, productoId), eq(lote.tiendaId, tiendaId), sql`${lote.cantidad} > 0`, notInArray(lote.idLote, lotes.map((l) => l.loteId))))
      .orderBy(sql`${lote.vence} nulls last`, lote.idLote);
    for (const o of otros) {
      if (resto >= 0) break;
      const tomar = Math.min(-resto, milesimasDe(o.cantidad));
      cambios.push({ loteId: o.id, delta: -tomar });
      resto += tomar;
    }
    if (resto < 0) {
      const sin = (await tx.execute(sql`select lote_sin_codigo(${tiendaId}, ${productoId}) as id`)) as unknown as { rows: { id: number }[] };
      cambios.push({ loteId: Number(sin.rows[0]!.id), delta: resto });
    }
  }
  return cambios.sort((a, b) => b.delta - a.delta);
}

/**
 * Approves an open count, in one transaction: the count's row is held FOR UPDATE (a second approval
 * waits, then finds it approved), the counted products are locked in id order (sales of them queue),
 * and each product whose count differs from its system stock gets one ledger adjustment of
 * contado − sistema, whose reason names the count, who counted and who approved.
 */
export async function aprobarConteo(options: { db: Db; tiendaId: number; autor: Autor; id: number }): Promise<{ conteo: TConteoResumen; ajustes: number }> {
  const { db, tiendaId, autor, id } = options;
  const ajustes = await conRechazos(db, () =>
    db.transaction(async (tx) => {
      const c = await leerConteo(tx, tiendaId, id, 'update');
      if (!(await mayEncargar(tx, tiendaId, autor))) throw denegado(tiendaId, autor, 'stock', {}, M.conteos.soloEncargados);
      if (c.estado !== 'abierto') throw noAbierto(c.estado);
      const fs = await filas(tx, tiendaId, c);
      if (fs.length === 0) throw new AppError('BUSINESS_RULE', M.conteos.sinNada);
      const ids = fs.map((f) => f.productoId);
      await tx.select({ id: producto.idProducto }).from(producto).where(and(eq(producto.tiendaId, tiendaId), inArray(producto.idProducto, ids))).orderBy(producto.idProducto).for('update');
      const aprobo = (await tx.execute(sql`select ${nombreDe(autor.usuarioId)} as nombre`)) as unknown as { rows: { nombre: string }[] };
      const nombreAprobo = aprobo.rows[0]?.nombre ?? M.actividad.cuentaTienda;
      const porLote = await lotesContados(tx, id);
      let n = 0;
      for (const f of fs) {
        const delta = milesimasDe(f.contado) - milesimasDe(f.sistema);
        const lotes = porLote.get(f.productoId);
        // Counted per lot (issue #58 point 2): each lot counted moves by its own difference, the rest as below.
        const cambios = lotes ? await repartoPorLote(tx, tiendaId, f.productoId, delta, lotes) : delta !== 0 ? [{ loteId: null, delta }] : [];
        if (cambios.length) {
          let anterior: number | undefined;
          let nuevo = 0;
          for (const cambio of cambios) {
            const moved = await ajustarStock(tx, {
              tiendaId,
              productoId: f.productoId,
              delta: deMilesimas(cambio.delta),
              motivo: M.conteos.motivo(id, f.contaron, nombreAprobo),
              revisado: true,
              loteId: cambio.loteId,
            });
            if (!moved) throw new AppError('BUSINESS_RULE', M.conteos.quedaNegativo(f.producto));
            anterior ??= moved.stockAntes;
            nuevo = moved.stockDespues;
          }
          if (lotes) {
            const [negativo] = await tx
              .select({ codigo: lote.codigo })
              .from(lote)
              .where(and(inArray(lote.idLote, lotes.map((l) => l.loteId)), sql`${lote.cantidad} < 0`))
              .limit(1);
            if (negativo) throw new AppError('BUSINESS_RULE', M.conteos.loteNegativo(f.producto, negativo.codigo ?? ''));
            for (const l of lotes) await tx.update(conteoLote).set({ ajuste: deMilesimas(l.delta) }).where(and(eq(conteoLote.conteoId, id), eq(conteoLote.loteId, l.loteId)));
          }
          if (anterior !== undefined && anterior !== nuevo) {
            await registrarPor(tx, tiendaId, autor, { tipo: 'stock', detalle: { productoId: f.productoId, producto: f.producto, anterior, nuevo } });
            n++;
          }
        }
        await tx
          .update(conteoProducto)
          .set({ ajuste: deMilesimas(delta), costo: f.costo })
          .where(and(eq(conteoProducto.conteoId, id), eq(conteoProducto.productoId, f.productoId)));
      }
      await tx.update(conteo).set({ estado: 'aprobado', cerradoPor: autor.usuarioId, cerradoEn: new Date() }).where(esteConteo(tiendaId, id));
      return n;
    }),
  );
  return { conteo: await resumen(db, tiendaId, id), ajustes };
}

/** Cancels an open count: its entries stay as a record, no stock changes. */
export async function cancelarConteo(options: { db: Db; tiendaId: number; autor: Autor; id: number }): Promise<TConteoResumen> {
  const { db, tiendaId, autor, id } = options;
  await conRechazos(db, () =>
    db.transaction(async (tx) => {
      const c = await leerConteo(tx, tiendaId, id, 'update');
      if (!(await mayEncargar(tx, tiendaId, autor))) throw denegado(tiendaId, autor, 'stock', {}, M.conteos.soloEncargados);
      if (c.estado !== 'abierto') throw noAbierto(c.estado);
      await tx.update(conteo).set({ estado: 'cancelado', cerradoPor: autor.usuarioId, cerradoEn: new Date() }).where(esteConteo(tiendaId, id));
    }),
  );
  return resumen(db, tiendaId, id);
}
