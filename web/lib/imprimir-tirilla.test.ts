import { describe, expect, it, vi } from 'vitest';
import { imprimirEnTirilla } from './imprimir-tirilla';

/** Issue #52 point 7: the Z report and the statement print on the store's roll, 58 mm like the receipt, or 80 mm. */
describe('imprimir en tirilla', () => {
  for (const ancho of ['58', '80'] as const) {
    it(`${ancho} mm: la página mide ${ancho} mm mientras se imprime y vuelve a A4 después`, () => {
      let durante = { pagina: '', clases: '' };
      // happy-dom has no print dialog: what the page is while it would be open.
      const print = vi.fn(() => {
        durante = { pagina: [...document.head.querySelectorAll('style')].map((s) => s.textContent).join('\n'), clases: document.documentElement.className };
      });
      Object.defineProperty(window, 'print', { value: print, configurable: true, writable: true });
      imprimirEnTirilla(ancho);
      expect(print).toHaveBeenCalledOnce();
      expect(durante.pagina).toContain(`size: ${ancho}mm 297mm`);
      expect(durante.clases.split(' ')).toEqual(expect.arrayContaining(['papel-tirilla', `papel-${ancho}mm`]));
      window.dispatchEvent(new Event('afterprint'));
      expect(document.head.innerHTML).not.toContain('297mm');
      expect(document.documentElement.className).not.toContain('papel-');
    });
  }
});
