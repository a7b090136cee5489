import { describe, expect, it } from 'vitest';
import { devoluciones } from '#shared/messages/devoluciones';
import { sinRed } from '#shared/messages/sin-red';
import { METODO } from '#shared/roles';
import { agregarProducto } from '../ventas/carrito';
import type { DeshacerSalida, VentaSalida } from './base-local';
import { motivoNoAnular, peticionDevolucion, restantesDe, validarDevolucion } from './deshacer-local';
import { armarVenta } from './venta-local';

/** Issue #34 (ADR 034): what the device lets a cashier queue offline, and the return's request built at sync. */

const queso = { id: 1, nombre: 'Queso', marca: null, precio: 12_000, stock: 5, codigoBarras: null, unidad: 'KGM' };
const cerveza = { id: 2, nombre: 'Cerveza', marca: null, precio: 33_000, stock: 48, codigoBarras: null, unidad: '94', unidadVenta: { id: 9, nombre: 'Paca x12', factor: 12 } };

function venta(pago: { metodoPagoId: number; metodo: string } = { metodoPagoId: METODO.EFECTIVO, metodo: 'Efectivo' }): VentaSalida {
  const lineas = agregarProducto(agregarProducto([], queso, 0.75), cerveza, 2);
  return armarVenta(
    { lineas, pago: { ...pago, montoRecibido: 100_000, cliente: null }, tienda: 'T', cajero: 'C', sobregiro: false },
    { clave: '00000000-0000-4000-8000-000000000010', n: 4, dispositivo: { id: 1, prefijo: 'D1' }, fecha: '2026-11-28T15:00:00.000Z', contingencia: false },
  );
}
const op = (o: Partial<DeshacerSalida>): DeshacerSalida => ({
  clave: '00000000-0000-4000-8000-000000000020',
  tipo: 'devolucion',
  ventaClave: '00000000-0000-4000-8000-000000000010',
  ventaNumero: 'D1-4',
  n: 1,
  creada: 0,
  estado: 'pendiente',
  ...o,
});

describe('devoluciones y anulaciones sin red', () => {
  it('una venta con tarjeta se devuelve por tarjeta: pide la referencia del comprobante (ADR 039), el efectivo no', () => {
    const tarjeta = venta({ metodoPagoId: 2, metodo: 'Tarjeta de débito' });
    expect(validarDevolucion(tarjeta, [], [{ indice: 1, cantidad: 1 }], 'Vencido')).toBe(devoluciones.referenciaRequerida('Tarjeta de débito'));
    expect(validarDevolucion(tarjeta, [], [{ indice: 1, cantidad: 1 }], 'Vencido', 'V-88$')).toBe(devoluciones.referenciaInvalida);
    expect(validarDevolucion(tarjeta, [], [{ indice: 1, cantidad: 1 }], 'Vencido', 'V-881')).toBeNull();
    expect(validarDevolucion(venta(), [], [{ indice: 1, cantidad: 1 }], 'Vencido')).toBeNull();
  });

  it('lo que queda por devolver descuenta las devoluciones en cola, no las rechazadas', () => {
    const v = venta();
    expect(restantesDe(v, [])).toEqual([0.75, 2]);
    const ops = [op({ lineas: [{ indice: 0, cantidad: 0.25 }] }), op({ clave: 'x', lineas: [{ indice: 1, cantidad: 1 }], estado: 'rechazada' })];
    expect(restantesDe(v, ops)).toEqual([0.5, 2]);
  });

  it('una devolución pide cantidades válidas dentro de lo que queda y un motivo', () => {
    const v = venta();
    const ops = [op({ lineas: [{ indice: 0, cantidad: 0.25 }] })];
    expect(validarDevolucion(v, ops, [{ indice: 0, cantidad: 0.5 }], 'Vencido')).toBeNull();
    expect(validarDevolucion(v, ops, [{ indice: 0, cantidad: 0.501 }], 'Vencido')).toBe(sinRed.cantidadDevolucionInvalida('Queso'));
    // A pack comes back whole.
    expect(validarDevolucion(v, [], [{ indice: 1, cantidad: 1.5 }], 'Vencido')).toBe(sinRed.cantidadDevolucionInvalida('Cerveza'));
    expect(validarDevolucion(v, [], [{ indice: 1, cantidad: Number.NaN }], 'Vencido')).toBe(sinRed.cantidadDevolucionInvalida('Cerveza'));
    expect(validarDevolucion(v, [], [{ indice: 0, cantidad: 0 }], 'Vencido')).toBe(sinRed.nadaQueDevolver);
    expect(validarDevolucion(v, [], [{ indice: 1, cantidad: 1 }], ' x ')).toBe(sinRed.motivoRequerido);
  });

  it('una venta con anulación en cola no se anula ni se devuelve otra vez; una con devolución no se anula', () => {
    const v = venta();
    expect(motivoNoAnular(v, [])).toBeNull();
    expect(motivoNoAnular(v, [op({ tipo: 'anulacion' })])).toBe(sinRed.yaAnulada);
    expect(motivoNoAnular(v, [op({ tipo: 'anulacion', estado: 'rechazada' })])).toBeNull();
    expect(motivoNoAnular(v, [op({ lineas: [{ indice: 1, cantidad: 1 }] })])).toBe(sinRed.anularConDevolucion);
    expect(validarDevolucion(v, [op({ tipo: 'anulacion' })], [{ indice: 1, cantidad: 1 }], 'Vencido')).toBe(sinRed.yaAnulada);
  });

  it('al sincronizar, cada línea devuelta se nombra por la línea de la factura en el orden del pedido; si el producto no coincide, se rechaza', () => {
    const v = venta();
    const devolucion = op({ lineas: [{ indice: 1, cantidad: 1 }], metodoPagoId: METODO.EFECTIVO, motivo: 'Vencido' });
    const servidor = {
      ventaId: 77,
      estado: 'Completada',
      cliente: null,
      lineas: [
        { facturaId: 502, productoId: 2, producto: 'Cerveza', unidad: '94', vendidas: 2, devueltas: 0, pagado: 66_000 },
        { facturaId: 501, productoId: 1, producto: 'Queso', unidad: 'KGM', vendidas: 0.75, devueltas: 0, pagado: 9_000 },
      ],
      devoluciones: [],
    } as unknown as Parameters<typeof peticionDevolucion>[2];
    expect(peticionDevolucion(devolucion, v, servidor)).toEqual({
      clave: devolucion.clave,
      metodoPagoId: METODO.EFECTIVO,
      motivo: 'Vencido',
      lineas: [{ facturaId: 502, cantidad: 1, destino: 'inventario' }],
    });
    const otro = { ...servidor, lineas: servidor.lineas.map((l) => ({ ...l, productoId: l.productoId + 10 })) };
    expect(() => peticionDevolucion(devolucion, v, otro)).toThrow(sinRed.lineasNoCoinciden);
  });
});
