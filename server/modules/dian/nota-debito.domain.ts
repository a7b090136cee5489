/**
 * A debit note to an invoiced sale (issue #57 point 2, ADR 050): the owner charges the buyer
 * something after the sale — interest, a freight, a price corrected upward — and the store issues a
 * *nota débito* (UBL DebitNote, DIAN type 92) referencing the invoice's CUFE, into the same outbox
 * as every DIAN document (sent by the same worker once the invoice is accepted; no contingency: a
 * note waits). Only role 1, and only a completed sale that has its factura electrónica de venta;
 * the rule lives here, the route only adapts. Numbered from the store's one notes' counter (prefix
 * `ND`), its number, build, signature, outbox row and activity entry in one transaction.
 */
import type { Element as ElementoXml } from '@xmldom/xmldom';
import { and, asc, eq, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { dian as D } from '#shared/messages/dian';
import { ROL } from '#shared/roles';
import type { TNotaDebito, TNotaDebitoRequest, TNotasDebitoVenta } from '#shared/schemas/dian';
import type { Db } from '../../db/client';
import { xmldom } from '../../lib/perezoso';
import { dianConfiguracion, documentoDian, venta } from '../../db/schema';
import { registrarPor, type Autor } from '../actividad/actividad.domain';
import { avisarBandeja } from './aviso';
import { registrarDocumento } from './bandeja';
import { credencialDe, filaConfiguracion } from './configuracion.domain';
import { configuracionParaTipo } from './habilitacion-tipos';
import { fechaHoraBogota } from './cude';
import { documentoPosDeVenta } from './emision';
import { adquirenteFactura, ventaConFactura } from './emision-factura';
import { TIPO_FACTURA_VENTA } from './factura-venta';
import { firmarDocumento } from './firma';
import { construirNotaDebitoFactura, lineasDeCargos, notaDebito, TIPO_NOTA_DEBITO_FACTURA, type ConceptoNotaDebito } from './nota-debito';
import { NS } from './xml';

const N = D.notaDebito;

/** The sale's invoice (type 01) in the outbox, or null. */
async function facturaDeVenta(db: Db, tiendaId: number, ventaId: number) {
  const [f] = await db
    .select({ numero: documentoDian.numero, cufe: documentoDian.cude, estado: documentoDian.estado, xml: documentoDian.xmlFirmado })
    .from(documentoDian)
    .where(and(eq(documentoDian.tiendaId, tiendaId), eq(documentoDian.ventaId, ventaId), eq(documentoDian.tipo, TIPO_FACTURA_VENTA)))
    .limit(1);
  return f ?? null;
}

/** What a debit note's XML says of itself: its concept, reason and total (pesos). */
function leerNota(xml: string): { concepto: number | null; motivo: string; total: number } {
  const doc = new (xmldom().DOMParser)().parseFromString(xml, 'text/xml');
  const dr = doc.getElementsByTagNameNS(NS.cac, 'DiscrepancyResponse')[0];
  const texto = (el: ElementoXml | undefined, local: string) => el?.getElementsByTagNameNS(NS.cbc, local)[0]?.textContent ?? '';
  const total = texto(doc.getElementsByTagNameNS(NS.cac, 'RequestedMonetaryTotal')[0], 'PayableAmount');
  const concepto = Number(texto(dr, 'ResponseCode'));
  return { concepto: Number.isInteger(concepto) && concepto > 0 ? concepto : null, motivo: texto(dr, 'Description'), total: Math.round(Number(total || '0')) };
}

/** A sale's invoice and its debit notes, oldest first (what the sale's detail shows role 1). */
export async function notasDebitoDeVenta(options: { db: Db; tiendaId: number; ventaId: number }): Promise<TNotasDebitoVenta> {
  const { db, tiendaId, ventaId } = options;
  const [v] = await db.select({ estado: venta.estado }).from(venta).where(and(eq(venta.idVenta, ventaId), eq(venta.tiendaId, tiendaId))).limit(1);
  if (!v) throw new AppError('NOT_FOUND', N.ventaNoEncontrada);
  const f = await facturaDeVenta(db, tiendaId, ventaId);
  if (!f) return { factura: null, puedeEmitir: false, notas: [] };
  const [config, filas] = await Promise.all([
    filaConfiguracion(db, tiendaId),
    db
      .select()
      .from(documentoDian)
      .where(and(eq(documentoDian.tiendaId, tiendaId), eq(documentoDian.ventaId, ventaId), eq(documentoDian.tipo, TIPO_NOTA_DEBITO_FACTURA)))
      .orderBy(asc(documentoDian.idDocumento)),
  ]);
  return {
    factura: { numero: f.numero, cufe: f.cufe, estado: f.estado },
    puedeEmitir: !!config?.habilitado && v.estado === 'Completada',
    notas: filas.map((d) => ({ id: d.idDocumento, numero: d.numero, cude: d.cude, estado: d.estado, ...leerNota(d.xmlFirmado), creadoEn: d.creadoEn.toISOString() })),
  };
}

export async function emitirNotaDebito(options: { db: Db; tiendaId: number; ventaId: number; datos: TNotaDebitoRequest; autor: Autor; ahora?: Date }): Promise<TNotaDebito> {
  const { db, tiendaId, ventaId, datos, autor } = options;
  const ahora = options.ahora ?? new Date();
  if (autor.rol !== ROL.ADMIN) throw new AppError('FORBIDDEN', N.soloAdministrador);
  const [v] = await db.select({ estado: venta.estado, numero: venta.numero }).from(venta).where(and(eq(venta.idVenta, ventaId), eq(venta.tiendaId, tiendaId))).limit(1);
  if (!v) throw new AppError('NOT_FOUND', N.ventaNoEncontrada);
  const general = await filaConfiguracion(db, tiendaId);
  if (!general?.habilitado) throw new AppError('BUSINESS_RULE', N.sinDocumentoElectronico);
  // In producción only once DIAN enabled the factura electrónica and its notes (issue #57 point 5); their own software.
  const f = await configuracionParaTipo(db, general, TIPO_NOTA_DEBITO_FACTURA);
  const factura = await facturaDeVenta(db, tiendaId, ventaId);
  if (!factura) throw new AppError('BUSINESS_RULE', N.soloFactura);
  if (v.estado !== 'Completada') throw new AppError('BUSINESS_RULE', N.ventaNoCompletada);
  const facturada = await ventaConFactura(db, tiendaId, ventaId);
  const documento = await documentoPosDeVenta(db, f, ventaId, ahora);
  if (!facturada || !documento) throw new AppError('BUSINESS_RULE', N.soloFactura);

  const concepto = datos.concepto as ConceptoNotaDebito;
  const motivo = datos.motivo.trim();
  const cargos = datos.cargos.map((c) => ({ ...c, descripcion: c.descripcion.trim() }));
  const total = cargos.reduce((s, c) => s + c.valor, 0);
  const fecha = /<cbc:IssueDate>([^<]+)<\/cbc:IssueDate>/.exec(factura.xml)?.[1] ?? fechaHoraBogota(ahora).fecha;
  const { adquirente: _pos, caja: _caja, puntos: _puntos, contingencia: _c, documentoFisico: _d, ...resto } = documento;
  const original = { factura: { ...resto, adquirente: adquirenteFactura(facturada.adquirente) }, numero: factura.numero, cufe: factura.cufe, fecha };

  const fila = await db.transaction(async (tx) => {
    // The store's one notes' counter (NA…, NC…, ND…): a number is never given twice.
    const [n] = await tx
      .update(dianConfiguracion)
      .set({ notaSiguiente: sql`${dianConfiguracion.notaSiguiente} + 1` })
      .where(eq(dianConfiguracion.tiendaId, tiendaId))
      .returning({ numero: sql<number>`${dianConfiguracion.notaSiguiente} - 1` });
    const g = construirNotaDebitoFactura(notaDebito(original, { consecutivo: Number(n!.numero), emision: ahora, concepto, motivo, lineas: lineasDeCargos(cargos) }));
    const xmlFirmado = firmarDocumento(g.xml, credencialDe(f), { instante: ahora });
    const d = await registrarDocumento(tx as unknown as Db, { tiendaId, ventaId, tipo: TIPO_NOTA_DEBITO_FACTURA, numero: g.numero, cude: g.cude, ambiente: documento.ambiente, xmlFirmado }, ahora);
    await registrarPor(tx, tiendaId, autor, {
      tipo: 'documento_electronico',
      detalle: { accion: 'nota_debito', ventaId, ventaNumero: v.numero, factura: factura.numero, numero: g.numero, concepto, motivo, total },
    });
    return d;
  });
  avisarBandeja();
  return { id: fila.idDocumento, numero: fila.numero, cude: fila.cude, estado: fila.estado, concepto, motivo, total, creadoEn: fila.creadoEn.toISOString() };
}
