import { describe, expect, it } from 'vitest';
import type { TProductoVenta } from '#shared/schemas/venta';
import { actualizarDesde, agregarProducto, claveLinea, fijarCantidad, lineasSinStock, parseCarrito, totalCarrito } from './carrito';
import { calcularPago } from './pedido-pago';

/** Issue #33 point 5 (ADR 033): a pack scanned is its own cart line, at the pack's price, sent with its unit. */
const cerveza: TProductoVenta = { id: 7, nombre: 'Cerveza lata', marca: null, precio: 3_000, stock: 30, codigoBarras: '770001', unidad: '94' };
const paca: TProductoVenta = { ...cerveza, precio: 33_000, codigoBarras: '770012', unidadVenta: { id: 4, nombre: 'Paca x12', factor: 12 } };

describe('carrito con presentaciones', () => {
  it('la paca y la unidad del mismo producto son líneas distintas; la cantidad se fija por línea', () => {
    let l = agregarProducto([], cerveza);
    l = agregarProducto(l, paca);
    l = agregarProducto(l, paca);
    expect(l.map((x) => [claveLinea(x), x.cantidad, x.precio])).toEqual([
      ['7', 1, 3_000],
      ['7u4', 2, 33_000],
    ]);
    expect(totalCarrito(l)).toBe(3_000 + 66_000);
    l = fijarCantidad(l, '7u4', 3);
    expect(l[0]!.cantidad).toBe(1);
    expect(l[1]!.cantidad).toBe(3);
    // 3 packs are 36 units: more than the 30 in stock.
    expect(lineasSinStock(l).map(claveLinea)).toEqual(['7u4']);
    expect(fijarCantidad(l, 7, 0).map(claveLinea)).toEqual(['7u4']);
  });

  it('el pedido lleva la presentación; la lista de productos no cambia el precio de la paca; lo guardado se relee', () => {
    const l = agregarProducto(agregarProducto([], paca), cerveza);
    expect(calcularPago(l, {}, undefined).lineasPedidas).toEqual([
      { productoId: 7, unidadVentaId: 4, cantidad: 1 },
      { productoId: 7, cantidad: 1 },
    ]);
    const refrescado = actualizarDesde(l, [{ ...cerveza, precio: 3_200, stock: 20 }]);
    expect(refrescado.map((x) => [x.precio, x.stock])).toEqual([
      [33_000, 20],
      [3_200, 20],
    ]);
    expect(parseCarrito(JSON.parse(JSON.stringify(l)))).toEqual(l);
    expect(parseCarrito([{ ...l[0], unidadVenta: { id: 4, nombre: 'x', factor: 1 } }])).toEqual([]);
  });

  it('un precio rebajado a la unidad suelta no rebaja la paca del mismo producto (cada línea tiene el suyo)', () => {
    const l = agregarProducto(agregarProducto([], paca), cerveza);
    const pago = calcularPago(l, { [claveLinea(l[1]!)]: 2_500 }, undefined);
    expect(pago.lineasPedidas).toEqual([
      { productoId: 7, unidadVentaId: 4, cantidad: 1 },
      { productoId: 7, cantidad: 1, descuento: { tipo: 'precio', valor: 2_500 } },
    ]);
    expect(pago.total).toBe(33_000 + 2_500);
  });
});

