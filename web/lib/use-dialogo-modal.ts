import { useEffect, useRef } from 'react';

/**
 * A native `<dialog>` shown modally while its component is mounted (it keeps the focus, Esc cancels;
 * where the browser has no `showModal`, merely open), and the focus given back on closing to what had
 * it before. Returns the ref to put on the `<dialog>`.
 */
export function useDialogoModal() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    const previo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (d && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    }
    return () => {
      if (d?.open) d.close?.();
      previo?.focus();
    };
  }, []);
  return ref;
}
