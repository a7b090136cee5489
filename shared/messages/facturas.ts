/** Spanish texts of the facturas area (spec quotes word for word). */
export const facturas = {
  // Spec §2: /gestionar_ventas is titled Gestionar Facturas.
  titulo: 'Gestionar Facturas',
  subtitulo: 'Las ventas de la tienda con sus facturas. Busque por número de venta o por producto.',
  detalleTitulo: 'Factura de venta',
  buscar: 'Buscar por N.º de venta o producto',
  estadoFiltro: 'Estado',
  todos: 'Todos',
  columnas: {
    venta: 'N.º venta',
    fecha: 'Fecha',
    productos: 'Productos',
    total: 'Total',
    estado: 'Estado',
    metodo: 'Método de pago',
    cliente: 'Cliente',
  },
  lineas: (lineas: number, unidades: number) =>
    `${lineas} ${lineas === 1 ? 'producto' : 'productos'} · ${unidades} ${unidades === 1 ? 'unidad' : 'unidades'}`,
  clienteGeneral: 'Cliente general',
  vacio: 'Todavía no hay ventas registradas.',
  sinResultados: 'No hay ventas que coincidan con la búsqueda.',
  cargaFallida: 'No se pudo cargar la lista de facturas.',
  detalleFallido: 'No se pudo cargar la factura.',
  noEncontrada: 'No encontramos esta venta en su tienda.',
  sinId: 'No se indicó qué factura abrir. Elíjala en la lista de facturas.',
  estadoInvalido: 'Seleccione un estado válido: Pendiente, Completada o Anulada.',
  anuladaAviso: 'Esta venta fue anulada: sus productos volvieron al inventario.',
  pendienteAviso: 'Esta venta todavía no se ha completado.',
  imprimir: 'Imprimir',
  volver: 'Volver a las facturas',
} as const;
