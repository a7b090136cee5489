import { deMilesimas, importeLinea, milesimasDe } from '#shared/cantidad';
import type { TTotalesConteo } from '#shared/schemas/conteo';

/**
 * The variance report's arithmetic (issue #58 point 1, ADR 042), pure: a product's difference is
 * contado − sistema in integer thousandths; its value at cost is the money rule of a line
 * (importeLinea: half-up to the peso) on the difference's size, with its sign. The totals are exact
 * sums of those integers; shrinkage is the shortfall over the system's stock at cost.
 */
export interface FilaConteo {
  sistema: number;
  contado: number;
  costo: number | null;
}

export function valorarFila(f: FilaConteo): { diferencia: number; valor: number } {
  const d = milesimasDe(f.contado) - milesimasDe(f.sistema);
  const valor = f.costo == null || d === 0 ? 0 : Math.sign(d) * importeLinea(f.costo, Math.abs(d));
  return { diferencia: deMilesimas(d), valor };
}

export function totalesDe(filas: FilaConteo[]): TTotalesConteo {
  let faltante = 0;
  let sobrante = 0;
  let valorSistema = 0;
  let conDiferencia = 0;
  for (const f of filas) {
    const { diferencia, valor } = valorarFila(f);
    if (diferencia !== 0) conDiferencia++;
    if (valor < 0) faltante += -valor;
    else sobrante += valor;
    const s = milesimasDe(f.sistema);
    if (f.costo != null && s > 0) valorSistema += importeLinea(f.costo, s);
  }
  // Two decimals, half-up, computed on integers: ⌊(faltante × 10 000 + valorSistema / 2) / valorSistema⌋ / 100.
  const merma = valorSistema > 0 ? Number((BigInt(faltante) * 10_000n + BigInt(valorSistema) / 2n) / BigInt(valorSistema)) / 100 : null;
  return { faltante, sobrante, neto: sobrante - faltante, valorSistema, merma, conDiferencia };
}
