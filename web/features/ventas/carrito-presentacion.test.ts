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


describe('un rollo de 50 m de un producto que se vende por metro (issue #58 punto 2)', () => {
  const cable: TProductoVenta = { id: 9, nombre: 'Cable 12 AWG', marca: null, precio: 3_900, stock: 120, codigoBarras: '770050', unidad: 'MTR' };
  const rollo: TProductoVenta = { ...cable, precio: 180_000, codigoBarras: '770051', unidadVenta: { id: 5, nombre: 'Rollo x50 m', factor: 50 } };

  it('el rollo se cuenta en rollos enteros, aparte del cable suelto, y dos rollos (100 m) pasan el stock de 120 m solo con el tercero', () => {
    let l = agregarProducto([], rollo);
    l = agregarProducto(l, cable, 2.5);
    l = agregarProducto(l, rollo);
    expect(l.map((x) => [claveLinea(x), x.cantidad, x.unidad])).toEqual([
      ['9u5', 2, '94'],
      ['9', 2.5, 'MTR'],
    ]);
    expect(totalCarrito(l)).toBe(360_000 + 9_750);
    expect(lineasSinStock(l)).toEqual([]);
    expect(lineasSinStock(fijarCantidad(l, '9u5', 3)).map(claveLinea)).toEqual(['9u5']);
    expect(parseCarrito(JSON.parse(JSON.stringify(l)))).toEqual(l);
  });
});
