/** Request and row schemas of the back-office, one file per area, shared by the server routes and the forms. */
export * from './crud/common';
export * from './crud/usuarios';
export * from './crud/tienda';
export * from './crud/producto';
export * from './crud/factura';
export * from './crud/cliente';
export * from './crud/proveedor';
export * from './crud/movimiento';
export * from './crud/roles';
export * from './crud/entrega-pedidos';
export * from './crud/inventario';
export * from './crud/metodosdepago';
export * from './crud/ventas';
export * from './crud/credito';
