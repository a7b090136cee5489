/**
 * The sale's domain, split by concern (issue #29): the till's search (`venta.busqueda.ts`), the
 * checkout and the sale's key (`venta.checkout.ts`), the receipt (`venta.recibo.ts`) and the state
 * changes with who may make them (`venta.estado.ts`). This file only gathers them for the faces.
 */
export * from './venta.busqueda';
export * from './venta.checkout';
export * from './venta.recibo';
export * from './venta.estado';
