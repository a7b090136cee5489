/**
 * A completed sale of a store with the electronic POS on becomes its signed document in the outbox
 * (issue #31 point 1, ADR 023). Called right after the sale's transaction commits on every face that
 * completes sales (the till's checkout, the step-by-step sale's completion, the back-office's state
 * change) and, as a safety net, by the outbox's worker for any completed sale that has none. It never
 * makes a sale fail: DIAN is reached later by the worker, and a failure here is logged and retried
 * by the sweep. Idempotent: one document per sale (the outbox's unique number per store).
 */
import { brutoLinea } from '#shared/cantidad';
import { and, asc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TDocumentoRecibo } from '#shared/schemas/dian';
import type { TImpuesto, TUnidadDian } from '#shared/impuestos';
import type { Db, Tx } from '../../db/client';
import { alias } from 'drizzle-orm/pg-core';
import { devolucion, devolucionLinea, dianConfiguracion, documentoDian, factura, producto, productoUnidadVenta, venta } from '../../db/schema';
import { unidadDeLinea } from '../venta-registro/unidad-linea';
import { esViolacionUnica } from '../../db/pg-error';
import { leerPerfilFiscal } from '../fiscal/perfil-fiscal';
import { documentoDesdeVenta, type LineaVenta } from './adaptador';
import { registrarDocumento } from './bandeja';
import { notaCreditoDeFactura, registrarFacturaVenta, ventaConFactura } from './emision-factura';
import { TIPO_FACTURA_VENTA } from './factura-venta';
import { avisarBandeja } from './aviso';
import { FABRICANTE, credencialDe, filaConfiguracion, softwareDe, type FilaConfiguracion } from './configuracion.domain';
import { configuracionParaTipo } from './habilitacion-tipos';
import { avisarDian } from './contexto';
import { fechaHoraBogota, urlCatalogo } from './cude';
import { firmarDocumento } from './firma';
import type { Adquirente, DocumentoPos, MedioPago } from './tipos';
import { notaDeAnulacion, notaDeDevolucion } from './nota';
import { construirDocumentoPos, construirNotaAjuste, TIPO_NOTA_CREDITO, type DocumentoGenerado } from './xml';
import { TIPO_NOTA_CREDITO_FACTURA } from './nota-factura';
import { dian as D } from '#shared/messages/dian';
import { facturaElectronica as FE } from '#shared/messages/factura-electronica';
import { puntosParaDocumento } from '../puntos/puntos.domain';
import { fiscalDeCabecera, leerCabeceraVenta, nombreCajero } from '../venta-registro/venta.cabecera';

/**
 * The due date of a fiado sale (payment form crédito): the one the fiado domain fixed on the sale
 * (`venta.fiado_vence`, issue #30 point 6); for a sale made before it existed, its date + 30 days in Bogotá.
 */
export function vencimientoFiado(venta: { fecha: Date; fiadoVence?: string | null }): string {
  if (venta.fiadoVence) return venta.fiadoVence;
  const d = new Date(venta.fecha.getTime() + 30 * 86_400_000 - 5 * 3_600_000);
  return d.toISOString().slice(0, 10);
}

/** Payment methods (shared/roles.ts METODOS_PAGO_SEED) as DIAN's payment means. */
const MEDIO_DE_METODO: Record<number, MedioPago> = { 1: '48', 2: '49', 3: '47', 4: '47', 5: '10', 6: '47' };

/** A customer's document type (the product's codes) as DIAN's ID type. */
const TIPO_DOC_DIAN: Record<string, Adquirente['tipoDocumento']> = { CC: '13', CE: '22', PA: '41', TI: '12', NIT: '31', RC: '11' };

/** A sale's own document: the POS document (20) or, asked by its buyer, the factura electrónica de venta (01). */
const DOCUMENTOS_DE_VENTA = ['20', TIPO_FACTURA_VENTA];

/**
 * Whether a sale has its own electronic document, as one SQL expression (ADR 076 addendum): a sale
 * without one gets no nota de ajuste (`emitirNota` finds no original and stops), so a return reads it
 * among its facts and skips the note's reads when it is false.
 */
export const conDocumentoDeVentaSql = (tiendaId: number, ventaId: number) =>
  sql<boolean>`exists (select 1 from ${documentoDian} where ${documentoDian.tiendaId} = ${tiendaId} and ${documentoDian.ventaId} = ${ventaId} and ${documentoDian.tipo} in (${sql.join(
    DOCUMENTOS_DE_VENTA.map((t) => sql`${t}`),
    sql`, `,
  )}))`;

/** What the receipt shows of a sale's document. */
export async function documentoDeVenta(db: Db, tiendaId: number, ventaId: number): Promise<TDocumentoRecibo | null> {
  const [d] = await db
    .select({ tipo: documentoDian.tipo, numero: documentoDian.numero, cude: documentoDian.cude, estado: documentoDian.estado, contingencia: documentoDian.contingencia, ambiente: documentoDian.ambiente })
    .from(documentoDian)
    .where(and(eq(documentoDian.tiendaId, tiendaId), eq(documentoDian.ventaId, ventaId), inArray(documentoDian.tipo, DOCUMENTOS_DE_VENTA)))
    .limit(1);
  if (!d) return null;
  // An invoice names its buyer on the receipt (issue #57).
  const [v] = d.tipo === TIPO_FACTURA_VENTA ? await db.select({ a: venta.adquirente }).from(venta).where(and(eq(venta.idVenta, ventaId), eq(venta.tiendaId, tiendaId))).limit(1) : [];
  const a = v?.a ?? null;
  return {
    tipo: d.tipo === TIPO_FACTURA_VENTA ? '01' : '20',
    adquirente: a ? { nombre: a.nombre, documento: FE.documentoAdquirente(a.tipoDocumento, a.numero, a.dv) } : null,
    numero: d.numero,
    cude: d.cude,
    url: urlCatalogo(d.cude, d.ambiente === 1 ? 1 : 2),
    estado: d.estado,
    contingencia: d.contingencia,
    ambiente: d.ambiente === 1 ? 'produccion' : 'habilitacion',
    software: FABRICANTE.nombreSoftware,
    fabricante: `${FABRICANTE.razonSocial} (${FABRICANTE.nombreApellido})`,
  };
}

/** A sale as the module's `DocumentoPos` (null: not completed, or without a DIAN number or a fiscal profile). */
/** Returned units of some of a sale's lines (a return's note): by invoice line, units and pesos refunded. */
type Devueltas = Map<number, { cantidad: number; valor: number }>;

export async function documentoPosDeVenta(db: Db, f: FilaConfiguracion, ventaId: number, ahora: Date, estados: string[] = ['Completada'], devueltas?: Devueltas): Promise<DocumentoPos | null> {
  const tiendaId = f.tiendaId;
  const v = await leerCabeceraVenta(db, { tiendaId, ventaId });
  // Without a DIAN number (no range at its till) or not completed: nothing to issue.
  const fiscal = v && fiscalDeCabecera(v);
  if (!v || !fiscal || !estados.includes(v.estado)) return null;
  const perfil = await leerPerfilFiscal(db, tiendaId);
  if (!perfil) return null;
  const lineas = await db
    .select({ idFactura: factura.idFactura, codigo: producto.idProducto, codigoBarras: producto.codigoBarras, nombre: producto.nombre, cantidad: factura.cantidad, unidad: unidadDeLinea, precio: factura.precio, importe: factura.importe, descuento: factura.descuento, impuesto: factura.impuesto, valorBolsa: factura.valorBolsa, presentacion: factura.presentacion, factor: factura.factor, codigoPack: productoUnidadVenta.codigoBarras })
    .from(factura)
    .innerJoin(producto, eq(producto.idProducto, factura.productoId))
    .leftJoin(productoUnidadVenta, eq(productoUnidadVenta.idUnidadVenta, factura.unidadVentaId))
    .where(and(eq(factura.ventaId, ventaId), eq(factura.tiendaId, tiendaId)))
    .orderBy(asc(factura.idFactura));
  const cajero = nombreCajero(v, perfil.razonSocial);
  const documentoCliente = v.clienteDocumento?.replace(/[^0-9A-Za-z]/g, '') ?? '';
  const adquirente: Adquirente | null =
    documentoCliente && documentoCliente !== '222222222222'
      ? { tipoDocumento: TIPO_DOC_DIAN[v.clienteTipo ?? 'CC'] ?? '13', numero: documentoCliente, nombre: `${v.clienteNombre ?? ''} ${v.clienteApellido ?? ''}`.trim() || documentoCliente, email: v.clienteCorreo ?? undefined }
      : null;
  return documentoDesdeVenta({
    nombreTienda: perfil.razonSocial,
    perfil: { ...perfil, telefono: perfil.telefono ?? null },
    // A return's note carries only the returned units, at what was refunded (the sale's discount already in it).
    lineas: (devueltas ? lineas.filter((l) => devueltas.has(l.idFactura)) : lineas).map(
      (l): LineaVenta => ({
        codigo: String(l.codigo),
        // A pack's line (ADR 033): packs at the pack's price, unit code 94, named and coded as the pack.
        codigoBarras: l.factor > 1 ? (l.codigoPack ?? l.codigoBarras) : l.codigoBarras,
        nombre: l.factor > 1 && l.presentacion ? `${l.nombre} ${l.presentacion}` : l.nombre,
        cantidad: devueltas ? devueltas.get(l.idFactura)!.cantidad : l.cantidad,
        unidad: (l.factor > 1 ? '94' : l.unidad) as TUnidadDian,
        // The line's amount by the one rule (ADR 030): the value asked for a line sold by value, else precio × cantidad rounded.
        importe: devueltas ? devueltas.get(l.idFactura)!.valor : brutoLinea(l) - l.descuento,
        impuesto: l.impuesto as TImpuesto | null,
        valorBolsa: l.valorBolsa,
      }),
    ),
    descuento: devueltas ? 0 : v.descuento,
    fiado: v.montoFiado > 0 ? { vencimiento: vencimientoFiado({ fecha: v.fecha, fiadoVence: v.fiadoVence }) } : null,
    medio: MEDIO_DE_METODO[v.metodoPagoId] ?? 'ZZZ',
    adquirente,
    emision: ahora,
    ambiente: f.ambiente === 1 ? 1 : 2,
    consecutivo: fiscal.numero,
    resolucion: { numero: fiscal.resolucion, fechaDesde: fiscal.fechaDesde, fechaHasta: fiscal.fechaHasta, prefijo: fiscal.prefijo, desde: fiscal.desde, hasta: fiscal.hasta },
    software: softwareDe(f, perfil),
    caja: { placa: fiscal.caja, ubicacion: v.ubicacion!, cajero, tipo: 'Caja principal', codigoVenta: String(v.numero) },
    // A sale made without the network (issue #34, ADR 029) was handed over on the device's printed
    // CONTINGENCIA document: its electronic document is a type 07 contingency, transmitted within 48
    // hours of the connection's return (dian.md), naming the physical document it stands for.
    ...(v.numeroDispositivo && !devueltas && !estados.includes('Anulada')
      ? { contingencia: '07' as const, documentoFisico: { numero: v.numeroDispositivo, fecha: v.fechaDispositivo ?? v.fecha } }
      : {}),
  });
}

async function construirYRegistrar(db: Db, f: FilaConfiguracion, ventaId: number, ahora: Date): Promise<void> {
  const tiendaId = f.tiendaId;
  const doc = await documentoPosDeVenta(db, f, ventaId, ahora);
  if (!doc) return;
  // A sale asked as factura electrónica (issue #57, ADR 044) gets its invoice instead.
  if (await registrarFacturaVenta(db, f, ventaId, doc, ahora)) return;
  // The buyer's loyalty points (ADR 054): the balance after the sale, in BeneficiosComprador (not in the CUDE).
  const g = construirDocumentoPos({ ...doc, puntos: await puntosParaDocumento(db, tiendaId, ventaId) });
  const xmlFirmado = firmarDocumento(g.xml, credencialDe(f), { instante: ahora });
  try {
    await registrarDocumento(db, { tiendaId, ventaId, numero: g.numero, cude: g.cude, ambiente: doc.ambiente, xmlFirmado, ...(doc.contingencia ? { contingencia: doc.contingencia } : {}) }, ahora);
  } catch (err) {
    // Another pass (the sweep, a retried request) issued it first: one document per sale.
    if (!esViolacionUnica(err)) throw err;
  }
}

/**
 * Issues the document of one sale when its store has the electronic POS on; answers what its receipt
 * shows (null when the store has it off or the sale has no DIAN number). Never throws: a failure is
 * logged and the sweep tries again.
 */
export async function emitirDocumentoVenta(db: Db, tiendaId: number, ventaId: number, ahora = new Date()): Promise<TDocumentoRecibo | null> {
  try {
    const f = await filaConfiguracion(db, tiendaId);
    if (!f?.habilitado) return null;
    const ya = await documentoDeVenta(db, tiendaId, ventaId);
    if (ya) return ya;
    await construirYRegistrar(db, f, ventaId, ahora);
    avisarBandeja();
    return await documentoDeVenta(db, tiendaId, ventaId);
  } catch (err) {
    avisarDian(err, 'no se pudo emitir el documento electrónico de la venta; se reintentará');
    return null;
  }
}

/**
 * The sweep: completed sales of stores with the electronic POS on, since it was turned on, that
 * have a DIAN number and no document yet (a crash between the sale and its document, a face that
 * completes sales without calling emitirDocumentoVenta). Bounded per pass.
 */
export async function emitirFaltantes(db: Db, limite = 50): Promise<number> {
  const faltan = await db
    .select({ tiendaId: venta.tiendaId, ventaId: venta.idVenta })
    .from(venta)
    .innerJoin(dianConfiguracion, and(eq(dianConfiguracion.tiendaId, venta.tiendaId), eq(dianConfiguracion.habilitado, true)))
    .leftJoin(documentoDian, and(eq(documentoDian.ventaId, venta.idVenta), inArray(documentoDian.tipo, DOCUMENTOS_DE_VENTA)))
    // Bounded to the last week: a document is due within 48 hours; older gaps are for a person.
    .where(
      and(
        eq(venta.estado, 'Completada'),
        isNotNull(venta.numeroFiscal),
        isNull(documentoDian.idDocumento),
        gte(venta.fecha, sql`greatest(${dianConfiguracion.habilitadoDesde}, now() - interval '7 days')`),
      ),
    )
    .orderBy(asc(venta.idVenta))
    .limit(limite);
  let n = 0;
  for (const s of faltan) if (await emitirDocumentoVenta(db, s.tiendaId, s.ventaId)) n++;
  return n;
}

/**
 * Annulling a sale that has an electronic document issues its *nota de ajuste* (credit, concept 2
 * anulación, issue #31 point 7) into the outbox: every line back, referencing the original's number,
 * CUDE and date, numbered with the store's own notes' prefix (`NA`). Notes have no contingency: they
 * wait in the outbox. Called after the annulment commits; never fails it; once per sale (a unique
 * index, `documento_dian_anulacion_uq`); a failure here is issued by the sweep (`emitirNotasFaltantes`).
 */
export async function emitirNotaAnulacion(db: Db, tiendaId: number, ventaId: number, ahora = new Date()): Promise<void> {
  try {
    await emitirNota(db, tiendaId, ventaId, 2, ahora);
  } catch (err) {
    avisarDian(err, 'no se pudo emitir la nota de ajuste de la venta anulada; se reintentará');
  }
}

/**
 * A return of part of an electronic sale (issue #32) issues its *nota de ajuste* (concept 1,
 * devolución parcial) with the returned units at what was refunded, read from the return itself.
 * Called after the return commits and by the sweep; once per return (`documento_dian_devolucion_uq`);
 * never fails it.
 */
export async function emitirNotaDevolucion(db: Db, tiendaId: number, devolucionId: number, ahora = new Date()): Promise<void> {
  try {
    const [d] = await db
      .select({ ventaId: devolucion.ventaId, motivo: devolucion.motivo })
      .from(devolucion)
      .where(and(eq(devolucion.idDevolucion, devolucionId), eq(devolucion.tiendaId, tiendaId)))
      .limit(1);
    if (!d) return;
    // Units and pesos per sale line (a line may come twice in one return), summed exactly in SQL.
    const lineas = await db
      .select({ facturaId: devolucionLinea.facturaId, cantidad: sql<string>`sum(${devolucionLinea.cantidad})::text`, valor: sql<string>`sum(${devolucionLinea.valor})::text` })
      .from(devolucionLinea)
      .where(eq(devolucionLinea.devolucionId, devolucionId))
      .groupBy(devolucionLinea.facturaId);
    const devueltas: Devueltas = new Map(lineas.map((l) => [l.facturaId, { cantidad: Number(l.cantidad), valor: Number(l.valor) }]));
    await emitirNota(db, tiendaId, d.ventaId, 1, ahora, { devolucionId, devueltas, motivo: d.motivo });
  } catch (err) {
    avisarDian(err, 'no se pudo emitir la nota de ajuste de la devolución; se reintentará');
  }
}

/** Raised inside a note's transaction when another pass issued it first: undoes the number taken. */
class NotaYaEmitida extends Error {}

async function emitirNota(db: Db, tiendaId: number, ventaId: number, concepto: 1 | 2, ahora: Date, devolucionDe?: { devolucionId: number; devueltas: Devueltas; motivo: string }): Promise<void> {
  const f = await filaConfiguracion(db, tiendaId);
  if (!f) return;
  const yaEmitida = async (q: Db | Tx) => {
    const [ya] = await q
      .select({ id: documentoDian.idDocumento })
      .from(documentoDian)
      .where(
        devolucionDe
          ? eq(documentoDian.devolucionId, devolucionDe.devolucionId)
          : and(eq(documentoDian.tiendaId, tiendaId), eq(documentoDian.ventaId, ventaId), inArray(documentoDian.tipo, [TIPO_NOTA_CREDITO, TIPO_NOTA_CREDITO_FACTURA]), eq(documentoDian.concepto, 2)),
      )
      .limit(1);
    return !!ya;
  };
  if (await yaEmitida(db)) return;
  // The sale's own document: its POS document, or its invoice (issue #57 point 2: then a credit note, type 91).
  const [original] = await db
    .select({ tipo: documentoDian.tipo, numero: documentoDian.numero, cude: documentoDian.cude, xml: documentoDian.xmlFirmado })
    .from(documentoDian)
    .where(and(eq(documentoDian.tiendaId, tiendaId), eq(documentoDian.ventaId, ventaId), inArray(documentoDian.tipo, DOCUMENTOS_DE_VENTA)))
    .limit(1);
  if (!original) return;
  const devueltas = devolucionDe?.devueltas;
  const doc = await documentoPosDeVenta(db, f, ventaId, ahora, concepto === 2 ? ['Anulada'] : ['Completada'], devueltas);
  if (!doc || doc.lineas.length === 0) return;
  const fecha = /<cbc:IssueDate>([^<]+)<\/cbc:IssueDate>/.exec(original.xml)?.[1] ?? fechaHoraBogota(ahora).fecha;
  // An invoice's note names its buyer, the one kept on the sale.
  const facturada = original.tipo === TIPO_FACTURA_VENTA ? await ventaConFactura(db, tiendaId, ventaId) : null;
  if (original.tipo === TIPO_FACTURA_VENTA && !facturada) return;
  // An invoice's credit note is signed with the factura's own software (issue #57 point 5).
  const delTipo = facturada ? await configuracionParaTipo(db, f, TIPO_NOTA_CREDITO_FACTURA, false) : f;
  const razon = devolucionDe?.motivo.trim() || D.motivoAnulacion(original.numero);
  try {
    await db.transaction(async (tx) => {
      // One counter numbers every note of the store (NA… and NC…): a number is never given twice. Its
      // row lock orders two passes issuing the same note; the second sees the first's and undoes its number.
      const [n] = await tx
        .update(dianConfiguracion)
        .set({ notaSiguiente: sql`${dianConfiguracion.notaSiguiente} + 1` })
        .where(eq(dianConfiguracion.tiendaId, tiendaId))
        .returning({ numero: sql<number>`${dianConfiguracion.notaSiguiente} - 1` });
      if (await yaEmitida(tx)) throw new NotaYaEmitida();
      let g: DocumentoGenerado;
      let tipo: string;
      if (facturada) {
        tipo = TIPO_NOTA_CREDITO_FACTURA;
        g = notaCreditoDeFactura(facturada.adquirente, { ...doc, software: { ...doc.software, id: delTipo.softwareId!, pin: delTipo.softwarePin! } }, { numero: original.numero, cufe: original.cude, fecha }, { concepto, consecutivo: Number(n!.numero), emision: ahora, motivo: razon });
      } else {
        tipo = TIPO_NOTA_CREDITO;
        const o = { documento: doc, numero: original.numero, cude: original.cude, fecha };
        const datos = { resolucion: { ...doc.resolucion, prefijo: PREFIJO_NOTAS, desde: 1, hasta: 999_999_999 }, consecutivo: Number(n!.numero), emision: ahora, motivo: razon };
        g = construirNotaAjuste(concepto === 2 ? notaDeAnulacion(o, datos) : notaDeDevolucion(o, datos, doc.lineas));
      }
      const xmlFirmado = firmarDocumento(g.xml, credencialDe(f), { instante: ahora });
      await registrarDocumento(tx as unknown as Db, { tiendaId, ventaId, tipo, concepto, devolucionId: devolucionDe?.devolucionId ?? null, numero: g.numero, cude: g.cude, ambiente: doc.ambiente, xmlFirmado }, ahora);
    });
  } catch (err) {
    // Another pass (the sweep on another instance, a retried request) issued it first: one note.
    if (err instanceof NotaYaEmitida || esViolacionUnica(err)) return;
    throw err;
  }
  avisarBandeja();
}

/**
 * The notes' sweep (issue #57): annulments and returns of sales that have their DIAN document and no
 * note yet (the note failed to be built, signed or queued, or the process stopped between the
 * annulment or return and its note), since the store turned the electronic document on, within the
 * last week (a note is due with its document; older gaps are for a person). Runs after the sales'
 * sweep, so a sale's document comes before its note. Bounded per pass; idempotent (`emitirNota`).
 */
export async function emitirNotasFaltantes(db: Db, limite = 50): Promise<number> {
  const original = alias(documentoDian, 'original');
  const nota = alias(documentoDian, 'nota');
  const desde = sql`greatest(${dianConfiguracion.habilitadoDesde}, now() - interval '7 days')`;
  const anuladas = await db
    .select({ tiendaId: venta.tiendaId, ventaId: venta.idVenta })
    .from(venta)
    .innerJoin(dianConfiguracion, and(eq(dianConfiguracion.tiendaId, venta.tiendaId), eq(dianConfiguracion.habilitado, true)))
    .innerJoin(original, and(eq(original.ventaId, venta.idVenta), inArray(original.tipo, DOCUMENTOS_DE_VENTA)))
    .leftJoin(nota, and(eq(nota.ventaId, venta.idVenta), eq(nota.concepto, 2)))
    .where(and(eq(venta.estado, 'Anulada'), isNull(nota.idDocumento), gte(original.creadoEn, desde)))
    .orderBy(asc(venta.idVenta))
    .limit(limite);
  const devoluciones = await db
    .select({ tiendaId: devolucion.tiendaId, devolucionId: devolucion.idDevolucion })
    .from(devolucion)
    .innerJoin(dianConfiguracion, and(eq(dianConfiguracion.tiendaId, devolucion.tiendaId), eq(dianConfiguracion.habilitado, true)))
    .innerJoin(original, and(eq(original.ventaId, devolucion.ventaId), inArray(original.tipo, DOCUMENTOS_DE_VENTA)))
    .leftJoin(nota, eq(nota.devolucionId, devolucion.idDevolucion))
    .where(and(isNull(nota.idDocumento), gte(devolucion.fecha, desde)))
    .orderBy(asc(devolucion.idDevolucion))
    .limit(limite);
  for (const a of anuladas) await emitirNotaAnulacion(db, a.tiendaId, a.ventaId);
  for (const d of devoluciones) await emitirNotaDevolucion(db, d.tiendaId, d.devolucionId);
  return anuladas.length + devoluciones.length;
}

/** The adjustment notes' own prefix. */
export const PREFIJO_NOTAS = 'NA';
