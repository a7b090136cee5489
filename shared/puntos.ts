/**
 * Loyalty points' arithmetic (issue #59 point 3, ADR 054): pure, integer, the same on the server, the
 * till and the tests. Points are whole; pesos are integer pesos.
 */

/** Points a sale earns on what was paid now (total − fiado − points): floored. */
export const puntosGanados = (pagado: number, pesosPorPunto: number): number => (pagado > 0 && pesosPorPunto > 0 ? Math.floor(pagado / pesosPorPunto) : 0);

/** Points a total paid with points spends: rounded up, so the shop never gives more than the points are worth. */
export const puntosParaPagar = (total: number, valorPunto: number): number => (total > 0 ? Math.ceil(total / valorPunto) : 0);

/**
 * The share of `base` points that `devuelto` of `total` pesos stands for, cumulative over the sale's
 * returns and rounded half up: the returns of a sale add up to exactly `base` when everything came back.
 */
export function parteDePuntos(base: number, devuelto: number, total: number): number {
  if (base <= 0 || total <= 0 || devuelto <= 0) return 0;
  if (devuelto >= total) return base;
  return Math.min(base, Math.floor((2 * base * devuelto + total) / (2 * total)));
}

/**
 * What a reversal writes: the earned points it takes back (never more than the balance, so it never
 * goes below zero) and the spent points it gives back, given what earlier reversals of the sale did.
 */
export function reversoDePuntos(o: { ganados: number; redimidos: number; quitados: number; devueltos: number; devuelto: number; total: number; saldo: number }) {
  const quitar = Math.max(0, parteDePuntos(o.ganados, o.devuelto, o.total) - o.quitados);
  const devolver = Math.max(0, parteDePuntos(o.redimidos, o.devuelto, o.total) - o.devueltos);
  const quitados = Math.min(quitar, o.saldo + devolver);
  return { quitar: quitados, devolver, sinQuitar: quitar - quitados };
}
