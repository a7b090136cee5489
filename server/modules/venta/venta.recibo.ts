import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { cambioDelPago } from '#shared/pago';
import { brutoLinea } from '#shared/cantidad';
import { METODO } from '#shared/roles';
import type { TRecibo } from '#shared/schemas/venta';
import type { Db, Tx } from '../../db/client';
import { devolucion, factura, producto, venta } from '../../db/schema';
import { unidadDeLinea } from '../venta-registro/unidad-linea';
import { relojDesfasado } from '../sin-red/sin-red.domain';
import { documentoDeVenta } from '../dian/emision';
import { ahorrosDeVenta, promocionesPorLinea } from '../promocion/promocion.venta';
import { puntosDelRecibo } from '../puntos/puntos.domain';
import { ventasVisibles, type LectorVentas } from './ventas-visibles';
import { fiscalDeCabecera, leerCabeceraVenta, nombreCajero } from '../venta-registro/venta.cabecera';

const V = M.ventas;

/** A recorded sale's receipt. */

/** The sale an exchange's return came from (issue #32 point 2): a second join of venta. */
const ventaOriginal = alias(venta, 'venta_original');

/** The receipt of one of the store's sales; another store's sale is not found. */
export async function obtenerRecibo(options: {
  db: Db | Tx;
  tiendaId: number;
  ventaId: number;
  /**
   * Who asks, when a person does (GET /api/ventas/:id): without `ventasDeOtros` another employee's sale
   * answers 404 like a missing one, as in *Gestionar facturas* (issue #51 point 8).
   */
  lector?: LectorVentas;
}): Promise<TRecibo> {
  const { db, tiendaId, ventaId, lector } = options;
  const row = await leerCabeceraVenta(db, { tiendaId, ventaId, donde: (lector && (await ventasVisibles(db, tiendaId, lector))) ?? undefined });
  if (!row) throw new AppError('NOT_FOUND', V.ventaNoEncontrada);
  const lineas = await db
    .select({ facturaId: factura.idFactura, productoId: factura.productoId, nombre: producto.nombre, marca: producto.marca, cantidad: factura.cantidad, unidad: unidadDeLinea, precio: factura.precio, importe: factura.importe, descuento: factura.descuento, presentacion: factura.presentacion, factor: factura.factor })
    .from(factura)
    .innerJoin(producto, eq(producto.idProducto, factura.productoId))
    .where(and(eq(factura.ventaId, ventaId), eq(factura.tiendaId, tiendaId)))
    .orderBy(asc(factura.idFactura));
  const cambioDe = await cambioDeVenta(db, tiendaId, ventaId);
  const promociones = await promocionesPorLinea(db, tiendaId, ventaId);
  const montoRecibido = row.montoRecibido ?? row.total;
  const entregado = entregadoEnCambio(montoRecibido, row.metodoPagoId, cambioDe);
  return {
    id: row.id,
    numero: row.numero,
    fiscal: fiscalDeCabecera(row),
    // Sold without the network (ADR 029): the number the device printed, never changed here.
    sinRed: row.numeroDispositivo
      ? { numero: row.numeroDispositivo, fecha: row.fechaDispositivo?.toISOString() ?? null, relojDesfasado: relojDesfasado(row.desfaseRelojMs) }
      : null,
    // The electronic POS document's CUDE and QR (issue #31 point 6), when the sale has one.
    documento: await documentoDeVenta(db as Db, tiendaId, row.id),
    estado: row.estado,
    fecha: row.fecha.toISOString(),
    tienda: row.tienda,
    cajero: nombreCajero(row, row.tienda),
    // A pack's line (ADR 033) names its pack; a plain line reads as before.
    // A line a promotion priced names it (ADR 052): its descuento is the Ahorro, not a cashier's discount.
    lineas: lineas.map(({ facturaId, presentacion, factor, importe, ...l }) => ({
      ...l,
      subtotal: brutoLinea({ ...l, importe }) - l.descuento,
      ...(factor > 1 ? { presentacion, factor } : {}),
      ...(promociones.has(facturaId) ? { promocion: promociones.get(facturaId)! } : {}),
    })),
    descuento: row.descuento,
    motivoDescuento: row.motivoDescuento,
    autorizadoPor: row.autorizadoPor,
    total: row.total,
    metodoPago: { id: row.metodoPagoId, nombre: row.metodo! },
    montoRecibido: entregado,
    cambio: cambioDelPago({ metodoPagoId: row.metodoPagoId, total: row.total, montoFiado: row.montoFiado, montoRecibido }) ?? 0,
    montoFiado: row.montoFiado,
    fiadoVence: row.montoFiado > 0 ? row.fiadoVence : null,
    referencia: row.referencia,
    verificado: row.verificado,
    cambioDe: cambioDe ?? null,
    // The promotions' *Ahorro* (ADR 052).
    ahorros: await ahorrosDeVenta(db, tiendaId, row.id),
    puntos: await puntosDelRecibo(db, tiendaId, row.id),
    cliente:
      row.clienteId != null
        ? { id: row.clienteId, documento: row.clienteDocumento!, nombre: `${row.clienteNombre} ${row.clienteApellido}`.trim(), telefono: row.clienteTelefono }
        : null,
  };
}

/** A sale made by an exchange (issue #32 point 2): the return whose value paid part of it; null for any other sale. */
export async function cambioDeVenta(db: Db | Tx, tiendaId: number, ventaId: number): Promise<NonNullable<TRecibo['cambioDe']> | null> {
  const [c] = await db
    .select({ devolucionId: devolucion.idDevolucion, devolucionNumero: devolucion.numero, ventaId: ventaOriginal.idVenta, ventaNumero: ventaOriginal.numero, credito: devolucion.total })
    .from(devolucion)
    .innerJoin(ventaOriginal, eq(ventaOriginal.idVenta, devolucion.ventaId))
    .where(and(eq(devolucion.ventaCambioId, ventaId), eq(devolucion.tiendaId, tiendaId)))
    .limit(1);
  return c ?? null;
}

/**
 * What the customer handed over for an exchange's sale: the stored amount received counts the return's
 * value (it paid the sale, `venta_registrar` checks the whole), except on fiado, where the credit
 * lowered the account instead.
 */
export function entregadoEnCambio(montoRecibido: number, metodoPagoId: number, cambio: { credito: number } | null): number {
  return cambio && metodoPagoId !== METODO.FIADO ? Math.max(0, montoRecibido - cambio.credito) : montoRecibido;
}
