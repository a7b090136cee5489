import type { TRecibo } from '#shared/schemas/venta';
import type { DatosTienda } from './texto-recibo';

/**
 * The receipts the printing tests print: a store with accents and ñ, and a cash sale whose internal id
 * (50 001) differs from the number people see. Each test states only what it is about.
 */
export const TIENDA_FIJA: DatosTienda = { nombreTienda: 'Tienda Doña Inés', nit: '900.123.456-7', direccion: 'Cra. 7 # 12-34, Bogotá', telefono: '3001234567', pieRecibo: null };

/** A completed cash sale of Tienda Doña Inés, without lines; `cambios` gives it what a test needs. */
export function reciboDePrueba(cambios: Partial<TRecibo> = {}): TRecibo {
  return {
    id: 50_001,
    numero: 37,
    estado: 'Completada',
    fecha: '2026-03-14T19:05:00.000Z',
    tienda: 'Tienda Doña Inés',
    cajero: 'José Peña',
    lineas: [],
    descuento: 0,
    motivoDescuento: null,
    autorizadoPor: null,
    total: 0,
    metodoPago: { id: 5, nombre: 'Efectivo' },
    montoRecibido: 0,
    cambio: 0,
    montoFiado: 0,
    referencia: null,
    verificado: true,
    cliente: null,
    ...cambios,
  };
}

/** A fixed receipt: accents and ñ, a discount, a customer, a cash sale (the ESC/POS fixtures print it). */
export const RECIBO_FIJO: TRecibo = reciboDePrueba({
  numero: 1234,
  estado: 'Pendiente',
  lineas: [
    { productoId: 1, nombre: 'Café molido 250 g', marca: null, cantidad: 2, precio: 8500, descuento: 0, subtotal: 17000 },
    { productoId: 2, nombre: 'Panela orgánica', marca: 'Señorial', cantidad: 1, precio: 3200, descuento: 200, subtotal: 3000 },
  ],
  total: 20000,
  montoRecibido: 50000,
  cambio: 30000,
  cliente: { id: 7, documento: '1020304050', nombre: 'Ángela Muñoz' },
});
