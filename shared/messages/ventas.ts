/** Spanish texts of the ventas area (spec quotes word for word). */
const SIN_STOCK = 'Estos productos no tienen suficiente stock para la cantidad solicitada: ';

export const ventas = {
  // Spec §5 (sale rules), word for word.
  carritoVacio: 'Carrito vacío',
  sinStockPrefix: SIN_STOCK,
  sinStock: (nombres: readonly string[]) => SIN_STOCK + nombres.join(', '),
  cantidadInvalida: 'Ingrese una cantidad válida',
  montoInsuficiente: 'La cantidad recibida es menor al total a pagar',
  metodoRequerido: 'Seleccione un medio de pago',
  // Spec §8 (sales errors), word for word.
  ventaNoEncontrada: 'No se encontró el ID de la venta. Intente nuevamente.',
  estadoVentaError: 'No se pudo modificar el estado de la venta.',
  estadoFacturaError: 'No se pudo modificar el estado de la factura.',
  registroError: 'No se pudo registrar la venta.',

  // Texts of this product around those rules.
  oops: 'Oops...',
  carritoVacioText: 'Agregue al menos un producto para generar el pago.',
  sinStockTitle: 'Stock insuficiente',
  cantidadLineaInvalida: 'La cantidad de cada producto debe ser un número entero entre 1 y 9.999.',
  demasiadasLineas: 'La venta no puede tener más de 200 productos distintos.',
  productoInvalido: 'Producto no válido.',
  claveInvalida: 'La clave de la venta no es válida.',
  categoriaInvalida: 'Categoría no válida.',
  productosNoDisponibles: (nombres: readonly string[]) =>
    `Estos productos ya no están disponibles para la venta: ${nombres.join(', ')}`,
  productoNoEncontrado: 'El producto no existe o no está disponible para la venta.',
  codigoNoEncontrado: (codigo: string) => `No se encontró ningún producto disponible con el código o nombre «${codigo}».`,
  variosResultados: 'Varios productos coinciden con la búsqueda: elija uno de la lista.',
  clienteNoEncontrado: 'No hay un cliente de la tienda con ese documento.',
  registrarCliente: 'Registrar este cliente',
  nuevoCliente: (documento: string) => `Nuevo cliente, documento ${documento}`,
  guardarCliente: 'Guardar cliente',
  documentoInvalido: 'Ingrese un documento válido (solo letras y números).',
  soloVentasPropiasDelDia: 'Solo puede completar o anular sus propias ventas de hoy. Pida a un administrador o encargado que lo haga.',
  ventaAnulada: 'Venta anulada',
  ventaAnuladaText: 'Los productos volvieron al inventario.',
  salirTitle: '¿Salir de la venta?',
  salirText: 'El carrito tiene productos: si sale, se vaciará.',
  salirConfirm: 'Sí, salir',
  anularTitle: '¿Anular la venta?',
  anularText: 'La venta quedará anulada y los productos volverán al inventario. Esta acción no se puede deshacer.',
  anularConfirm: 'Sí, anular',
  motivoVenta: (id: number | string) => `Venta #${id}`,
  motivoAnulacion: (id: number) => `Anulación venta #${id}`,
} as const;
