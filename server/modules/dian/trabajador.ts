/**
 * The outbox's worker (issue #31 point 4): on a timer, and soon after a new document, it issues any
 * document a completed sale is missing and any note an annulment or a return is missing (the sweep)
 * and sends what waits, store by store, with the store's own certificate and transport. Bounded: one pass at a time, at most `limite` documents per
 * store per pass; a store whose DIAN fails stops its pass (contingency) and is retried on the next.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dianConfiguracion, documentoDian } from '../../db/schema';
import { alAvisarBandeja } from './aviso';
import { procesarPendientes, type DocumentoBandeja } from './bandeja';
import { credencialDe, filaConfiguracion, transporteDe } from './configuracion.domain';
import { avisarDian } from './contexto';
import { emitirFaltantes, emitirNotasFaltantes } from './emision';
import { emitirSoportesFaltantes } from './emision-soporte';
import type { Mailer } from '../../lib/mailer';
import { enviarCopiasPendientes } from './copia-comprador';

/**
 * One pass over one store's outbox (the panel's "send now" and the worker); with a mailer, then the
 * buyers' copies of what DIAN accepted (issue #57 point 4).
 */
export async function procesarBandejaTienda(db: Db, tiendaId: number, limite = 50, mailer?: Mailer): Promise<DocumentoBandeja[]> {
  const f = await filaConfiguracion(db, tiendaId);
  if (!f?.certificadoSellado) return [];
  const transporte = transporteDe(f, credencialDe(f));
  const hechos = await procesarPendientes(db, transporte, { tiendaId, limite });
  if (mailer) await enviarCopiasPendientes(db, mailer, { tiendaId, limite });
  return hechos;
}

/** One pass over every store: the sweep, then each store with documents waiting. */
export async function procesarBandejas(db: Db, limite = 50, mailer?: Mailer): Promise<void> {
  await emitirFaltantes(db, limite);
  // Then the notes missing (issue #57): after the sales' documents, so a note always has its original.
  await emitirNotasFaltantes(db, limite);
  // And the documentos soporte of receptions from suppliers who do not invoice (ADR 055).
  await emitirSoportesFaltantes(db, limite);
  const tiendas = await db
    .selectDistinct({ tiendaId: documentoDian.tiendaId })
    .from(documentoDian)
    .innerJoin(dianConfiguracion, eq(dianConfiguracion.tiendaId, documentoDian.tiendaId))
    .where(and(inArray(documentoDian.estado, ['pendiente', 'enviado', 'contingencia'])))
    .limit(500);
  for (const { tiendaId } of tiendas) {
    try {
      await procesarBandejaTienda(db, tiendaId, limite);
    } catch (err) {
      avisarDian(err, `no se pudo procesar la bandeja DIAN de la tienda ${tiendaId}`);
    }
  }
  // The buyers' copies of every store's accepted invoices and notes, after the sending.
  if (mailer) {
    try {
      await enviarCopiasPendientes(db, mailer, { limite });
    } catch (err) {
      avisarDian(err, 'no se pudieron enviar las facturas a los compradores');
    }
  }
}

/** How long a stop waits for the pass under way (its reads and writes on the database) before the database closes. */
const ESPERA_AL_DETENER_MS = 3000;

/**
 * Starts the timer; returns its stop, which waits (at most ESPERA_AL_DETENER_MS) for a pass under way:
 * a sale's notice starts a pass 100 ms later, so a shutdown right after a sale met one, and the database
 * closed under it (an error in the log at every such shutdown). A pass cut by the limit leaves its
 * documents pending, sent at the next start.
 */
export function iniciarTrabajadorDian(db: Db, intervaloMs: number, mailer?: Mailer): () => Promise<void> {
  let enCurso: Promise<void> | null = null;
  let corriendo = false;
  let otraVez = false;
  let detenido = false;
  const pasada = async () => {
    if (detenido) return;
    if (corriendo) {
      otraVez = true;
      return;
    }
    corriendo = true;
    try {
      enCurso = procesarBandejas(db, 50, mailer);
      await enCurso;
    } catch (err) {
      avisarDian(err, 'falló una pasada de la bandeja DIAN');
    } finally {
      corriendo = false;
      if (otraVez && !detenido) {
        otraVez = false;
        setTimeout(() => void pasada(), 200).unref();
      }
    }
  };
  const t = setInterval(() => void pasada(), intervaloMs);
  t.unref();
  const quitar = alAvisarBandeja(() => setTimeout(() => void pasada(), 100).unref());
  return async () => {
    detenido = true;
    clearInterval(t);
    quitar();
    if (corriendo && enCurso) await Promise.race([enCurso.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, ESPERA_AL_DETENER_MS).unref())]);
  };
}
