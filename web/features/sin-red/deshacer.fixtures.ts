import { METODO } from '#shared/roles';
import { agregarProducto } from '../ventas/carrito';
import type { DeshacerSalida, VentaSalida } from './base-local';
import { armarVenta } from './venta-local';

/** The device's sale the offline returns' and exchanges' unit tests share (deshacer-local, cambio-local): 0,75 kg of cheese and two packs of beer. */

export const queso = { id: 1, nombre: 'Queso', marca: null, precio: 12_000, stock: 5, codigoBarras: null, unidad: 'KGM' };
export const cerveza = { id: 2, nombre: 'Cerveza', marca: null, precio: 33_000, stock: 48, codigoBarras: null, unidad: '94', unidadVenta: { id: 9, nombre: 'Paca x12', factor: 12 } };

/** The sale, paid by `pago` (cash by default; fiado to `cliente`), with an optional discount on the whole sale. */
export function venta(
  pago: { metodoPagoId: number; metodo: string; cliente?: { id: number; documento: string } } = { metodoPagoId: METODO.EFECTIVO, metodo: 'Efectivo' },
  descuento?: { tipo: 'valor'; valor: number },
): VentaSalida {
  const lineas = agregarProducto(agregarProducto([], queso, 0.75), cerveza, 2);
  const cliente = pago.cliente ? ({ ...pago.cliente, nombre: 'Ana', cupo: 500_000, saldo: 0 } as never) : null;
  const fiado = pago.metodoPagoId === METODO.FIADO;
  return armarVenta(
    {
      lineas,
      pago: { metodoPagoId: pago.metodoPagoId, metodo: pago.metodo, montoRecibido: fiado ? 0 : 100_000, cliente },
      tienda: 'T',
      cajero: 'C',
      sobregiro: false,
      ...(descuento ? { descuento, motivoDescuento: 'Cliente fiel' } : {}),
    },
    { clave: '00000000-0000-4000-8000-000000000010', n: 4, dispositivo: { id: 1, prefijo: 'D1' }, fecha: '2026-11-28T15:00:00.000Z', contingencia: false },
  );
}

/** An operation queued for that sale (a return unless told). */
export const op = (o: Partial<DeshacerSalida>): DeshacerSalida => ({
  clave: '00000000-0000-4000-8000-000000000020',
  tipo: 'devolucion',
  ventaClave: '00000000-0000-4000-8000-000000000010',
  ventaNumero: 'D1-4',
  n: 1,
  creada: 0,
  estado: 'pendiente',
  ...o,
});
