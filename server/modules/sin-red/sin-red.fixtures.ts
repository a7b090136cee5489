import { randomUUID } from 'node:crypto';
import type { TDispositivo } from '#shared/schemas/sin-red';

const ahora = () => new Date().toISOString();

/**
 * The body a device sends for its n-th offline sale (`POST /api/sin-red/ventas`): one line, paid in cash
 * with $ 100.000 received, dated now. `extra` replaces any of it (a customer, another method, a date).
 */
export const ventaSinRed = (d: TDispositivo, n: number, productoId: number, cantidad: number, extra: Record<string, unknown> = {}) => ({
  clave: randomUUID(),
  lineas: [{ productoId, cantidad }],
  metodoPagoId: 5,
  montoRecibido: 100_000,
  sinRed: { dispositivoId: d.id, numero: `${d.prefijo}-${n}`, fecha: ahora(), reloj: ahora() },
  ...extra,
});
