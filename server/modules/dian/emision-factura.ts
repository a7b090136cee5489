/**
 * A sale invoiced to a buyer (issue #57 point 1, ADR 044) becomes its signed *factura electrónica de
 * venta* (type 01) in the same outbox as the POS document, sent by the same worker (SendBillSync).
 * The sale was numbered from its till's invoice range (`venta_numerar`); its lines and the store's
 * data are read as for the POS document (`documentoPosDeVenta`), the buyer is the one kept on the sale
 * and the CUFE's key is the range's technical key, opened from its seal only here. Like the POS
 * document it never makes the sale fail: a failure is logged and the sweep issues it later.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rangoNumeracion, venta } from '../../db/schema';
import { esViolacionUnica } from '../../db/pg-error';
import type { TAdquirente } from '#shared/schemas/factura-electronica';
import { registrarDocumento } from './bandeja';
import { avisarBandeja } from './aviso';
import { abrirClaveTecnica } from './clave-tecnica';
import { credencialDe, type FilaConfiguracion } from './configuracion.domain';
import { contextoDian } from './contexto';
import { configuracionParaTipo } from './habilitacion-tipos';
import { construirFacturaVenta, TIPO_FACTURA_VENTA, type AdquirenteFactura } from './factura-venta';
import { firmarDocumento } from './firma';
import type { DocumentoPos } from './tipos';
import { construirNotaCreditoFactura, notaCreditoAnulacion, notaCreditoDevolucion } from './nota-factura';
import type { DocumentoGenerado } from './xml';

/** The buyer kept on the sale as the builder's buyer. */
export function adquirenteFactura(a: TAdquirente): AdquirenteFactura {
  return {
    tipoPersona: a.tipoPersona,
    tipoDocumento: a.tipoDocumento,
    numero: a.numero,
    ...(a.dv ? { dv: a.dv } : {}),
    nombre: a.nombre,
    email: a.email,
    responsabilidades: a.responsabilidades,
    responsableIva: a.responsableIva,
  };
}

/** Whether a sale was asked as factura electrónica (its buyer kept on it), and its range's sealed key. */
export async function ventaConFactura(db: Db, tiendaId: number, ventaId: number) {
  const [v] = await db
    .select({ adquirente: venta.adquirente, clave: rangoNumeracion.claveTecnica, prefijo: rangoNumeracion.prefijo, desde: rangoNumeracion.desde })
    .from(venta)
    .innerJoin(rangoNumeracion, eq(rangoNumeracion.idRango, venta.rangoId))
    .where(and(eq(venta.idVenta, ventaId), eq(venta.tiendaId, tiendaId), eq(rangoNumeracion.tipo, 'factura')))
    .limit(1);
  return v?.adquirente && v.clave ? { adquirente: v.adquirente, clave: v.clave, prefijo: v.prefijo, desde: v.desde } : null;
}

/**
 * Builds, signs and queues the invoice of a sale asked as factura electrónica. `documento` is the
 * sale read as the POS document's input (its lines, store, range and payment).
 */
export async function registrarFacturaVenta(db: Db, f: FilaConfiguracion, ventaId: number, documento: DocumentoPos, ahora: Date): Promise<boolean> {
  const tiendaId = f.tiendaId;
  const datos = await ventaConFactura(db, tiendaId, ventaId);
  if (!datos) return false;
  // In producción only once DIAN enabled the factura electrónica (issue #57 point 5): until then it
  // waits (the sweep issues it after); its own software signs it.
  const delTipo = await configuracionParaTipo(db, f, TIPO_FACTURA_VENTA);
  const { adquirente: _pos, caja: _caja, puntos: _puntos, contingencia: _c, documentoFisico: _d, ...resto } = documento;
  const g = construirFacturaVenta({
    ...resto,
    software: { ...resto.software, id: delTipo.softwareId!, pin: delTipo.softwarePin! },
    adquirente: adquirenteFactura(datos.adquirente),
    claveTecnica: abrirClaveTecnica(datos.clave, contextoDian().llave(), tiendaId, datos.prefijo, datos.desde),
  });
  const xmlFirmado = firmarDocumento(g.xml, credencialDe(f), { instante: ahora });
  try {
    await registrarDocumento(db, { tiendaId, ventaId, tipo: TIPO_FACTURA_VENTA, numero: g.numero, cude: g.cude, ambiente: documento.ambiente, xmlFirmado }, ahora);
  } catch (err) {
    // Another pass issued it first: one invoice per sale.
    if (!esViolacionUnica(err)) throw err;
  }
  avisarBandeja();
  return true;
}


/** The prefix of the invoices' credit notes (the POS document's notes use `NA`). */
export const PREFIJO_NOTAS_FACTURA = 'NC';

/**
 * The credit note (type 91) of an invoiced sale annulled (concept 2) or partly returned (concept 1,
 * `documento` then carries only the returned units): built from the sale read as the POS document's
 * input plus the buyer kept on the sale (`ventaConFactura`), referencing the invoice's number, CUFE
 * and date.
 */
export function notaCreditoDeFactura(
  adquirente: TAdquirente,
  documento: DocumentoPos,
  factura: { numero: string; cufe: string; fecha: string },
  nota: { concepto: 1 | 2; consecutivo: number; emision: Date; motivo: string },
): DocumentoGenerado {
  const { adquirente: _pos, caja: _caja, puntos: _puntos, contingencia: _c, documentoFisico: _d, ...resto } = documento;
  const o = { factura: { ...resto, adquirente: adquirenteFactura(adquirente) }, ...factura };
  const d = { prefijo: PREFIJO_NOTAS_FACTURA, consecutivo: nota.consecutivo, emision: nota.emision, motivo: nota.motivo };
  return construirNotaCreditoFactura(nota.concepto === 2 ? notaCreditoAnulacion(o, d) : notaCreditoDevolucion(o, d, documento.lineas));
}
