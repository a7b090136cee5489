/** What each role may not do (spec §4), word for word where the spec quotes it. */
export const roles = {
  denyProveedoresTitle: 'Acceso Denegado',
  denyProveedoresText: 'No tienes permiso para agregar proveedores.',
  denyClientesTitle: 'Acción no permitida',
  denyClientesText: 'No tienes permisos para eliminar clientes.',
  denyProductos: 'No tienes permisos para eliminar productos',
  denyMovimientos: 'No tienes permiso para ver los movimientos.',
  backofficeOnly: 'Solo un administrador puede entrar al área de administración.',
} as const;
