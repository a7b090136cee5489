/** Digits of the weight or the price in a scale label's layout (shared/balanza.ts reads labels, schemas/balanza.ts checks layouts). */
export function largoValor(f: { largoCodigo: number; digitoPrecio: boolean }): number {
  return 13 - 2 - f.largoCodigo - (f.digitoPrecio ? 1 : 0) - 1;
}
