/** Spanish texts of the proveedores area (spec quotes word for word). */
export const proveedores = {
  titulo: 'Gestionar Proveedores',
  // Spec §5: supplier and client forms.
  camposVacios: 'Por favor llene todos los campos',
  telefonoInvalido: 'Escriba un teléfono de 7 a 15 dígitos, sin letras.',
  registrado: 'Proveedor registrado',
  registradoTexto: (nombre: string) => `${nombre} se agregó a la lista de proveedores.`,
  registroFallido: 'El proveedor no se pudo registrar',
  eliminarTitulo: '¿Eliminar este proveedor?',
  eliminarTexto: (nombre: string) =>
    `${nombre} se eliminará. Sus productos se conservan y quedan sin proveedor. Esta acción no se puede deshacer.`,
  eliminarBoton: 'Sí, eliminar',
  eliminado: 'Proveedor eliminado',
  eliminarFallido: 'El proveedor no se pudo eliminar',
  /**
   * The supplier domain's refusals (proveedor.domain.ts), one text on every face: M.crud.proveedorConHistoria,
   * M.crud.proveedorNoExiste and M.productos.proveedorInvalido are these.
   */
  conEntregas: 'No se puede eliminar el proveedor: tiene órdenes de compra o entregas de pedidos registradas. Puede archivarlo.',
  /** Issue #27: a supplier with deliveries is archived instead. */
  archivar: 'Archivar',
  archivarTitulo: '¿Archivar este proveedor?',
  archivarTexto: (nombre: string) => `${nombre} dejará de aparecer en la lista y en el formulario de productos. Sus entregas se conservan.`,
  archivarBoton: 'Sí, archivar',
  archivado: 'Proveedor archivado',
  archivarFallido: 'El proveedor no se pudo archivar',
  noExiste: 'El proveedor indicado no existe en la tienda.',
  vacio: 'Todavía no hay proveedores. Agregue el primero con el formulario.',
  sinResultados: (q: string) => `No hay proveedores que coincidan con «${q}».`,
  cargaFallida: 'No se pudo cargar la lista de proveedores.',
  productosDe: (nombre: string) => `Productos de ${nombre}`,
  sinProductos: 'Este proveedor todavía no tiene productos asignados.',
  // The list
  listaTitulo: 'Lista de proveedores',
  buscar: 'Buscar proveedor',
  buscarPlaceholder: 'Nombre del proveedor',
  cargando: 'Cargando proveedores…',
  tabla: 'Proveedores de la tienda',
  columnas: { contacto: 'Contacto', productos: 'Productos', producto: 'Producto' },
  verProductos: 'Ver productos',
  verProductosDe: (nombre: string) => `Ver productos de ${nombre}`,
  cerrarProductos: 'Cerrar productos del proveedor',
  // The add form
  agregar: 'Agregar proveedor',
  campos: {
    nombre: 'Nombre',
    telefono: 'Teléfono',
    telefonoHint: 'Solo números, de 7 a 15 dígitos.',
    correo: 'Correo',
    correoPlaceholder: 'pedidos@proveedor.com',
    documento: 'NIT o cédula (opcional)',
    documentoHint: 'Para el documento soporte de compras a quien no factura. Ej.: 900123456-7',
    direccion: 'Dirección (opcional)',
    obligadoFacturar: 'Emite factura electrónica',
  },
  documentoInvalido: 'Escriba el NIT o la cédula con números (el dígito de verificación después de un guion).',
  obligadoInvalido: 'Indique si el proveedor emite factura electrónica.',
} as const;
