import { Suspense, type ReactNode } from 'react';
import { useEnLinea } from '../lib/fuente-venta';
import { preloadable } from '../lib/preloadable';
import { useTrasPintar } from '../lib/tras-pintar';

/**
 * The offline machinery (features/sin-red: Dexie, the device's sale, its schemas; ~60 KB gzip) is not
 * on the till's first paint (issue #55 point 4). It loads once the screen has painted, at once when
 * the browser is offline, and the till offline waits for it (its source is registered on import).
 */
const SinRed = preloadable(() => import('../features/sin-red/sin-red-diferido'));

/** The shell's part: syncs and shows the band, after the first paint (at once offline). */
export function SinRedEnSegundoPlano({ activa, cuenta }: { activa: boolean; cuenta: string }) {
  const ya = useTrasPintar(!useEnLinea());
  if (!ya) return null;
  return (
    <Suspense fallback={null}>
      <SinRed activa={activa} cuenta={cuenta} />
    </Suspense>
  );
}

function Hijos({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
const Listo = preloadable<{ children: ReactNode }>(async () => {
  await SinRed.preload();
  return { default: Hijos };
});

/** Renders its children once the device's source is registered (the till without the network). */
export function ConFuenteSinRed({ children }: { children: ReactNode }) {
  return <Listo>{children}</Listo>;
}
