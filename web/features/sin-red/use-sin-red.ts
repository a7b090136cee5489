import { useEffect, useState } from 'react';
import { registrarFuenteSinRed } from '../../lib/fuente-venta';
import { baseLocal, leerAjuste, observarEspaciado, primeraPendiente, type BaseLocal, type DeshacerSalida } from './base-local';
import { fuenteDelEquipo } from './fuente-sin-red';
import { sincronizar } from './sincronizar';
// Counting offline on a phone (issue #58 point 1): the count's screen reads the device through web/lib/fuente-conteo.ts.
import './conteo-local';

/** The browser says it has a network (issue #34): web/lib/fuente-venta.ts, shared with the till. */
export { useEnLinea } from '../../lib/fuente-venta';

// The till sells from the device's catalogue and outbox when the network is gone (issue #53).
registrarFuenteSinRed(fuenteDelEquipo);

export interface EstadoSinRed {
  pendientes: number;
  rechazadas: number;
  /** Returns and annulments queued offline (ADR 034). */
  deshacerPendientes: number;
  deshacerRechazados: number;
  /** Those the server refused, with its reason: shown on every screen until dealt with. */
  rechazos: { clave: string; tipo: DeshacerSalida['tipo']; ventaNumero: string; error: string }[];
  /** Why the waiting sales do not go (the device is not authorised yet), as the server said. */
  aviso: string | null;
  ultimaSincronizacion: number | null;
}

/** How long the outbox's counts wait after a change, at most, before they are read again. */
const ESPERA_ESTADO_MS = 1_000;

async function leerEstado(db: BaseLocal): Promise<EstadoSinRed> {
  const rechazos = (await db.deshacer.where('estado').equals('rechazada').sortBy('n')).map((d) => ({ clave: d.clave, tipo: d.tipo, ventaNumero: d.ventaNumero, error: d.error ?? '' }));
  return {
    pendientes: await db.salida.where('estado').equals('pendiente').count(),
    rechazadas: await db.salida.where('estado').equals('rechazada').count(),
    deshacerPendientes: await db.deshacer.where('estado').equals('pendiente').count(),
    deshacerRechazados: rechazos.length,
    rechazos,
    aviso: (await primeraPendiente(db))?.error ?? null,
    ultimaSincronizacion: (await leerAjuste<number>(db, 'ultimaSincronizacion')) ?? null,
  };
}

/** The outbox's counts and the last sync's time, across the device's tabs, read again at most once a second while it changes. */
export function useEstadoSinRed(cuenta: string): EstadoSinRed {
  const [estado, setEstado] = useState<EstadoSinRed>({ pendientes: 0, rechazadas: 0, deshacerPendientes: 0, deshacerRechazados: 0, rechazos: [], aviso: null, ultimaSincronizacion: null });
  useEffect(() => {
    const db = baseLocal();
    if (!db) return;
    return observarEspaciado(db, () => leerEstado(db), setEstado, ESPERA_ESTADO_MS);
  }, [cuenta]);
  return estado;
}

/** How often the poll tries (Background Sync is not in every browser). */
const SONDEO_MS = 30_000;

/** Syncs at start, on `online`, when the page becomes visible and by a poll, while a store's session lasts. */
export function useSincronizacion(activa: boolean, cuenta: string): void {
  useEffect(() => {
    if (!activa) return;
    const intentar = () => void sincronizar();
    const alVerse = () => {
      if (document.visibilityState === 'visible') intentar();
    };
    intentar();
    window.addEventListener('online', intentar);
    document.addEventListener('visibilitychange', alVerse);
    const sondeo = window.setInterval(intentar, SONDEO_MS);
    return () => {
      window.removeEventListener('online', intentar);
      document.removeEventListener('visibilitychange', alVerse);
      window.clearInterval(sondeo);
    };
  }, [activa, cuenta]);
}
