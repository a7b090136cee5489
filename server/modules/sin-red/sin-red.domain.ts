import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import type { TDatosSinRed, TDispositivo, TPresentacionSinRed, TVentaSinRed } from '#shared/schemas/sin-red';
import { DESFASE_MAXIMO_MS, HORAS_FECHA_SIN_RED } from '#shared/schemas/sin-red';
import type { Db, Tx } from '../../db/client';
import { categoriaImpuesto, cliente, creditoMovimiento, dispositivoVenta, metodoPago, perfilFiscal, producto, productoUnidadVenta, turno, venta } from '../../db/schema';
import { comprobarEquipo, equipoDeClave } from './equipos.domain';
import { esViolacionUnica } from '../../db/pg-error';
import { filaConfiguracion } from '../dian/configuracion.domain';
import { formatosBalanzaDe } from '../balanza/balanza';
import { supervisoresSinRed } from './pin-sin-red';
import { clientesDeLaTienda } from '../tienda/clientes.alcance';
import { conCategoria } from '../fiscal/clasificacion';

/**
 * Selling without the network (issue #34, ADR 029): the device's prefix, the incremental download of
 * what a device needs to sell alone, and what an offline sale records when it arrives.
 */

/** Products per page of the download: 100 000 products come in 20 requests. */
export const PAGINA_SIN_RED = 5000;

/**
 * Gives the device a prefix of its store, `D1`, `D2`…, never given twice in the store (a unique index;
 * two devices registering at once: the second tries the next one).
 */
export async function registrarDispositivo(db: Db, tiendaId: number, usuarioId: number | null, clave: string, anterior?: number): Promise<TDispositivo> {
  // The device must have asked to sell offline (issue #51 point 5); its sales are checked when they arrive.
  const equipoId = await equipoDeClave(db, tiendaId, clave);
  // The prefix this device already holds, given to this account before devices existed (or already
  // this device's): kept and tied to the device, so the sales waiting under it go once it is authorised.
  if (anterior) {
    const [propio] = await db
      .update(dispositivoVenta)
      .set({ equipoId })
      .where(
        and(
          eq(dispositivoVenta.idDispositivo, anterior),
          eq(dispositivoVenta.tiendaId, tiendaId),
          usuarioId == null ? isNull(dispositivoVenta.usuarioId) : eq(dispositivoVenta.usuarioId, usuarioId),
          or(isNull(dispositivoVenta.equipoId), eq(dispositivoVenta.equipoId, equipoId)),
        ),
      )
      .returning({ id: dispositivoVenta.idDispositivo, prefijo: dispositivoVenta.prefijo });
    if (propio) return propio;
  }
  for (let intento = 0; intento < 5; intento++) {
    try {
      const [d] = await db
        .insert(dispositivoVenta)
        .values({
          tiendaId,
          usuarioId,
          equipoId,
          prefijo: sql`'D' || (select count(*) + 1 + ${intento}::int from ${dispositivoVenta} where ${dispositivoVenta.tiendaId} = ${tiendaId})`,
        })
        .returning({ id: dispositivoVenta.idDispositivo, prefijo: dispositivoVenta.prefijo });
      return d!;
    } catch (err) {
      if (!esViolacionUnica(err, 'dispositivo_venta_tienda_prefijo_uq')) throw err;
    }
  }
  throw new AppError('CONFLICT', M.generic.conflict);
}

/**
 * The download's cursor (issue #50 point 6): values of `sin_red_version_seq`, which every change of a
 * product, a customer or a customer's ledger takes, so it never goes back with the server's clock.
 * `v1.<desde>.<previa>`: rows with a version after `desde`; `previa` is where the last download's
 * sequence stood, and becomes the next one's `desde`. Each download thus reads again what changed
 * during the one before, so a transaction that took its value before a read and committed after it
 * is not missed (rows come twice; they are upserted). A page's continuation adds the sequence's value
 * at this download's first page (`v1.<último>.<previa>.<ahora>`); a full download pages by id with
 * `f.<ahora>`. Anything else (a device still holding the old timestamp cursor) gets a full download.
 */
type Cursor = { tipo: 'completa'; ahora: bigint | null } | { tipo: 'cambios'; desde: bigint; previa: bigint; ahora: bigint | null };

export function leerCursor(desde: string | undefined): Cursor {
  const v = /^v1\.(\d{1,19})\.(\d{1,19})(?:\.(\d{1,19}))?$/.exec(desde ?? '');
  if (v) return { tipo: 'cambios', desde: BigInt(v[1]!), previa: BigInt(v[2]!), ahora: v[3] ? BigInt(v[3]) : null };
  const f = /^f\.(\d{1,19})$/.exec(desde ?? '');
  return { tipo: 'completa', ahora: f ? BigInt(f[1]!) : null };
}

/** Where the sequence stands now: every change committed or in flight has a value at most this. */
async function versionActual(db: Db): Promise<bigint> {
  const r = (await db.execute(sql`select case when is_called then last_value else 0 end as v from sin_red_version_seq`)) as unknown as { rows: { v: string | number }[] };
  return BigInt(r.rows[0]!.v);
}

/**
 * What changed since the cursor (all of it without one): the store's products a page at a time in
 * version order (by id for a full download), and, with the first page, the customers whose row or
 * balance changed and the payment methods. A product taken off sale comes with estado 0 so the device
 * drops it. The last page carries the cursor for the next download.
 */
export async function datosSinRed(
  db: Db,
  tiendaId: number,
  usuarioId: number | null,
  query: { desde?: string; tras?: number; dispositivoId?: number },
  rol?: number,
): Promise<TDatosSinRed> {
  // Where the customers' balances stand for this download (ADR 041), read by the server before them,
  // never taken from the cursor the device sends back.
  const marca = !query.tras && query.dispositivoId ? await versionActual(db) : null;
  const ahoraDb = ((await db.execute(sql`select now() as t`)) as unknown as { rows: { t: string | Date }[] }).rows[0]!.t;
  const servidor = new Date(ahoraDb).toISOString();
  const cursor = leerCursor(query.desde);
  const ahora = cursor.ahora ?? (await versionActual(db));
  const tras = query.tras ?? 0;
  const cambios = cursor.tipo === 'cambios' ? cursor : null;
  const filtro = cambios ? gt(producto.version, Number(cambios.desde)) : tras > 0 ? gt(producto.idProducto, tras) : undefined;
  const filas = await db
    .select({
      id: producto.idProducto,
      nombre: producto.nombre,
      marca: producto.marca,
      categoria: producto.categoria,
      precio: producto.precioUnit,
      // Its own tax or its category's, as the sale resolves it (factura_impuesto): the offline receipt's taxes by rate (issue #53 point 2).
      impuesto: sql<string | null>`coalesce(${producto.impuesto}, ${categoriaImpuesto.impuesto})`,
      stock: producto.stock,
      codigoBarras: producto.codigoBarras,
      unidad: producto.unidadDian,
      bajoFormula: producto.bajoFormula,
      manejaLotes: producto.manejaLotes,
      estado: producto.estado,
      actualizadoEn: producto.actualizadoEn,
      version: producto.version,
    })
    .from(producto)
    .leftJoin(categoriaImpuesto, conCategoria(tiendaId))
    .where(and(eq(producto.tiendaId, tiendaId), filtro))
    .orderBy(cambios ? asc(producto.version) : asc(producto.idProducto))
    .limit(PAGINA_SIN_RED + 1);
  const hayMas = filas.length > PAGINA_SIN_RED;
  const pagina = hayMas ? filas.slice(0, PAGINA_SIN_RED) : filas;
  const ultimo = pagina.at(-1);
  const packs = await presentacionesDe(db, tiendaId, pagina.filter((p) => p.estado === 1).map((p) => p.id));
  const productos = pagina.map(({ version: _v, ...p }) => ({ ...p, presentaciones: packs.get(p.id) ?? [], actualizadoEn: p.actualizadoEn.toISOString() }));
  // A full download pages by id; an incremental one by version (each change has its own value).
  const siguiente =
    hayMas && ultimo ? { desde: cambios ? `v1.${ultimo.version}.${cambios.previa}.${ahora}` : `f.${ahora}`, tras: ultimo.id } : null;
  const primera = tras === 0;
  const clientes = primera ? await clientesCambiados(db, tiendaId, cambios ? cambios.desde : null) : [];
  if (marca != null && query.dispositivoId) await anotarDescarga(db, tiendaId, usuarioId, query.dispositivoId, marca);
  return {
    productos,
    clientes,
    metodos: primera ? await db.select({ id: metodoPago.idMetPago, nombre: metodoPago.nombre }).from(metodoPago).orderBy(asc(metodoPago.idMetPago)) : [],
    servidor,
    cursor: siguiente ? null : `v1.${cambios ? cambios.previa : ahora}.${ahora}`,
    documentoElectronico: !!(await filaConfiguracion(db, tiendaId))?.habilitado,
    formatosBalanza: await formatosBalanzaDe(db, tiendaId),
    // The seller's fiscal data, with the first page: the offline receipt prints them (issue #53 point 2).
    ...(primera ? { fiscal: await fiscalDe(db, tiendaId) } : {}),
    // The supervisors' PIN verifiers, to a cashier's authorised device only (issue #53 point 3, ADR 053).
    ...(primera && rol != null ? { supervisores: await supervisoresSinRed(db, tiendaId, { usuarioId, rol }, query.dispositivoId) } : {}),
    siguiente,
  };
}

/** The store's fiscal data as a receipt prints them (impuestosDeVenta's), or null without a fiscal profile. */
async function fiscalDe(db: Db, tiendaId: number) {
  const [f] = await db
    .select({ razonSocial: perfilFiscal.razonSocial, nit: perfilFiscal.nit, dv: perfilFiscal.dv, responsableIva: perfilFiscal.responsableIva, documentoInformativo: perfilFiscal.documentoInformativo })
    .from(perfilFiscal)
    .where(eq(perfilFiscal.tiendaId, tiendaId))
    .limit(1);
  return f ?? null;
}

/**
 * The packs of a page's products (ADR 033). A pack added, changed or removed touches its product's
 * `actualizado_en` and so its version (trigger `presentacion_toca_producto`), so the incremental download brings the
 * product again with all its packs.
 */
async function presentacionesDe(db: Db, tiendaId: number, ids: number[]): Promise<Map<number, TPresentacionSinRed[]>> {
  const porProducto = new Map<number, TPresentacionSinRed[]>();
  if (!ids.length) return porProducto;
  const filas = await db
    .select({
      productoId: productoUnidadVenta.productoId,
      id: productoUnidadVenta.idUnidadVenta,
      nombre: productoUnidadVenta.nombre,
      factor: productoUnidadVenta.factor,
      codigoBarras: productoUnidadVenta.codigoBarras,
      precio: productoUnidadVenta.precio,
    })
    .from(productoUnidadVenta)
    .where(and(eq(productoUnidadVenta.tiendaId, tiendaId), inArray(productoUnidadVenta.productoId, ids)))
    .orderBy(asc(productoUnidadVenta.idUnidadVenta));
  for (const { productoId, ...p } of filas) porProducto.set(productoId, [...(porProducto.get(productoId) ?? []), p]);
  return porProducto;
}

/**
 * Customers whose row changed or whose credit ledger moved after version `desde`, with their balance
 * now: the store's empresa's customers and their one balance, every store's charges and abonos (issue #56).
 */
async function clientesCambiados(db: Db, tiendaId: number, desde: bigint | null) {
  const saldo = sql<string>`(select coalesce(sum(${creditoMovimiento.monto}), 0) from ${creditoMovimiento}
    where ${creditoMovimiento.clienteId} = ${cliente.idCliente})`;
  const movidos = desde
    ? or(
        gt(cliente.version, Number(desde)),
        sql`${cliente.idCliente} in (select ${creditoMovimiento.clienteId} from ${creditoMovimiento}
          where ${creditoMovimiento.version} > ${desde.toString()}::bigint)`,
      )
    : undefined;
  const filas = await db
    .select({
      id: cliente.idCliente,
      documento: cliente.documento,
      nombre: sql<string>`trim(${cliente.nombre} || ' ' || ${cliente.apellido})`,
      fiado: cliente.fiado,
      cupo: cliente.cupo,
      saldo,
      activo: cliente.activo,
    })
    .from(cliente)
    .where(and(clientesDeLaTienda(tiendaId), movidos))
    .orderBy(asc(cliente.idCliente));
  return filas.map((c) => ({ ...c, saldo: Number(c.saldo) }));
}

/**
 * Notes on the session's own prefix where the sequence stood when its device last read the customers'
 * balances (the download's first page): the balances it saw are the ledger up to there. Only forward;
 * another account's or store's prefix is left alone (nothing to note: its own download notes it).
 */
async function anotarDescarga(db: Db, tiendaId: number, usuarioId: number | null, dispositivoId: number, marca: bigint): Promise<void> {
  await db
    .update(dispositivoVenta)
    .set({ versionDescargada: sql`greatest(coalesce(${dispositivoVenta.versionDescargada}, 0), ${marca.toString()}::bigint)` })
    .where(
      and(
        eq(dispositivoVenta.idDispositivo, dispositivoId),
        eq(dispositivoVenta.tiendaId, tiendaId),
        usuarioId == null ? isNull(dispositivoVenta.usuarioId) : eq(dispositivoVenta.usuarioId, usuarioId),
      ),
    );
}

/**
 * The customer's balance as an offline sale's device saw it (issue #51 point 5, ADR 041): what the
 * device says it saw, but never less than what it surely saw — the ledger up to its last download,
 * plus whatever the device's own sales moved since (their charges, annulments, returns). A device that
 * never noted a download is held to the whole ledger (the balance at arrival). So a device cannot
 * lower the balance it is checked against; it can only say it saw more. Read with the customer
 * locked, before this sale's charge.
 */
export async function saldoVistoSinRed(tx: Tx, options: { tiendaId: number; clienteId: number; dispositivoId: number; declarado?: number }): Promise<number> {
  const { tiendaId, clienteId, dispositivoId } = options;
  const r = (await tx.execute(sql`
    select coalesce(sum(m.monto), 0)::bigint as saldo
    from ${creditoMovimiento} m
    left join ${dispositivoVenta} dv on dv.id_dispositivo = ${dispositivoId} and dv.tienda_id = ${tiendaId}
    where m.cliente_id = ${clienteId}
      and (dv.version_descargada is null
        or m.version <= dv.version_descargada
        or m.venta_id in (select v.id_venta from ${venta} v where v.tienda_id = ${tiendaId} and v.dispositivo_id = ${dispositivoId}))`)) as unknown as {
    rows: { saldo: string | number }[];
  };
  const seguro = Number(r.rows[0]?.saldo ?? 0);
  return Math.max(seguro, options.declarado ?? seguro);
}

/**
 * An offline sale's device and number, checked before its checkout: the device is the store's,
 * authorised and not revoked, registered by the account now sending (issue #51 point 5), and the
 * number carries its prefix. A number already recorded under another key is refused (the key itself,
 * sent again, answers its sale before this is reached).
 */
export async function comprobarVentaSinRed(db: Db | Tx, tiendaId: number, usuarioId: number | null, sinRed: TVentaSinRed): Promise<void> {
  const d = await comprobarEquipo(db, tiendaId, sinRed.dispositivoId, usuarioId);
  if (!sinRed.numero.startsWith(`${d.prefijo}-`)) throw new AppError('BUSINESS_RULE', M.sinRed.numeroInvalido, { fields: { sinRed: M.sinRed.numeroInvalido } });
}

/**
 * The rules an offline sale broke that the server enforces online (issue #51 point 5), as the
 * Revisar list shows them: its date far from the server's clock or before its shift opened (the
 * fiado limit, the stock and the discount are found by the checkout). Read in the sale's transaction.
 */
export async function motivosDeFecha(tx: Tx, turnoId: number, fecha: string): Promise<string[]> {
  const r = (await tx.execute(sql`select abs(extract(epoch from (${fecha}::timestamptz - now()))) > ${HORAS_FECHA_SIN_RED * 3600} as lejos,
      ${fecha}::timestamptz < (select ${turno.abiertoEn} from ${turno} where ${turno.idTurno} = ${turnoId}) as antes`)) as unknown as { rows: { lejos: boolean; antes: boolean | null }[] };
  const { lejos, antes } = r.rows[0]!;
  return [...(lejos ? [M.sinRed.motivoFechaReloj(HORAS_FECHA_SIN_RED)] : []), ...(antes ? [M.sinRed.motivoFechaTurno] : [])];
}

/**
 * Records on the sale written by the checkout its device, printed number, the device's time of sale
 * and the skew of its clock (device minus server, when it sent), in the sale's transaction.
 */
export async function marcarVentaSinRed(tx: Tx, tiendaId: number, ventaId: number, sinRed: TVentaSinRed): Promise<void> {
  const desfase = sql`floor(extract(epoch from (${sinRed.reloj}::timestamptz - now())) * 1000)::bigint`;
  try {
    await tx
      .update(venta)
      .set({ dispositivoId: sinRed.dispositivoId, numeroDispositivo: sinRed.numero, fechaDispositivo: new Date(sinRed.fecha), desfaseRelojMs: desfase })
      .where(and(eq(venta.idVenta, ventaId), eq(venta.tiendaId, tiendaId)));
  } catch (err) {
    if (esViolacionUnica(err, 'venta_tienda_numero_dispositivo_uq')) throw new AppError('CONFLICT', M.sinRed.numeroRepetido);
    throw err;
  }
}

/** A skew beyond 5 minutes either way is flagged. */
export const relojDesfasado = (desfaseMs: number | null) => desfaseMs != null && Math.abs(desfaseMs) > DESFASE_MAXIMO_MS;
