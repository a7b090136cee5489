import { describe, expect, it } from 'vitest';
import type { TProductoDeProveedor } from '#shared/schemas/proveedor';
import { buscarCodigo, cambiarUnidad, importeDeFila, leerCantidad, lineaDeFila } from './lineas';

/** ADR 036: what the purchase screens send and show for a line typed in a pack or with decimals. */
const paca = { id: 7, nombre: 'Paca x12', factor: 12 };

describe('líneas de compra en pantalla', () => {
  it('lee cantidades en español y manda la paca con su costo', () => {
    expect(leerCantidad('25,5')).toBe(25.5);
    expect(leerCantidad('')).toBeNull();
    expect(leerCantidad('0')).toBeNull();
    expect(leerCantidad('1,2345')).toBeNaN();
    expect(lineaDeFila(3, { cantidad: '2', costo: '30.000', unidadVentaId: 7 })).toEqual({ productoId: 3, cantidad: 2, costoUnit: 30_000, unidadVentaId: 7 });
    expect(lineaDeFila(3, { cantidad: 'dos', costo: '1', unidadVentaId: null })).toMatchObject({ cantidad: -1 });
    expect(importeDeFila({ cantidad: '2', costo: '30000', unidadVentaId: 7 }, 12)).toBe(60_000);
    expect(importeDeFila({ cantidad: '25,5', costo: '3000', unidadVentaId: null }, null)).toBe(76_500);
  });

  it('al cambiar de unidad a paca y de vuelta lleva la cantidad y el costo', () => {
    expect(cambiarUnidad({ cantidad: '24', costo: '2500', unidadVentaId: null }, null, paca)).toEqual({ cantidad: '2', costo: '30000', unidadVentaId: 7 });
    expect(cambiarUnidad({ cantidad: '2', costo: '30000', unidadVentaId: 7 }, paca, null)).toEqual({ cantidad: '24', costo: '2500', unidadVentaId: null });
    // 5 units are not whole pacas: the quantity is left to type.
    expect(cambiarUnidad({ cantidad: '5', costo: '2500', unidadVentaId: null }, null, paca).cantidad).toBe('');
  });

  it('un código de paca elige la paca; el del producto, la unidad', () => {
    const items = [{ id: 3, nombre: 'Cerveza', codigoBarras: '770', presentaciones: [{ ...paca, codigoBarras: '771' }] }] as unknown as TProductoDeProveedor[];
    expect(buscarCodigo(items, ' 771 ')).toMatchObject({ producto: { id: 3 }, presentacion: { id: 7 } });
    expect(buscarCodigo(items, '770')).toMatchObject({ producto: { id: 3 }, presentacion: null });
    expect(buscarCodigo(items, '999')).toBeNull();
  });
});
