import { ventas } from './ventas';

/**
 * Spanish texts only the legacy controller API answers with (its other answers use the rest of the
 * catalogue). The old clients show `mensaje` as it comes.
 */

export const legacy = {
  operacionDesconocida: 'Operación no reconocida por este controlador.',
  restablecerSinCodigo: 'Para cambiar la contraseña envía también el código de 6 dígitos que recibiste por correo.',
  sinArchivos: 'Este controlador no recibe archivos.',
  otraTienda: 'La tienda indicada no es la de tu sesión.',
  otroUsuario: 'El documento del usuario no es el de tu sesión.',
  ventaRegistrada: 'Venta registrada',
  lineaRegistrada: 'Registrado Exitosamente',
  ventaNoPendiente: ventas.ventaNoPendienteLineas,
  ventaSinLineas: 'La venta no tiene productos: registre al menos uno antes de completarla.',
  soloPendiente: 'Una venta se registra como Pendiente; se completa o anula después con modificarEstado.',
  estadoVentaDestino: 'El estado de la venta debe ser Completada o Anulada.',
  estadoModificado: (estado: string) => `Estado de la venta actualizado: ${estado}`,
  lineasPagadas: (n: number) => (n === 1 ? 'Se marcó 1 producto como pagado.' : `Se marcaron ${n} productos como pagados.`),
  facturaNoEncontrada: 'No hay una línea de factura con esa venta y ese producto en la tienda.',
  idRequerido: 'Indique el registro que desea modificar.',
  usuarioNoEncontrado: 'No hay un usuario con ese documento en la tienda.',
  documentoEnVariasTiendas: 'Hay usuarios con ese documento en varias tiendas: modifíquelo o elimínelo desde el área de administración.',
  clienteNoEncontrado: 'No hay un cliente con ese documento en la tienda.',
  proveedorEliminado: 'Proveedor eliminado',
  clienteRegistrado: 'Cliente registrado',
  clienteActualizado: 'Cliente actualizado',
  clienteEliminado: 'Cliente eliminado',
  productoRegistrado: 'Registrado Exitosamente',
  productoActualizado: 'Producto actualizado',
  productoEliminado: 'Producto eliminado',
  proveedorRegistrado: 'Proveedor registrado',
} as const;
