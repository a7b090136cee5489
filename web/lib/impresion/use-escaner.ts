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

/** What a scanner types into a field: one word of letters, digits and code signs, with a digit in it. */
const PARECE_CODIGO = /^(?=.*\d)[0-9A-Za-z._\-/]+$/;

/** A field's value as it was when a burst began, to be put back when the burst was a scan. */
interface Antes {
  campo: HTMLInputElement | HTMLTextAreaElement;
  valor: string;
}

/** Sets a field's value as typing would, so React's onChange sees it. */
function devolverValor({ campo, valor }: Antes): void {
  if (campo.value === valor) return;
  const proto = campo instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(campo, valor);
  campo.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * A USB or Bluetooth barcode scanner types like a very fast keyboard and presses Enter (issue #19).
 * This recognises such a burst wherever the focus is, and under no dialog. The Enter that ends a scan
 * is taken, so a focused button is not pressed by it.
 *
 * In a text field a burst is a scan only with `enCampos` (the till, issue #36 point 1) and only when it
 * looks like a code (one word with a digit: names typed fast are not codes): the field gets back the
 * value it had before the burst, so a scan with the focus in a quantity or an amount never changes it,
 * and the field never sees the Enter. Without `enCampos` a field's own Enter handles its text.
 */
export function useEscaner(onCodigo: (codigo: string) => void, enabled = true, options: { enCampos?: boolean } = {}): void {
  const enCampos = !!options.enCampos;
  const latest = useRef(onCodigo);
  useEffect(() => {
    latest.current = onCodigo;
  });
  useEffect(() => {
    if (!enabled) return;
    let buffer = '';
    let first = 0;
    let last = 0;
    let antes: Antes | null = null;
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const activo = document.activeElement;
      const enCampo = esCampoDeTexto(activo);
      if ((enCampo && !enCampos) || document.querySelector('.swal2-container')) {
        buffer = '';
        return;
      }
      const now = performance.now();
      // A pause ends a burst; one late key (a busy machine) does not, the average speed decides.
      const seguido = now - last < ESCANEO_PAUSA_MS;
      last = now;
      if (e.key === 'Enter') {
        const promedio = (now - first) / Math.max(1, buffer.length);
        if (seguido && buffer.length >= ESCANEO_MIN && promedio < ESCANEO_MAX_MS && (!enCampo || PARECE_CODIGO.test(buffer))) {
          e.preventDefault();
          e.stopPropagation();
          const codigo = buffer;
          buffer = '';
          if (enCampo && antes && antes.campo === activo) devolverValor(antes);
          antes = null;
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
        // The key is not in the field yet (this listener runs first): its value before the burst.
        antes = activo instanceof HTMLInputElement || activo instanceof HTMLTextAreaElement ? { campo: activo, valor: activo.value } : null;
      }
      if (buffer.length > 64) buffer = '';
    };
    // A scanner never clicks: a click or a tap ends whatever was being typed. Digits typed into the
    // customer's document, a click on "Buscar cliente", then an amount and Enter were once taken for a
    // scan of the document at the payment (the Enter never reached the form; a journey's flake).
    const onPointer = () => {
      buffer = '';
      antes = null;
    };
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('pointerdown', onPointer, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('pointerdown', onPointer, true);
    };
  }, [enabled, enCampos]);
}
