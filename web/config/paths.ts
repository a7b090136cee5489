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
  cuentasPorCobrar: '/cuentas_por_cobrar',
  estadoCuenta: '/estado_de_cuenta',
  analisis: '/analisis',
  movimientos: '/movimientos',
  gestionarVentas: '/gestionar_ventas',
  detalleFactura: '/detalle_factura',
  /** The empresa's stores (issue #56 step 3), its owner only. */
  sucursales: '/sucursales',
  /** Every store of the empresa side by side (issue #56 point 4), its owner only. */
  todasMisTiendas: '/todas_mis_tiendas',
  /** The store's settings: the receipt's data and the time zone (issues #19, #16); the shelf labels. */
  ajustesTienda: '/ajustes_tienda',
  etiquetas: '/etiquetas',
  /** The catalogue's import from a spreadsheet (issue #33). */
  importarProductos: '/importar_productos',
  importarClientes: '/importar_clientes',
  importarProveedores: '/importar_proveedores',
  /** The cash register (issue #18): the session's shift, the history, a shift's Z report. */
  caja: '/caja',
  turnosCaja: '/caja/turnos',
  reporteTurno: '/caja/turnos/:id',
  /** The invitation code's expiry and the approval of new employees (issue #15), role 1. */
  invitacion: '/invitacion',
  /** A supervisor's PIN for a cashier's discounts (issue #16 point 4). */
  miPin: '/mi_pin',
  /** The store's activity log and its permissions (issue #27), role 1. */
  registroActividad: '/registro_actividad',
  permisos: '/permisos',
  /** How the shop's phones reach this computer over HTTPS (issue #34), role 1. */
  telefonos: '/telefonos',
  /** The devices allowed to sell offline, and the offline sales to review (issue #51 point 5), role 1. */
  equiposSinRed: '/equipos_sin_red',
  revisarSinRed: '/revisar_sin_red',
  /** Purchasing (issue #32): what to order, purchase orders, receiving. */
  porPedir: '/por_pedir',
  ordenesCompra: '/ordenes_compra',
  nuevaOrdenCompra: '/ordenes_compra/nueva',
  ordenCompra: '/ordenes_compra/:id',
  /** The store's reports (issue #35): the list, and each report by its name (`INFORMES`). */
  reportes: '/reportes',
  reporte: '/reportes/:informe',
  /** Taxes (issue #30), role 1: the store's fiscal profile; the products' taxes and the monthly report by rate. */
  datosFiscales: '/datos_fiscales',
  impuestos: '/impuestos',
  /** Tills and their DIAN numbering ranges (issue #30 point 5), role 1. */
  numeracion: '/numeracion',
  /** The electronic POS document (issue #31), role 1: its settings and the outbox's panel. */
  documentoElectronico: '/documento_electronico',
  documentosDian: '/documentos_dian',
  /** Physical counts (issue #58 point 1): the list, and one count's counting screen and differences. */
  conteos: '/conteos',
  conteo: '/conteos/:id',
  /** Transfers between the empresa's stores (issue #56 point 3): the list and one transfer. */
  traslados: '/traslados',
  traslado: '/traslados/:id',
  /** Lots expiring within the store's days, and the expired ones (issue #58 point 2). */
  porVencer: '/por_vencer',
  /** Price lists (issue #59 point 1): the list, and one list's prices and customers. */
  listasPrecios: '/listas_precios',
  listaPrecios: '/listas_precios/:id',
  promociones: '/promociones',
  /** Loyalty points' settings (issue #59 point 3, ADR 054), role 1. */
  puntos: '/puntos',
  crud: {
    usuarios: '/crud/usuarios',
  },
} as const;
