import { useEffect, useState } from 'react';

type ConOcioso = Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };

/**
 * False on a screen's first render, true once the browser has painted it and is idle (at most 2 s
 * later): what a screen does not need to be usable loads then (issue #55 point 4: the till's first
 * paint on a slow phone). `ya` makes it true at once (e.g. offline, where the offline till needs it).
 */
export function useTrasPintar(ya = false): boolean {
  const [listo, setListo] = useState(ya);
  useEffect(() => {
    if (listo) return;
    if (ya) return setListo(true);
    const w = window as ConOcioso;
    if (w.requestIdleCallback) {
      const id = w.requestIdleCallback(() => setListo(true), { timeout: 2_000 });
      return () => w.cancelIdleCallback?.(id);
    }
    const t = window.setTimeout(() => setListo(true), 500);
    return () => window.clearTimeout(t);
  }, [listo, ya]);
  return listo;
}
