import { v4 as uuid } from 'uuid';
import { METODO } from '#shared/roles';
import type { TClienteSinRed, TDispositivo } from '#shared/schemas/sin-red';
import { leerAjuste, type BaseLocal, type ProductoLocal, type ReciboLocal, type VentaSalida } from './base-local';

/** Selling without the network (issue #34 point 4, ADR 029): the cart's sums, the fiado check, the outbox. */

export interface LineaCarrito {
  producto: Pick<ProductoLocal, 'id' | 'nombre' | 'precio'>;
  cantidad: number;
}

export interface Pago {
  metodoPagoId: number;
  metodo: string;
  montoRecibido: number;
  cliente: TClienteSinRed | null;
}

export const totalDe = (lineas: readonly LineaCarrito[]) => lineas.reduce((a, l) => a + l.producto.precio * l.cantidad, 0);

/**
 * What the customer may still take on credit as the device knows it: the limit, less the balance at
 * the last sync, less this device's fiado sales not yet counted in it (unsent, or sent after it).
 */
export function disponibleFiado(cliente: Pick<TClienteSinRed, 'cupo' | 'saldo'>, fiadoSinContar: number): number {
  return cliente.cupo - cliente.saldo - fiadoSinContar;
}

/** This device's fiado for a customer that the last sync's balance does not include yet. */
export async function fiadoSinContar(db: BaseLocal, clienteId: number): Promise<number> {
  const ultima = (await leerAjuste<number>(db, 'ultimaSincronizacion')) ?? 0;
  const ventas = await db.salida.filter((v) => v.clienteId === clienteId && v.estado !== 'rechazada' && (v.estado === 'pendiente' || (v.enviadaEn ?? 0) > ultima)).toArray();
  return ventas.reduce((a, v) => a + v.montoFiado, 0);
}

/**
 * Records a sale on the device: in one IndexedDB transaction the device's counter gives its number
 * (IndexedDB runs read-write transactions over the same store one at a time, across every tab of the
 * device, so two tabs never take the same number) and the sale goes to the outbox with its key. Only
 * then is the receipt shown. Throws when the device has no prefix yet (never synced).
 */
export async function venderSinRed(
  db: BaseLocal,
  options: { lineas: readonly LineaCarrito[]; pago: Pago; tienda: string; cajero: string; sobregiro: boolean },
): Promise<VentaSalida> {
  const { lineas, pago } = options;
  const total = totalDe(lineas);
  const fiado = pago.metodoPagoId === METODO.FIADO;
  const efectivo = pago.metodoPagoId === METODO.EFECTIVO;
  const montoRecibido = fiado ? 0 : efectivo ? pago.montoRecibido : total;
  const fecha = new Date().toISOString();
  const clave = uuid();
  return db.transaction('rw', db.ajustes, db.salida, async () => {
    const dispositivo = await leerAjuste<TDispositivo>(db, 'dispositivo');
    if (!dispositivo) throw new Error('sin-dispositivo');
    const n = ((await leerAjuste<number>(db, 'contador')) ?? 0) + 1;
    await db.ajustes.put({ clave: 'contador', valor: n });
    const numero = `${dispositivo.prefijo}-${n}`;
    const recibo: ReciboLocal = {
      numero,
      fecha,
      tienda: options.tienda,
      cajero: options.cajero,
      lineas: lineas.map((l) => ({ productoId: l.producto.id, nombre: l.producto.nombre, cantidad: l.cantidad, precio: l.producto.precio, subtotal: l.producto.precio * l.cantidad })),
      total,
      metodo: pago.metodo,
      montoRecibido,
      cambio: efectivo ? Math.max(0, montoRecibido - total) : 0,
      cliente: pago.cliente?.nombre ?? null,
      sobregiro: options.sobregiro,
      ...((await leerAjuste<boolean>(db, 'documentoElectronico')) ? { contingencia: true } : {}),
    };
    const venta: VentaSalida = {
      clave,
      n,
      numero,
      creada: Date.now(),
      estado: 'pendiente',
      cuerpo: {
        clave,
        lineas: lineas.map((l) => ({ productoId: l.producto.id, cantidad: l.cantidad })),
        metodoPagoId: pago.metodoPagoId,
        montoRecibido,
        ...(pago.cliente ? { documentoCliente: pago.cliente.documento } : {}),
        sinRed: { dispositivoId: dispositivo.id, numero, fecha, reloj: fecha },
      },
      recibo,
      clienteId: fiado ? (pago.cliente?.id ?? null) : null,
      montoFiado: fiado ? total : 0,
    };
    await db.salida.add(venta);
    return venta;
  });
}
