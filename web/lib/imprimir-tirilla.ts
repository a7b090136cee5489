import type { TAnchoPapel } from '#shared/schemas/tienda';

/**
 * Prints the screen on the till's roll instead of A4 (issue #36 point 9: the Z report and the estado
 * de cuenta), as wide as the store's receipt paper: 58 or 80 mm (issue #52 point 7; Ajustes de la
 * tienda, the receipt's own setting). The page size is a style added for this print only (`@page`
 * cannot depend on a class), and `html.papel-tirilla` (with `papel-58mm` or `papel-80mm`) lets each
 * screen's print rules lay the content out for the roll; both go away once the print dialog closes.
 * Pages are 297 mm long (Chromium has no endless page): a long statement continues on the next length
 * of paper. The printout is then as wide as a phone, whose stacked layout the screens' CSS gives it.
 */
export const PAPEL_TIRILLA_CLASE = 'papel-tirilla';
const ESTILO_ID = 'papel-tirilla-pagina';

export function imprimirEnTirilla(ancho: TAnchoPapel) {
  const html = document.documentElement;
  const clases = [PAPEL_TIRILLA_CLASE, `papel-${ancho}mm`];
  document.getElementById(ESTILO_ID)?.remove();
  const estilo = document.createElement('style');
  estilo.id = ESTILO_ID;
  estilo.textContent = `@page { size: ${ancho}mm 297mm; margin: ${ancho === '58' ? 2 : 3}mm; }`;
  document.head.append(estilo);
  html.classList.add(...clases);
  const limpiar = () => {
    html.classList.remove(...clases);
    document.getElementById(ESTILO_ID)?.remove();
    window.removeEventListener('afterprint', limpiar);
  };
  window.addEventListener('afterprint', limpiar);
  window.print();
}

/** The store's roll width for these prints: its receipt's (80 mm until the settings are read). */
export const anchoTirilla = (anchoPapel: string | undefined): TAnchoPapel => (anchoPapel === '58' ? '58' : '80');
