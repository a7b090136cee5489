import { describe, expect, it } from 'vitest';
import { devoluciones } from '#shared/messages/devoluciones';
import { sinRed } from '#shared/messages/sin-red';
import { METODO } from '#shared/roles';
import { op, venta } from './deshacer.fixtures';
import { motivoNoAnular, peticionDevolucion, restantesDe, validarDevolucion } from './deshacer-local';

/** Issue #34 (ADR 034): what the device lets a cashier queue offline, and the return's request built at sync. */

describe('devoluciones y anulaciones sin red', () => {
  it('una venta con tarjeta se devuelve por tarjeta: pide la referencia del comprobante (ADR 039), el efectivo no', async () => {
    const tarjeta = venta({ metodoPagoId: 2, metodo: 'Tarjeta de débito' });
    expect(await validarDevolucion(tarjeta, [], [{ indice: 1, cantidad: 1 }], 'Vencido')).toBe(devoluciones.referenciaRequerida('Tarjeta de débito'));
    expect(await validarDevolucion(tarjeta, [], [{ indice: 1, cantidad: 1 }], 'Vencido', 'V-88$')).toBe(devoluciones.referenciaInvalida);
    expect(await validarDevolucion(tarjeta, [], [{ indice: 1, cantidad: 1 }], 'Vencido', 'V-881')).toBeNull();
    expect(await validarDevolucion(venta(), [], [{ indice: 1, cantidad: 1 }], 'Vencido')).toBeNull();
  });

  it('lo que queda por devolver descuenta las devoluciones en cola, no las rechazadas', () => {
    const v = venta();
    expect(restantesDe(v, [])).toEqual([0.75, 2]);
    const ops = [op({ lineas: [{ indice: 0, cantidad: 0.25 }] }), op({ clave: 'x', lineas: [{ indice: 1, cantidad: 1 }], estado: 'rechazada' })];
    expect(restantesDe(v, ops)).toEqual([0.5, 2]);
  });

  it('una devolución pide cantidades válidas dentro de lo que queda y un motivo', async () => {
    const v = venta();
    const ops = [op({ lineas: [{ indice: 0, cantidad: 0.25 }] })];
    expect(await validarDevolucion(v, ops, [{ indice: 0, cantidad: 0.5 }], 'Vencido')).toBeNull();
    expect(await validarDevolucion(v, ops, [{ indice: 0, cantidad: 0.501 }], 'Vencido')).toBe(sinRed.cantidadDevolucionInvalida('Queso'));
    // A pack comes back whole.
    expect(await validarDevolucion(v, [], [{ indice: 1, cantidad: 1.5 }], 'Vencido')).toBe(sinRed.cantidadDevolucionInvalida('Cerveza'));
    expect(await validarDevolucion(v, [], [{ indice: 1, cantidad: Number.NaN }], 'Vencido')).toBe(sinRed.cantidadDevolucionInvalida('Cerveza'));
    expect(await validarDevolucion(v, [], [{ indice: 0, cantidad: 0 }], 'Vencido')).toBe(sinRed.nadaQueDevolver);
    expect(await validarDevolucion(v, [], [{ indice: 1, cantidad: 1 }], ' x ')).toBe(sinRed.motivoRequerido);
  });

  it('una venta con anulación en cola no se anula ni se devuelve otra vez; una con devolución no se anula', async () => {
    const v = venta();
    expect(motivoNoAnular(v, [])).toBeNull();
    expect(motivoNoAnular(v, [op({ tipo: 'anulacion' })])).toBe(sinRed.yaAnulada);
    expect(motivoNoAnular(v, [op({ tipo: 'anulacion', estado: 'rechazada' })])).toBeNull();
    expect(motivoNoAnular(v, [op({ lineas: [{ indice: 1, cantidad: 1 }] })])).toBe(sinRed.anularConDevolucion);
    expect(await validarDevolucion(v, [op({ tipo: 'anulacion' })], [{ indice: 1, cantidad: 1 }], 'Vencido')).toBe(sinRed.yaAnulada);
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
