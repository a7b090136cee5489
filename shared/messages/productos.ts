/** Spanish texts of the productos area (spec quotes word for word). */
import { proveedores } from './proveedores';

const conHistoria =
  'No se puede eliminar el producto: tiene ventas o entregas registradas. Márquelo como No disponible (estado 0).';
export const productos = {
  titulo: 'Gestionar Productos',
  detalleTitulo: 'Detalle del producto',
  // Spec §5: add product.
  camposVacios: 'Campos vacios',
  camposVaciosTexto: 'Escriba el nombre, el precio y la cantidad del producto.',
  precioHint: 'En pesos, por ejemplo 12.500.',
  precioInvalido: 'Escriba el precio en pesos, solo con números (por ejemplo 12500 o 12.500).',
  precioMaximo: 'El precio no puede pasar de $ 100.000.000.',
  cantidadInvalida: 'Escriba una cantidad entera, 0 o más.',
  stockInvalido: 'Escriba un stock entero, 0 o más.',
  stockMinInvalido: 'Escriba un stock mínimo entero, 0 o más.',
  nombreRequerido: 'Escriba el nombre del producto.',
  precioRequerido: 'Escriba el precio del producto.',
  stockRequerido: 'Escriba el stock del producto.',
  stockMinRequerido: 'Escriba el stock mínimo del producto.',
  estadoInvalido: 'Seleccione el estado: Disponible o No disponible.',
  fechaInvalida: 'Escriba una fecha de vencimiento válida (día, mes y año).',
  /** The supplier domain's refusal (one text wherever a supplier is referenced). */
  proveedorInvalido: proveedores.noExiste,
  codigoBarrasInvalido: 'El código de barras solo puede tener letras, números y guiones.',
  codigoBarrasDuplicado: 'Ya existe otro producto con ese código de barras en su tienda.',
  codigoBarras: 'Código de barras',
  codigoBarrasOpcional: 'Código de barras (opcional)',
  codigoBarrasHint: 'El del empaque (EAN de 13 dígitos; en Colombia empieza por 770) o uno propio de la tienda.',
  codigoBarrasResumen: (codigo: string) => `Código ${codigo}`,
  confirmarTitulo: '¿Agregar este producto?',
  confirmarTexto: (nombre: string, precio: string, cantidad: number) =>
    `${nombre} a ${precio}, con ${cantidad} ${cantidad === 1 ? 'unidad' : 'unidades'} en stock.`,
  confirmarBoton: 'Sí, agregar',
  registrado: 'Producto registrado',
  registradoTexto: (nombre: string) => `${nombre} se agregó a la lista de productos.`,
  // Spec §8.
  registroFallido: 'El producto no se pudo registrar',
  actualizado: 'Producto actualizado',
  actualizarFallido: 'Error al actualizar',
  stockCambio: (actual: number) =>
    `El stock de este producto cambió mientras lo editaba (ahora hay ${actual}). Revise el valor y guarde de nuevo.`,
  eliminarTitulo: '¿Eliminar este producto?',
  eliminarTexto: (nombre: string) => `${nombre} se eliminará de la lista de productos. Esta acción no se puede deshacer.`,
  eliminarBoton: 'Sí, eliminar',
  eliminado: 'Producto eliminado',
  /**
   * Why a product with sales or order deliveries stays (every face: store, back-office, legacy API).
   * The sales and the deliveries are accounting records.
   */
  conHistoria,
  /** The same refusal as `conHistoria` (one rule since issue #14), under its former name. */
  conVentas: conHistoria,
  estado: { 1: 'Disponible', 0: 'No disponible' } as Record<number, string>,
  stockBajo: 'Stock bajo',
  /** Issue #36 point 7: a sale went past the recorded stock; the count needs checking. */
  revisarStock: 'Revisar stock',
  revisarStockAyuda: 'Se vendió más de lo que había en el sistema. Cuente el producto y ajuste el stock.',
  stockNegativo: (stock: number) => `${stock} en stock: el conteo está por debajo de cero`,
  sinProveedor: 'Sin proveedor',
  vacio: 'Todavía no hay productos. Agregue el primero con el formulario.',
  sinResultados: (q: string) => `No hay productos que coincidan con «${q}».`,
  noEncontrado: 'No encontramos este producto. Puede que se haya eliminado.',
  cargaFallida: 'No se pudo cargar la lista de productos.',
  // The list
  listaTitulo: 'Lista de productos',
  buscar: 'Buscar producto',
  buscarPlaceholder: 'Nombre del producto',
  cargando: 'Cargando productos…',
  tabla: 'Productos de la tienda',
  etiqueta: 'Etiqueta',
  etiquetaDe: (nombre: string) => `Etiqueta de ${nombre}`,
  /** The short names of two figures on a phone's card layout. */
  cortos: { stock: 'Stock', stockMin: 'Mín.' },
  imprimirEtiquetas: (elegidos: number) => `Imprimir etiquetas${elegidos ? ` (${elegidos})` : ''}`,
  imprimirEtiquetasHint: 'Marque productos en la lista para imprimir sus etiquetas',
  /** The list's columns and the forms' fields. */
  campos: {
    nombre: 'Nombre',
    nombrePlaceholder: 'Arroz blanco 500 g',
    marca: 'Marca',
    categoria: 'Categoría',
    presentacion: 'Presentación',
    presentacionPlaceholder: 'Bolsa, botella, caja…',
    precio: 'Precio',
    cantidad: 'Cantidad',
    estado: 'Estado',
    stock: 'Stock',
    stockMin: 'Stock mínimo',
    proveedor: 'Proveedor',
    proveedorActual: 'Proveedor actual',
    fechaVencimiento: 'Fecha de vencimiento',
    descripcion: 'Descripción',
  },
  // The add form
  agregar: 'Agregar producto',
  // The detail
  volver: 'Volver a productos',
  cargandoDetalle: 'Cargando producto…',
  irALista: 'Ir a la lista de productos',
  enStock: (stock: number, minimo: number) => `${stock} en stock (mínimo ${minimo})`,
  datos: 'Datos del producto',
  stockAntes: (antes: number) => `Antes: ${antes}. El cambio queda en los movimientos.`,
  proveedorN: (id: string) => `Proveedor ${id}`,
  /** Shelf labels (issue #19). */
  etiquetas: {
    titulo: 'Etiquetas para estantes',
    papel: 'Papel',
    hojaA4: 'Hoja A4 (3 × 7)',
    rollo58: 'Rollo 58 mm',
    imprimir: (n: number) => `Imprimir ${n} ${n === 1 ? 'etiqueta' : 'etiquetas'}`,
    region: 'Etiquetas',
    sinCodigo: 'Sin código de barras',
    barras: (codigo: string) => `Código de barras ${codigo}`,
  },
  // Issue #27 point 2: the product's price history, in its detail.
  historial: {
    titulo: 'Historial de precios',
    cargando: 'Cargando el historial de precios…',
    cargaFallida: 'No se pudo cargar el historial de precios.',
    vacio: 'Este producto no tiene cambios de precio registrados.',
    columnas: { fecha: 'Fecha', persona: 'Quién', cara: 'Por', campo: 'Dato', anterior: 'Antes', nuevo: 'Después' },
    campo: { precio: 'Precio', costo: 'Costo' } as Record<string, string>,
    cara: { tienda: 'Tienda', crud: 'Administración', legacy: 'API heredada' } as Record<string, string>,
    inicial: 'Precio inicial',
  },
} as const;
