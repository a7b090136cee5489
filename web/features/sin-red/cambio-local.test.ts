import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { devoluciones } from '#shared/messages/devoluciones';
import { sinRed } from '#shared/messages/sin-red';
import { METODO } from '#shared/roles';
import type { DeshacerSalida, NuevaCambio } from './base-local';
import { metodosDevolucion, peticionCambio, validarCambio, valorDevueltoLocal, valorNuevoLocal } from './cambio-local';
import { op, venta } from './deshacer.fixtures';
import { motivoNoAnular, restantesDe } from './deshacer-local';

/** Issue #53 point 4: an exchange of a sale of this device, offline — what the device lets a cashier queue, and its request at sync. */

const arroz: NuevaCambio = { productoId: 3, nombre: 'Arroz', unidad: '94', precio: 4_500, cantidad: 2 };

const cambio = (o: Partial<DeshacerSalida>) => op({ clave: '00000000-0000-4000-8000-000000000030', tipo: 'cambio', ...o });
const datos = (o: Partial<Parameters<typeof validarCambio>[2]> = {}) => ({ devolver: [{ indice: 1, cantidad: 1 }], nuevas: [arroz], metodoPagoId: METODO.EFECTIVO, motivo: 'No era esa', ...o });

describe('cambios sin red', () => {
  it('lo devuelto vale lo que la línea pagó, con su parte del descuento de la venta; lo nuevo, al precio del catálogo', () => {
    const v = venta();
    // A pack of 12 at 33 000: one back is 33 000; 0,25 kg of 0,75 kg of cheese (9 000) is 3 000.
    expect(valorDevueltoLocal(v, [], [{ indice: 1, cantidad: 1 }])).toBe(33_000);
    expect(valorDevueltoLocal(v, [], [{ indice: 0, cantidad: 0.25 }])).toBe(3_000);
    expect(valorNuevoLocal([arroz, { ...arroz, productoId: 4, unidad: 'KGM', precio: 12_000, cantidad: 0.375 }])).toBe(9_000 + 4_500);
    // 3 000 off the 75 000 sale: the pack line's share is 2 640 of it (66 000 / 75 000).
    expect(valorDevueltoLocal(venta(undefined, { tipo: 'valor', valor: 3_000 }), [], [{ indice: 1, cantidad: 2 }])).toBe(63_360);
  });

  it('propiedad: las devoluciones y cambios en cola de una línea nunca devuelven más de lo que pagó', () => {
    const v = venta(undefined, { tipo: 'valor', valor: 7_777 });
    const pagado = valorDevueltoLocal(v, [], [{ indice: 0, cantidad: 0.75 }]);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 750 }), { minLength: 1, maxLength: 6 }), (partes) => {
        const ops: DeshacerSalida[] = [];
        let suma = 0;
        for (const [i, m] of partes.entries()) {
          const queda = restantesDe(v, ops)[0]!;
          const cantidad = Math.min(m, Math.round(queda * 1000)) / 1000;
          if (cantidad <= 0) break;
          suma += valorDevueltoLocal(v, ops, [{ indice: 0, cantidad }]);
          ops.push(cambio({ clave: `c${i}`, n: i + 1, tipo: i % 2 ? 'devolucion' : 'cambio', lineas: [{ indice: 0, cantidad }] }));
        }
        expect(suma).toBeLessThanOrEqual(pagado);
        if (restantesDe(v, ops)[0] === 0) expect(suma).toBe(pagado);
      }),
    );
  });

  it('un cambio cuenta como devolución: resta lo que queda y la venta ya no se anula', async () => {
    const v = venta();
    const ops = [cambio({ lineas: [{ indice: 1, cantidad: 1 }], nuevas: [arroz] })];
    expect(restantesDe(v, ops)).toEqual([0.75, 1]);
    expect(motivoNoAnular(v, ops)).toBe(sinRed.anularConDevolucion);
    expect(await validarCambio(v, ops, datos({ devolver: [{ indice: 1, cantidad: 2 }] }))).toBe(sinRed.cantidadDevolucionInvalida('Cerveza'));
  });

  it('pide lo devuelto, lo que se lleva con cantidades válidas, el motivo, y lo recibido que alcance', async () => {
    const v = venta();
    expect(await validarCambio(v, [], datos())).toBeNull();
    expect(await validarCambio(v, [], datos({ devolver: [] }))).toBe(sinRed.nadaQueDevolver);
    expect(await validarCambio(v, [], datos({ nuevas: [] }))).toBe(devoluciones.sinProductosNuevos);
    expect(await validarCambio(v, [], datos({ nuevas: [{ ...arroz, cantidad: 1.5 }] }))).toBe(devoluciones.cantidadNuevaEntera('Arroz'));
    expect(await validarCambio(v, [], datos({ nuevas: [{ ...arroz, cantidad: 0 }] }))).toBe(devoluciones.cantidadNuevaInvalida('Arroz'));
    expect(await validarCambio(v, [], datos({ motivo: 'x' }))).toBe(sinRed.motivoRequerido);
    // Takes 3 packs' worth (99 000) for one pack (33 000): pays 66 000, and 50 000 is not enough.
    const caro = { ...arroz, precio: 33_000, cantidad: 3 };
    expect(await validarCambio(v, [], datos({ nuevas: [caro], montoRecibido: 50_000 }))).toBe(sinRed.recibidoMenor);
    expect(await validarCambio(v, [], datos({ nuevas: [caro], metodoPagoId: 3, montoRecibido: 66_000 }))).toBeNull();
  });

  it('la diferencia que se le devuelve sigue cómo se pagó la venta (ADR 039); el fiado necesita el cliente de la venta', async () => {
    const nequi = venta({ metodoPagoId: 3, metodo: 'Nequi' });
    expect(metodosDevolucion(nequi, 10_000)).toEqual([3]);
    expect(await validarCambio(nequi, [], datos())).toBe(devoluciones.diferenciaCambio('Nequi'));
    expect(await validarCambio(nequi, [], datos({ metodoPagoId: 3 }))).toBeNull();
    expect(await validarCambio(nequi, [], datos({ metodoPagoId: METODO.FIADO }))).toBe(devoluciones.fiadoSinCliente);
    const fiado = venta({ metodoPagoId: METODO.FIADO, metodo: 'Fiado', cliente: { id: 8, documento: '1020' } });
    expect(metodosDevolucion(fiado, 10_000)).toEqual([METODO.FIADO]);
    expect(await validarCambio(fiado, [], datos())).toBe(devoluciones.diferenciaCambio('Fiado'));
    expect(await validarCambio(fiado, [], datos({ metodoPagoId: METODO.FIADO }))).toBeNull();
  });

  it('al sincronizar, lo devuelto se nombra por las líneas de la factura y lo nuevo va como las líneas de la caja, con su clave', () => {
    const v = venta();
    const pedido = cambio({ lineas: [{ indice: 1, cantidad: 1 }], nuevas: [arroz, { productoId: 2, unidadVentaId: 9, nombre: 'Cerveza', precio: 33_000, cantidad: 1 }], metodoPagoId: 3, montoRecibido: 4_000, referencia: 'N-77', motivo: 'No era esa' });
    const servidor = {
      lineas: [
        { facturaId: 502, productoId: 2, producto: 'Cerveza', unidad: '94', vendidas: 2, devueltas: 0, pagado: 66_000 },
        { facturaId: 501, productoId: 1, producto: 'Queso', unidad: 'KGM', vendidas: 0.75, devueltas: 0, pagado: 9_000 },
      ],
    } as unknown as Parameters<typeof peticionCambio>[2];
    expect(peticionCambio(pedido, v, servidor)).toEqual({
      clave: pedido.clave,
      metodoPagoId: 3,
      motivo: 'No era esa',
      montoRecibido: 4_000,
      referencia: 'N-77',
      devolver: [{ facturaId: 502, cantidad: 1, destino: 'inventario' }],
      lineas: [
        { productoId: 3, cantidad: 2 },
        { productoId: 2, cantidad: 1, unidadVentaId: 9 },
      ],
    });
    const otro = { ...servidor, lineas: servidor.lineas.map((l) => ({ ...l, productoId: l.productoId + 10 })) };
    expect(() => peticionCambio(pedido, v, otro)).toThrow(sinRed.lineasNoCoinciden);
  });
});
