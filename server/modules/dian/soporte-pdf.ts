/**
 * The documento soporte's PDF (issue #57, ADR 058): the representación gráfica of a reception's DS
 * (type 05) or one of its notas de ajuste (95), drawn by the invoice's own `representacionPdf` from
 * the signed XML once DIAN accepted it. Downloaded from the reception's soporte view.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { documentoSoporte as S } from '#shared/messages/documento-soporte';
import { representacion as R } from '#shared/messages/representacion';
import type { Db } from '../../db/client';
import { documentoDian, recepcion } from '../../db/schema';
import { nombreArchivo } from './contenedor';
import { TIPO_DOCUMENTO_SOPORTE, TIPO_NOTA_SOPORTE } from './documento-soporte';
import { representacionPdf } from './representacion-pdf';

/**
 * The PDF of the store's reception's DS, or of its note `numero` (e.g. NS1). 404 for another store's
 * reception; 422 for a number that is not this reception's, or before DIAN accepts it.
 */
export async function pdfDeSoporte(options: { db: Db; tiendaId: number; recepcionId: number; numero?: string | undefined }): Promise<{ archivo: string; contenido: Buffer }> {
  const { db, tiendaId, recepcionId } = options;
  const [r] = await db.select({ id: recepcion.idRecepcion }).from(recepcion).where(and(eq(recepcion.idRecepcion, recepcionId), eq(recepcion.tiendaId, tiendaId))).limit(1);
  if (!r) throw new AppError('NOT_FOUND', S.recepcionNoEncontrada);
  const docs = await db
    .select({ tipo: documentoDian.tipo, numero: documentoDian.numero, estado: documentoDian.estado, xml: documentoDian.xmlFirmado })
    .from(documentoDian)
    .where(and(eq(documentoDian.tiendaId, tiendaId), eq(documentoDian.recepcionId, recepcionId), inArray(documentoDian.tipo, [TIPO_DOCUMENTO_SOPORTE, TIPO_NOTA_SOPORTE])));
  const numero = options.numero?.trim().toUpperCase();
  const doc = numero ? docs.find((d) => d.numero.toUpperCase() === numero) : docs.find((d) => d.tipo === TIPO_DOCUMENTO_SOPORTE);
  // The store's own reception without it is a rule (as a sale without its invoice), not a missing row.
  if (!doc) throw new AppError('BUSINESS_RULE', R.soporteNoEncontrado);
  if (doc.estado !== 'aceptado') throw new AppError('BUSINESS_RULE', R.soporteNoAceptado);
  return { archivo: `${nombreArchivo(doc.numero)}.pdf`, contenido: await representacionPdf(doc.xml, doc.tipo) };
}
