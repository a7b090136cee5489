import { AppError } from '#shared/errors';
import { sinRed } from '#shared/messages/sin-red';
import type { TDevolucionesDeVenta } from '#shared/schemas/devolucion';
import type { TDatosSinRed, TDispositivo, TEquipoPropio } from '#shared/schemas/sin-red';
import type { TAjustesTienda } from '#shared/schemas/tienda';
import type { TRecibo } from '#shared/schemas/venta';
import { api, NetworkError } from '../../lib/api-client';
import { getSession } from '../../lib/session';
import { baseLocal, leerAjuste, plegar, type BaseLocal } from './base-local';
import { peticionCambio } from './cambio-local';
import { peticionDevolucion } from './deshacer-local';
import { descargarPromociones } from '../../lib/promociones-caja';

/**
 * Sync (issue #34 points 3 and 5, ADR 029): the outbox goes first, in the order the sales were made,
 * to the idempotent `POST /api/sin-red/ventas` (the sale's key, ADR 011: a sale sent twice is recorded once);
 * then what changed on the server since the last download. Run on the `online` event, when the page
 * becomes visible, by a poll, and after each offline sale; one tab at a time (navigator.locks).
 */

/** The browser's own key as a device of the store (issue #51 point 5): kept across sign-outs, never sent elsewhere. */
const CLAVE_EQUIPO = 'adax-equipo';
export function claveEquipo(): string {
  let clave = localStorage.getItem(CLAVE_EQUIPO);
  if (!clave || !/^[A-Za-z0-9_-]{32,128}$/.test(clave)) {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    clave = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    localStorage.setItem(CLAVE_EQUIPO, clave);
  }
  return clave;
}

/**
 * The device asks to sell offline (issue #51 point 5), each round: the owner's own device is
 * authorised at once, a cashier's waits for the owner (Ajustes › Equipos sin red). Its state is kept
 * for the offline till, which does not sell on a device not authorised.
 */
async function asegurarEquipo(db: BaseLocal): Promise<TEquipoPropio> {
  const equipo = await api<TEquipoPropio>('/sin-red/equipo', { method: 'POST', body: { clave: claveEquipo() } });
  await db.ajustes.put({ clave: 'equipo', valor: equipo });
  return equipo;
}

/** The prefix as the device keeps it: `enlazado` once the server tied it to this device (issue #51 point 5). */
type DispositivoLocal = TDispositivo & { enlazado?: boolean };

/**
 * Registers the device once (its prefix), while online. A prefix taken before devices needed the
 * owner's authorisation is tied to this device once (the server keeps it if it is this account's), so
 * the sales waiting under it go when the owner authorises the device.
 */
async function asegurarDispositivo(db: BaseLocal): Promise<TDispositivo> {
  const hay = await leerAjuste<DispositivoLocal>(db, 'dispositivo');
  if (hay?.enlazado) return hay;
  const nuevo = await api<TDispositivo>('/sin-red/dispositivos', { method: 'POST', body: { clave: claveEquipo(), ...(hay ? { dispositivoId: hay.id } : {}) } });
  // Two tabs registering at once: the first one stored wins, the other prefix is simply unused.
  return db.transaction('rw', db.ajustes, async () => {
    const ya = await leerAjuste<DispositivoLocal>(db, 'dispositivo');
    if (ya?.enlazado) return ya;
    const valor: DispositivoLocal = { ...nuevo, enlazado: true };
    await db.ajustes.put({ clave: 'dispositivo', valor });
    return valor;
  });
}

/** Downloads the catalogue, customers and methods: everything the first time, then what changed. */
export async function descargar(db: BaseLocal): Promise<{ productos: number }> {
  // The active promotions come with the catalogue (ADR 052): an offline sale is priced as the server will price it.
  await descargarPromociones().catch(() => undefined);
  const cursor = await leerAjuste<string>(db, 'cursor');
  // The server notes which balances this device saw (ADR 041): its offline fiado is checked against them.
  const dispositivo = await leerAjuste<TDispositivo>(db, 'dispositivo');
  let desde = cursor;
  let tras = 0;
  let primera = true;
  let proximo: string | null | undefined;
  let documentoElectronico = false;
  let formatosBalanza: TDatosSinRed['formatosBalanza'] = [];
  let fiscal: TDatosSinRed['fiscal'] = null;
  let supervisores: TDatosSinRed['supervisores'] = [];
  let productos = 0;
  for (;;) {
    const d = await api<TDatosSinRed>('/sin-red/datos', { query: { desde, tras: tras || undefined, dispositivoId: primera ? dispositivo?.id : undefined }, timeoutMs: 30_000 });
    if (primera) {
      primera = false;
      documentoElectronico = d.documentoElectronico;
      formatosBalanza = d.formatosBalanza;
      fiscal = d.fiscal ?? null;
      supervisores = d.supervisores ?? [];
    }
    proximo = d.cursor;
    productos += d.productos.length;
    await db.transaction('rw', [db.productos, db.clientes, db.metodos], async () => {
      const quitar = d.productos.filter((p) => p.estado !== 1).map((p) => p.id);
      await db.productos.bulkPut(d.productos.filter((p) => p.estado === 1).map((p) => ({ ...p, busqueda: plegar(`${p.nombre} ${p.marca ?? ''}`), codigosPresentacion: p.presentaciones.map((u) => u.codigoBarras) })));
      if (quitar.length) await db.productos.bulkDelete(quitar);
      if (d.clientes.length) await db.clientes.bulkPut(d.clientes);
      if (d.metodos.length) await db.metodos.bulkPut(d.metodos);
    });
    if (!d.siguiente) break;
    desde = d.siguiente.desde || undefined;
    tras = d.siguiente.tras;
  }
  // The server's sequence, not its clock (issue #50 point 6): the next download sends it back as is.
  await db.ajustes.bulkPut([
    { clave: 'cursor', valor: proximo ?? null },
    { clave: 'catalogoCompleto', valor: true },
    { clave: 'documentoElectronico', valor: documentoElectronico },
    { clave: 'formatosBalanza', valor: formatosBalanza },
    { clave: 'fiscal', valor: fiscal },
    { clave: 'ultimaSincronizacion', valor: Date.now() },
    // The supervisors' PIN verifiers (a cashier's device only) replace the last ones, and a sync lifts the lock of wrong PINs (ADR 053).
    { clave: 'supervisores', valor: supervisores },
    { clave: 'pinFallos', valor: 0 },
  ]);
  // The receipt's header (name, NIT, address, paper, time zone): the offline receipt is the real one (issue #53 point 2).
  const tienda = await api<TAjustesTienda>('/tienda/ajustes').catch(() => null);
  if (tienda) await db.ajustes.put({ clave: 'tienda', valor: tienda });
  return { productos };
}

/**
 * The server refused this operation for good (4xx). Anything else — no connection, session ended,
 * server busy or failing — is not a refusal: the round stops and tries again later.
 */
export const esRechazo = (err: unknown): err is AppError =>
  !(err instanceof NetworkError) && err instanceof AppError && err.status < 500 && err.code !== 'UNAUTHORIZED' && err.code !== 'RATE_LIMITED';

/**
 * Sends the outbox in order. A sale the server answers (recorded now or before: the same key) is
 * marked sent; one it refuses for good (4xx) is marked refused with the server's message and the next
 * ones go on; no connection stops the round (the next one tries again).
 */
export async function enviarSalida(db: BaseLocal): Promise<{ enviadas: number; rechazadas: number }> {
  const pendientes = await db.salida.where('estado').equals('pendiente').sortBy('n');
  let enviadas = 0;
  let rechazadas = 0;
  for (const v of pendientes) {
    try {
      const cuerpo = { ...v.cuerpo, sinRed: { ...v.cuerpo.sinRed!, reloj: new Date().toISOString() } };
      const recibo = await api<TRecibo>('/sin-red/ventas', { method: 'POST', body: cuerpo, timeoutMs: 20_000 });
      await db.salida.update(v.clave, { estado: 'enviada', enviadaEn: Date.now(), ventaId: recibo.id });
      enviadas++;
    } catch (err) {
      // Not a refusal of this sale (no connection, session ended, server busy or failing): try again later.
      if (!esRechazo(err)) break;
      // The device is not authorised yet: the sale stays, with what to do, and goes once the owner authorises it.
      if (err.datos?.equipo === 'sin-autorizar') {
        await db.salida.update(v.clave, { error: err.message });
        break;
      }
      await db.salida.update(v.clave, { estado: 'rechazada', error: err.message });
      rechazadas++;
    }
  }
  return { enviadas, rechazadas };
}

/**
 * Sends the returns, exchanges and annulments queued offline (ADR 034, issue #53 point 4), in the order they were made, each after
 * its sale: one whose sale is still waiting waits too (and so do the next ones, to keep the order);
 * one whose sale was refused, or that the server refuses (its rules and permissions, as online), is
 * marked refused with the reason, kept, and shown. A return or an exchange carries its key: sent twice, recorded once;
 * an annulment is once per sale by itself (a second answers the sale already annulled).
 */
export async function enviarDeshacer(db: BaseLocal): Promise<{ enviadas: number; rechazadas: number }> {
  const pendientes = await db.deshacer.where('estado').equals('pendiente').sortBy('n');
  let enviadas = 0;
  let rechazadas = 0;
  for (const op of pendientes) {
    const venta = await db.salida.get(op.ventaClave);
    if (venta?.estado === 'pendiente') break;
    try {
      if (!venta || venta.estado === 'rechazada' || venta.ventaId == null) throw new AppError('BUSINESS_RULE', sinRed.ventaNoLlego);
      if (op.tipo === 'anulacion') await api(`/ventas/${venta.ventaId}/anular`, { method: 'POST', timeoutMs: 20_000 });
      else {
        // A return or an exchange (issue #53 point 4): its lines named by the sale's invoice lines, then the online endpoint with its key.
        const servidor = await api<TDevolucionesDeVenta>(`/ventas/${venta.ventaId}/devoluciones`, { timeoutMs: 20_000 });
        let cuerpo;
        try {
          cuerpo = op.tipo === 'cambio' ? peticionCambio(op, venta, servidor) : peticionDevolucion(op, venta, servidor);
        } catch (err) {
          throw new AppError('BUSINESS_RULE', (err as Error).message);
        }
        await api(`/ventas/${venta.ventaId}/${op.tipo === 'cambio' ? 'cambios' : 'devoluciones'}`, { method: 'POST', body: cuerpo, timeoutMs: 20_000 });
      }
      await db.deshacer.update(op.clave, { estado: 'enviada', enviadaEn: Date.now() });
      enviadas++;
    } catch (err) {
      if (!esRechazo(err)) break;
      await db.deshacer.update(op.clave, { estado: 'rechazada', error: err.message });
      rechazadas++;
    }
  }
  return { enviadas, rechazadas };
}

/** What else a round sends after the sales and their returns (a count's lines kept offline, features/sin-red/conteo-local.ts), in the order given. */
const otrosEnvios: ((db: BaseLocal) => Promise<unknown>)[] = [];
export const alSincronizar = (enviar: (db: BaseLocal) => Promise<unknown>) => void otrosEnvios.push(enviar);

let enCurso: Promise<void> | null = null;

/** One round: outbox, then download. Never throws; a tab already syncing makes this one skip. */
export function sincronizar(): Promise<void> {
  if (enCurso) return enCurso;
  // Assigned before the round may end (a round that returns at once must not leave itself behind).
  const ronda = (enCurso = Promise.resolve()
    .then(unaRonda)
    .catch(() => undefined)
    .finally(() => {
      if (enCurso === ronda) enCurso = null;
    }));
  return ronda;
}

async function unaRonda(): Promise<void> {
  const db = baseLocal();
  const sesion = getSession();
  // No connection, or the server refuses: the banner keeps the last sync's time and the next round tries again.
  if (!db || sesion?.id_Tienda == null || !navigator.onLine) return;
  const pasos = async () => {
    await asegurarEquipo(db);
    await asegurarDispositivo(db);
    await enviarSalida(db);
    await enviarDeshacer(db);
    for (const enviar of otrosEnvios) await enviar(db);
    await descargar(db);
  };
  if (navigator.locks) await navigator.locks.request(`adax-sin-red-sync:${db.name}`, { ifAvailable: true }, async (lock) => (lock ? pasos() : undefined));
  else await pasos();
}
