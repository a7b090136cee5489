/**
 * What role 1 reads of the outbox (issue #31 points 4, 5 and 9): the documents with their state and
 * DIAN's answer, the contingency countdown (48 hours) with a warning under 6 hours, a sale's XML
 * (the customer's copy) and the archive ZIP by date range.
 */
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { dian as D } from '#shared/messages/dian';
import type { TDocumentosDian } from '#shared/schemas/dian';
import type { Db } from '../../db/client';
import { documentoDian } from '../../db/schema';
import { HORAS_CONTINGENCIA } from './bandeja';
import { ArchivoDemasiadoGrande, archivoZip } from './archivo';

/** Under this many minutes left, a contingency document warns. */
export const MINUTOS_ALERTA = 6 * 60;

export async function listarDocumentos(options: { db: Db; tiendaId: number; page: number; pageSize: number; estado?: string; ahora?: Date }): Promise<TDocumentosDian> {
  const { db, tiendaId, page, pageSize } = options;
  const ahora = options.ahora ?? new Date();
  const filtros: SQL[] = [eq(documentoDian.tiendaId, tiendaId)];
  if (options.estado) filtros.push(eq(documentoDian.estado, options.estado));
  const [filas, [total], [alertas]] = await Promise.all([
    db
      .select()
      .from(documentoDian)
      .where(and(...filtros))
      .orderBy(desc(documentoDian.creadoEn), desc(documentoDian.idDocumento))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(documentoDian).where(and(...filtros)),
    db
      .select({ n: count() })
      .from(documentoDian)
      .where(and(eq(documentoDian.tiendaId, tiendaId), eq(documentoDian.estado, 'contingencia'))),
  ]);
  const items = filas.map((f) => {
    const enContingencia = f.estado === 'contingencia';
    const limite = f.limiteContingencia ?? (enContingencia ? new Date(f.creadoEn.getTime() + HORAS_CONTINGENCIA * 3_600_000) : null);
    const minutos = enContingencia && limite ? Math.floor((limite.getTime() - ahora.getTime()) / 60_000) : null;
    return {
      id: f.idDocumento,
      ventaId: f.ventaId,
      tipo: f.tipo,
      numero: f.numero,
      cude: f.cude,
      estado: f.estado,
      contingencia: f.contingencia,
      limiteContingencia: limite?.toISOString() ?? null,
      minutosRestantes: minutos,
      alerta: minutos != null && minutos < MINUTOS_ALERTA,
      regla: f.regla,
      mensaje: f.mensaje,
      // DIAN's last answer in words (e.g. "Procesado Correctamente.").
      descripcion: ((f.respuestas as { descripcion?: string }[] | null)?.at(-1)?.descripcion ?? null) || null,
      intentos: f.intentos,
      creadoEn: f.creadoEn.toISOString(),
      aceptadoEn: f.aceptadoEn?.toISOString() ?? null,
    };
  });
  // The warning counts every contingency document near its limit, not only this page's.
  const cerca = alertas!.n > 0 ? await contarAlertas(db, tiendaId, ahora) : 0;
  return { items, total: total!.n, alertas: cerca };
}

async function contarAlertas(db: Db, tiendaId: number, ahora: Date): Promise<number> {
  const filas = await db
    .select({ limite: documentoDian.limiteContingencia, creadoEn: documentoDian.creadoEn })
    .from(documentoDian)
    .where(and(eq(documentoDian.tiendaId, tiendaId), eq(documentoDian.estado, 'contingencia')))
    .limit(10_000);
  return filas.filter((f) => {
    const limite = f.limite ?? new Date(f.creadoEn.getTime() + HORAS_CONTINGENCIA * 3_600_000);
    return limite.getTime() - ahora.getTime() < MINUTOS_ALERTA * 60_000;
  }).length;
}

/** The signed XML of a sale's own document, its POS document or its invoice, by its sale (the customer's copy). */
export async function xmlDeVenta(options: { db: Db; tiendaId: number; ventaId: number }): Promise<{ nombre: string; xml: string }> {
  const [d] = await options.db
    .select({ numero: documentoDian.numero, xml: documentoDian.xmlFirmado })
    .from(documentoDian)
    .where(and(eq(documentoDian.tiendaId, options.tiendaId), eq(documentoDian.ventaId, options.ventaId), inArray(documentoDian.tipo, ['20', '01'])))
    .limit(1);
  if (!d) throw new AppError('NOT_FOUND', D.documentoNoEncontrado);
  return { nombre: `${d.numero.replace(/[^A-Za-z0-9]/g, '')}.xml`, xml: d.xml };
}

/** Bogotá days [desde, hasta] as instants. */
export async function archivoDeTienda(options: { db: Db; tiendaId: number; desde: string; hasta: string }): Promise<{ zip: Buffer; documentos: number }> {
  const desde = new Date(`${options.desde}T00:00:00-05:00`);
  const hasta = new Date(new Date(`${options.hasta}T00:00:00-05:00`).getTime() + 86_400_000);
  try {
    return await archivoZip(options.db, options.tiendaId, desde, hasta);
  } catch (err) {
    if (err instanceof ArchivoDemasiadoGrande) throw new AppError('BUSINESS_RULE', D.archivoGrande);
    throw err;
  }
}
