/**
 * Prints the screen on the till's 80 mm roll instead of A4 (issue #36 point 9: the Z report and the
 * estado de cuenta). The page size is a style added for this print only (`@page` cannot depend on a
 * class), and `html.papel-80mm` lets each screen's print rules lay the content out for the roll; both
 * go away once the print dialog closes. Pages are 297 mm long (Chromium has no endless page): a long
 * statement continues on the next length of paper. The printout is then as wide as a phone, whose stacked layout
 * the screens' CSS gives it.
 */
export const PAPEL_80_CLASE = 'papel-80mm';
const ESTILO_ID = 'papel-80mm-pagina';

export function imprimirEn80mm() {
  const html = document.documentElement;
  let estilo = document.getElementById(ESTILO_ID);
  if (!estilo) {
    estilo = document.createElement('style');
    estilo.id = ESTILO_ID;
    estilo.textContent = '@page { size: 80mm 297mm; margin: 3mm; }';
    document.head.append(estilo);
  }
  html.classList.add(PAPEL_80_CLASE);
  const limpiar = () => {
    html.classList.remove(PAPEL_80_CLASE);
    document.getElementById(ESTILO_ID)?.remove();
    window.removeEventListener('afterprint', limpiar);
  };
  window.addEventListener('afterprint', limpiar);
  window.print();
}
