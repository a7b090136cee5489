/**
 * Purchasing (issue #32 points 4–5), owned here once: purchase orders and their states, and receiving
 * goods with or without an order (*por pedir*, point 3, is por-pedir.domain.ts). Every received unit
 * enters stock through the ledger (`ajustarStockLote`) in the receipt's own transaction, and the
 * receipt's lines are the back-office's order deliveries (`entrega_pedido`), so that list keeps
 * showing what came in.
 *
 * Who may: orders and receiving need the `stock` permission (server/modules/tienda/permisos.ts:
 * receiving moves stock), and unit costs are shown only to those with `reportes`.
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { hoyEn } from '../tienda/zona-horaria';
import { deMilesimas, formatCantidad, milesimasDe, porUnidad } from '#shared/cantidad';
import { costoPorUnidad, importeCompra } from '#shared/costo';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { TEstadoOrden, TOrden, TOrdenResumen, TRecepcionResumen } from '#shared/schemas/compras';
import type { TPage } from '#shared/schemas/common';
import type { TLoteRecibido } from '#shared/schemas/lote';
import type { Db, Tx } from '../../db/client';
import { esViolacionUnica } from '../../db/pg-error';
import { entregaPedido, ordenCompra, ordenCompraLinea, producto, productoUnidadVenta, proveedor, recepcion } from '../../db/schema';
import { registrarPor, type Autor } from '../actividad/actividad.domain';
import { emitirDocumentoSoporte, soporteDeRecepcion } from '../dian/emision-soporte';
import { entrarRecepcion } from '../lote/lote.domain';
import { verificarProveedorDeTienda } from '../proveedor/proveedor.domain';
import { conRechazos, denegado, puede, registrarRechazo } from '../tienda/permisos';
import { actualizarCostos, type LineaCompra } from './costo.domain';

const notFound = () => new AppError('NOT_FOUND', M.compras.ordenNoExiste);
const rechazo = (message: string, field?: string) => new AppError('BUSINESS_RULE', message, field ? { fields: { [field]: message } } : {});

/** Orders and receiving move stock: the `stock` permission (role 1 always). */
async function exigirCompras(db: Db | Tx, tiendaId: number, autor: Autor): Promise<void> {
  if (!(await puede(db, tiendaId, autor, 'stock'))) throw denegado(tiendaId, autor, 'stock', {}, M.compras.sinPermiso);
}

/**
 * The routes' refusal before reading the request (like a role refusal): without the `stock`
 * permission a write is refused and recorded as an attempt, a read only refused.
 */
export async function verificarPermisoCompras(db: Db, tiendaId: number, autor: Autor, escritura: boolean): Promise<void> {
  if (await puede(db, tiendaId, autor, 'stock')) return;
  const err = denegado(tiendaId, autor, 'stock', {}, M.compras.sinPermiso);
  throw escritura ? await registrarRechazo(db, err) : err;
}

/** Whether the author sees unit costs (`reportes`). */
export const veCostos = (db: Db | Tx, tiendaId: number, autor: Autor) => puede(db, tiendaId, autor, 'reportes');

/**
 * The store's next number for an order or a receipt. The store's row is held (FOR NO KEY UPDATE,
 * which does not block the rows that merely point to the store) until the transaction ends, so two
 * orders made at once get consecutive numbers.
 */
async function siguienteNumero(tx: Tx, tiendaId: number, tabla: 'orden_compra' | 'recepcion'): Promise<number> {
  await tx.execute(sql`select 1 from tienda where id_tienda = ${tiendaId} for no key update`);
  const res = (await tx.execute(sql`select coalesce(max(numero), 0)::int + 1 as n from ${sql.identifier(tabla)} where tienda_id = ${tiendaId}`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(res.rows[0]!.n);
}

// ── Orders (point 4) ────────────────────────────────────────────────────────────────────────

/** A line as a request sends it: `cantidad` and `costoUnit` in the line's unit (a pack with `unidadVentaId`, ADR 036). */
interface LineaPedida {
  productoId: number;
  cantidad: number;
  costoUnit: number;
  unidadVentaId?: number | null;
}


/**
 * The products of the lines, each the store's (400 otherwise), locked in id order for a receipt; each
 * line's pack, a pack of that product (400 otherwise); whole packs, and whole units for a product sold
 * by unit (400 with the product's name: the schema cannot know the product).
 */
async function lineasDeTienda(tx: Tx, tiendaId: number, lineas: LineaPedida[], bloquear: boolean): Promise<LineaCompra[]> {
  const ids = lineas.map((l) => l.productoId);
  const q = tx
    .select({ id: producto.idProducto, nombre: producto.nombre, unidad: producto.unidadDian })
    .from(producto)
    .where(and(eq(producto.tiendaId, tiendaId), inArray(producto.idProducto, ids)))
    .orderBy(asc(producto.idProducto));
  const rows = bloquear ? await q.for('update') : await q;
  if (rows.length !== new Set(ids).size) throw new AppError('VALIDATION', M.compras.productoNoExiste, { fields: { lineas: M.compras.productoNoExiste } });
  const productos = new Map(rows.map((r) => [r.id, r]));
  const idsEmpaque = lineas.flatMap((l) => (l.unidadVentaId != null ? [l.unidadVentaId] : []));
  const empaques = idsEmpaque.length
    ? await tx
        .select({ id: productoUnidadVenta.idUnidadVenta, productoId: productoUnidadVenta.productoId, nombre: productoUnidadVenta.nombre, factor: productoUnidadVenta.factor })
        .from(productoUnidadVenta)
        .where(and(eq(productoUnidadVenta.tiendaId, tiendaId), inArray(productoUnidadVenta.idUnidadVenta, idsEmpaque)))
        // Held until the line that names it is written: a pack removed meanwhile waits, so the line's reference stays valid.
        .for('key share')
    : [];
  const invalida = (message: string) => new AppError('VALIDATION', message, { fields: { lineas: message } });
  return lineas.map((l) => {
    const p = productos.get(l.productoId)!;
    const unidad = p.unidad ?? '94';
    if (l.unidadVentaId != null) {
      const e = empaques.find((x) => x.id === l.unidadVentaId && x.productoId === l.productoId);
      if (!e) throw invalida(M.compras.presentacionNoExiste);
      if (!Number.isInteger(l.cantidad)) throw invalida(M.compras.empaquesEnteros(p.nombre, e.nombre));
      return {
        productoId: l.productoId,
        nombre: p.nombre,
        unidad,
        unidades: l.cantidad * e.factor,
        costoUnit: costoPorUnidad(l.costoUnit, e.factor),
        empaque: { unidadVentaId: e.id, nombre: e.nombre, factor: e.factor, empaques: l.cantidad, costo: l.costoUnit },
        importe: importeCompra({ cantidad: l.cantidad, costo: l.costoUnit, factor: e.factor }),
      };
    }
    if (porUnidad(unidad) && !Number.isInteger(l.cantidad)) throw invalida(M.compras.cantidadEntera(p.nombre));
    return { productoId: l.productoId, nombre: p.nombre, unidad, unidades: l.cantidad, costoUnit: l.costoUnit, empaque: null, importe: importeCompra({ cantidad: l.cantidad, costo: l.costoUnit }) };
  });
}

const totalDe = (lineas: LineaCompra[]) => lineas.reduce((s, l) => s + l.importe, 0);

/** The columns a line keeps of its pack as asked or received (ADR 036): all null by the product's own unit. */
const columnasEmpaque = (l: LineaCompra) => ({
  unidadVentaId: l.empaque?.unidadVentaId ?? null,
  presentacion: l.empaque?.nombre ?? null,
  factor: l.empaque?.factor ?? null,
  costoEmpaque: l.empaque?.costo ?? null,
});

async function escribirLineas(tx: Tx, ordenId: number, lineas: LineaCompra[]) {
  await tx
    .insert(ordenCompraLinea)
    .values(lineas.map((l) => ({ ordenId, productoId: l.productoId, nombre: l.nombre, cantidad: l.unidades, costoUnit: l.costoUnit, ...columnasEmpaque(l) })));
}

/** A new order in borrador, for a supplier of the store. */
export async function crearOrden(options: { db: Db; tiendaId: number; autor: Autor; input: { proveedorId: number; lineas: LineaPedida[]; nota: string | null } }): Promise<TOrden> {
  const { db, tiendaId, autor, input } = options;
  const id = await conRechazos(db, () =>
    db.transaction(async (tx) => {
      await exigirCompras(tx, tiendaId, autor);
      await verificarProveedorDeTienda(tx, tiendaId, input.proveedorId, 'proveedorId');
      const lineas = await lineasDeTienda(tx, tiendaId, input.lineas, false);
      const numero = await siguienteNumero(tx, tiendaId, 'orden_compra');
      const [row] = await tx
        .insert(ordenCompra)
        .values({ tiendaId, numero, proveedorId: input.proveedorId, nota: input.nota, usuarioId: autor.usuarioId })
        .returning({ id: ordenCompra.idOrden });
      await escribirLineas(tx, row!.id, lineas);
      const [p] = await tx.select({ nombre: proveedor.nombre }).from(proveedor).where(eq(proveedor.idProveedor, input.proveedorId));
      await registrarPor(tx, tiendaId, autor, { tipo: 'orden_compra', detalle: { ordenId: row!.id, numero, proveedor: p!.nombre, accion: 'creada', total: totalDe(lineas) } });
      return row!.id;
    }),
  );
  return obtenerOrden({ db, tiendaId, autor, id });
}

/** The order `id` of the store, locked until the transaction ends (404 otherwise). */
async function ordenBloqueada(tx: Tx, tiendaId: number, id: number) {
  const [o] = await tx
    .select({ id: ordenCompra.idOrden, numero: ordenCompra.numero, estado: ordenCompra.estado, proveedorId: ordenCompra.proveedorId, proveedor: proveedor.nombre })
    .from(ordenCompra)
    .innerJoin(proveedor, eq(proveedor.idProveedor, ordenCompra.proveedorId))
    .where(and(eq(ordenCompra.idOrden, id), eq(ordenCompra.tiendaId, tiendaId)))
    .for('update', { of: ordenCompra })
    .limit(1);
  if (!o) throw notFound();
  return o as typeof o & { estado: TEstadoOrden };
}

/** Replaces the lines and the note of an order still in borrador. */
export async function actualizarOrden(options: { db: Db; tiendaId: number; autor: Autor; id: number; input: { lineas: LineaPedida[]; nota: string | null } }): Promise<TOrden> {
  const { db, tiendaId, autor, id, input } = options;
  await conRechazos(db, () =>
    db.transaction(async (tx) => {
      await exigirCompras(tx, tiendaId, autor);
      const o = await ordenBloqueada(tx, tiendaId, id);
      if (o.estado !== 'borrador') throw rechazo(M.compras.soloBorrador);
      const lineas = await lineasDeTienda(tx, tiendaId, input.lineas, false);
      await tx.delete(ordenCompraLinea).where(eq(ordenCompraLinea.ordenId, id));
      await escribirLineas(tx, id, lineas);
      await tx.update(ordenCompra).set({ nota: input.nota }).where(eq(ordenCompra.idOrden, id));
      await registrarPor(tx, tiendaId, autor, { tipo: 'orden_compra', detalle: { ordenId: id, numero: o.numero, proveedor: o.proveedor, accion: 'editada', total: totalDe(lineas) } });
    }),
  );
  return obtenerOrden({ db, tiendaId, autor, id });
}

/**
 * An order line's money in SQL, the same as importeCompra (shared/costo.ts): a pack line's packs × cost
 * per pack, exact; else round(cantidad × unit cost) on numeric, half up (ADR 030).
 */
const importeLineaSql = (l: string) =>
  sql.raw(`(case when ${l}.factor is null then round(${l}.cantidad * ${l}.costo_unit) else (${l}.cantidad / ${l}.factor) * ${l}.costo_empaque end)`);

async function totalOrden(tx: Tx, id: number): Promise<number> {
  const [r] = await tx.select({ t: sql<number>`coalesce(sum(${importeLineaSql('orden_compra_linea')}), 0)::bigint`.mapWith(Number) }).from(ordenCompraLinea).where(eq(ordenCompraLinea.ordenId, id));
  return r?.t ?? 0;
}

/** borrador → enviada (the person sent it by WhatsApp, printed it, or phoned it). */
export async function enviarOrden(options: { db: Db; tiendaId: number; autor: Autor; id: number }): Promise<TOrden> {
  const { db, tiendaId, autor, id } = options;
  await conRechazos(db, () =>
    db.transaction(async (tx) => {
      await exigirCompras(tx, tiendaId, autor);
      const o = await ordenBloqueada(tx, tiendaId, id);
      if (o.estado !== 'borrador') throw rechazo(M.compras.noEnviable);
      await tx.update(ordenCompra).set({ estado: 'enviada', enviadaEn: sql`now()` }).where(eq(ordenCompra.idOrden, id));
      await registrarPor(tx, tiendaId, autor, { tipo: 'orden_compra', detalle: { ordenId: id, numero: o.numero, proveedor: o.proveedor, accion: 'enviada', total: await totalOrden(tx, id) } });
    }),
  );
  return obtenerOrden({ db, tiendaId, autor, id });
}

/** borrador or enviada (nothing received yet) → cancelada. */
export async function cancelarOrden(options: { db: Db; tiendaId: number; autor: Autor; id: number }): Promise<TOrden> {
  const { db, tiendaId, autor, id } = options;
  await conRechazos(db, () =>
    db.transaction(async (tx) => {
      await exigirCompras(tx, tiendaId, autor);
      const o = await ordenBloqueada(tx, tiendaId, id);
      if (o.estado !== 'borrador' && o.estado !== 'enviada') throw rechazo(M.compras.noCancelable);
      await tx.update(ordenCompra).set({ estado: 'cancelada' }).where(eq(ordenCompra.idOrden, id));
      await registrarPor(tx, tiendaId, autor, { tipo: 'orden_compra', detalle: { ordenId: id, numero: o.numero, proveedor: o.proveedor, accion: 'cancelada', total: await totalOrden(tx, id) } });
    }),
  );
  return obtenerOrden({ db, tiendaId, autor, id });
}

const totalOrdenSql = sql<number>`(select coalesce(sum(${importeLineaSql('l')}), 0)::bigint from orden_compra_linea l where l.orden_id = ${ordenCompra.idOrden})`.mapWith(Number);
const lineasOrdenSql = sql<number>`(select count(*) from orden_compra_linea l where l.orden_id = ${ordenCompra.idOrden})`.mapWith(Number);

/** A page of the store's orders, newest first, optionally of one state. */
export async function listarOrdenes(options: { db: Db; tiendaId: number; autor: Autor; page: number; pageSize: number; estado?: TEstadoOrden | '' }): Promise<TPage<TOrdenResumen>> {
  const { db, tiendaId, autor, page, pageSize, estado } = options;
  await exigirCompras(db, tiendaId, autor);
  const costos = await veCostos(db, tiendaId, autor);
  const where = and(eq(ordenCompra.tiendaId, tiendaId), estado ? eq(ordenCompra.estado, estado) : undefined);
  const [rows, [tot]] = await Promise.all([
    db
      .select({
        id: ordenCompra.idOrden,
        numero: ordenCompra.numero,
        proveedorId: ordenCompra.proveedorId,
        proveedor: proveedor.nombre,
        estado: ordenCompra.estado,
        creadaEn: ordenCompra.creadaEn,
        lineas: lineasOrdenSql,
        total: totalOrdenSql,
      })
      .from(ordenCompra)
      .innerJoin(proveedor, eq(proveedor.idProveedor, ordenCompra.proveedorId))
      .where(where)
      .orderBy(desc(ordenCompra.idOrden))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(ordenCompra).where(where),
  ]);
  return {
    items: rows.map((r) => ({ ...r, estado: r.estado as TEstadoOrden, creadaEn: r.creadaEn.toISOString(), total: costos ? r.total : null })),
    total: Number(tot?.n ?? 0),
  };
}

/** One order of the store with its lines (what was received of each) and its receipts. */
export async function obtenerOrden(options: { db: Db | Tx; tiendaId: number; autor: Autor; id: number }): Promise<TOrden> {
  const { db, tiendaId, autor, id } = options;
  await exigirCompras(db, tiendaId, autor);
  const costos = await veCostos(db, tiendaId, autor);
  const [o] = await db
    .select({
      id: ordenCompra.idOrden,
      numero: ordenCompra.numero,
      proveedorId: ordenCompra.proveedorId,
      proveedor: proveedor.nombre,
      proveedorTelefono: proveedor.telefono,
      estado: ordenCompra.estado,
      nota: ordenCompra.nota,
      creadaEn: ordenCompra.creadaEn,
      enviadaEn: ordenCompra.enviadaEn,
      lineas: lineasOrdenSql,
      total: totalOrdenSql,
    })
    .from(ordenCompra)
    .innerJoin(proveedor, eq(proveedor.idProveedor, ordenCompra.proveedorId))
    .where(and(eq(ordenCompra.idOrden, id), eq(ordenCompra.tiendaId, tiendaId)))
    .limit(1);
  if (!o) throw notFound();
  const items = await db
    .select({
      id: ordenCompraLinea.idLinea,
      productoId: ordenCompraLinea.productoId,
      nombre: ordenCompraLinea.nombre,
      unidad: sql<string>`coalesce(${producto.unidadDian}, '94')`,
      cantidad: ordenCompraLinea.cantidad,
      costoUnit: ordenCompraLinea.costoUnit,
      importe: sql<number>`${importeLineaSql('orden_compra_linea')}::bigint`.mapWith(Number),
      unidadVentaId: ordenCompraLinea.unidadVentaId,
      presentacion: ordenCompraLinea.presentacion,
      factor: ordenCompraLinea.factor,
      costoEmpaque: ordenCompraLinea.costoEmpaque,
      recibido: sql<number>`(select coalesce(sum(e.cantidad), 0) from entrega_pedido e where e.orden_linea_id = ${ordenCompraLinea.idLinea})`.mapWith(Number),
    })
    .from(ordenCompraLinea)
    .leftJoin(producto, eq(producto.idProducto, ordenCompraLinea.productoId))
    .where(eq(ordenCompraLinea.ordenId, id))
    .orderBy(asc(ordenCompraLinea.nombre), asc(ordenCompraLinea.idLinea));
  const recepciones = await recepcionesDe(db, tiendaId, eq(recepcion.ordenId, id), costos);
  return {
    ...o,
    estado: o.estado as TEstadoOrden,
    creadaEn: o.creadaEn.toISOString(),
    enviadaEn: o.enviadaEn?.toISOString() ?? null,
    total: costos ? o.total : null,
    items: items.map(({ unidadVentaId, presentacion, factor, costoEmpaque, ...l }) => ({
      ...l,
      costoUnit: costos ? l.costoUnit : null,
      importe: costos ? l.importe : null,
      empaque:
        factor != null && presentacion != null
          ? { unidadVentaId, nombre: presentacion, factor, empaques: Math.round(l.cantidad / factor), costo: costos ? costoEmpaque : null }
          : null,
    })),
    recepciones,
  };
}

async function recepcionesDe(db: Db | Tx, tiendaId: number, filtro: ReturnType<typeof eq>, costos: boolean): Promise<TRecepcionResumen[]> {
  const rows = await db
    .select({
      id: recepcion.idRecepcion,
      numero: recepcion.numero,
      fecha: recepcion.fecha,
      facturaNumero: recepcion.facturaNumero,
      cufe: recepcion.cufe,
      total: recepcion.total,
      persona: sql<string>`coalesce((select u.nombre1 || ' ' || u.apellido1 from usuario u where u.id_usuario = ${recepcion.usuarioId}), ${M.actividad.cuentaTienda}::text)`,
      unidades: sql<number>`(select coalesce(sum(e.cantidad), 0) from entrega_pedido e where e.recepcion_id = ${recepcion.idRecepcion})`.mapWith(Number),
    })
    .from(recepcion)
    .where(and(eq(recepcion.tiendaId, tiendaId), filtro))
    .orderBy(asc(recepcion.idRecepcion));
  // A reception from a supplier who does not invoice shows its documento soporte (ADR 055).
  const soportes = await Promise.all(rows.map((r) => soporteDeRecepcion(db, tiendaId, r.id)));
  return rows.map((r, i) => ({ ...r, fecha: r.fecha.toISOString(), total: costos ? r.total : null, soporte: soportes[i] ?? null }));
}

// ── Receiving (point 5) ─────────────────────────────────────────────────────────────────────

export interface LineaRecibida extends LineaPedida {
  vence: string | null;
  lote: string | null;
  /** A product that tracks lots (ADR 051): its lots, or `lote` and `vence` for one lot of the whole line. */
  lotes?: TLoteRecibido[] | null;
}

export interface DatosRecepcion {
  ordenId?: number | null;
  proveedorId?: number | null;
  facturaNumero: string | null;
  cufe: string | null;
  lineas: LineaRecibida[];
}

/**
 * Receiving, the one way every face receives (with an order or without one): the reception's own
 * transaction, then — from a supplier who does not invoice — its documento soporte (ADR 055), issued
 * after the reception commits and never making it fail; answers the reception and its DS's view.
 */
export async function recibir(options: { db: Db; tiendaId: number; autor: Autor; input: DatosRecepcion }) {
  const { db, tiendaId, autor } = options;
  const recepcion = await registrarRecepcion(options);
  await emitirDocumentoSoporte(db, tiendaId, recepcion.id, autor);
  return { recepcion, soporte: await soporteDeRecepcion(db, tiendaId, recepcion.id) };
}

/**
 * Receives goods, all in one transaction: the order (if any) locked and checked (the lines must be
 * its own, never more than still pending), the products locked in id order, the receipt numbered
 * and written with its supplier invoice (a number or CUFE already received is refused, 409), one
 * delivery per line, every quantity into stock through the ledger, the products' costs
 * (costo.domain.ts), the order's state, and the activity log.
 */
export async function registrarRecepcion(options: { db: Db; tiendaId: number; autor: Autor; input: DatosRecepcion }) {
  const { db, tiendaId, autor, input } = options;
  return conRechazos(db, () =>
    db.transaction(async (tx) => {
      await exigirCompras(tx, tiendaId, autor);
      const orden = input.ordenId != null ? await ordenBloqueada(tx, tiendaId, input.ordenId) : null;
      if (orden && (orden.estado === 'recibida' || orden.estado === 'cancelada')) throw rechazo(M.compras.noRecibible);
      const proveedorId = orden?.proveedorId ?? input.proveedorId;
      if (proveedorId == null) throw new AppError('VALIDATION', M.compras.elegirProveedorVacio, { fields: { proveedorId: M.compras.elegirProveedorVacio } });
      if (orden && input.proveedorId != null && input.proveedorId !== orden.proveedorId) throw rechazo(M.compras.proveedorDeOrden, 'proveedorId');
      if (!orden) await verificarProveedorDeTienda(tx, tiendaId, proveedorId, 'proveedorId');
      const lineas = await lineasDeTienda(tx, tiendaId, input.lineas, true);

      // The order's lines and what each still waits for, in the product's own unit: a line received in
      // packs counts factor × packs, whatever unit the order asked it in (ADR 036).
      const lineaDe = new Map<number, number>();
      if (orden) {
        const pendientes = await tx
          .select({
            id: ordenCompraLinea.idLinea,
            productoId: ordenCompraLinea.productoId,
            pendiente: sql<number>`${ordenCompraLinea.cantidad} - (select coalesce(sum(e.cantidad), 0) from entrega_pedido e where e.orden_linea_id = ${ordenCompraLinea.idLinea})`.mapWith(Number),
          })
          .from(ordenCompraLinea)
          .where(eq(ordenCompraLinea.ordenId, orden.id));
        const porProducto = new Map(pendientes.filter((p) => p.productoId != null).map((p) => [p.productoId!, p]));
        for (const l of lineas) {
          const p = porProducto.get(l.productoId);
          if (!p) throw rechazo(M.compras.lineaNoEsDeOrden, 'lineas');
          const pendiente = Math.max(milesimasDe(p.pendiente), 0);
          if (milesimasDe(l.unidades) > pendiente) throw rechazo(M.compras.masQuePedido(l.nombre, formatCantidad(deMilesimas(pendiente), l.unidad)), 'lineas');
          lineaDe.set(l.productoId, p.id);
        }
      }

      // The supplier's invoice once per store: the index checks it per supplier; a supplier merged into this
      // one (ADR 072) keeps its received invoices, which are this supplier's too.
      if (input.facturaNumero && (await facturaDeUnido(tx, tiendaId, proveedorId, input.facturaNumero)))
        throw new AppError('CONFLICT', M.compras.facturaDuplicada, { fields: { facturaNumero: M.compras.facturaDuplicada } });
      const numero = await siguienteNumero(tx, tiendaId, 'recepcion');
      const total = totalDe(lineas);
      let recepcionId: number;
      try {
        const [row] = await tx
          .insert(recepcion)
          .values({ tiendaId, numero, proveedorId, ordenId: orden?.id ?? null, facturaNumero: input.facturaNumero, cufe: input.cufe, total, usuarioId: autor.usuarioId, cara: autor.cara })
          .returning({ id: recepcion.idRecepcion });
        recepcionId = row!.id;
      } catch (err) {
        if (esViolacionUnica(err, 'recepcion_cufe_uq')) throw new AppError('CONFLICT', M.compras.cufeDuplicado, { fields: { cufe: M.compras.cufeDuplicado } });
        if (esViolacionUnica(err, 'recepcion_factura_uq')) throw new AppError('CONFLICT', M.compras.facturaDuplicada, { fields: { facturaNumero: M.compras.facturaDuplicada } });
        throw err;
      }
      const hoy = hoyEn(tiendaId);
      await tx.insert(entregaPedido).values(
        lineas.map((l, i) => ({
          tiendaId,
          proveedorId,
          productoId: l.productoId,
          fechaEntrega: hoy,
          cantidad: l.unidades,
          recepcionId,
          ordenLineaId: lineaDe.get(l.productoId) ?? null,
          costoUnit: l.costoUnit,
          ...columnasEmpaque(l),
          vence: input.lineas[i]!.vence ?? input.lineas[i]!.lotes?.[0]?.vence ?? null,
          lote: input.lineas[i]!.lote ?? input.lineas[i]!.lotes?.[0]?.codigo ?? null,
        })),
      );
      // A product that tracks lots enters lot by lot (ADR 051); the others in one statement.
      const movidos = await entrarRecepcion(tx, {
        tiendaId,
        lineas: lineas.map((l, i) => ({ ...l, lote: input.lineas[i]!.lote, vence: input.lineas[i]!.vence, lotes: input.lineas[i]!.lotes })),
        motivo: M.movimientos.motivos.recepcion(numero, orden?.numero ?? null),
      });
      if (!movidos) throw new AppError('CONFLICT', M.compras.productoNoExiste);
      await actualizarCostos(tx, { tiendaId, autor, lineas, stockAntes: new Map([...movidos].map(([id, m]) => [id, m.stockAntes])) });

      let estadoOrden: TEstadoOrden | null = null;
      if (orden) estadoOrden = await recalcularEstadoOrden(tx, orden.id);
      const [prov] = await tx.select({ nombre: proveedor.nombre }).from(proveedor).where(eq(proveedor.idProveedor, proveedorId));
      await registrarPor(tx, tiendaId, autor, {
        tipo: 'recepcion',
        detalle: {
          recepcionId,
          numero,
          ordenNumero: orden?.numero ?? null,
          proveedor: prov!.nombre,
          unidades: deMilesimas(lineas.reduce((s, l) => s + milesimasDe(l.unidades), 0)),
          total,
          facturaNumero: input.facturaNumero,
        },
      });
      return { id: recepcionId, numero, ordenId: orden?.id ?? null, estadoOrden };
    }),
  );
}

/**
 * An order's state from what its deliveries hold: every line filled → recibida, some unit → parcial.
 * Kept in step by receiving and by the back-office when it corrects or removes a delivery of an
 * order (a borrador or enviada order with nothing received stays as it was; a cancelled one stays).
 */
export async function recalcularEstadoOrden(tx: Tx, ordenId: number): Promise<TEstadoOrden> {
  const res = (await tx.execute(sql`
    select o.estado,
      coalesce(bool_and(coalesce(r.recibido, 0) >= l.cantidad), false) as completa,
      coalesce(sum(coalesce(r.recibido, 0)), 0)::numeric as recibido
    from orden_compra o
    join orden_compra_linea l on l.orden_id = o.id_orden
    left join lateral (select sum(e.cantidad) as recibido from entrega_pedido e where e.orden_linea_id = l.id_linea) r on true
    where o.id_orden = ${ordenId}
    group by o.estado`)) as unknown as { rows: { estado: TEstadoOrden; completa: boolean; recibido: number }[] };
  const r = res.rows[0];
  if (!r) return 'borrador';
  let estado: TEstadoOrden = r.estado;
  if (r.estado !== 'cancelada') {
    if (r.completa) estado = 'recibida';
    else if (Number(r.recibido) > 0) estado = 'parcial';
    else if (r.estado === 'parcial' || r.estado === 'recibida') estado = 'enviada';
  }
  if (estado !== r.estado) await tx.update(ordenCompra).set({ estado }).where(eq(ordenCompra.idOrden, ordenId));
  return estado;
}

/** Whether a supplier merged into this one (directly or through another merge) already brought this invoice to the store. */
async function facturaDeUnido(tx: Tx, tiendaId: number, proveedorId: number, facturaNumero: string): Promise<boolean> {
  const res = (await tx.execute(sql`
    with recursive unidos(id) as (
      select id_proveedor from proveedor where unido_a = ${proveedorId}
      union
      select p.id_proveedor from proveedor p join unidos u on p.unido_a = u.id
    )
    select 1 as hay from recepcion r
    where r.tienda_id = ${tiendaId} and r.proveedor_id in (select id from unidos) and lower(r.factura_numero) = lower(${facturaNumero})
    limit 1`)) as unknown as { rows: unknown[] };
  return res.rows.length > 0;
}
