/**
 * Dates as people in Colombia type and read them: dd/mm/aaaa, whatever the browser's language
 * (issue #36 point 12). The forms and the API keep ISO dates (aaaa-mm-dd); these convert between the two.
 */

/** An ISO date (aaaa-mm-dd) as dd/mm/aaaa; anything else as it is. */
export function isoADdMmAaaa(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

const valida = (a: number, m: number, d: number) => {
  if (a < 1900 || a > 2999 || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(a, m, 0)).getUTCDate();
};
const dos = (n: number) => String(n).padStart(2, '0');

/**
 * What a person typed, as an ISO date: dd/mm/aaaa (also with - or . and one-digit day or month), the
 * same eight digits without separators (ddmmaaaa, as a numeric keypad types it: issue #52) or an ISO
 * date itself; '' for nothing typed; null for an incomplete or impossible date (31/02/2026).
 */
export function ddMmAaaaAIso(texto: string): string | null {
  const t = texto.trim();
  if (!t) return '';
  let m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  if (m) {
    const [d, mes, a] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return valida(a, mes, d) ? `${a}-${dos(mes)}-${dos(d)}` : null;
  }
  m = /^(\d{2})(\d{2})(\d{4})$/.exec(t);
  if (m) {
    const [d, mes, a] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return valida(a, mes, d) ? `${a}-${dos(mes)}-${dos(d)}` : null;
  }
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (m) return valida(Number(m[1]), Number(m[2]), Number(m[3])) ? t : null;
  return null;
}

/** Typing digits (the slashes typed or not), the slashes appear: "1503" → "15/03", "15/032026" → "15/03/2026". */
export function conBarras(texto: string): string {
  if (!/^[\d/]+$/.test(texto)) return texto;
  const d = texto.replace(/\//g, '').slice(0, 8);
  return [d.slice(0, 2), d.slice(2, 4), d.slice(4)].filter(Boolean).join('/');
}
