/** Spanish texts of the loyalty points (issue #59 point 3, ADR 054). */
import { formatPesos } from '../money';

const n = (p: number) => new Intl.NumberFormat('es-CO').format(p);
export const puntos = {
  titulo: 'Puntos',
  subtitulo: 'Sus clientes ganan puntos con lo que pagan y los usan como dinero en la caja.',
  enlace: 'Puntos',
  activo: 'Dar puntos a los clientes',
  pesosPorPunto: 'Pesos de compra por cada punto',
  valorPunto: 'Valor de un punto al pagar ($)',
  ejemplo: (pesos: number, valor: number) => `Una compra de ${formatPesos(pesos * 10)} da 10 puntos; 10 puntos pagan ${formatPesos(valor * 10)}.`,
  guardar: 'Guardar',
  guardando: 'Guardando…',
  guardado: 'Puntos guardados.',
  cargando: 'Cargando los puntos…',
  pesosInvalidos: 'Escriba cuántos pesos de compra dan un punto: un número entero entre 100 y 1.000.000.',
  valorInvalido: 'Escriba cuánto vale un punto al pagar: un número entero entre 1 y 10.000.',
  soloAdministrador: 'Solo el administrador de la tienda configura los puntos.',
  // The settings screen's hints (role 1).
  activoAyuda: 'Apagados, las ventas no dan puntos y la caja no ofrece Puntos; los saldos de los clientes se conservan.',
  pesosAyuda: 'Entre 100 y 1.000.000. Cuenta lo que el cliente paga en la venta, no lo que queda fiado.',
  valorAyuda: 'Entre 1 y 10.000. Con Puntos se paga la venta entera; una devolución devuelve los puntos.',
  desdeClientes: 'Configurar puntos',
  // The customer's balance.
  saldo: 'Puntos',
  saldoDe: (p: number) => `${n(p)} ${p === 1 ? 'punto' : 'puntos'}`,
  saldoEnCaja: (p: number, valor: number) => `${n(p)} ${p === 1 ? 'punto' : 'puntos'} (${formatPesos(p * valor)})`,
  movimientos: 'Movimientos de puntos',
  sinMovimientos: 'Todavía no tiene movimientos de puntos.',
  tipos: { ganado: 'Ganados', redimido: 'Usados', reverso: 'Venta anulada', devolucion: 'Devolución', union: 'Unión de clientes' } as Record<string, string>,
  // The till and the checkout.
  requiereCliente: 'Para pagar con puntos, elija primero al cliente.',
  desactivados: 'Esta tienda no tiene puntos activos.',
  insuficientes: (saldo: number, necesarios: number) => `El cliente tiene ${n(saldo)} puntos y esta venta necesita ${n(necesarios)}. Elija otro medio de pago.`,
  /** The payment page with Puntos chosen: what the sale spends and what is left (the whole sale, ADR 054). */
  pagoConPuntos: (necesarios: number, pesos: number, quedan: number) => `Se usan ${n(necesarios)} ${necesarios === 1 ? 'punto' : 'puntos'} del cliente (${formatPesos(pesos)}); le quedan ${n(quedan)}.`,
  sinRed: 'Sin conexión no se puede pagar con puntos: el equipo no conoce el saldo del cliente. Cobre con otro medio de pago.',
  // The receipt.
  // The printed ticket's pairs (label, number); the screen's line joins them.
  etiquetaGanados: 'Puntos ganados',
  etiquetaUsados: 'Puntos usados',
  etiquetaSaldo: 'Saldo de puntos',
  numero: n,
  reciboGanados: (p: number) => `${puntos.etiquetaGanados}: ${n(p)}`,
  reciboUsados: (p: number) => `${puntos.etiquetaUsados}: ${n(p)}`,
  reciboSaldo: (p: number) => `${puntos.etiquetaSaldo}: ${n(p)}`,
  // The activity log.
  describir: (d: { accion: string; cambios?: { campo: string; antes: unknown; despues: unknown }[]; cliente?: string; puntos?: number; ventaNumero?: number; sinQuitar?: number }) => {
    if (d.accion === 'configuracion')
      return `Cambió los puntos: ${(d.cambios ?? []).map((c) => `${c.campo}: ${c.antes ?? '—'} → ${c.despues ?? '—'}`).join('; ')}`;
    const verbo = ({ ganado: 'Dio', redimido: 'Cobró', reverso: 'Reversó', devolucion: 'Reversó por devolución' } as Record<string, string>)[d.accion] ?? d.accion;
    const falta = d.sinQuitar ? ` (${n(d.sinQuitar)} ya estaban usados y no se quitaron)` : '';
    return `${verbo} ${n(Math.abs(d.puntos ?? 0))} puntos a ${d.cliente ?? 'un cliente'} en la venta #${d.ventaNumero ?? '—'}${falta}`;
  },
};
