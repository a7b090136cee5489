/**
 * The outbox of electronic POS documents (table documento_dian): each signed document waits here
 * until DIAN accepts or rejects it. Sending is idempotent — a number is accepted once, so a document
 * that was sent before (state `enviado`, or back from contingency) is first looked up by its CUDE
 * and only resent when DIAN does not have it; a rule-90 answer (duplicate) is settled by the same
 * look-up. One worker at a time holds a row (a lease in the row itself), so two passes never send the
 * same document twice. When DIAN fails (5xx, 403, no answer in time) the document goes to
 * contingency (type 08) with its 48-hour limit and is retried later.
 */
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { documentoDian } from '../../db/schema/index.js';
import { dian as D } from '#shared/messages/dian';
import { FallaTransporte, type RespuestaDian, type TransporteDian } from './transporte.js';

export type EstadoDocumento = 'pendiente' | 'enviado' | 'aceptado' | 'rechazado' | 'contingencia';
export type DocumentoBandeja = typeof documentoDian.$inferSelect;

export const HORAS_CONTINGENCIA = 48;
/** How long one pass may hold a document. */
const ARRIENDO_MS = 2 * 60_000;
/** Answers kept per document in `respuestas` (the last body is kept whole in `ultima_respuesta`). */
const MAX_RESPUESTAS = 20;

export interface NuevoDocumento {
  tiendaId: number;
  ventaId?: number | null;
  tipo?: string;
  /** An adjustment note's concept (1 devolución, 2 anulación; a DS's note also 3 rebaja, 4 ajuste de precio). */
  concepto?: 1 | 2 | 3 | 4;
  /** The reception a documento soporte or its note stands for (ADR 055). */
  recepcionId?: number | null;
  /** The return a concept-1 note corrects. */
  devolucionId?: number | null;
  numero: string;
  cude: string;
  ambiente: 1 | 2;
  xmlFirmado: string;
  /** Issued while the shop's own system failed (07): it must be transmitted within 48 hours. */
  contingencia?: '07' | '08';
}

export async function registrarDocumento(db: Db, d: NuevoDocumento, ahora = new Date()): Promise<DocumentoBandeja> {
  const [fila] = await db
    .insert(documentoDian)
    .values({
      tiendaId: d.tiendaId,
      ventaId: d.ventaId ?? null,
      tipo: d.tipo ?? '20',
      concepto: d.concepto ?? null,
      devolucionId: d.devolucionId ?? null,
      recepcionId: d.recepcionId ?? null,
      numero: d.numero,
      cude: d.cude,
      ambiente: d.ambiente,
      xmlFirmado: d.xmlFirmado,
      estado: d.contingencia ? 'contingencia' : 'pendiente',
      contingencia: d.contingencia ?? null,
      limiteContingencia: d.contingencia ? new Date(ahora.getTime() + HORAS_CONTINGENCIA * 3_600_000) : null,
    })
    .returning();
  return fila!;
}

/** Takes the row for this pass, or null when another pass holds it or it is settled. */
async function tomar(db: Db, id: number, ahora: Date): Promise<DocumentoBandeja | null> {
  const [fila] = await db
    .update(documentoDian)
    .set({ procesandoHasta: new Date(ahora.getTime() + ARRIENDO_MS) })
    .where(
      and(
        eq(documentoDian.idDocumento, id),
        inArray(documentoDian.estado, ['pendiente', 'enviado', 'contingencia']),
        or(isNull(documentoDian.procesandoHasta), lt(documentoDian.procesandoHasta, ahora)),
      ),
    )
    .returning();
  return fila ?? null;
}

function resumen(r: RespuestaDian, ahora: Date) {
  return { fecha: ahora.toISOString(), estado: r.estado, codigo: r.codigo, descripcion: r.descripcion, reglas: r.reglas };
}

async function anotar(db: Db, id: number, cambios: Partial<typeof documentoDian.$inferInsert>, r: RespuestaDian | null, ahora: Date): Promise<DocumentoBandeja> {
  const respuestas = r
    ? sql`(coalesce(${documentoDian.respuestas}, '[]'::jsonb) || ${JSON.stringify([resumen(r, ahora)])}::jsonb)`
    : undefined;
  const [fila] = await db
    .update(documentoDian)
    .set({ ...cambios, ...(r ? { ultimaRespuesta: r.cuerpo } : {}), ...(respuestas ? { respuestas } : {}), procesandoHasta: null })
    .where(eq(documentoDian.idDocumento, id))
    .returning();
  // Keep the answers list bounded.
  if (fila && Array.isArray(fila.respuestas) && fila.respuestas.length > MAX_RESPUESTAS) {
    await db
      .update(documentoDian)
      .set({ respuestas: (fila.respuestas as unknown[]).slice(-MAX_RESPUESTAS) })
      .where(eq(documentoDian.idDocumento, id));
  }
  return fila!;
}

function aContingencia(doc: DocumentoBandeja, ahora: Date, err: FallaTransporte): Partial<typeof documentoDian.$inferInsert> {
  return {
    estado: 'contingencia',
    contingencia: doc.contingencia ?? '08',
    limiteContingencia: doc.limiteContingencia ?? new Date(ahora.getTime() + HORAS_CONTINGENCIA * 3_600_000),
    mensaje: err.message,
  };
}

/** Types of the notes that correct a sale's document: nota de ajuste (94), the invoice's nota crédito (91) and nota débito (92). */
const TIPOS_NOTA = ['94', '91', '92'];
/** A sale's own documents: POS document (20), factura electrónica de venta (01). */
const TIPOS_ORIGINAL = ['20', '01'];

/** Why a note must not be sent yet (its original not accepted by DIAN), or null. */
async function esperaDeNota(db: Db, doc: DocumentoBandeja): Promise<string | null> {
  // A documento soporte's note (95) waits for its DS (05), found by the reception (ADR 055).
  const deSoporte = doc.tipo === '95' && doc.recepcionId != null;
  if (!deSoporte && (!TIPOS_NOTA.includes(doc.tipo) || doc.ventaId == null)) return null;
  const [original] = await db
    .select({ numero: documentoDian.numero, estado: documentoDian.estado })
    .from(documentoDian)
    .where(
      and(
        eq(documentoDian.tiendaId, doc.tiendaId),
        deSoporte ? eq(documentoDian.recepcionId, doc.recepcionId!) : eq(documentoDian.ventaId, doc.ventaId!),
        deSoporte ? eq(documentoDian.tipo, '05') : inArray(documentoDian.tipo, TIPOS_ORIGINAL),
      ),
    )
    .limit(1);
  if (!original || original.estado === 'aceptado') return null;
  return original.estado === 'rechazado' ? D.notaOriginalRechazado(original.numero) : D.notaEsperaOriginal(original.numero);
}

/**
 * One pass over one document. Returns the row as it ends (or null when another pass holds it or it
 * was already settled).
 */
export async function procesarDocumento(db: Db, transporte: TransporteDian, id: number, ahora = new Date()): Promise<DocumentoBandeja | null> {
  const doc = await tomar(db, id, ahora);
  if (!doc) return null;
  // A note goes after the document it corrects is accepted (issue #57): DIAN rejects a note whose
  // original it does not have; if the original was rejected, the note waits and says why.
  const espera = await esperaDeNota(db, doc);
  if (espera) return await anotar(db, id, { mensaje: espera }, null, ahora);
  try {
    // Sent before (its answer lost, or DIAN failing): ask first, never send a number twice.
    if (doc.intentos > 0) {
      const estado = await transporte.consultar(doc.cude);
      if (estado.estado === 'aceptado') {
        return await anotar(db, id, { estado: 'aceptado', aceptadoEn: ahora, regla: null, mensaje: null }, estado, ahora);
      }
    }
    await db.update(documentoDian).set({ estado: doc.estado === 'contingencia' ? 'contingencia' : 'enviado', intentos: doc.intentos + 1, enviadoEn: ahora }).where(eq(documentoDian.idDocumento, id));
    const r = await transporte.enviar({ numero: doc.numero, cude: doc.cude, nitEmisor: '', xmlFirmado: doc.xmlFirmado });
    if (r.estado === 'aceptado') {
      return await anotar(db, id, { estado: 'aceptado', aceptadoEn: ahora, regla: null, mensaje: null }, r, ahora);
    }
    if (r.estado === 'duplicado') {
      const estado = await transporte.consultar(doc.cude);
      if (estado.estado === 'aceptado') return await anotar(db, id, { estado: 'aceptado', aceptadoEn: ahora, regla: null, mensaje: null }, estado, ahora);
      return await anotar(db, id, { estado: 'enviado', regla: '90', mensaje: r.reglas[0]?.mensaje ?? r.descripcion }, r, ahora);
    }
    const regla = r.reglas[0];
    return await anotar(db, id, { estado: 'rechazado', regla: regla?.codigo ?? r.codigo, mensaje: regla?.mensaje ?? r.descripcion }, r, ahora);
  } catch (err) {
    if (err instanceof FallaTransporte) return await anotar(db, id, aContingencia(doc, ahora, err), null, ahora);
    await db.update(documentoDian).set({ procesandoHasta: null }).where(eq(documentoDian.idDocumento, id));
    throw err;
  }
}

/** One pass over every document of a store (or all stores) still waiting, oldest first. */
export async function procesarPendientes(db: Db, transporte: TransporteDian, opciones: { tiendaId?: number; limite?: number; ahora?: Date } = {}): Promise<DocumentoBandeja[]> {
  const filtros = [inArray(documentoDian.estado, ['pendiente', 'enviado', 'contingencia'])];
  if (opciones.tiendaId !== undefined) filtros.push(eq(documentoDian.tiendaId, opciones.tiendaId));
  const ids = await db
    .select({ id: documentoDian.idDocumento })
    .from(documentoDian)
    .where(and(...filtros))
    .orderBy(asc(documentoDian.creadoEn), asc(documentoDian.idDocumento))
    .limit(Math.min(opciones.limite ?? 100, 500));
  const out: DocumentoBandeja[] = [];
  for (const { id } of ids) {
    const r = await procesarDocumento(db, transporte, id, opciones.ahora ?? new Date());
    if (r) out.push(r);
    // DIAN failing: stop this pass, the rest would fail the same way.
    if (r?.estado === 'contingencia') break;
  }
  return out;
}

export interface PendienteContingencia {
  idDocumento: number;
  numero: string;
  contingencia: string;
  limite: string;
  /** Whole minutes left before the 48-hour limit (negative once expired). */
  minutosRestantes: number;
  /** Less than 6 hours left (or expired): the panel warns. */
  alerta: boolean;
}

/** The contingency panel: what must still reach DIAN, with its countdown. */
export async function pendientesContingencia(db: Db, tiendaId: number, ahora = new Date()): Promise<PendienteContingencia[]> {
  const filas = await db
    .select()
    .from(documentoDian)
    .where(and(eq(documentoDian.tiendaId, tiendaId), eq(documentoDian.estado, 'contingencia')))
    .orderBy(asc(documentoDian.limiteContingencia));
  return filas.map((f) => {
    const limite = f.limiteContingencia ?? new Date(f.creadoEn.getTime() + HORAS_CONTINGENCIA * 3_600_000);
    const minutos = Math.floor((limite.getTime() - ahora.getTime()) / 60_000);
    return { idDocumento: f.idDocumento, numero: f.numero, contingencia: f.contingencia ?? '08', limite: limite.toISOString(), minutosRestantes: minutos, alerta: minutos < 6 * 60 };
  });
}
