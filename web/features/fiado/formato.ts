import { M } from '#shared/messages';
import { formatPesos } from '#shared/money';
import { enlaceWhatsApp, type TEstadoCuenta } from '#shared/schemas/fiado';
import { ZONA_HORARIA } from '#shared/schemas/movimiento';

export const fecha = new Intl.DateTimeFormat('es-CO', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: ZONA_HORARIA });
export const fechaHora = new Intl.DateTimeFormat('es-CO', { day: '2-digit', month: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: ZONA_HORARIA });

/** "+$ 30.000" for a charge, "-$ 10.000" for a payment or reversal. */
export const conSigno = (monto: number) => (monto > 0 ? `+${formatPesos(monto)}` : formatPesos(monto));

/** How old the oldest unpaid debt is, for a person: "de hace 12 días". */
export const antiguedad = (dias: number | null) => (dias == null ? '—' : M.fiado.antiguedad(dias));

/** The short statement sent by WhatsApp: store, balance and the last five movements. */
export function textoWhatsApp(c: TEstadoCuenta): string {
  const lineas = c.movimientos
    .slice(-5)
    .map((m) => `• ${fecha.format(new Date(m.fecha))} ${M.fiado.tipo[m.tipo] ?? m.tipo}: ${conSigno(m.monto)} (saldo ${formatPesos(m.saldo)})`);
  return M.fiado.whatsapp(c.tienda, `${c.cliente.nombre} ${c.cliente.apellido}`.trim(), formatPesos(c.credito.saldo), lineas);
}

export const enlaceEstadoCuenta = (c: TEstadoCuenta) => enlaceWhatsApp(c.cliente.telefono, textoWhatsApp(c));
