import { useEffect, useRef } from 'react';

/** A scan: at least this many characters… */
export const ESCANEO_MIN = 6;
/** …typed at less than this many milliseconds a key on average, then Enter. People type slower. */
export const ESCANEO_MAX_MS = 50;
/** A longer pause starts a new burst. */
const ESCANEO_PAUSA_MS = 300;

const esCampoDeTexto = (el: Element | null): boolean => {
  if (!el) return false;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if (el instanceof HTMLInputElement) return !['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image'].includes(el.type);
  return (el as HTMLElement).isContentEditable;
};

/**
 * A USB or Bluetooth barcode scanner types like a very fast keyboard and presses Enter (issue #19).
 * This recognises such a burst wherever the focus is, except in a text field (a field's own Enter
 * handles its text, as the till's search box does with a code) and under a dialog. The Enter that
 * ends a scan is taken, so a focused button is not pressed by it.
 */
export function useEscaner(onCodigo: (codigo: string) => void, enabled = true): void {
  const latest = useRef(onCodigo);
  useEffect(() => {
    latest.current = onCodigo;
  });
  useEffect(() => {
    if (!enabled) return;
    let buffer = '';
    let first = 0;
    let last = 0;
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (esCampoDeTexto(document.activeElement) || document.querySelector('.swal2-container')) {
        buffer = '';
        return;
      }
      const now = performance.now();
      // A pause ends a burst; one late key (a busy machine) does not, the average speed decides.
      const seguido = now - last < ESCANEO_PAUSA_MS;
      last = now;
      if (e.key === 'Enter') {
        const promedio = (now - first) / Math.max(1, buffer.length);
        if (seguido && buffer.length >= ESCANEO_MIN && promedio < ESCANEO_MAX_MS) {
          e.preventDefault();
          e.stopPropagation();
          const codigo = buffer;
          buffer = '';
          latest.current(codigo);
        }
        buffer = '';
        return;
      }
      if (e.key.length !== 1) return;
      if (seguido && buffer) buffer += e.key;
      else {
        buffer = e.key;
        first = now;
      }
      if (buffer.length > 64) buffer = '';
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [enabled]);
}
