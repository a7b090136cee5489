/** Spanish texts of the productos area (spec quotes word for word). */
import { proveedores } from './proveedores';
import { formatCantidad } from '../cantidad';
import { etiquetasUnidades, etiquetaUnidad } from '../unidades';

/** A stock as people read it: 12, 1.500, 4,625 (three decimals at most, decimal comma). */
const st = (n: number) => formatCantidad(n, null);

const conHistoria =
  'No se puede eliminar el producto: tiene ventas o entregas registradas. Márquelo como No disponible (estado 0).';
export const productos = {
  titulo: 'Gestionar Productos',
  manejaLotesInvalido: 'Indique si el producto controla lotes (sí o no).',
  manejaLotesAyuda: 'Al recibir mercancía se anota el lote y la fecha de vencimiento; la caja vende primero lo que vence primero y no vende lo vencido sin autorización.',
  bajoFormulaInvalido: 'Indique si el producto se vende bajo fórmula médica (sí o no).',
  bajoFormulaAyuda: 'La caja pregunta si el cliente presentó la fórmula antes de agregarlo al carrito, y la respuesta queda en la actividad.',
  medicamento: 'Medicamento (droguerías)',
  detalleTitulo: 'Detalle del producto',
  // Spec §5: add product.
  camposVacios: 'Campos vacios',
  camposVaciosTexto: 'Escriba el nombre, el precio y la cantidad del producto.',
  precioHint: 'En pesos, por ejemplo 12.500.',
  precioInvalido: 'Escriba el precio en pesos, solo con números (por ejemplo 12500 o 12.500).',
  precioMaximo: 'El precio no puede pasar de $ 100.000.000.',
  cantidadInvalida: 'Escriba la cantidad con números, 0 o más (con hasta tres decimales si se vende por peso o medida, por ejemplo 4,5).',
  stockInvalido: 'Escriba el stock con números, 0 o más (con hasta tres decimales si se vende por peso o medida, por ejemplo 4,625).',
  /** The domain's rule (ADR 030): a product sold by unit has whole stock. */
  stockEntero: 'Este producto se vende por unidad: escriba un stock entero, 0 o más.',
  unidadInvalida: 'Escoja cómo se vende: por unidad, kilogramo, gramo, litro, mililitro, metro, centímetro, metro cuadrado o galón.',
  unidadConPresentaciones: 'Este producto tiene presentaciones (paca, caja, rollo…), que cuentan en su unidad de ahora. Elimínelas antes de cambiar cómo se vende.',
  unidadHint: '¿Por libra? Escoja kilo y ponga el precio del kilo (1 libra = 0,5 kg).',
  /** How a product is sold, as the forms offer it. */
  unidades: etiquetasUnidades(etiquetaUnidad) as Record<string, string>,
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
  confirmarTexto: (nombre: string, precio: string, cantidad: number, unidad?: string | null) =>
    unidad && unidad !== '94'
      ? `${nombre} a ${precio} por ${formatCantidad(1, unidad).replace(/^1 /, '')}, con ${formatCantidad(cantidad, unidad)} en stock.`
      : `${nombre} a ${precio}, con ${st(cantidad)} ${cantidad === 1 ? 'unidad' : 'unidades'} en stock.`,
  confirmarBoton: 'Sí, agregar',
  registrado: 'Producto registrado',
  registradoTexto: (nombre: string) => `${nombre} se agregó a la lista de productos.`,
  // Spec §8.
  registroFallido: 'El producto no se pudo registrar',
  actualizado: 'Producto actualizado',
  actualizarFallido: 'Error al actualizar',
  stockCambio: (actual: number) =>
    `El stock de este producto cambió mientras lo editaba (ahora hay ${st(actual)}). Revise el valor y guarde de nuevo.`,
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
  stockNegativo: (stock: number) => `${st(stock)} en stock: el conteo está por debajo de cero`,
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
    ubicacion: 'Ubicación',
    ubicacionPlaceholder: 'Pasillo 3, estante B',
    manejaLotes: 'Controla lotes y vencimiento',
    registroInvima: 'Registro INVIMA',
    registroInvimaPlaceholder: 'INVIMA 2019M-0012345-R1',
    principioActivo: 'Principio activo',
    principioActivoPlaceholder: 'Acetaminofén 500 mg',
    bajoFormula: 'Venta bajo fórmula médica',
    precio: 'Precio',
    cantidad: 'Cantidad',
    estado: 'Estado',
    stock: 'Stock',
    stockMin: 'Stock mínimo',
    unidad: 'Se vende por',
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
  enStock: (stock: number, minimo: number, unidad?: string | null) => `${formatCantidad(stock, unidad)} en stock (mínimo ${minimo})`,
  datos: 'Datos del producto',
  stockAntes: (antes: number) => `Antes: ${st(antes)}. El cambio queda en los movimientos.`,
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
    campo: { precio: 'Precio', costo: 'Costo', presentacion: 'Presentación', unidad: 'Unidad' } as Record<string, string>,
    cara: { tienda: 'Tienda', crud: 'Administración', legacy: 'API heredada' } as Record<string, string>,
    inicial: 'Precio inicial',
    /** What a pack's or unit's entry adds (issue #51 point 4). */
    presentacionDe: (nombre: string, antes: number | null | undefined, despues: number | undefined) =>
      `${nombre}: ${antes == null || antes === despues ? `${despues} unidades` : `${antes} → ${despues} unidades`}`,
    unidadDe: (antes: string, despues: string) => `Se vende por: ${antes} → ${despues}`,
  },
  /** A product's first price and opening stock are a price and a stock change (issue #51 point 4). */
  precioInicialSinPermiso: 'Crear un producto le pone su primer precio, y su rol no puede cambiar precios. Pida al administrador que lo cree o que le dé ese permiso.',
  stockInicialSinPermiso: 'Su rol no puede ajustar el stock: cree el producto con cantidad 0 y pida a quien pueda que registre la entrada.',
  /** Unit ↔ weight or measure changes what the price buys (issue #51 point 4). */
  unidadSinPermiso: 'Cambiar si se vende por unidad, peso o medida cambia lo que vale su precio, y su rol no puede cambiar precios.',
  /** Sale units of a product (issue #33 point 5, ADR 033): "Paca x12", "Caja x24". */
  presentaciones: {
    titulo: 'Presentaciones',
    ayuda: 'Venda por paca o por caja: cada presentación tiene su código de barras y su precio, y descuenta del stock sus unidades.',
    // A product sold by measure (issue #58 point 2): a pack brings a whole number of its unit, a roll of 50 m.
    porMedida: (simbolo: string) => `Este producto se vende suelto, por ${simbolo}. Una presentación (rollo, bulto, caneca) trae un número entero de ${simbolo} y los descuenta del stock.`,
    vacio: 'Este producto se vende solo por unidad.',
    nombre: 'Nombre',
    nombreEjemplo: 'Paca x12',
    factor: 'Unidades',
    factorHint: 'Cuántas unidades del producto trae (2 a 1.000).',
    factorMedida: (simbolo: string) => `Cantidad (${simbolo})`,
    factorHintMedida: (simbolo: string) => `Cuántos ${simbolo} trae, enteros (2 a 1.000): un rollo de 50 ${simbolo} lleva 50.`,
    codigoBarras: 'Código de barras',
    precio: 'Precio',
    agregar: 'Agregar presentación',
    guardar: 'Guardar',
    cancelar: 'Cancelar',
    editar: 'Editar',
    eliminar: 'Eliminar',
    eliminarDe: (nombre: string) => `Eliminar ${nombre}`,
    editarDe: (nombre: string) => `Editar ${nombre}`,
    eliminarTitulo: '¿Eliminar la presentación?',
    eliminarTexto: (nombre: string) => `${nombre} deja de venderse. Las ventas ya hechas no cambian.`,
    agregada: 'Presentación agregada.',
    actualizada: 'Presentación actualizada.',
    eliminada: 'Presentación eliminada.',
    resumen: (factor: number, simbolo = '') => (simbolo ? `${factor} ${simbolo}` : `${factor} unidades`),
    nombreRequerido: 'Escriba el nombre de la presentación, por ejemplo Paca x12.',
    factorInvalido: 'Escriba cuántas unidades trae: un número entero de 2 a 1.000.',
    codigoRequerido: 'Escriba el código de barras de la presentación.',
    codigoDuplicado: 'Ese código de barras ya es de un producto o de otra presentación de su tienda.',
    precioRequerido: 'Escriba el precio de la presentación.',
    maximo: 'Un producto puede tener hasta 10 presentaciones.',
    /** Issue #51 point 4: more units for the same price is a lower price per unit. */
    factorSinPermiso: 'Cambiar las unidades de una presentación cambia su precio por unidad, y su rol no puede cambiar precios.',
    noEncontrada: 'La presentación no existe o ya fue eliminada.',
  },
} as const;
