import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '#shared/errors';
import { sinRed } from '#shared/messages/sin-red';
import { ventas } from '#shared/messages/ventas';
import { METODO, ROL } from '#shared/roles';
import type { TClienteSinRed } from '#shared/schemas/sin-red';
import { tituloRecibo } from '../../lib/impresion/texto-recibo';
import { agregarProducto, claveLinea, type LineaCarrito } from '../ventas/carrito';
import { calcularPago, construirPedido } from '../ventas/pedido-pago';
import type { ProductoLocal } from './base-local';
import { productoLocal } from './producto-local.fixtures';
import { desgloseLocal, lineasDelPedido, reciboDeSalida, revisarPedidoSinRed } from './fuente-sin-red';
import { armarVenta, productoVentaDe } from './venta-local';

/**
 * Issue #53: one till online and offline. The online till's payment page builds the sale's request
 * (pedido-pago.ts); offline the device reads it back against its catalogue, checks the rules it can
 * know and records it. The receipt it prints charges exactly what the payment page showed, carries the
 * device's number, and its taxes by rate are the server's arithmetic.
 */

const producto = (p: Partial<ProductoLocal> & Pick<ProductoLocal, 'id' | 'nombre' | 'precio'>): ProductoLocal => productoLocal(p);

const QUESO = producto({ id: 1, nombre: 'Queso', precio: 12_000, unidad: 'KGM', impuesto: 'excluido' });
const CERVEZA = producto({ id: 2, nombre: 'Cerveza', precio: 3_000, impuesto: 'iva19', presentaciones: [{ id: 9, nombre: 'Paca x12', factor: 12, codigoBarras: '7701-12', precio: 33_000 }] });
const GASEOSA = producto({ id: 3, nombre: 'Gaseosa', precio: 11_900, impuesto: 'iva19' });
const CATALOGO = new Map([QUESO, CERVEZA, GASEOSA].map((p) => [p.id, p]));
const ROSA: TClienteSinRed = { id: 7, documento: '1023', nombre: 'Rosa Gil', fiado: true, cupo: 20_000, saldo: 5_000, activo: true };
const IDS = { clave: 'k', n: 3, dispositivo: { id: 1, prefijo: 'D1' }, fecha: '2026-11-29T15:00:00.000Z', contingencia: false };

/** The online payment page's request for a cart, with lower prices by line and a discount on the sale. */
function pedidoDe(lineas: LineaCarrito[], precios: Record<string, number>, desc?: { tipo: 'porcentaje' | 'valor'; valor: number }, metodo: number = METODO.EFECTIVO) {
  const pago = calcularPago(lineas, precios, desc);
  const cobro = { metodo, monto: '', textoMonto: '', dejarResto: false, referencia: 'M123', verificado: true, precios, descVenta: desc, motivoDesc: 'Cliente de siempre' };
  const pedido = construirPedido({ clave: 'k', pago, descVenta: desc, cobro: cobro as never, recibido: metodo === METODO.FIADO ? null : 500_000, aCredito: metodo === METODO.FIADO, cliente: null });
  return { pago, pedido };
}

describe('la caja sin red registra el pedido de la caja en línea', () => {
  it('el recibo cobra lo mismo que la página de pago: peso, paca, precio rebajado y descuento a la venta', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 11_900 }),
        fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
        (gramos, pacas, precioGaseosa, porcentaje) => {
          let lineas: LineaCarrito[] = agregarProducto([], productoVentaDe(QUESO), gramos / 1000);
          lineas = agregarProducto(lineas, productoVentaDe(CERVEZA, 9), pacas);
          lineas = agregarProducto(lineas, productoVentaDe(GASEOSA), 2);
          const gaseosa = lineas.find((l) => l.id === GASEOSA.id)!;
          const desc = porcentaje ? { tipo: 'porcentaje' as const, valor: porcentaje } : undefined;
          const { pago, pedido } = pedidoDe(lineas, { [claveLinea(gaseosa)]: precioGaseosa }, desc);
          const leidas = lineasDelPedido(pedido, (id) => CATALOGO.get(id));
          const venta = armarVenta(
            { lineas: leidas, pago: { metodoPagoId: METODO.EFECTIVO, metodo: 'Efectivo', montoRecibido: 500_000, cliente: null }, tienda: 'T', cajero: 'C', sobregiro: false, ...(desc ? { descuento: desc, motivoDescuento: 'Cliente de siempre' } : {}) },
            IDS,
          );
          expect(venta.recibo.total).toBe(pago.total);
          expect(venta.recibo.cambio).toBe(500_000 - pago.total);
          // The request the server gets is the payment page's own lines.
          expect(venta.cuerpo.lineas).toEqual(pedido.lineas);
        },
      ),
    );
  });

  it('un producto que no está en el catálogo del equipo no se vende', () => {
    const { pedido } = pedidoDe(agregarProducto([], productoVentaDe(GASEOSA), 1), {});
    expect(() => lineasDelPedido(pedido, () => undefined)).toThrow(ventas.productoNoEncontrado);
  });

  it('un medicamento bajo fórmula del catálogo del equipo entra como en línea: la caja pregunta, la línea y el pedido llevan la fórmula (issue #58 punto 2)', () => {
    const JARABE = producto({ id: 4, nombre: 'Jarabe', precio: 9_000, bajoFormula: true });
    expect(productoVentaDe(JARABE)).toMatchObject({ id: 4, bajoFormula: true });
    expect(productoVentaDe(GASEOSA)).not.toHaveProperty('bajoFormula');
    const lineas = agregarProducto([], productoVentaDe(JARABE), 1);
    expect(lineas[0]).toMatchObject({ formula: true });
    const venta = armarVenta({ lineas, pago: { metodoPagoId: 1, metodo: 'Efectivo', montoRecibido: 9_000, cliente: null }, tienda: 'T', cajero: 'C', sobregiro: false }, IDS);
    expect(venta.cuerpo.lineas).toEqual([expect.objectContaining({ productoId: 4, formula: true })]);
  });

  it('Nequi con su referencia: el recibo y el pedido la llevan', () => {
    const lineas = agregarProducto([], productoVentaDe(GASEOSA), 1);
    const venta = armarVenta({ lineas, pago: { metodoPagoId: 3, metodo: 'Nequi', montoRecibido: 11_900, cliente: null, referencia: 'M123', verificado: true }, tienda: 'T', cajero: 'C', sobregiro: false }, IDS);
    expect(venta.cuerpo).toMatchObject({ metodoPagoId: 3, montoRecibido: 11_900, referencia: 'M123', verificado: true });
    const recibo = reciboDeSalida(venta, { id: 3, nombre: 'Nequi' }, null);
    expect(recibo).toMatchObject({ id: 0, referencia: 'M123', verificado: true, total: 11_900, cambio: 0, metodoPago: { id: 3, nombre: 'Nequi' } });
  });
});

describe('las reglas que el equipo conoce responden como el servidor', () => {
  const lineas = lineasDelPedido({ lineas: [{ productoId: GASEOSA.id, cantidad: 1 }] }, (id) => CATALOGO.get(id));
  const pedido = (p: Partial<Parameters<typeof revisarPedidoSinRed>[0]['pedido']> = {}) => ({ lineas: [{ productoId: GASEOSA.id, cantidad: 1 }], metodoPagoId: METODO.FIADO, montoRecibido: 0, ...p });

  it('el descuento de un cajero pide el PIN de un supervisor: sin red se rechaza; el dueño y el encargado lo dan', () => {
    const conDescuento = pedido({ metodoPagoId: METODO.EFECTIVO, montoRecibido: 20_000, descuento: { tipo: 'porcentaje', valor: 10 } });
    expect(() => revisarPedidoSinRed({ rol: ROL.EMPLEADO, pedido: conDescuento, lineas, cliente: null, disponible: null })).toThrow(sinRed.descuentoSoloSupervisor);
    for (const rol of [ROL.ADMIN, ROL.ENCARGADO]) expect(revisarPedidoSinRed({ rol, pedido: conDescuento, lineas, cliente: null, disponible: null })).toEqual({ sobregiro: false });
  });

  it('fiado: sin cliente o sin fiado se rechaza; dentro de lo disponible pasa; por encima, solo autorizado y marcado', () => {
    expect(() => revisarPedidoSinRed({ rol: ROL.ADMIN, pedido: pedido(), lineas, cliente: null, disponible: null })).toThrow(ventas.fiadoRequiereCliente);
    expect(() => revisarPedidoSinRed({ rol: ROL.ADMIN, pedido: pedido(), lineas, cliente: { ...ROSA, fiado: false }, disponible: 0 })).toThrow(ventas.clienteSinFiado(ROSA.nombre));
    expect(revisarPedidoSinRed({ rol: ROL.ADMIN, pedido: pedido(), lineas, cliente: ROSA, disponible: 11_900 })).toEqual({ sobregiro: false });
    let error: unknown;
    try {
      revisarPedidoSinRed({ rol: ROL.ADMIN, pedido: pedido(), lineas, cliente: ROSA, disponible: 11_899 });
    } catch (err) {
      error = err;
    }
    // The server's title: the payment page offers the authorisation to whoever may give it, as online.
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).title).toBe(ventas.cupoInsuficienteTitle);
    expect(revisarPedidoSinRed({ rol: ROL.ADMIN, pedido: pedido({ autorizarSobreCupo: true }), lineas, cliente: ROSA, disponible: 11_899 })).toEqual({ sobregiro: true });
    // Part paid now, the rest on the account: only the rest counts against the limit.
    expect(revisarPedidoSinRed({ rol: ROL.ADMIN, pedido: pedido({ metodoPagoId: METODO.EFECTIVO, aCredito: true, montoRecibido: 10_000 }), lineas, cliente: ROSA, disponible: 1_900 })).toEqual({ sobregiro: false });
  });
});

describe('el recibo sin red es el recibo', () => {
  const lineas = lineasDelPedido(
    {
      lineas: [
        { productoId: GASEOSA.id, cantidad: 2 },
        { productoId: QUESO.id, cantidad: 0.5 },
      ],
    },
    (id) => CATALOGO.get(id),
  );
  const venta = armarVenta({ lineas, pago: { metodoPagoId: METODO.EFECTIVO, metodo: 'Efectivo', montoRecibido: 30_000, cliente: null }, tienda: 'Tienda La Esquina', cajero: 'Ana', sobregiro: false }, IDS);
  const recibo = reciboDeSalida(venta, { id: METODO.EFECTIVO, nombre: 'Efectivo' }, null);

  it('lleva el número del equipo, el mismo que tendrá después de sincronizar', () => {
    expect(recibo.sinRed?.numero).toBe('D1-3');
    expect(tituloRecibo(recibo).numero).toBe('D1-3');
    // The server's receipt of the same sale, once synced: its own number, the device's printed.
    const sincronizado: typeof recibo = { ...recibo, id: 812, numero: 57 };
    expect(tituloRecibo(sincronizado).numero).toBe('D1-3');
  });

  it('IVA por tarifa como lo calcula el servidor: 2 × 11.900 al 19 % y queso excluido', () => {
    const fiscal = { razonSocial: 'La Esquina SAS', nit: '900123456', dv: 7, responsableIva: true, documentoInformativo: false };
    const d = desgloseLocal(fiscal, recibo, (id) => CATALOGO.get(id)?.impuesto);
    expect(d.fiscal).toEqual(fiscal);
    // Centavos: 23 800 paid at 19 % is 20 000 base and 3 800 tax; the excluded cheese (6 000) is its own rate at 0.
    expect(d.tarifas).toEqual([
      { impuesto: 'iva19', base: 2_000_000, valor: 380_000, lineas: 1 },
      { impuesto: 'excluido', base: 600_000, valor: 0, lineas: 1 },
    ]);
    // A store not responsible for IVA prints its NIT and no rates.
    expect(desgloseLocal({ ...fiscal, responsableIva: false }, recibo, (id) => CATALOGO.get(id)?.impuesto).tarifas).toEqual([]);
  });
});
