/**
 * The buyer's copy (issue #57 point 4): once DIAN accepts a sale's invoice (01) or one of its notes
 * (91, 92), the outbox's worker e-mails the buyer a ZIP with the AttachedDocument and the PDF, to the
 * e-mail given at the till — never inside the sale's request. Once: a pass takes the row first
 * (`correo_estado` 'enviando' with a lease, like the DIAN sending), so two passes never send it twice;
 * a failed send is let go and retried by a later pass after a growing wait (up to `MAX_INTENTOS`, then 'fallido'). No
 * e-mail: nothing is sent and the sale says so. The owner may send it again (role 1).
 * The sale's detail downloads the same ZIP and PDF.
 */
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { dian as D } from '#shared/messages/dian';
import { facturaElectronica as FE } from '#shared/messages/factura-electronica';
import { representacion as R } from '#shared/messages/representacion';
import type { TCopiaComprador } from '#shared/schemas/dian';
import type { Db } from '../../db/client';
import { documentoDian, venta } from '../../db/schema';
import { AppError } from '#shared/errors';
import type { Mailer } from '../../lib/mailer';
import { registrarActividad, type Autor } from '../actividad/actividad.domain';
import { credencialDe, filaConfiguracion } from './configuracion.domain';
import { firmarContenedor, nombreArchivo, TIPOS_COPIA, zipCopia } from './contenedor';
import { CertificadoInvalido } from './firma';
import { representacionPdf } from './representacion-pdf';

/** How long one pass may hold a copy being sent. */
const ARRIENDO_MS = 5 * 60_000;
/** Sends tried before the copy is left 'fallido' (the owner may still resend it). */
export const MAX_INTENTOS = 5;

type Fila = typeof documentoDian.$inferSelect;

/**
 * The container signed by the store (its own certificate, as the document: ADR 058). No certificate,
 * or one out of validity now: a Spanish refusal (the worker retries later), never an unsigned container.
 */
async function contenedorFirmado(db: Db, doc: Pick<Fila, 'tiendaId' | 'tipo' | 'numero' | 'cude' | 'xmlFirmado' | 'ultimaRespuesta' | 'aceptadoEn'>, ahora: Date): Promise<string> {
  const f = await filaConfiguracion(db, doc.tiendaId);
  if (!f?.certificadoSellado) throw new AppError('BUSINESS_RULE', R.sinCertificado);
  try {
    return firmarContenedor(doc, credencialDe(f), ahora);
  } catch (err) {
    if (err instanceof CertificadoInvalido) throw new AppError('BUSINESS_RULE', R.certificadoNoVigente(err.message));
    throw err;
  }
}

/** The signed container, the PDF and the ZIP of an accepted document. */
export async function archivosCopia(db: Db, doc: Pick<Fila, 'tiendaId' | 'tipo' | 'numero' | 'cude' | 'xmlFirmado' | 'ultimaRespuesta' | 'aceptadoEn'>, ahora: Date = new Date()) {
  const contenedor = await contenedorFirmado(db, doc, ahora);
  const pdf = await representacionPdf(doc.xmlFirmado, doc.tipo);
  return { contenedor, pdf, zip: zipCopia(doc.numero, contenedor, pdf), nombre: nombreArchivo(doc.numero) };
}

async function correoDe(db: Db, tiendaId: number, ventaId: number | null): Promise<{ correo: string | null; nombre: string; ventaNumero: number | null }> {
  if (ventaId == null) return { correo: null, nombre: '', ventaNumero: null };
  const [v] = await db
    .select({ adquirente: venta.adquirente, numero: venta.numero })
    .from(venta)
    .where(and(eq(venta.idVenta, ventaId), eq(venta.tiendaId, tiendaId)))
    .limit(1);
  const correo = v?.adquirente?.email?.trim() || null;
  return { correo, nombre: v?.adquirente?.nombre ?? '', ventaNumero: v?.numero ?? null };
}

/** The shop's name as the document says it (the supplier's registration name). */
function tiendaDe(xml: string): string {
  const m = /<cac:AccountingSupplierParty>[\s\S]*?<cbc:RegistrationName>([^<]*)<\/cbc:RegistrationName>/.exec(xml);
  return (m?.[1] ?? '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

/** Sends one taken document's copy; the row's state follows. Throws only when `lanzar` (the resend). */
async function enviar(db: Db, mailer: Mailer, doc: Fila, ahora: Date, autor: Autor, lanzar: boolean): Promise<Fila['correoEstado']> {
  const { correo, nombre, ventaNumero } = await correoDe(db, doc.tiendaId, doc.ventaId);
  if (!correo) {
    await db.update(documentoDian).set({ correoEstado: 'sin_correo', correoHasta: null }).where(eq(documentoDian.idDocumento, doc.idDocumento));
    if (lanzar) throw new AppError('BUSINESS_RULE', R.sinCorreo);
    return 'sin_correo';
  }
  try {
    const { zip, nombre: archivo } = await archivosCopia(db, doc, ahora);
    const tipo = D.tipos[doc.tipo] ?? doc.tipo;
    const tienda = tiendaDe(doc.xmlFirmado);
    await mailer.send({
      to: correo,
      subject: R.asunto(tipo, doc.numero, tienda),
      text: R.cuerpo(nombre, tipo, doc.numero, tienda),
      attachments: [{ filename: `${archivo}.zip`, content: zip, contentType: 'application/zip' }],
    });
  } catch (err) {
    const agotado = doc.correoIntentos >= MAX_INTENTOS;
    await db
      .update(documentoDian)
      .set({
        correoEstado: lanzar ? (doc.correoEstado === 'enviando' ? null : doc.correoEstado) : agotado ? 'fallido' : null,
        // Retried later, waiting longer each time (1, 2, 4, 8 minutes), not at every pass of the worker.
        correoHasta: lanzar || agotado ? null : new Date(ahora.getTime() + 60_000 * 2 ** Math.max(0, doc.correoIntentos - 1)),
        correoError: (err as Error).message?.slice(0, 500) ?? 'error',
      })
      .where(eq(documentoDian.idDocumento, doc.idDocumento));
    if (lanzar) throw new AppError('BUSINESS_RULE', R.fallaCorreo);
    return agotado ? 'fallido' : null;
  }
  await db.transaction(async (tx) => {
    await tx.update(documentoDian).set({ correoEstado: 'enviado', correoHasta: null, correoEnviadoEn: ahora, correoError: null }).where(eq(documentoDian.idDocumento, doc.idDocumento));
    await registrarActividad(tx, {
      tiendaId: doc.tiendaId,
      usuarioId: autor.usuarioId,
      cara: autor.cara,
      tipo: 'documento_electronico',
      detalle: { accion: 'correo_comprador', ventaId: doc.ventaId ?? 0, ventaNumero: ventaNumero ?? 0, numero: doc.numero, correo },
    });
  });
  return 'enviado';
}

/** The worker's author: the store account (the copy goes by itself). */
const SISTEMA: Autor = { usuarioId: null, rol: 1, cara: 'tienda' };

/** Takes a document whose copy is due (never sent, or its holder's lease over). */
async function tomar(db: Db, id: number, ahora: Date): Promise<Fila | null> {
  const [fila] = await db
    .update(documentoDian)
    .set({ correoEstado: 'enviando', correoHasta: new Date(ahora.getTime() + ARRIENDO_MS), correoIntentos: sql`${documentoDian.correoIntentos} + 1` })
    .where(
      and(
        eq(documentoDian.idDocumento, id),
        eq(documentoDian.estado, 'aceptado'),
        or(
          and(isNull(documentoDian.correoEstado), or(isNull(documentoDian.correoHasta), lt(documentoDian.correoHasta, ahora))),
          and(eq(documentoDian.correoEstado, 'enviando'), lt(documentoDian.correoHasta, ahora)),
        ),
      ),
    )
    .returning();
  return fila ?? null;
}

/** One pass: every accepted invoice or note whose copy is due, of a store or of all; returns how many were sent. */
export async function enviarCopiasPendientes(db: Db, mailer: Mailer, opciones: { tiendaId?: number; limite?: number; ahora?: Date } = {}): Promise<number> {
  const ahora = opciones.ahora ?? new Date();
  const filtros = [
    eq(documentoDian.estado, 'aceptado'),
    inArray(documentoDian.tipo, [...TIPOS_COPIA]),
    // Due: never tried or its retry time come (`correo_hasta`), or its holder's lease over.
    or(
      and(isNull(documentoDian.correoEstado), or(isNull(documentoDian.correoHasta), lt(documentoDian.correoHasta, ahora))),
      and(eq(documentoDian.correoEstado, 'enviando'), lt(documentoDian.correoHasta, ahora)),
    ),
  ];
  if (opciones.tiendaId !== undefined) filtros.push(eq(documentoDian.tiendaId, opciones.tiendaId));
  const ids = await db
    .select({ id: documentoDian.idDocumento })
    .from(documentoDian)
    .where(and(...filtros))
    .orderBy(asc(documentoDian.aceptadoEn), asc(documentoDian.idDocumento))
    .limit(Math.min(opciones.limite ?? 50, 500));
  let enviados = 0;
  for (const { id } of ids) {
    const doc = await tomar(db, id, ahora);
    if (!doc) continue;
    if ((await enviar(db, mailer, doc, ahora, SISTEMA, false)) === 'enviado') enviados++;
  }
  return enviados;
}

/** A sale's invoice (01) in the outbox, of this store; 422 for its sale without one, 404 for another store's. */
async function facturaDeVenta(db: Db, tiendaId: number, ventaId: number): Promise<Fila> {
  const [doc] = await db
    .select()
    .from(documentoDian)
    .where(and(eq(documentoDian.tiendaId, tiendaId), eq(documentoDian.ventaId, ventaId), eq(documentoDian.tipo, '01')))
    .limit(1);
  if (doc) return doc;
  // The store's own sale without an invoice is a rule; another store's sale (or none) is missing.
  const [v] = await db.select({ id: venta.idVenta }).from(venta).where(and(eq(venta.idVenta, ventaId), eq(venta.tiendaId, tiendaId))).limit(1);
  if (v) throw new AppError('BUSINESS_RULE', R.sinFactura);
  throw new AppError('NOT_FOUND', FE.ventaNoEncontrada);
}

/** The ZIP or the PDF of a sale's accepted invoice (the sale's detail). */
export async function descargaCopia(options: { db: Db; tiendaId: number; ventaId: number; formato: 'zip' | 'pdf' }): Promise<{ archivo: string; tipo: string; contenido: Buffer }> {
  const doc = await facturaDeVenta(options.db, options.tiendaId, options.ventaId);
  if (doc.estado !== 'aceptado') throw new AppError('BUSINESS_RULE', R.noAceptada);
  if (options.formato === 'pdf') return { archivo: `${nombreArchivo(doc.numero)}.pdf`, tipo: 'application/pdf', contenido: await representacionPdf(doc.xmlFirmado, doc.tipo) };
  const a = await archivosCopia(options.db, doc);
  return { archivo: `${a.nombre}.zip`, tipo: 'application/zip', contenido: a.zip };
}

/** What the sale's detail shows of its invoice's copy. */
export async function estadoCopia(options: { db: Db; tiendaId: number; ventaId: number }): Promise<TCopiaComprador> {
  const doc = await facturaDeVenta(options.db, options.tiendaId, options.ventaId);
  const { correo } = await correoDe(options.db, options.tiendaId, options.ventaId);
  const correoEstado = doc.estado !== 'aceptado' ? 'pendiente' : ((doc.correoEstado ?? 'enviando') as TCopiaComprador['correoEstado']);
  return { numero: doc.numero, aceptada: doc.estado === 'aceptado', correo, correoEstado, enviadoEn: doc.correoEnviadoEn?.toISOString() ?? null };
}

/** Role 1 sends the accepted invoice's copy again, now (the buyer lost it, or it failed). */
export async function reenviarCopia(options: { db: Db; mailer: Mailer; tiendaId: number; ventaId: number; autor: Autor; ahora?: Date }): Promise<TCopiaComprador> {
  const { db, tiendaId, ventaId } = options;
  const ahora = options.ahora ?? new Date();
  const doc = await facturaDeVenta(db, tiendaId, ventaId);
  if (doc.estado !== 'aceptado') throw new AppError('BUSINESS_RULE', R.noAceptada);
  // Not while a pass is sending it.
  const [tomado] = await db
    .update(documentoDian)
    .set({ correoHasta: new Date(ahora.getTime() + ARRIENDO_MS) })
    .where(and(eq(documentoDian.idDocumento, doc.idDocumento), or(sql`${documentoDian.correoEstado} is distinct from 'enviando'`, lt(documentoDian.correoHasta, ahora))))
    .returning();
  if (!tomado) throw new AppError('CONFLICT', R.reenviando);
  await enviar(db, options.mailer, tomado, ahora, options.autor, true);
  return estadoCopia({ db, tiendaId, ventaId });
}
