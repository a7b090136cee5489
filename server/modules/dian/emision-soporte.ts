/**
 * A reception from a supplier who does not invoice becomes its signed *documento soporte* (type 05,
 * issue #57 point 3, ADR 055) in the same outbox as every DIAN document, sent by the same worker.
 * Issued right after the reception commits (and by the worker's sweep for one missed within the
 * week DIAN allows to accumulate purchases): numbered from the store's DS range in use, its number,
 * build, signature, outbox row and activity entry in one transaction. It never makes the reception
 * fail: without a DS range the reception's detail says so, and the sweep issues it once one exists.
 * Its *nota de ajuste* (type 95) — a return to the supplier, an annulment, a discount — is issued by
 * role 1 from the reception, referencing the DS's CUDS; it waits in the outbox until the DS is accepted.
 */
import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '#shared/errors';
import { documentoSoporte as S } from '#shared/messages/documento-soporte';
import { ROL } from '#shared/roles';
import { importeCompra } from '#shared/costo';
import type { TNotaSoporteRequest, TSoporteRecepcion } from '#shared/schemas/documento-soporte';
import type { Db, Tx } from '../../db/client';
import { dianConfiguracion, documentoDian, entregaPedido, producto, proveedor, rangoNumeracion, recepcion } from '../../db/schema';
import { registrarPor, type Autor } from '../actividad/actividad.domain';
import { leerPerfilFiscal } from '../fiscal/perfil-fiscal';
import { emisorDePerfil } from './adaptador';
import { avisarBandeja } from './aviso';
import { registrarDocumento } from './bandeja';
import { credencialDe, filaConfiguracion, softwareDe, type FilaConfiguracion } from './configuracion.domain';
import { configuracionParaTipo } from './habilitacion-tipos';
import { avisarDian } from './contexto';
import { fechaHoraBogota } from './cude';
import {
  construirDocumentoSoporte,
  construirNotaSoporte,
  lineaSoporte,
  PREFIJO_NOTAS_SOPORTE,
  TIPO_DOCUMENTO_SOPORTE,
  TIPO_ID_DIAN,
  TIPO_NOTA_SOPORTE,
  type DocumentoSoporte,
  type LineaCompraSoporte,
} from './documento-soporte';
import { firmarDocumento } from './firma';
import { nombreDepartamento, nombreMunicipio } from './divipola';

/** The days a purchase may wait for its DS (DIAN allows accumulating a week's purchases from one seller). */
const DIAS_SOPORTE = 6;

/** A reception read as what its DS needs: its supplier (null when the supplier invoices) and its lines. */
async function recepcionParaSoporte(db: Db | Tx, tiendaId: number, recepcionId: number) {
  const [r] = await db
    .select({
      numero: recepcion.numero,
      total: recepcion.total,
      fecha: recepcion.fecha,
      obligado: proveedor.obligadoFacturar,
      nombre: proveedor.nombre,
      tipo: proveedor.tipoIdentificacion,
      documento: proveedor.documento,
      direccion: proveedor.direccion,
      municipio: proveedor.municipio,
      email: proveedor.email,
    })
    .from(recepcion)
    .innerJoin(proveedor, eq(proveedor.idProveedor, recepcion.proveedorId))
    .where(and(eq(recepcion.idRecepcion, recepcionId), eq(recepcion.tiendaId, tiendaId)))
    .limit(1);
  if (!r) return null;
  const filas = await db
    .select({
      productoId: entregaPedido.productoId,
      codigo: producto.idProducto,
      codigoBarras: producto.codigoBarras,
      nombre: producto.nombre,
      unidad: sql<string>`coalesce(${producto.unidadDian}, '94')`,
      cantidad: entregaPedido.cantidad,
      costoUnit: entregaPedido.costoUnit,
      factor: entregaPedido.factor,
      presentacion: entregaPedido.presentacion,
      costoEmpaque: entregaPedido.costoEmpaque,
    })
    .from(entregaPedido)
    .innerJoin(producto, eq(producto.idProducto, entregaPedido.productoId))
    .where(and(eq(entregaPedido.recepcionId, recepcionId), eq(entregaPedido.tiendaId, tiendaId)))
    .orderBy(asc(entregaPedido.idEntrega));
  const lineas = filas.map((l): LineaCompraSoporte & { productoId: number; costoUnit: number } => {
    const pack = l.factor != null && l.costoEmpaque != null && l.presentacion != null;
    return {
      productoId: l.productoId,
      costoUnit: l.costoUnit ?? 0,
      codigo: String(l.codigo),
      codigoBarras: l.codigoBarras,
      nombre: pack ? `${l.nombre} ${l.presentacion}` : l.nombre,
      // A pack line goes in packs at the pack's cost (ADR 036); the others in the product's unit.
      cantidad: pack ? l.cantidad / l.factor! : l.cantidad,
      unidad: pack ? '94' : l.unidad,
      importe: pack ? importeCompra({ cantidad: l.cantidad / l.factor!, costo: l.costoEmpaque!, factor: l.factor }) : importeCompra({ cantidad: l.cantidad, costo: l.costoUnit ?? 0 }),
    };
  });
  return { ...r, lineas };
}

type Recepcion = NonNullable<Awaited<ReturnType<typeof recepcionParaSoporte>>>;

/** The DS's input for a reception at `ahora`, numbered `consecutivo` from `rango`. */
async function documentoDeRecepcion(db: Db | Tx, f: FilaConfiguracion, r: Omit<Recepcion, 'lineas'> & { lineas: LineaCompraSoporte[] }, rango: DocumentoSoporte['resolucion'], consecutivo: number, ahora: Date): Promise<DocumentoSoporte | null> {
  const perfil = await leerPerfilFiscal(db, f.tiendaId);
  if (!perfil || !r.tipo || !r.documento || !r.direccion || !r.municipio) return null;
  const [numero = '', dv] = r.documento.split('-');
  return {
    ambiente: f.ambiente === 1 ? 1 : 2,
    consecutivo,
    emision: ahora,
    adquiriente: emisorDePerfil({ ...perfil, telefono: perfil.telefono ?? null }, perfil.razonSocial),
    vendedor: {
      tipoDocumento: TIPO_ID_DIAN[r.tipo] ?? '13',
      numero,
      ...(dv ? { dv } : {}),
      nombre: r.nombre,
      direccion: {
        municipioCodigo: r.municipio,
        municipio: nombreMunicipio(r.municipio) ?? r.municipio,
        departamentoCodigo: r.municipio.slice(0, 2),
        departamento: nombreDepartamento(r.municipio) ?? r.municipio.slice(0, 2),
        linea: r.direccion,
      },
      ...(r.email ? { email: r.email } : {}),
    },
    resolucion: rango,
    software: softwareDe(f, perfil),
    lineas: r.lineas.map(lineaSoporte),
    pago: { forma: 1, medio: '10' },
    nota: `Compra N.º ${r.numero}`,
  };
}

/** The store's DS range in use and valid today, its next number taken (null: none, exhausted or expired). */
async function tomarNumero(tx: Tx, tiendaId: number, hoy: string) {
  const [r] = await tx
    .update(rangoNumeracion)
    .set({ siguiente: sql`${rangoNumeracion.siguiente} + 1` })
    .where(
      and(
        eq(rangoNumeracion.tiendaId, tiendaId),
        eq(rangoNumeracion.tipo, 'soporte'),
        eq(rangoNumeracion.enUso, true),
        lte(rangoNumeracion.siguiente, rangoNumeracion.hasta),
        lte(rangoNumeracion.fechaDesde, hoy),
        gte(rangoNumeracion.fechaHasta, hoy),
      ),
    )
    .returning();
  if (!r) return null;
  return { consecutivo: r.siguiente - 1, rango: { numero: r.resolucion, fechaDesde: r.fechaDesde, fechaHasta: r.fechaHasta, prefijo: r.prefijo, desde: r.desde, hasta: r.hasta } };
}

/**
 * Issues the DS of one reception when its store has electronic documents on and its supplier does not
 * invoice. Answers whether one exists now. Never throws: a failure is logged and the sweep tries again.
 */
export async function emitirDocumentoSoporte(db: Db, tiendaId: number, recepcionId: number, autor: Autor | null, ahora = new Date()): Promise<boolean> {
  try {
    const general = await filaConfiguracion(db, tiendaId);
    if (!general?.habilitado) return false;
    // In producción only once DIAN enabled the documento soporte (issue #57 point 5): until then the
    // reception waits without it and the sweep issues it after; its own software signs it.
    const f = await configuracionParaTipo(db, general, TIPO_DOCUMENTO_SOPORTE).catch((err: unknown) => {
      if (err instanceof AppError) return null;
      throw err;
    });
    if (!f) return false;
    const r = await recepcionParaSoporte(db, tiendaId, recepcionId);
    if (!r || r.obligado || r.lineas.length === 0) return false;
    const hecho = await db.transaction(async (tx) => {
      // One DS per reception: the reception's row is the lock two passes meet on.
      await tx.select({ id: recepcion.idRecepcion }).from(recepcion).where(eq(recepcion.idRecepcion, recepcionId)).for('update');
      const [ya] = await tx.select({ id: documentoDian.idDocumento }).from(documentoDian).where(and(eq(documentoDian.recepcionId, recepcionId), eq(documentoDian.tipo, TIPO_DOCUMENTO_SOPORTE))).limit(1);
      if (ya) return true;
      const numero = await tomarNumero(tx, tiendaId, fechaHoraBogota(ahora).fecha);
      if (!numero) return false;
      const d = await documentoDeRecepcion(tx, f, r, numero.rango, numero.consecutivo, ahora);
      if (!d) return false;
      const g = construirDocumentoSoporte(d);
      const xmlFirmado = firmarDocumento(g.xml, credencialDe(f), { instante: ahora });
      await registrarDocumento(tx as unknown as Db, { tiendaId, recepcionId, tipo: TIPO_DOCUMENTO_SOPORTE, numero: g.numero, cude: g.cude, ambiente: d.ambiente, xmlFirmado }, ahora);
      await registrarPor(tx, tiendaId, autor ?? { usuarioId: null, rol: ROL.ADMIN, cara: 'tienda' }, {
        tipo: 'documento_electronico',
        detalle: { accion: 'documento_soporte', recepcionId, recepcionNumero: r.numero, proveedor: r.nombre, numero: g.numero, total: r.total },
      });
      return true;
    });
    if (hecho) avisarBandeja();
    return hecho;
  } catch (err) {
    avisarDian(err, `no se pudo emitir el documento soporte de la recepción ${recepcionId}`);
    return false;
  }
}

/** The sweep: receptions of the last days from suppliers who do not invoice, in stores with a DS range, still without their DS. */
export async function emitirSoportesFaltantes(db: Db, limite = 50): Promise<number> {
  const rango = alias(rangoNumeracion, 'rango_soporte');
  const faltan = await db
    .select({ id: recepcion.idRecepcion, tiendaId: recepcion.tiendaId })
    .from(recepcion)
    .innerJoin(proveedor, and(eq(proveedor.idProveedor, recepcion.proveedorId), eq(proveedor.obligadoFacturar, false)))
    .innerJoin(dianConfiguracion, and(eq(dianConfiguracion.tiendaId, recepcion.tiendaId), eq(dianConfiguracion.habilitado, true)))
    .innerJoin(rango, and(eq(rango.tiendaId, recepcion.tiendaId), eq(rango.tipo, 'soporte'), eq(rango.enUso, true)))
    .leftJoin(documentoDian, and(eq(documentoDian.recepcionId, recepcion.idRecepcion), eq(documentoDian.tipo, TIPO_DOCUMENTO_SOPORTE)))
    .where(and(isNull(documentoDian.idDocumento), gte(recepcion.fecha, sql`now() - make_interval(days => ${DIAS_SOPORTE})`)))
    .orderBy(asc(recepcion.idRecepcion))
    .limit(limite);
  let n = 0;
  for (const r of faltan) if (await emitirDocumentoSoporte(db, r.tiendaId, r.id, null)) n += 1;
  return n;
}

/** A reception's DS and its notes, for its detail (null when its supplier invoices). */
export async function soporteDeRecepcion(db: Db | Tx, tiendaId: number, recepcionId: number): Promise<TSoporteRecepcion | null> {
  const r = await recepcionParaSoporte(db, tiendaId, recepcionId);
  if (!r || r.obligado) return null;
  const docs = await db
    .select({ tipo: documentoDian.tipo, numero: documentoDian.numero, cuds: documentoDian.cude, estado: documentoDian.estado, concepto: documentoDian.concepto, xml: documentoDian.xmlFirmado })
    .from(documentoDian)
    .where(and(eq(documentoDian.tiendaId, tiendaId), eq(documentoDian.recepcionId, recepcionId), inArray(documentoDian.tipo, [TIPO_DOCUMENTO_SOPORTE, TIPO_NOTA_SOPORTE])))
    .orderBy(asc(documentoDian.idDocumento));
  const ds = docs.find((d) => d.tipo === TIPO_DOCUMENTO_SOPORTE);
  if (!ds) {
    const [rango] = await db
      .select({ id: rangoNumeracion.idRango })
      .from(rangoNumeracion)
      .where(and(eq(rangoNumeracion.tiendaId, tiendaId), eq(rangoNumeracion.tipo, 'soporte'), eq(rangoNumeracion.enUso, true)))
      .limit(1);
    return { documento: null, aviso: rango ? S.pendiente : S.sinRango, notas: [], lineas: [], queda: 0 };
  }
  const notas = docs.filter((d) => d.tipo === TIPO_NOTA_SOPORTE).map((d) => ({ numero: d.numero, cuds: d.cuds, estado: d.estado, concepto: d.concepto ?? 0, total: pagable(d.xml) }));
  const anulado = notas.some((n) => n.concepto === 2);
  return {
    documento: { numero: ds.numero, cuds: ds.cuds, estado: ds.estado },
    aviso: null,
    notas,
    lineas: lineasRecibidas(r),
    // What a further note may still take off: nothing once annulled.
    queda: anulado ? 0 : Math.max(r.total - notas.reduce((s, n) => s + n.total, 0), 0),
  };
}

/** The reception's products as a return (concept 1) counts them: one per product, in the DS's units (packs for a pack line). */
function lineasRecibidas(r: Recepcion): TSoporteRecepcion['lineas'] {
  const porProducto = new Map<number, TSoporteRecepcion['lineas'][number]>();
  for (const l of r.lineas) {
    const ya = porProducto.get(l.productoId);
    if (ya) ya.cantidad = Math.round((ya.cantidad + l.cantidad) * 1000) / 1000;
    else porProducto.set(l.productoId, { productoId: l.productoId, nombre: l.nombre, cantidad: l.cantidad, unidad: l.unidad });
  }
  return [...porProducto.values()];
}

/** A reception's DS for its route: 404 when the reception is not the store's. */
export async function soporteDeRecepcionDeTienda(db: Db, tiendaId: number, recepcionId: number): Promise<TSoporteRecepcion | null> {
  const [r] = await db.select({ id: recepcion.idRecepcion }).from(recepcion).where(and(eq(recepcion.idRecepcion, recepcionId), eq(recepcion.tiendaId, tiendaId))).limit(1);
  if (!r) throw new AppError('NOT_FOUND', S.recepcionNoEncontrada);
  return soporteDeRecepcion(db, tiendaId, recepcionId);
}

/**
 * The DS's adjustment note (type 95): concept 1 returns units of the reception's products to the
 * supplier (at what they cost), 2 annuls the whole DS, 3 and 4 take a value off (a discount, a price
 * corrected down). Never more than what is left of the DS after its earlier notes. Role 1 only.
 */
export async function emitirNotaSoporte(options: { db: Db; tiendaId: number; recepcionId: number; datos: TNotaSoporteRequest; autor: Autor; ahora?: Date }) {
  const { db, tiendaId, recepcionId, datos, autor } = options;
  const ahora = options.ahora ?? new Date();
  if (autor.rol !== ROL.ADMIN) throw new AppError('FORBIDDEN', S.soloAdministrador);
  const general = await filaConfiguracion(db, tiendaId);
  const r = await recepcionParaSoporte(db, tiendaId, recepcionId);
  if (!r) throw new AppError('NOT_FOUND', S.recepcionNoEncontrada);
  if (!general?.habilitado) throw new AppError('BUSINESS_RULE', S.sinDocumentoElectronico);
  // In producción only a documento soporte DIAN enabled (issue #57 point 5), with its own software.
  const f = await configuracionParaTipo(db, general, TIPO_NOTA_SOPORTE);
  const motivo = datos.motivo.trim();
  const fila = await db.transaction(async (tx) => {
    await tx.select({ id: recepcion.idRecepcion }).from(recepcion).where(eq(recepcion.idRecepcion, recepcionId)).for('update');
    const docs = await tx
      .select({ tipo: documentoDian.tipo, numero: documentoDian.numero, cuds: documentoDian.cude, xml: documentoDian.xmlFirmado, concepto: documentoDian.concepto })
      .from(documentoDian)
      .where(and(eq(documentoDian.recepcionId, recepcionId), inArray(documentoDian.tipo, [TIPO_DOCUMENTO_SOPORTE, TIPO_NOTA_SOPORTE])));
    const ds = docs.find((d) => d.tipo === TIPO_DOCUMENTO_SOPORTE);
    if (!ds) throw new AppError('BUSINESS_RULE', S.sinSoporte);
    const notas = docs.filter((d) => d.tipo === TIPO_NOTA_SOPORTE);
    if (notas.some((n) => n.concepto === 2)) throw new AppError('BUSINESS_RULE', S.yaAnulado);
    const usado = notas.reduce((s, n) => s + pagable(n.xml), 0);
    const queda = r.total - usado;
    const lineas = lineasDeNota(r, datos, queda);
    const total = lineas.reduce((s, l) => s + l.importe, 0);
    if (total <= 0 || total > queda) throw new AppError('BUSINESS_RULE', datos.concepto === 1 ? S.masQueRecibido(lineas[0]?.nombre ?? '') : S.valorMayor);
    const [n] = await tx
      .update(dianConfiguracion)
      .set({ notaSiguiente: sql`${dianConfiguracion.notaSiguiente} + 1` })
      .where(eq(dianConfiguracion.tiendaId, tiendaId))
      .returning({ numero: sql<number>`${dianConfiguracion.notaSiguiente} - 1` });
    const sinRango = { numero: '', fechaDesde: '', fechaHasta: '', prefijo: PREFIJO_NOTAS_SOPORTE, desde: 1, hasta: 999_999_999 };
    const d = await documentoDeRecepcion(tx, f, { ...r, lineas }, sinRango, Number(n!.numero), ahora);
    if (!d) throw new AppError('BUSINESS_RULE', S.sinSoporte);
    const fecha = /<cbc:IssueDate>([^<]+)<\/cbc:IssueDate>/.exec(ds.xml)?.[1] ?? fechaHoraBogota(ahora).fecha;
    const g = construirNotaSoporte({ ...d, nota: `Compra N.º ${r.numero}`, ajuste: { concepto: datos.concepto, descripcion: motivo, referencia: { numero: ds.numero, cuds: ds.cuds, fecha } } });
    const xmlFirmado = firmarDocumento(g.xml, credencialDe(f), { instante: ahora });
    const doc = await registrarDocumento(tx as unknown as Db, { tiendaId, recepcionId, tipo: TIPO_NOTA_SOPORTE, concepto: datos.concepto, numero: g.numero, cude: g.cude, ambiente: d.ambiente, xmlFirmado }, ahora);
    await registrarPor(tx, tiendaId, autor, {
      tipo: 'documento_electronico',
      detalle: { accion: 'nota_soporte', recepcionId, recepcionNumero: r.numero, soporte: ds.numero, numero: g.numero, concepto: datos.concepto, motivo, total },
    });
    return { numero: doc.numero, cuds: doc.cude, estado: doc.estado, concepto: datos.concepto, total };
  });
  avisarBandeja();
  return fila;
}

/** A signed document's PayableAmount in pesos. */
function pagable(xml: string): number {
  return Math.round(Number(/<cbc:PayableAmount[^>]*>([^<]+)</.exec(xml)?.[1] ?? '0'));
}

/**
 * What a note takes back: the returned units at their cost (1), every line (2; after earlier notes,
 * one line of what is left, since a discount belongs to no line), or one line of the value taken off (3, 4).
 */
function lineasDeNota(r: Recepcion, datos: TNotaSoporteRequest, queda: number): LineaCompraSoporte[] {
  if (datos.concepto === 2 && queda >= r.total) return r.lineas;
  if (datos.concepto === 2) return [{ codigo: 'ANULACION', codigoBarras: null, nombre: `${S.conceptos[2]}: ${datos.motivo.trim()}`.slice(0, 300), cantidad: 1, unidad: '94', importe: queda }];
  if (datos.concepto === 1) {
    return (datos.lineas ?? []).map((p) => {
      const l = r.lineas.find((x) => x.productoId === p.productoId);
      if (!l) throw new AppError('VALIDATION', S.lineaNoEsDeRecepcion, { fields: { lineas: S.lineaNoEsDeRecepcion } });
      const recibidas = r.lineas.filter((x) => x.productoId === p.productoId).reduce((s, x) => s + x.cantidad, 0);
      if (p.cantidad > recibidas) throw new AppError('BUSINESS_RULE', S.masQueRecibido(l.nombre), { fields: { lineas: S.masQueRecibido(l.nombre) } });
      const unidad = l.cantidad > 0 ? l.importe / l.cantidad : l.costoUnit;
      return { ...l, cantidad: p.cantidad, importe: Math.min(Math.round(p.cantidad * unidad), l.importe) };
    });
  }
  const valor = datos.valor ?? 0;
  return [{ codigo: 'AJUSTE', codigoBarras: null, nombre: `${S.conceptos[datos.concepto]}: ${datos.motivo.trim()}`.slice(0, 300), cantidad: 1, unidad: '94', importe: valor }];
}
