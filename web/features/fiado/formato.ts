import { fiado } from '#shared/messages/fiado';
import { formatPesos } from '#shared/money';
import { enlaceWhatsApp, type TEstadoCuenta } from '#shared/schemas/fiado';
import { fechasEn, type Fechas } from '../../lib/fechas';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { fiado };

/** "+$ 30.000" for a charge, "-$ 10.000" for a payment or reversal. */
export const conSigno = (monto: number) => (monto > 0 ? `+${formatPesos(monto)}` : formatPesos(monto));

/** How old the oldest unpaid debt is, for a person: "de hace 12 días". */
export const antiguedad = (dias: number | null) => (dias == null ? '—' : M.fiado.antiguedad(dias));

/**
 * The short statement sent by WhatsApp: store, balance and the last five movements (dates in the store's
 * zone). A customer of an empresa's several stores (issue #56) reads where each of those happened, as the
 * statement's screen shows it.
 */
export function textoWhatsApp(c: TEstadoCuenta, fechas: Fechas = fechasEn()): string {
  const ultimos = c.movimientos.slice(-5);
  const variasTiendas = c.movimientos.some((m) => m.tienda !== c.tienda);
  const lineas = ultimos.map((m) =>
    M.fiado.whatsappLinea(fechas.fecha(m.fecha), M.fiado.tipo[m.tipo] ?? m.tipo, conSigno(m.monto), formatPesos(m.saldo), variasTiendas ? m.tienda : undefined),
  );
  return M.fiado.whatsapp(c.tienda, `${c.cliente.nombre} ${c.cliente.apellido}`.trim(), formatPesos(c.credito.saldo), lineas);
}

export const enlaceEstadoCuenta = (c: TEstadoCuenta, fechas?: Fechas) => enlaceWhatsApp(c.cliente.telefono, textoWhatsApp(c, fechas));
