import type { ProductoLocal } from './base-local';

/**
 * A product of the device's catalogue as the offline tests need it: sold by the unit, no tax, 100 in
 * stock, unless the test says otherwise. Only the fields a test names differ from one test to another.
 */
export const productoLocal = (p: Partial<ProductoLocal> & Pick<ProductoLocal, 'id' | 'nombre'>): ProductoLocal => ({
  marca: null,
  categoria: null,
  impuesto: null,
  precio: 5000,
  stock: 100,
  codigoBarras: null,
  unidad: '94',
  presentaciones: [],
  estado: 1,
  actualizadoEn: '2026-11-28T00:00:00.000Z',
  busqueda: p.nombre.toLowerCase(),
  codigosPresentacion: (p.presentaciones ?? []).map((u) => u.codigoBarras),
  ...p,
});
