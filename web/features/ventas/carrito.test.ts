import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TProductoVenta } from '#shared/schemas/venta';
import { STORAGE_KEYS } from '../../lib/session';
import {
  agregarProducto,
  carritoParaPagar,
  claveDeVenta,
  excedeStock,
  importeDe,
  importeDeEtiqueta,
  lineasSinStock,
  fijarCantidad,
  guardarCarrito,
  leerCarrito,
  parseCarrito,
  totalCarrito,
  unidadesCarrito,
  vaciarCarrito,
  type LineaCarrito,
} from './carrito';

const producto = (id: number, precio = 1_000, extra: Partial<TProductoVenta> = {}): TProductoVenta => ({
  id,
  nombre: `Producto ${id}`,
  marca: null,
  precio,
  stock: 10,
  codigoBarras: null,
  unidad: '94',
  ...extra,
});

const linea = (id: number, cantidad: number, precio = 1_000, unidad = '94'): LineaCarrito => ({ id, nombre: `Producto ${id}`, marca: null, precio, stock: 10, cantidad, unidad });

describe('carrito de la caja', () => {
  it('agregar el mismo producto suma una unidad a su línea, no otra línea', () => {
    let c = agregarProducto([], producto(7, 2_500));
    c = agregarProducto(c, producto(7, 2_500));
    expect(c).toHaveLength(1);
    expect(c[0]).toMatchObject({ id: 7, cantidad: 2, precio: 2_500 });
    expect(unidadesCarrito(c)).toBe(2);
  });

  it('agregar un producto ya en el carrito toma su precio y stock nuevos', () => {
    const c = agregarProducto(agregarProducto([], producto(7, 2_500)), producto(7, 3_000, { stock: 4 }));
    expect(c[0]).toMatchObject({ cantidad: 2, precio: 3_000, stock: 4 });
  });

  it('la cantidad de una línea no pasa de 9 999', () => {
    let c = agregarProducto([], producto(1), 9_998);
    c = agregarProducto(c, producto(1));
    c = agregarProducto(c, producto(1));
    expect(c[0]!.cantidad).toBe(9_999);
    expect(agregarProducto([], producto(2), 50_000)[0]!.cantidad).toBe(9_999);
    expect(fijarCantidad(c, 1, 123_456)[0]!.cantidad).toBe(9_999);
  });

  it('el carrito no pasa de 200 líneas, pero la línea 200 aún suma unidades', () => {
    let c: LineaCarrito[] = [];
    for (let id = 1; id <= 200; id++) c = agregarProducto(c, producto(id));
    expect(c).toHaveLength(200);
    const lleno = c;
    expect(agregarProducto(lleno, producto(201))).toBe(lleno);
    const otra = agregarProducto(lleno, producto(200));
    expect(otra).toHaveLength(200);
    expect(otra[199]).toMatchObject({ id: 200, cantidad: 2 });
  });

  it('fijar la cantidad en 0 (o menos) quita la línea; otra cantidad la cambia, sin decimales', () => {
    const c = [linea(1, 3), linea(2, 1)];
    expect(fijarCantidad(c, 1, 0).map((l) => l.id)).toEqual([2]);
    expect(fijarCantidad(c, 2, -1).map((l) => l.id)).toEqual([1]);
    expect(fijarCantidad(c, 1, 5)[0]!.cantidad).toBe(5);
    expect(fijarCantidad(c, 1, 2.7)[0]!.cantidad).toBe(2);
  });

  it('el total es la suma de precio × cantidad', () => {
    expect(totalCarrito([])).toBe(0);
    expect(totalCarrito([linea(1, 3, 2_500), linea(2, 2, 1_200)])).toBe(3 * 2_500 + 2 * 1_200);
  });

  it('parseCarrito descarta lo mal formado o editado a mano y conserva lo válido', () => {
    const buena = linea(1, 2);
    const leido = parseCarrito([
      buena,
      null,
      'x',
      { ...buena, id: 0 },
      { ...buena, id: '3' },
      { ...buena, id: 4, cantidad: 0 },
      { ...buena, id: 5, cantidad: 1.5 },
      { ...buena, id: 6, precio: '1000' },
      { ...buena, id: 7, nombre: undefined },
      { ...buena, id: 8, marca: 42 },
      { ...buena, id: 9, cantidad: 50_000 },
      { ...buena, id: 10, marca: 'Acme', extra: 'ignorada' },
    ]);
    expect(leido.map((l) => l.id)).toEqual([1, 9, 10]);
    expect(leido[1]!.cantidad).toBe(9_999);
    expect(leido[2]).toEqual({ id: 10, nombre: 'Producto 1', marca: 'Acme', precio: 1_000, stock: 10, cantidad: 2, unidad: '94' });
    expect(parseCarrito({ 0: buena })).toEqual([]);
    expect(parseCarrito(Array.from({ length: 250 }, (_, i) => linea(i + 1, 1)))).toHaveLength(200);
  });

  it('parseCarrito: un carrito guardado antes de las unidades se lee por unidad; uno pesado conserva sus tres decimales', () => {
    const { unidad: _, ...antigua } = linea(1, 2);
    expect(parseCarrito([antigua])).toEqual([linea(1, 2)]);
    const pesada = linea(2, 0.375, 12_000, 'KGM');
    expect(parseCarrito([pesada, { ...pesada, id: 3, cantidad: 0.0001 }, { ...pesada, id: 4, unidad: 'LBR' }, { ...pesada, id: 5, stock: 4.625 }])).toEqual([pesada, { ...pesada, id: 5, stock: 4.625 }]);
  });

  it('un carrito guardado dañado en localStorage se lee como vacío', () => {
    window.localStorage.setItem(STORAGE_KEYS.carrito, '[{"id":1,');
    expect(leerCarrito()).toEqual([]);
    guardarCarrito([linea(1, 2)]);
    expect(leerCarrito()).toEqual([linea(1, 2)]);
    guardarCarrito([]);
    expect(window.localStorage.getItem(STORAGE_KEYS.carrito)).toBeNull();
  });

  it('propiedad: para cualquier serie de agregados, el total es Σ precio × cantidad y cada cantidad está en 1..9 999', () => {
    const agregado = fc.record({
      id: fc.integer({ min: 1, max: 300 }),
      precio: fc.integer({ min: 0, max: 100_000_000 }),
      cantidad: fc.integer({ min: 1, max: 20_000 }),
    });
    fc.assert(
      fc.property(fc.array(agregado, { maxLength: 300 }), (agregados) => {
        let c: LineaCarrito[] = [];
        for (const a of agregados) c = agregarProducto(c, producto(a.id, a.precio), a.cantidad);
        expect(totalCarrito(c)).toBe(c.reduce((s, l) => s + l.precio * l.cantidad, 0));
        expect(new Set(c.map((l) => l.id)).size).toBe(c.length);
        expect(c.length).toBeLessThanOrEqual(200);
        for (const l of c) {
          expect(Number.isInteger(l.cantidad)).toBe(true);
          expect(l.cantidad).toBeGreaterThanOrEqual(1);
          expect(l.cantidad).toBeLessThanOrEqual(9_999);
        }
      }),
    );
  });
});

describe('productos por peso o medida en el carrito (issue #33, ADR 030)', () => {
  const queso = producto(20, 12_000, { unidad: 'KGM', stock: 5 });

  it('0,375 kg a $ 12.000/kg: la línea cobra $ 4.500 y cuenta como un artículo', () => {
    const c = agregarProducto([], queso, 0.375);
    expect(c[0]).toMatchObject({ cantidad: 0.375, unidad: 'KGM' });
    expect(importeDe(c[0]!)).toBe(4_500);
    expect(totalCarrito(c)).toBe(4_500);
    expect(unidadesCarrito([...c, linea(1, 2)])).toBe(3);
  });

  it('pesar otra vez el mismo producto suma exacto en milésimas (0,1 + 0,2 = 0,3, no 0,30000000000000004)', () => {
    const c = agregarProducto(agregarProducto([], queso, 0.1), queso, 0.2);
    expect(c).toHaveLength(1);
    expect(c[0]!.cantidad).toBe(0.3);
    expect(fijarCantidad(c, 20, 1.25)[0]!.cantidad).toBe(1.25);
    expect(fijarCantidad(c, 20, 0).length).toBe(0);
  });

  it('cada línea se redondea a su peso por separado y el total es la suma exacta de los redondeos', () => {
    // $ 999/kg × 0,001 kg = $ 0,999 → $ 1; three such lines are $ 3, never $ 2,997 rounded once.
    const c = [linea(1, 0.001, 999, 'KGM'), linea(2, 0.001, 999, 'GRM'), linea(3, 0.001, 999, 'LTR')];
    expect(c.map(importeDe)).toEqual([1, 1, 1]);
    expect(totalCarrito(c)).toBe(3);
  });

  it('stock: 4,625 kg alcanza para 4,625 y no para 4,626', () => {
    expect(excedeStock({ cantidad: 4.625, stock: 4.625 })).toBe(false);
    expect(excedeStock({ cantidad: 4.626, stock: 4.625 })).toBe(true);
    expect(lineasSinStock([{ ...linea(1, 4.626, 1, 'KGM'), stock: 4.625 }])).toHaveLength(1);
  });

  it('propiedad: con líneas pesadas, el total es la suma de importeLinea en milésimas y cada cantidad tiene a lo más tres decimales', () => {
    const agregado = fc.record({
      id: fc.integer({ min: 1, max: 50 }),
      precio: fc.integer({ min: 0, max: 100_000_000 }),
      milesimas: fc.integer({ min: 1, max: 20_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(agregado, { maxLength: 100 }), (agregados) => {
        let c: LineaCarrito[] = [];
        for (const a of agregados) c = agregarProducto(c, producto(a.id, a.precio, { unidad: 'KGM' }), a.milesimas / 1000);
        let esperado = 0;
        for (const l of c) {
          const m = Math.round(l.cantidad * 1000);
          expect(Math.abs(m - l.cantidad * 1000)).toBeLessThan(1e-6);
          expect(m).toBeGreaterThanOrEqual(1);
          expect(m).toBeLessThanOrEqual(9_999_000);
          esperado += Math.floor((l.precio * m + 500) / 1000);
        }
        expect(totalCarrito(c)).toBe(esperado);
        expect(Number.isSafeInteger(totalCarrito(c))).toBe(true);
      }),
    );
  });
});

describe('clave de la venta (ADR 011)', () => {
  it('el mismo carrito da la misma clave en cada llamada, aunque sea otro arreglo', () => {
    const clave = claveDeVenta([linea(1, 2), linea(2, 1)]);
    expect(clave).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(claveDeVenta([linea(1, 2), linea(2, 1)])).toBe(clave);
    // A price refreshed from the server is the same sale: only products and quantities count.
    expect(claveDeVenta([linea(1, 2, 9_999), linea(2, 1)])).toBe(clave);
  });

  it('un carrito cambiado (otra cantidad, otro producto) es otra venta con otra clave', () => {
    const clave = claveDeVenta([linea(1, 2)]);
    const otraCantidad = claveDeVenta([linea(1, 3)]);
    expect(otraCantidad).not.toBe(clave);
    const otroProducto = claveDeVenta([linea(1, 3), linea(2, 1)]);
    expect(otroProducto).not.toBe(otraCantidad);
    // Going back to the first cart is a new sale too: only the last cart's key is kept.
    expect(claveDeVenta([linea(1, 2)])).not.toBe(clave);
  });

  it('vaciarCarrito olvida la clave y el carrito: el mismo carrito después es una venta nueva', () => {
    const c = [linea(1, 2)];
    guardarCarrito(c);
    const clave = claveDeVenta(c);
    vaciarCarrito();
    expect(leerCarrito()).toEqual([]);
    expect(window.localStorage.getItem(STORAGE_KEYS.claveVenta)).toBeNull();
    expect(claveDeVenta(c)).not.toBe(clave);
  });

  it('una clave guardada dañada se reemplaza sin romper la caja', () => {
    window.localStorage.setItem(STORAGE_KEYS.claveVenta, '{no es json');
    const clave = claveDeVenta([linea(1, 1)]);
    expect(clave).toMatch(/^[0-9a-f-]{36}$/);
    expect(claveDeVenta([linea(1, 1)])).toBe(clave);
  });
});

describe('el carrito que el pago puede cobrar (issue #51 punto 1)', () => {
  it('el carrito que envió la caja, mientras siga guardado; vendido (vaciado) o cambiado, ninguno', () => {
    const c = [linea(1, 2), linea(2, 1)];
    guardarCarrito(c);
    expect(carritoParaPagar(c)).toEqual(c);
    // Opened by its address (no navigation state): the stored cart.
    expect(carritoParaPagar(undefined)).toEqual(c);
    // The sale recorded: the stored cart is gone; Back to the payment page finds the sold cart only
    // in the history's state, and may not charge it again.
    vaciarCarrito();
    expect(carritoParaPagar(c)).toEqual([]);
    expect(carritoParaPagar(undefined)).toEqual([]);
    // A new cart at the till: Back to the old payment page does not charge the old one, nor the new.
    const nuevo = [linea(3, 1)];
    guardarCarrito(nuevo);
    expect(carritoParaPagar(c)).toEqual([]);
    expect(carritoParaPagar(nuevo)).toEqual(nuevo);
    vaciarCarrito();
  });
});

describe('una línea por valor (issue #52 punto 4)', () => {
  const arroz = producto(9, 4_800, { unidad: 'KGM', stock: 50 });

  it('"$ 2.000 de arroz" a $ 4.800/kg: 0,417 kg y el carrito cobra $ 2.000, no $ 2.002; sobrevive a guardarse', () => {
    const c = agregarProducto([], arroz, 0.417, 2_000);
    expect(c).toEqual([expect.objectContaining({ id: 9, cantidad: 0.417, importe: 2_000 })]);
    expect(importeDe(c[0]!)).toBe(2_000);
    expect(totalCarrito(c)).toBe(2_000);
    guardarCarrito(c);
    expect(leerCarrito()).toEqual(c);
    vaciarCarrito();
  });

  it('otro valor del mismo producto suma los valores; un peso encima vuelve la línea a cantidad', () => {
    let c = agregarProducto([], arroz, 0.417, 2_000);
    c = agregarProducto(c, arroz, 0.208, 1_000);
    expect(c).toEqual([expect.objectContaining({ cantidad: 0.625, importe: 3_000 })]);
    expect(totalCarrito(c)).toBe(3_000);
    c = agregarProducto(c, arroz, 0.5);
    expect(c[0]!.importe).toBeUndefined();
    expect(c[0]!.cantidad).toBe(1.125);
    expect(totalCarrito(c)).toBe(5_400);
  });

  it('cambiar la línea por peso quita el valor; por valor lo pone', () => {
    let c = agregarProducto([], arroz, 0.417, 2_000);
    c = fijarCantidad(c, 9, 0.5);
    expect(c[0]).not.toHaveProperty('importe');
    expect(totalCarrito(c)).toBe(2_400);
    c = fijarCantidad(c, 9, 0.417, 2_000);
    expect(c[0]).toMatchObject({ cantidad: 0.417, importe: 2_000 });
  });

  it('un valor guardado que no corresponde a la cantidad (editado a mano) se descarta', () => {
    expect(parseCarrito([{ ...linea(9, 5, 4_800, 'KGM'), importe: 1 }])[0]).not.toHaveProperty('importe');
    expect(parseCarrito([{ ...linea(3, 1, 2_500), importe: 2_500 }])[0]).not.toHaveProperty('importe');
  });
});

describe('una etiqueta de precio de la balanza (issue #52 punto 4)', () => {
  it('"$ 2.000" impresos en la etiqueta de arroz a $ 4.800/kg: 0,417 kg y cobra $ 2.000; una de peso cobra su peso', () => {
    const arroz = producto(9, 4_800, { unidad: 'KGM', stock: 50 });
    const precio = { ...arroz, etiqueta: { tipo: 'precio' as const, cantidad: 0.417, pesos: 2_000 } };
    const c = agregarProducto([], precio, precio.etiqueta.cantidad, importeDeEtiqueta(precio));
    expect(c).toEqual([expect.objectContaining({ cantidad: 0.417, importe: 2_000 })]);
    expect(totalCarrito(c)).toBe(2_000);
    const peso = { ...arroz, etiqueta: { tipo: 'peso' as const, cantidad: 0.417 } };
    expect(importeDeEtiqueta(peso)).toBeUndefined();
    expect(totalCarrito(agregarProducto([], peso, 0.417, importeDeEtiqueta(peso)))).toBe(2_002);
  });
});
