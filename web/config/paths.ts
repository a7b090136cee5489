/** Every route of the product, written once (spec §2). */
export const paths = {
  landing: '/',
  iniciarSesion: '/iniciar_sesion',
  registro: '/registro',
  restablecer: '/restablecer_contrasena',
  index: '/index',
  inicio: '/inicio',
  ventas: '/ventas',
  generarPago: '/generar_pago',
  factura: '/factura',
  gestionarProductos: '/gestionar_productos',
  detalleProducto: '/detalle_producto',
  gestionarProveedores: '/gestionar_proveedores',
  gestionarClientes: '/gestionar_clientes',
  analisis: '/analisis',
  movimientos: '/movimientos',
  gestionarVentas: '/gestionar_ventas',
  detalleFactura: '/detalle_factura',
  crud: {
    usuarios: '/crud/usuarios',
  },
} as const;
