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
  /** ADR 064: a documento is one supplier of the empresa (every store of it shares its suppliers). */
  documentoDuplicado: (nombre: string | null) =>
    nombre ? `Ya hay un proveedor con este NIT o cédula en su empresa: ${nombre}. Búsquelo en la lista en lugar de crearlo otra vez.` : 'Ya hay un proveedor con este NIT o cédula en su empresa.',
  /** The supplier list, ADR 064: a supplier created in another store of the empresa says where. */
  creadoEn: (tienda: string) => `Creado en ${tienda}`,
  documentoRepetido: 'NIT repetido',
  documentoRepetidoAyuda: 'Otro proveedor de su empresa tiene este mismo NIT o cédula. Únalos, corrija el de uno de los dos o archive el que sobra.',
  /** Merging two suppliers of the empresa with one NIT or cédula (issue #56, ADR 072). */
  unir: {
    boton: 'Unir con el otro',
    botonNombre: (nombre: string) => `Unir con el otro proveedor del mismo NIT a ${nombre}`,
    titulo: 'Unir proveedores con el mismo NIT',
    confirmar: (este: string, documento: string, otro?: string) =>
      `${otro ? `«${otro}»` : 'El otro proveedor'} con ${documento} se unirá a «${este}»: sus productos, sus pedidos abiertos y sus conteos abiertos pasan a «${este}» en todas las tiendas. Las compras ya recibidas y sus documentos soporte siguen a nombre del otro, que queda archivado. No se puede deshacer.`,
    aceptar: 'Unir',
    hecho: (este: string) => `Proveedores unidos. Sus productos y pedidos abiertos quedan con «${este}».`,
    soloRepetidos: 'Solo se unen dos proveedores activos de su empresa que tienen el mismo NIT o cédula marcado como repetido.',
    mismo: 'Elija el otro proveedor con el mismo NIT o cédula.',
    yaUnido: (nombre: string) => `Este proveedor ya se unió a «${nombre}». Haga los cambios en «${nombre}».`,
    sinPermiso: 'Solo el dueño o el administrador de la tienda pueden unir proveedores.',
    sinPermisoTitulo: 'No puede unir proveedores',
    productos: 'productos',
    pedidos: 'pedidos abiertos',
    conteos: 'conteos abiertos',
  },
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
    // Issue #57 point 3 (ADR 055): what the documento soporte names of a supplier who does not invoice.
    tipoIdentificacion: 'Tipo de documento (opcional)',
    tipoIdentificacionNinguno: 'Sin indicar',
    municipio: 'Código DANE del municipio (opcional)',
    municipioHint: '5 dígitos. Ejemplos: Bogotá 11001, Medellín 05001, Cali 76001.',
    noObligadoAyuda: 'Si no emite factura electrónica, la tienda le hace un documento soporte en cada compra: indique su tipo y número de documento, dirección y municipio.',
  },
  /** DIAN's ID types a supplier may have (ADR 055). */
  tiposIdentificacion: {
    CC: 'Cédula de ciudadanía',
    CE: 'Cédula de extranjería',
    NIT: 'NIT',
    PA: 'Pasaporte',
    TI: 'Tarjeta de identidad',
    PEP: 'Permiso especial de permanencia',
    PPT: 'Permiso por protección temporal',
    NITE: 'NIT de otro país',
  } as Record<string, string>,
  tipoIdentificacionInvalido: 'Elija el tipo de documento de la lista (cédula, NIT, pasaporte…).',
  municipioInvalido: 'El código DANE del municipio lleva 5 dígitos (Bogotá: 11001).',
  /** A supplier marked as not invoicing needs what the documento soporte names of it. */
  /** Those data by field, as the refusal names them. */
  datosSoporte: { tipoIdentificacion: 'tipo de documento', documento: 'número de documento', direccion: 'dirección', municipio: 'código DANE del municipio' },
  faltanDatosSoporte: (faltan: string) => `Un proveedor que no emite factura electrónica necesita, para el documento soporte: ${faltan}.`,
  nitSinDigito: 'Un NIT lleva su dígito de verificación después de un guion. Ej.: 900123456-7',
  nitDigitoIncorrecto: (dv: number) => `El dígito de verificación de ese NIT es ${dv}.`,
  digitoSoloNit: 'Solo el NIT lleva dígito de verificación: escriba el número sin guion.',
  documentoInvalido: 'Escriba el NIT o la cédula con números (el dígito de verificación después de un guion).',
  obligadoInvalido: 'Indique si el proveedor emite factura electrónica.',
} as const;
