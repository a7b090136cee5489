import { and, asc, count, desc, eq, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { METODO, ROL } from '#shared/roles';
import { cambioDelPago } from '#shared/pago';
import type { TPage, TPageQuery } from '#shared/schemas/common';
import { SUPERVISOR_TIENDA } from '#shared/schemas/venta';
import type { TAutorizacionPin, TClienteVenta, TDescuentoLinea, TDescuentoVenta, TEstadoVentaResponse, TMetodoPago, TProductosRapidos, TProductoVenta, TRecibo } from '#shared/schemas/venta';
import type { Db, Tx } from '../../db/client';
import { contieneTexto, contieneTextoPorFila, enOrden, idsParecidos, paginaDeProductos, tiendaPequena, TRIGRAM_MIN_LENGTH } from '../../db/name-search';
import { cliente, factura, metodoPago, producto, tienda, usuario, venta, ventaProductoResumen } from '../../db/schema';
import { cargarVenta, creditoDe, reversarVenta } from '../fiado/fiado.domain';
import { ajustarStockLote } from '../movimiento/ledger';
import { esViolacionUnica } from '../../db/pg-error';
import { verificarAutorizacion } from './autorizacion';
import { diaEnZona } from '../tienda/zona-horaria';

const V = M.ventas;

const productoVentaColumns = {
  id: producto.idProducto,
  nombre: producto.nombre,
  marca: producto.marca,
  precio: producto.precioUnit,
  stock: producto.stock,
  codigoBarras: producto.codigoBarras,
};

/** The store's products on sale (estado 1), searched by name or exact code, paged on the server. */
export async function listarProductosVenta(options: { db: Db; tiendaId: number; query: TPageQuery }): Promise<TPage<TProductoVenta>> {
  const { db, tiendaId, query } = options;
  const filters: SQL[] = [eq(producto.tiendaId, tiendaId), eq(producto.estado, 1)];
  const enVenta = and(...filters)!;
  const trigramas = !!query.q && query.q.length >= TRIGRAM_MIN_LENGTH;
  // A small store is searched row by row: the trigram index would read every store's matches (name-search.ts).
  const contiene = trigramas && (await tiendaPequena(db, tiendaId)) ? contieneTextoPorFila : contieneTexto;
  if (query.q) filters.push(or(contiene(producto.nombre, query.q), eq(producto.codigoBarras, query.q))!);
  const where = and(...filters)!;
  if (trigramas) {
    let { ids, total } = await paginaDeProductos(db, { where, orden: 'lower', limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
    // Nothing contains it: perhaps a typo. The names with a word most like it, on one page.
    if (total === 0 && query.page === 1 && query.q.trim().length >= PARECIDO_LONGITUD) {
      ids = await idsParecidos(db, { where: enVenta, q: query.q.trim(), limit: query.pageSize });
      total = ids.length;
    }
    const items = await enOrden(ids, (byIds) => db.select(productoVentaColumns).from(producto).where(byIds), tiendaId);
    return { items, total };
  }
  const [items, [totalRow]] = await Promise.all([
    db
      .select(productoVentaColumns)
      .from(producto)
      .where(where)
      .orderBy(sql`lower(${producto.nombre})`, asc(producto.idProducto))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(producto).where(where),
  ]);
  return { items, total: totalRow?.n ?? 0 };
}

/** Typed fragments shorter than this are not corrected: too many names are alike. */
const PARECIDO_LONGITUD = 4;

/** How many tiles the till's grid shows. */
export const TILES = 30;

/**
 * The till's tap grid (issue #16 point 3): without a category, the store's best sellers on sale (the
 * sales summary kept by triggers, migration 0002), topped up with other products in name order for a
 * new store; with a category, that category's products in name order. And the store's categories.
 */
export async function productosRapidos(options: { db: Db; tiendaId: number; categoria?: string }): Promise<TProductosRapidos> {
  const { db, tiendaId, categoria } = options;
  const enVenta = and(eq(producto.tiendaId, tiendaId), eq(producto.estado, 1));
  const categoriasQuery = db
    .selectDistinct({ categoria: producto.categoria })
    .from(producto)
    .where(and(enVenta, sql`${producto.categoria} is not null and btrim(${producto.categoria}) <> ''`))
    .orderBy(producto.categoria)
    .limit(40);
  if (categoria) {
    const [productos, categorias] = await Promise.all([
      db.select(productoVentaColumns).from(producto).where(and(enVenta, eq(producto.categoria, categoria))).orderBy(sql`lower(${producto.nombre})`, asc(producto.idProducto)).limit(TILES),
      categoriasQuery,
    ]);
    return { productos, categorias: categorias.map((c) => c.categoria!) };
  }
  const [vendidos, categorias] = await Promise.all([
    db
      .select(productoVentaColumns)
      .from(ventaProductoResumen)
      .innerJoin(producto, eq(producto.idProducto, ventaProductoResumen.productoId))
      .where(and(eq(ventaProductoResumen.tiendaId, tiendaId), enVenta, sql`${ventaProductoResumen.cantidadVendida} > 0`))
      .orderBy(desc(ventaProductoResumen.cantidadVendida), asc(producto.idProducto))
      .limit(TILES),
    categoriasQuery,
  ]);
  const relleno =
    vendidos.length < TILES
      ? await db
          .select(productoVentaColumns)
          .from(producto)
          .where(vendidos.length ? and(enVenta, notInArray(producto.idProducto, vendidos.map((p) => p.id))) : enVenta)
          .orderBy(sql`lower(${producto.nombre})`, asc(producto.idProducto))
          .limit(TILES - vendidos.length)
      : [];
  return { productos: [...vendidos, ...relleno], categorias: categorias.map((c) => c.categoria!) };
}

/**
 * A cached page of the till's search brought up to date: sales move only stock, so the page the read
 * cache kept stays right but for the stock, read again here by id (one indexed lookup of ≤ 20 rows
 * instead of the whole search).
 */
export async function refrescarStock(options: { db: Db; tiendaId: number; page: TPage<TProductoVenta> }): Promise<TPage<TProductoVenta>> {
  const { db, tiendaId, page } = options;
  if (!page.items.length) return page;
  const rows = await db
    .select({ id: producto.idProducto, stock: producto.stock })
    .from(producto)
    .where(and(eq(producto.tiendaId, tiendaId), inArray(producto.idProducto, page.items.map((p) => p.id))));
  const stock = new Map(rows.map((r) => [r.id, r.stock]));
  return { ...page, items: page.items.flatMap((p) => (stock.has(p.id) ? [{ ...p, stock: stock.get(p.id)! }] : [])) };
}

/** The scanner: an exact barcode, or else the product id typed at the counter. */
export async function productoPorCodigo(options: { db: Db; tiendaId: number; codigo: string }): Promise<TProductoVenta> {
  const { db, tiendaId } = options;
  const codigo = options.codigo.trim();
  const byId = /^\d{1,9}$/.test(codigo) ? Number(codigo) : null;
  const match = byId == null ? eq(producto.codigoBarras, codigo) : or(eq(producto.codigoBarras, codigo), eq(producto.idProducto, byId));
  const rows = await db
    .select(productoVentaColumns)
    .from(producto)
    .where(and(eq(producto.tiendaId, tiendaId), eq(producto.estado, 1), match))
    .limit(2);
  // A barcode wins over an id that happens to have the same digits.
  const found = rows.find((r) => r.codigoBarras === codigo) ?? rows[0];
  if (!found) throw new AppError('NOT_FOUND', V.codigoNoEncontrado(codigo));
  return found;
}

export async function listarMetodosPago(options: { db: Db }): Promise<TMetodoPago[]> {
  return options.db.select({ id: metodoPago.idMetPago, nombre: metodoPago.nombre }).from(metodoPago).orderBy(asc(metodoPago.idMetPago));
}

export async function buscarCliente(options: { db: Db | Tx; tiendaId: number; documento: string }): Promise<TClienteVenta> {
  const [c] = await options.db
    .select({ id: cliente.idCliente, documento: cliente.documento, nombre: sql<string>`${cliente.nombre} || ' ' || ${cliente.apellido}`, telefono: cliente.telefono, fiado: cliente.fiado, cupo: cliente.cupo })
    .from(cliente)
    // An archived customer (issue #27) is not found at the till.
    .where(and(eq(cliente.tiendaId, options.tiendaId), eq(cliente.documento, options.documento.trim()), eq(cliente.activo, true)))
    .limit(1);
  if (!c) throw new AppError('NOT_FOUND', V.clienteNoEncontrado);
  const { fiado, cupo, ...datos } = c;
  // The till shows what the customer may still buy on credit; the checkout checks it again under lock.
  const credito = fiado ? await creditoDe(options.db, options.tiendaId, c.id, cupo) : null;
  return { ...datos, credito };
}

type LineaPedida = { productoId: number; cantidad: number; descuento?: TDescuentoLinea };

/**
 * Adds up repeated products: one line per product, in the order the cashier first added them. A
 * discount stays with the product (the first one given for it).
 */
export function mergeLineas(lineas: readonly LineaPedida[]): LineaPedida[] {
  const merged = new Map<number, LineaPedida>();
  for (const l of lineas) {
    const prev = merged.get(l.productoId);
    merged.set(l.productoId, prev ? { ...prev, cantidad: prev.cantidad + l.cantidad, descuento: prev.descuento ?? l.descuento } : { ...l });
  }
  return [...merged.values()];
}

/** A checkout tried and undone (a cashier's discount, before its PIN is checked): what it answered. */
class Ensayo extends Error {
  constructor(readonly resultado: ResultadoVenta) {
    super('ensayo');
  }
}

/** What `venta_registrar` (migrations 0004, 0005, 0010, 0011, 0013, 0017) answers. */
type ResultadoVenta =
  | { estado: 'ok'; id: number; fecha: number; total: number; descuento: number; montoFiado: number; montoRecibido: number; turno: number; lineas: TRecibo['lineas']; tienda: string; metodo: string; cajero: string | null }
  | { estado: 'repetida'; id: number }
  | { estado: 'no_encontrado' | 'monto_insuficiente' | 'sin_turno' }
  | { estado: 'no_disponible' | 'sin_stock' | 'descuento_invalido'; nombres: string[] };

/** A list of integer ids as one PostgreSQL array parameter (drizzle would spread a JS array). */
const intArray = (values: number[]) => sql`${`{${values.map((v) => Math.trunc(v)).join(',')}}`}::int[]`;
const bigintArray = (values: number[]) => sql`${`{${values.map((v) => Math.trunc(v)).join(',')}}`}::bigint[]`;
/** Only the fixed words of a discount type reach it (zod checked them), so no quoting is needed. */
const textArray = (values: string[]) => sql`${`{${values.join(',')}}`}::text[]`;

/**
 * Checkout (DESIGN.md §5, ADR 007): one call of the database function `venta_registrar` locks the
 * products in id order, checks every line, and writes the venta Completada (its payment is recorded
 * with it, issue #36), one factura per product (Pagado) and one stock exit with its movimiento per
 * product, all or nothing. Any product short of stock fails
 * the whole sale, naming all of them. The receipt is built from what the call returns.
 */
export async function registrarVenta(options: {
  db: Db;
  tiendaId: number;
  usuarioId: number | null;
  /** The seller's role: roles 1 and 3 may give discounts or lower a price; role 2 with a supervisor's PIN. */
  rol: number;
  input: {
    clave?: string;
    lineas: LineaPedida[];
    metodoPagoId: number;
    montoRecibido: number;
    documentoCliente?: string;
    descuento?: TDescuentoVenta;
    motivoDescuento?: string;
    /** A role-2 cashier's discount: the supervisor who authorises it and their PIN. */
    autorizacion?: TAutorizacionPin;
    aCredito?: boolean;
    autorizarSobreCupo?: boolean;
    referencia?: string;
    verificado?: boolean;
  };
}): Promise<TRecibo> {
  const { db, tiendaId, usuarioId, input } = options;
  const lineas = mergeLineas(input.lineas);
  if (lineas.length === 0) throw new AppError('VALIDATION', V.carritoVacio);
  if (lineas.some((l) => l.cantidad > 9999)) throw new AppError('VALIDATION', V.cantidadLineaInvalida);
  const conDescuento = !!input.descuento || lineas.some((l) => !!l.descuento);
  if (conDescuento && options.rol === ROL.EMPLEADO && !input.autorizacion) throw new AppError('FORBIDDEN', V.descuentoSoloSupervisor);
  if (conDescuento && (input.motivoDescuento ?? '').trim().length < 3) throw new AppError('VALIDATION', V.motivoDescuentoRequerido, { fields: { motivoDescuento: V.motivoDescuentoRequerido } });
  // Fiado: method 7 is a sale wholly on credit; any other method with aCredito leaves on credit what
  // the customer did not pay now.
  const todoFiado = input.metodoPagoId === METODO.FIADO;
  const aCredito = todoFiado || !!input.aCredito;
  const montoRecibido = todoFiado ? 0 : input.montoRecibido;
  if (aCredito && !input.documentoCliente) throw new AppError('VALIDATION', V.fiadoRequiereCliente, { fields: { documentoCliente: V.fiadoRequiereCliente } });
  if (!aCredito && montoRecibido <= 0) throw new AppError('VALIDATION', V.cantidadInvalida);
  const referencia = input.referencia?.trim() || null;
  const clave = input.clave ?? null;
  if (clave) {
    // A retry of a sale already recorded answers its receipt without locking anything.
    const repetida = await ventaPorClave(db, tiendaId, clave);
    if (repetida != null) return obtenerRecibo({ db, tiendaId, ventaId: repetida });
  }
  const necesitaPin = conDescuento && options.rol === ROL.EMPLEADO;
  const cliente = input.documentoCliente ? await buscarCliente({ db, tiendaId, documento: input.documentoCliente }) : null;

  const registrar = async (q: Db | Tx) =>
    (
      (await q.execute(sql`
        select venta_registrar(${tiendaId}::int, ${usuarioId}::int, ${cliente?.id ?? null}::int, ${input.metodoPagoId}::int,
          ${montoRecibido}::bigint, ${intArray(lineas.map((l) => l.productoId))}, ${intArray(lineas.map((l) => l.cantidad))},
          ${V.motivoVenta('{id}')}, ${clave}::uuid,
          ${textArray(lineas.map((l) => l.descuento?.tipo ?? 'ninguno'))}, ${bigintArray(lineas.map((l) => l.descuento?.valor ?? 0))},
          ${input.descuento?.tipo ?? null}::text, ${input.descuento?.valor ?? null}::bigint,
          ${conDescuento ? input.motivoDescuento!.trim() : null}::text,
          ${aCredito}::boolean, ${referencia}::text, ${!!input.verificado}::boolean) as r`)) as unknown as { rows: { r: ResultadoVenta }[] }
    ).rows[0]!.r;
  /** The sale and, on credit, its charge; `autorizadoPor` recorded on it in the same transaction. */
  const escribir = async (tx: Tx, autorizadoPor: { id: number } | null) => {
    const resultado = await registrar(tx);
    if (resultado.estado === 'ok' && autorizadoPor)
      await tx
        .update(venta)
        // The store account's PIN (issue #36 point 5) is no user: the sale says the store authorised.
        .set(autorizadoPor.id === SUPERVISOR_TIENDA ? { autorizadoPorTienda: true } : { autorizadoPor: autorizadoPor.id })
        .where(and(eq(venta.idVenta, resultado.id), eq(venta.tiendaId, tiendaId)));
    if (resultado.estado === 'ok' && Number(resultado.montoFiado) > 0)
      await cargarVenta(tx, {
        tiendaId,
        clienteId: cliente!.id,
        ventaId: resultado.id,
        monto: Number(resultado.montoFiado),
        usuarioId,
        rol: options.rol,
        turnoId: resultado.turno,
        autorizarSobreCupo: input.autorizarSobreCupo,
      });
    return resultado;
  };
  /** Runs `intento`; a retry of the same key that met the first one at the key's index answers it. */
  const porClave = async (intento: () => Promise<ResultadoVenta>): Promise<ResultadoVenta> => {
    try {
      return await intento();
    } catch (err) {
      // Two tries of one sale with no product in common cannot meet at the product locks: the key's
      // unique index stops the second, which then answers the first one's receipt.
      const repetida = clave && esClaveRepetida(err) ? await ventaPorClave(db, tiendaId, clave) : null;
      if (repetida == null) throw err;
      return { estado: 'repetida', id: repetida };
    }
  };

  let autorizadoPor: { id: number; nombre: string } | null = null;
  let r: ResultadoVenta | null = null;
  if (necesitaPin) {
    // A cashier's discount needs a supervisor's PIN (issue #16 point 4), checked only once the whole
    // sale was found valid (issue #28): the sale is written and charged in a transaction that is then
    // undone, so products, stock, amounts, the shift and the customer's credit all answer as they
    // would without a PIN, and no answer ever depends on the PIN unless everything else is right. The
    // hash runs outside any transaction (the embedded database has one connection).
    const ensayo = await porClave(async () => {
      try {
        await db.transaction(async (tx) => {
          throw new Ensayo(await escribir(tx, null));
        });
      } catch (err) {
        if (err instanceof Ensayo) return err.resultado;
        throw err;
      }
      throw new Error('unreachable');
    });
    if (ensayo.estado !== 'ok') r = ensayo;
    else autorizadoPor = await verificarAutorizacion({ db, tiendaId, cajeroId: usuarioId, autorizacion: input.autorizacion });
  }
  // venta_registrar finds the cashier's open shift and writes the sale in one statement (caja: no
  // open shift, no sale). On credit, one transaction also charges the unpaid part to the customer
  // within the limit (fiado), or nothing is kept.
  r ??= await porClave(() => (!aCredito && !autorizadoPor ? registrar(db) : db.transaction((tx) => escribir(tx, autorizadoPor))));
  switch (r.estado) {
    case 'repetida':
      return obtenerRecibo({ db, tiendaId, ventaId: r.id });
    case 'no_encontrado':
      // Another store's product, or none at all: not found, without saying which exists.
      throw new AppError('NOT_FOUND', V.productoNoEncontrado);
    case 'no_disponible':
      throw new AppError('NOT_FOUND', V.productosNoDisponibles(r.nombres));
    case 'sin_stock':
      throw new AppError('BUSINESS_RULE', V.sinStock(r.nombres), { title: V.sinStockTitle });
    case 'monto_insuficiente':
      throw new AppError('BUSINESS_RULE', V.montoInsuficiente);
    case 'sin_turno':
      throw new AppError('BUSINESS_RULE', V.turnoRequerido, { title: V.turnoRequeridoTitle });
    case 'descuento_invalido':
      throw new AppError('BUSINESS_RULE', V.descuentosInvalidos(r.nombres));
  }
  const recibido = Number(r.montoRecibido);
  return {
    id: r.id,
    // Paid (or charged to the customer's account) now: complete from the start (issue #36 point 2).
    estado: 'Completada',
    fecha: new Date(r.fecha).toISOString(),
    tienda: r.tienda,
    cajero: r.cajero || r.tienda,
    lineas: r.lineas.map((l) => ({ ...l, precio: Number(l.precio), descuento: Number(l.descuento), subtotal: Number(l.subtotal) })),
    descuento: Number(r.descuento),
    motivoDescuento: conDescuento ? input.motivoDescuento!.trim() : null,
    autorizadoPor: autorizadoPor?.nombre ?? null,
    total: Number(r.total),
    metodoPago: { id: input.metodoPagoId, nombre: r.metodo },
    montoRecibido: recibido,
    // Change only on cash, over the part paid now (issue #36).
    cambio: cambioDelPago({ metodoPagoId: input.metodoPagoId, total: Number(r.total), montoFiado: Number(r.montoFiado), montoRecibido: recibido }) ?? 0,
    montoFiado: Number(r.montoFiado),
    referencia,
    verificado: !!input.verificado,
    // The receipt names the customer; the credit shown at the till is not part of it.
    cliente: cliente && { id: cliente.id, documento: cliente.documento, nombre: cliente.nombre.trim(), telefono: cliente.telefono },
  };
}

/** The store's sale recorded under a till's key, if any. */
export async function ventaPorClave(db: Db | Tx, tiendaId: number, clave: string): Promise<number | null> {
  const [row] = await db
    .select({ id: venta.idVenta })
    .from(venta)
    .where(and(eq(venta.tiendaId, tiendaId), eq(venta.clave, clave)))
    .limit(1);
  return row?.id ?? null;
}

/** A unique violation of the sale key's index, on either database driver. */
export const esClaveRepetida = (err: unknown) => esViolacionUnica(err, 'venta_tienda_clave_uq');

/**
 * Creates a sale once per key (ADR 011), for the faces that write the venta row themselves (the old
 * client's step-by-step sale, the back-office form): a key already recorded answers that sale's id, and
 * of two tries racing with the same key the second meets the unique index and answers the first's id.
 * `crear` must insert the row with the key.
 */
export async function crearUnaVez(options: { db: Db; tiendaId: number; clave: string | undefined; crear: () => Promise<number> }): Promise<number> {
  const { db, tiendaId, clave, crear } = options;
  if (!clave) return crear();
  const repetida = await ventaPorClave(db, tiendaId, clave);
  if (repetida != null) return repetida;
  try {
    return await crear();
  } catch (err) {
    const ganadora = esClaveRepetida(err) ? await ventaPorClave(db, tiendaId, clave) : null;
    if (ganadora == null) throw err;
    return ganadora;
  }
}

/** The supervisor who authorised a cashier's discount (issue #16 point 4): a second join of usuario. */
const autorizador = alias(usuario, 'autorizador');

/** The receipt of one of the store's sales; another store's sale is not found. */
export async function obtenerRecibo(options: { db: Db | Tx; tiendaId: number; ventaId: number }): Promise<TRecibo> {
  const { db, tiendaId, ventaId } = options;
  const [row] = await db
    .select({
      id: venta.idVenta,
      estado: venta.estado,
      fecha: venta.fecha,
      total: venta.total,
      descuento: venta.descuento,
      motivoDescuento: venta.motivoDescuento,
      autorizadoPor: sql<string | null>`coalesce(${autorizador.nombre1} || ' ' || ${autorizador.apellido1}, case when ${venta.autorizadoPorTienda} then ${tienda.nombreTienda} end)`,
      montoRecibido: venta.montoRecibido,
      montoFiado: venta.montoFiado,
      referencia: venta.referencia,
      verificado: venta.verificado,
      tienda: tienda.nombreTienda,
      cajeroNombre: usuario.nombre1,
      cajeroApellido: usuario.apellido1,
      metodoId: metodoPago.idMetPago,
      metodoNombre: metodoPago.nombre,
      clienteId: cliente.idCliente,
      clienteDocumento: cliente.documento,
      clienteNombre: cliente.nombre,
      clienteApellido: cliente.apellido,
      clienteTelefono: cliente.telefono,
    })
    .from(venta)
    .innerJoin(tienda, eq(tienda.idTienda, venta.tiendaId))
    .innerJoin(metodoPago, eq(metodoPago.idMetPago, venta.metodoPagoId))
    .leftJoin(usuario, eq(usuario.idUsuario, venta.usuarioId))
    .leftJoin(autorizador, eq(autorizador.idUsuario, venta.autorizadoPor))
    .leftJoin(cliente, eq(cliente.idCliente, venta.clienteId))
    .where(and(eq(venta.idVenta, ventaId), eq(venta.tiendaId, tiendaId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', V.ventaNoEncontrada);
  const lineas = await db
    .select({ productoId: factura.productoId, nombre: producto.nombre, marca: producto.marca, cantidad: factura.cantidad, precio: factura.precio, descuento: factura.descuento })
    .from(factura)
    .innerJoin(producto, eq(producto.idProducto, factura.productoId))
    .where(and(eq(factura.ventaId, ventaId), eq(factura.tiendaId, tiendaId)))
    .orderBy(asc(factura.idFactura));
  const montoRecibido = row.montoRecibido ?? row.total;
  return {
    id: row.id,
    estado: row.estado,
    fecha: row.fecha.toISOString(),
    tienda: row.tienda,
    cajero: row.cajeroNombre ? `${row.cajeroNombre} ${row.cajeroApellido ?? ''}`.trim() : row.tienda,
    lineas: lineas.map((l) => ({ ...l, subtotal: l.precio * l.cantidad - l.descuento })),
    descuento: row.descuento,
    motivoDescuento: row.motivoDescuento,
    autorizadoPor: row.autorizadoPor,
    total: row.total,
    metodoPago: { id: row.metodoId, nombre: row.metodoNombre },
    montoRecibido,
    cambio: cambioDelPago({ metodoPagoId: row.metodoId, total: row.total, montoFiado: row.montoFiado, montoRecibido }) ?? 0,
    montoFiado: row.montoFiado,
    referencia: row.referencia,
    verificado: row.verificado,
    cliente:
      row.clienteId != null
        ? { id: row.clienteId, documento: row.clienteDocumento!, nombre: `${row.clienteNombre} ${row.clienteApellido}`.trim(), telefono: row.clienteTelefono }
        : null,
  };
}

async function estadoDe(tx: Tx, tiendaId: number, ventaId: number): Promise<string> {
  const [v] = await tx
    .select({ estado: venta.estado })
    .from(venta)
    .where(and(eq(venta.idVenta, ventaId), eq(venta.tiendaId, tiendaId)))
    .limit(1);
  if (!v) throw new AppError('NOT_FOUND', V.ventaNoEncontrada);
  return v.estado;
}

/** Who changes a sale's state: the session's user (null for the store account) and role. */
export interface ActorVenta {
  usuarioId: number | null;
  rol: number;
}

/**
 * Who may complete or annul a sale (issue #15): roles 1 and 3 any sale of the store; role 2 only its
 * own sales of the same day (the store's, in its time zone), which is what the till needs (leaving or annulling the receipt
 * just printed). The same rule on every face: the store API, the detail page, the legacy call.
 */
async function verificarQuienPuede(tx: Tx, tiendaId: number, ventaId: number, actor: ActorVenta): Promise<void> {
  if (actor.rol !== ROL.EMPLEADO) return;
  const [v] = await tx
    .select({
      usuarioId: venta.usuarioId,
      deHoy: sql<boolean>`${diaEnZona(venta.fecha, tiendaId)} = ${diaEnZona(sql`now()`, tiendaId)}`,
    })
    .from(venta)
    .where(and(eq(venta.idVenta, ventaId), eq(venta.tiendaId, tiendaId)))
    .limit(1);
  if (!v) throw new AppError('NOT_FOUND', V.ventaNoEncontrada);
  if (v.usuarioId !== actor.usuarioId || !v.deHoy) throw new AppError('FORBIDDEN', V.soloVentasPropiasDelDia);
}

/**
 * Pendiente → Completada and its lines → Pagado: the old client's step-by-step sale (step 3), or from
 * the invoice's detail for a sale left Pendiente. A sale paid at the till is already Completada
 * (issue #36). Completing twice is harmless.
 */
export async function completarVenta(options: { db: Db; tiendaId: number; ventaId: number; actor: ActorVenta }): Promise<TEstadoVentaResponse> {
  const { db, ...rest } = options;
  return db.transaction((tx) => completarEn(tx, rest));
}

async function completarEn(tx: Tx, options: { tiendaId: number; ventaId: number; actor: ActorVenta }): Promise<TEstadoVentaResponse> {
  const { tiendaId, ventaId, actor } = options;
  {
    await verificarQuienPuede(tx, tiendaId, ventaId, actor);
    const [done] = await tx
      .update(venta)
      .set({ estado: 'Completada' })
      .where(and(eq(venta.idVenta, ventaId), eq(venta.tiendaId, tiendaId), eq(venta.estado, 'Pendiente')))
      .returning({ id: venta.idVenta });
    if (!done) {
      const estado = await estadoDe(tx, tiendaId, ventaId);
      if (estado === 'Completada') return { id: ventaId, estado };
      throw new AppError('BUSINESS_RULE', V.estadoVentaError);
    }
    await tx
      .update(factura)
      .set({ estado: 'Pagado' })
      .where(and(eq(factura.ventaId, ventaId), eq(factura.tiendaId, tiendaId), eq(factura.estado, 'Pendiente')));
    return { id: ventaId, estado: 'Completada' };
  }
}

/**
 * The receipt's exit button, after confirmation: the sale and its lines become Anulada and the
 * stock goes back with movimientos. The guarded UPDATE makes a second call a no-op, so stock is
 * never returned twice, even when two calls race.
 */
export async function anularVenta(options: { db: Db; tiendaId: number; ventaId: number; actor: ActorVenta }): Promise<TEstadoVentaResponse> {
  const { db, ...rest } = options;
  return db.transaction((tx) => anularEn(tx, rest));
}

async function anularEn(tx: Tx, options: { tiendaId: number; ventaId: number; actor: ActorVenta }): Promise<TEstadoVentaResponse> {
  const { tiendaId, ventaId, actor } = options;
  {
    await verificarQuienPuede(tx, tiendaId, ventaId, actor);
    // The sale's products are locked first, in id order, as a checkout does: annulling updates the
    // sales summary (database triggers) and the stock, and taking those locks in the same order as
    // concurrent sales of the same products keeps the two from deadlocking.
    const productoIds = (
      await tx
        .selectDistinct({ id: factura.productoId })
        .from(factura)
        .where(and(eq(factura.ventaId, ventaId), eq(factura.tiendaId, tiendaId)))
    ).map((r) => r.id);
    if (productoIds.length)
      await tx
        .select({ id: producto.idProducto })
        .from(producto)
        .where(and(eq(producto.tiendaId, tiendaId), inArray(producto.idProducto, productoIds)))
        .orderBy(asc(producto.idProducto))
        .for('update');
    const [done] = await tx
      .update(venta)
      .set({ estado: 'Anulada' })
      .where(and(eq(venta.idVenta, ventaId), eq(venta.tiendaId, tiendaId), ne(venta.estado, 'Anulada')))
      .returning({ id: venta.idVenta });
    if (!done) {
      await estadoDe(tx, tiendaId, ventaId); // 404 when it is not the store's sale
      return { id: ventaId, estado: 'Anulada' };
    }
    const lineas = await tx
      .update(factura)
      .set({ estado: 'Anulada' })
      .where(and(eq(factura.ventaId, ventaId), eq(factura.tiendaId, tiendaId)))
      .returning({ productoId: factura.productoId, cantidad: factura.cantidad });
    const devueltas = new Map<number, number>();
    for (const l of lineas) devueltas.set(l.productoId, (devueltas.get(l.productoId) ?? 0) + l.cantidad);
    const moved = await ajustarStockLote(tx, {
      tiendaId,
      cambios: [...devueltas].sort(([a], [b]) => a - b).map(([productoId, delta]) => ({ productoId, delta })),
      motivo: V.motivoAnulacion(ventaId),
      ventaId,
    });
    if (!moved) throw new AppError('BUSINESS_RULE', V.estadoVentaError);
    // A credit sale gives its charge back to the customer's account (fiado, issue #17).
    await reversarVenta(tx, { tiendaId, ventaId, usuarioId: actor.usuarioId });
    return { id: ventaId, estado: 'Anulada' };
  }
}

/**
 * A sale's state set by a face that edits the whole row (the back-office form), inside its
 * transaction: the same transitions as the till's buttons, with their stock, lines and credit. Back to
 * Pendiente, or out of Anulada, is refused as the till refuses it. The same state changes nothing.
 */
export async function cambiarEstadoEn(tx: Tx, options: { tiendaId: number; ventaId: number; estado: string; actor: ActorVenta }): Promise<void> {
  const { estado, ...rest } = options;
  const actual = await estadoDe(tx, rest.tiendaId, rest.ventaId);
  if (estado === actual) return;
  if (estado === 'Completada') await completarEn(tx, rest);
  else if (estado === 'Anulada') await anularEn(tx, rest);
  else throw new AppError('BUSINESS_RULE', V.estadoVentaError);
}

/**
 * Fiado (issue #17, ADR 013): method 7 only from the till, where the customer's limit is checked and
 * the charge written. The old controller API and the back-office, which write a sale's method
 * directly, call this and are refused.
 */
export function metodoFueraDeCaja(metodoPagoId: number, campo = 'metodoPagoId'): void {
  if (metodoPagoId === METODO.FIADO) throw new AppError('VALIDATION', V.fiadoSoloEnCaja, { fields: { [campo]: V.fiadoSoloEnCaja } });
}

/**
 * A sale edited whole by a face that writes its row (the back-office form): credit is charged and
 * reversed only by the till's rules, so no sale becomes or stops being Fiado there, and a sale with
 * credit keeps its customer (the charge is on that customer's account).
 */
export function verificarEdicionDeVenta(
  actual: { metodoPagoId: number; clienteId: number | null; montoFiado: number },
  nueva: { metodoPagoId: number; clienteId: number | null },
): void {
  if (nueva.metodoPagoId !== actual.metodoPagoId) {
    metodoFueraDeCaja(nueva.metodoPagoId);
    metodoFueraDeCaja(actual.metodoPagoId);
  }
  if (actual.montoFiado > 0 && nueva.clienteId !== actual.clienteId)
    throw new AppError('VALIDATION', V.clienteDeVentaFiada, { fields: { clienteDocumento: V.clienteDeVentaFiada } });
}
