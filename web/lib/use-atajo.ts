import { useEffect, useRef } from 'react';

/**
 * A till's function key (F2, F4, F8…): the handler runs wherever the focus is, and the key's own
 * browser action (if any) is prevented. The latest handler is used, so it may close over state.
 */
export function useAtajo(key: string, handler: () => void, enabled = true): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== key || e.altKey || e.ctrlKey || e.metaKey || e.repeat) return;
      // A dialog on screen owns the keyboard.
      if (document.querySelector('.swal2-container')) return;
      e.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [key, enabled]);
}
