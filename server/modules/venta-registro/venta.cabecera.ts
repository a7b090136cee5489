/**
 * A sale's header, read in one place (issue #54 point 5): the sale with its store, payment method,
 * cashier, the supervisor who authorised its discount, its customer and the DIAN range and till its
 * fiscal number came from. The receipt, the invoice (list and detail), a return's document, the DIAN
 * document and the receipt's fiscal block all read it here; a face that needs a column more passes it
 * as `extra` (typed), not a copy of the join.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResult } from 'drizzle-orm/query-builders/select.types';
import type { TFiscalRecibo } from '#shared/schemas/venta';
import type { Db, Tx } from '../../db/client';
import { cliente, metodoPago, puntoVenta, rangoNumeracion, tienda, usuario, venta } from '../../db/schema';

/** The supervisor whose PIN authorised a cashier's discount (issue #16 point 4): a second join of usuario. */
export const autorizador = alias(usuario, 'autorizador');

/** The header's columns every face reads. */
export const cabeceraVenta = {
  id: venta.idVenta,
  numero: venta.numero,
  estado: venta.estado,
  fecha: venta.fecha,
  total: venta.total,
  descuento: venta.descuento,
  motivoDescuento: venta.motivoDescuento,
  // The store account's PIN (issue #36 point 5) names the store.
  autorizadoPor: sql<string | null>`coalesce(${autorizador.nombre1} || ' ' || ${autorizador.apellido1}, case when ${venta.autorizadoPorTienda} then ${tienda.nombreTienda} end)`,
  metodoPagoId: venta.metodoPagoId,
  metodo: metodoPago.nombre,
  montoRecibido: venta.montoRecibido,
  montoFiado: venta.montoFiado,
  fiadoVence: venta.fiadoVence,
  referencia: venta.referencia,
  verificado: venta.verificado,
  // Sold without the network (ADR 029): the number and date the device printed.
  numeroDispositivo: venta.numeroDispositivo,
  fechaDispositivo: venta.fechaDispositivo,
  desfaseRelojMs: venta.desfaseRelojMs,
  tienda: tienda.nombreTienda,
  cajeroNombre: usuario.nombre1,
  cajeroApellido: usuario.apellido1,
  clienteId: cliente.idCliente,
  clienteDocumento: cliente.documento,
  clienteTipo: cliente.tipoDocumento,
  clienteNombre: cliente.nombre,
  clienteApellido: cliente.apellido,
  clienteTelefono: cliente.telefono,
  clienteCorreo: cliente.correo,
  // The DIAN number the sale took at its till, with its range (null without one).
  numeroFiscal: venta.numeroFiscal,
  prefijo: rangoNumeracion.prefijo,
  resolucion: rangoNumeracion.resolucion,
  desde: rangoNumeracion.desde,
  hasta: rangoNumeracion.hasta,
  fechaDesde: rangoNumeracion.fechaDesde,
  fechaHasta: rangoNumeracion.fechaHasta,
  caja: puntoVenta.nombre,
  ubicacion: puntoVenta.ubicacion,
};

/** The header's joins: every one but the store's is to at most one row, so they never multiply a sale. */
function unir(db: Db | Tx, columnas: SelectedFields) {
  return db
    .select(columnas)
    .from(venta)
    .innerJoin(tienda, eq(tienda.idTienda, venta.tiendaId))
    .leftJoin(metodoPago, eq(metodoPago.idMetPago, venta.metodoPagoId))
    .leftJoin(usuario, eq(usuario.idUsuario, venta.usuarioId))
    .leftJoin(autorizador, eq(autorizador.idUsuario, venta.autorizadoPor))
    .leftJoin(cliente, eq(cliente.idCliente, venta.clienteId))
    .leftJoin(rangoNumeracion, eq(rangoNumeracion.idRango, venta.rangoId))
    .leftJoin(puntoVenta, eq(puntoVenta.idPuntoVenta, rangoNumeracion.puntoVentaId));
}

/** A row of `columnas` read through the header's joins (a left-joined table's columns may be null). */
export type FilaCabecera<T extends SelectedFields> = SelectResult<T, 'partial', ReturnType<typeof unir>['_']['nullabilityMap']>;

/** Sales' headers with the columns a face chooses: a list adds its own condition, order and page. */
export async function leerCabeceras<T extends SelectedFields>(
  db: Db | Tx,
  options: { columnas: T; donde: SQL | undefined; orden?: (SQL | PgColumn)[]; limite?: number; saltar?: number },
): Promise<FilaCabecera<T>[]> {
  const { columnas, donde, orden, limite, saltar } = options;
  let q = unir(db, columnas).where(donde).$dynamic();
  if (orden) q = q.orderBy(...orden);
  if (limite != null) q = q.limit(limite);
  if (saltar) q = q.offset(saltar);
  return (await q) as FilaCabecera<T>[];
}

/**
 * One of the store's sales' header (null: no such sale in the store, or `donde` leaves it out), with
 * the `extra` columns a face asks for.
 */
export async function leerCabeceraVenta<E extends SelectedFields = Record<never, never>>(
  db: Db | Tx,
  options: { tiendaId: number; ventaId: number; donde?: SQL; extra?: E },
): Promise<FilaCabecera<typeof cabeceraVenta & E> | null> {
  const { tiendaId, ventaId, donde, extra } = options;
  const [row] = await leerCabeceras(db, {
    columnas: { ...cabeceraVenta, ...(extra ?? ({} as E)) },
    donde: and(eq(venta.idVenta, ventaId), eq(venta.tiendaId, tiendaId), donde),
    limite: 1,
  });
  return row ?? null;
}

/** Who sold, as the receipt and the DIAN document name them: the cashier, or `sinCajero` (the store) when its own account was at the till. */
export function nombreCajero(c: { cajeroNombre: string | null; cajeroApellido: string | null }, sinCajero: string): string {
  return c.cajeroNombre ? `${c.cajeroNombre} ${c.cajeroApellido ?? ''}`.trim() : sinCajero;
}

/** The range columns of a header. */
type RangoDeCabecera = Pick<FilaCabecera<typeof cabeceraVenta>, 'caja' | 'prefijo' | 'numeroFiscal' | 'resolucion' | 'desde' | 'hasta' | 'fechaDesde' | 'fechaHasta'>;

/** The DIAN number a sale took at its till, with its range's data for the receipt; null without one. */
export function fiscalDeCabecera(r: RangoDeCabecera): TFiscalRecibo | null {
  const { caja, prefijo, numeroFiscal: numero, resolucion, desde, hasta, fechaDesde, fechaHasta } = r;
  if (numero == null || caja == null || prefijo == null || resolucion == null || desde == null || hasta == null || fechaDesde == null || fechaHasta == null) return null;
  return { caja, prefijo, numero, resolucion, desde, hasta, fechaDesde, fechaHasta };
}
