/**
 * A sale invoiced at the till (issue #57 point 1, ADR 044): the buyer asks for a factura, so the sale
 * is issued as *factura electrónica de venta* (type 01, CUFE, buyer identified) instead of the POS
 * document. The same checkout (`prepararCheckout`: lines, discounts, stock, payment, fiado, PIN) in
 * one transaction that first tells `venta_numerar` the buyer (a transaction-local setting), so the
 * sale takes its number from the till's invoice range and keeps the buyer; a customer named by the
 * sale may remember the buyer's fiscal data. After commit the invoice goes to the DIAN outbox.
 */
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { facturaElectronica as FE } from '#shared/messages/factura-electronica';
import type { TAdquirente } from '#shared/schemas/factura-electronica';
import type { TFacturaElectronicaDetalle } from '#shared/schemas/factura';
import type { TRecibo } from '#shared/schemas/venta';
import type { Db, Tx } from '../../db/client';
import { cliente, documentoDian, rangoNumeracion, venta } from '../../db/schema';
import { filaConfiguracion } from '../dian/configuracion.domain';
import { emitirDocumentoVenta } from '../dian/emision';
import { configuracionParaTipo } from '../dian/habilitacion-tipos';
import { TIPO_FACTURA_VENTA } from '../dian/factura-venta';
import { conRechazos } from '../tienda/permisos';
import type { Autorizante } from '../tienda/autorizacion';
import { escribirConPin, prepararCheckout, type PedidoVenta, type ResultadoVenta } from './venta.checkout';
import { obtenerRecibo } from './venta.recibo';
import { ventasVisibles, type LectorVentas } from './ventas-visibles';
import { clientesDeLaTienda, propioPrimero } from '../tienda/clientes.alcance';

export interface PedidoFactura extends PedidoVenta {
  adquirente: TAdquirente;
  /** Keep the buyer's data on the customer named by the sale (`documentoCliente`). */
  recordar: boolean;
}

export async function registrarVentaFactura(options: PedidoFactura): Promise<TRecibo> {
  const { db, tiendaId } = options;
  const f = await filaConfiguracion(db, tiendaId);
  if (!f?.habilitado) throw new AppError('BUSINESS_RULE', FE.sinDocumentoElectronico);
  // In producción only once DIAN enabled the factura electrónica (issue #57 point 5): refused before the sale.
  await configuracionParaTipo(db, f, TIPO_FACTURA_VENTA);
  const recibo = await conRechazos(db, async () => {
    const clave = options.input.clave ?? null;
    if (clave) {
      const [repetida] = await db.select({ id: venta.idVenta }).from(venta).where(and(eq(venta.tiendaId, tiendaId), eq(venta.clave, clave))).limit(1);
      if (repetida) return obtenerRecibo({ db, tiendaId, ventaId: repetida.id });
    }
    const c = await prepararCheckout(options);
    const adquirente = JSON.stringify(options.adquirente);
    const escribir = async (tx: Tx, autorizadoPor: Autorizante | null): Promise<ResultadoVenta> => {
      // venta_numerar reads it (the sale's number from the invoice range, the buyer kept on it); local to this transaction.
      await tx.execute(sql`select set_config('adax.adquirente', ${adquirente}, true)`);
      const r = await c.escribir(tx, autorizadoPor);
      // Only the customer the sale was made to: two flagged customers of one empresa share a documento (migration 0090).
      if (r.estado === 'ok' && options.recordar && c.clienteId !== null)
        await tx
          .update(cliente)
          .set({ datosFiscales: options.adquirente })
          .where(and(clientesDeLaTienda(tiendaId), eq(cliente.idCliente, c.clienteId)));
      return r;
    };
    // Written once; a supervisor's PIN, when the sale needs one, checked before (as at the till).
    const { escrito: r, autorizadoPor } = await escribirConPin(db, c, escribir, (v) => v);
    return c.recibo(db, r, autorizadoPor);
  });
  // The invoice, right after the sale committed (the worker's sweep issues it if this fails).
  recibo.documento = await emitirDocumentoVenta(db, tiendaId, recibo.id);
  return recibo;
}

/**
 * A buyer who asks for a factura for a sale already made (ADR 044): refused and explained. DIAN's
 * doctrine (Concepto 100192467-2727 de 2024, ET art. 615) is that the invoice or equivalent document is
 * issued when the sale is made; a POS document issued with its requirements fulfils the obligation and
 * may not be annulled to issue another: an annulment is only for a sale that did not happen.
 */
export async function facturarVentaHecha(db: PedidoVenta['db'], tiendaId: number, ventaId: number, lector: LectorVentas): Promise<never> {
  // Another employee's sale a role 2 may not see answers as a missing one (ventasVisibles).
  const visibles = await ventasVisibles(db, tiendaId, lector);
  const [v] = await db
    .select({ id: venta.idVenta })
    .from(venta)
    .where(and(eq(venta.idVenta, ventaId), eq(venta.tiendaId, tiendaId), visibles ?? undefined))
    .limit(1);
  if (!v) throw new AppError('NOT_FOUND', FE.ventaNoEncontrada);
  const [d] = await db
    .select({ numero: documentoDian.numero, tipo: documentoDian.tipo })
    .from(documentoDian)
    .where(and(eq(documentoDian.tiendaId, tiendaId), eq(documentoDian.ventaId, ventaId)))
    .orderBy(documentoDian.idDocumento)
    .limit(1);
  if (d?.tipo === '01') throw new AppError('CONFLICT', FE.yaEsFactura(d.numero));
  throw new AppError('CONFLICT', d ? FE.yaTieneDocumentoPos(d.numero) : FE.despuesDeLaVenta);
}

/** The fiscal data a customer remembers (the till's buyer form fills itself with them), or null. */
export async function datosFiscalesDeCliente(db: PedidoVenta['db'], tiendaId: number, documento: string): Promise<{ datosFiscales: TAdquirente | null }> {
  const [c] = await db
    .select({ datos: cliente.datosFiscales })
    .from(cliente)
    .where(and(clientesDeLaTienda(tiendaId), eq(cliente.documento, documento.trim()), eq(cliente.activo, true)))
    .orderBy(propioPrimero(tiendaId))
    .limit(1);
  if (!c) throw new AppError('NOT_FOUND', FE.clienteNoEncontrado);
  return { datosFiscales: c.datos ?? null };
}

/**
 * A sale invoiced to a buyer, as its detail shows it (issue #57): the invoice's number with its range's
 * prefix (FE2, the number it took from the till's invoice range), its CUFE once the document is built,
 * and the buyer kept on the sale. Null for any other sale (a POS document, a store-numbered sale).
 */
export async function facturaDeVenta(db: Db | Tx, tiendaId: number, ventaId: number): Promise<TFacturaElectronicaDetalle | null> {
  const [r] = await db
    .select({ adquirente: venta.adquirente, prefijo: rangoNumeracion.prefijo, numeroFiscal: venta.numeroFiscal, numero: documentoDian.numero, cufe: documentoDian.cude })
    .from(venta)
    .leftJoin(rangoNumeracion, eq(rangoNumeracion.idRango, venta.rangoId))
    .leftJoin(documentoDian, and(eq(documentoDian.tiendaId, tiendaId), eq(documentoDian.ventaId, venta.idVenta), eq(documentoDian.tipo, TIPO_FACTURA_VENTA)))
    .where(and(eq(venta.idVenta, ventaId), eq(venta.tiendaId, tiendaId)))
    .limit(1);
  const a = r?.adquirente;
  if (!r || !a) return null;
  const numero = r.numero ?? (r.numeroFiscal != null ? `${r.prefijo ?? ''}${r.numeroFiscal}` : null);
  if (!numero) return null;
  return { numero, cufe: r.cufe ?? null, adquirente: { nombre: a.nombre, documento: FE.documentoAdquirente(a.tipoDocumento, a.numero, a.dv ?? null) } };
}

/**
 * For a list of sales joined with the sale's range (`rango_numeracion` on `venta.rango_id`): the
 * invoice's number (FE2) of a sale invoiced to a buyer, null for any other.
 */
export const numeroFacturaDeVenta = sql<string | null>`case when ${venta.adquirente} is not null and ${venta.numeroFiscal} is not null then ${rangoNumeracion.prefijo} || ${venta.numeroFiscal} end`;
/** The invoice's buyer's name of a sale invoiced to one, else null (the list names them as its customer). */
export const nombreAdquirente = sql<string | null>`${venta.adquirente} ->> 'nombre'`;
