import { useSyncExternalStore } from 'react';

/**
 * Installing the app on the device (issue #34 point 2). Chromium offers it through a
 * `beforeinstallprompt` event that fires once, early, and must be kept to be shown later from a
 * button; Safari on iOS has no such event (the person installs it from Compartir → Agregar a pantalla
 * de inicio) and deletes a site's stored data after 7 days without use unless it is installed.
 * `escucharInstalacion()` runs at start-up (web/main.tsx), before React renders.
 */
interface EventoInstalar extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let pendiente: EventoInstalar | null = null;
let instalada = false;
const oyentes = new Set<() => void>();
const avisar = () => oyentes.forEach((f) => f());

export function escucharInstalacion(): void {
  window.addEventListener('beforeinstallprompt', (e) => {
    // The browser's own mini-infobar stays hidden: the home screen offers it at a better moment.
    e.preventDefault();
    pendiente = e as EventoInstalar;
    avisar();
  });
  window.addEventListener('appinstalled', () => {
    pendiente = null;
    instalada = true;
    avisar();
  });
}

/** The app runs installed (its own window), not in a browser tab. */
export const enModoApp = () =>
  window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** Safari on an iPhone or iPad (iPadOS says it is a Mac, with touch). */
export const esIosSafari = () => {
  const ua = navigator.userAgent;
  const ios = /iPad|iPhone|iPod/.test(ua) || (ua.includes('Macintosh') && navigator.maxTouchPoints > 1);
  return ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS/.test(ua);
};

export type EstadoInstalacion = 'instalada' | 'ofrecida' | 'ios' | 'no-disponible';

const estado = (): EstadoInstalacion => {
  if (instalada || enModoApp()) return 'instalada';
  if (pendiente) return 'ofrecida';
  if (esIosSafari()) return 'ios';
  return 'no-disponible';
};

/** What the home screen can offer, kept current as the browser's events arrive. */
export function useInstalacion(): { estado: EstadoInstalacion; instalar: () => Promise<boolean> } {
  const actual = useSyncExternalStore(
    (f) => {
      oyentes.add(f);
      return () => oyentes.delete(f);
    },
    estado,
    () => 'no-disponible' as const,
  );
  return {
    estado: actual,
    async instalar() {
      const e = pendiente;
      if (!e) return false;
      // The event can be shown once.
      pendiente = null;
      await e.prompt();
      const { outcome } = await e.userChoice;
      avisar();
      return outcome === 'accepted';
    },
  };
}

/**
 * Asks the browser to keep this site's stored data under storage pressure (a till's device copies;
 * the offline sales of issue #34 will live there). Chromium grants it without asking to an installed
 * or much-used site; Firefox asks the person once. Asked once per start, never awaited by a screen.
 */
export async function pedirAlmacenamientoPersistente(): Promise<boolean> {
  try {
    if (!navigator.storage?.persist) return false;
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}
