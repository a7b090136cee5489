/** Spanish texts of the facturas area (spec quotes word for word). */
import { formatCantidad, formatMilesimas, milesimasDe } from '../cantidad';
import { MEDIDAS, unidadDeMedida, type TMedida } from '../unidades';
export const facturas = {
  /** A line of a sale left wholly or partly on credit (issue #36): not "Pagado". */
  lineaFiada: 'Fiado',
  lineaPagoParcial: 'Pagado en parte',
  pagos: 'Pago',
  // Spec §2: /gestionar_ventas is titled Gestionar Facturas.
  titulo: 'Gestionar Facturas',
  subtitulo: 'Las ventas de la tienda con sus facturas. Busque por número de venta o por producto.',
  // Not "Factura de venta": a sale is a factura only when issued as one (issue #52 point 5).
  detalleTitulo: 'Venta',
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
  /**
   * The invoice list's "Productos" cell (issue #52 point 3): the lines, then units and measures apart,
   * never added: "3 productos · 13 unidades · 0,204 kg"; a sale of weighed products only names no units.
   */
  lineas: (lineas: number, medidas: { unidades: number } & Partial<Record<TMedida, number>>) => {
    const otras = MEDIDAS.filter((m) => m !== 'unidades' && medidas[m]);
    return [
      `${lineas} ${lineas === 1 ? 'producto' : 'productos'}`,
      ...(medidas.unidades > 0 || !otras.length ? [`${formatMilesimas(milesimasDe(medidas.unidades))} ${medidas.unidades === 1 ? 'unidad' : 'unidades'}`] : []),
      ...otras.map((m) => formatCantidad(medidas[m]!, unidadDeMedida(m))),
    ].join(' · ');
  },
  /** Under a pack line's quantity in the invoice's detail: "Paca x12 (12 u.)". */
  presentacion: (presentacion: string, factor: number) => `${presentacion} (${factor} u.)`,
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
  pendienteAcciones: 'Complétela si el cliente pagó y se llevó los productos; anúlela si no, y los productos vuelven al inventario.',
  completar: 'Completar venta',
  completarTitulo: '¿Completar la venta?',
  completarTexto: 'La venta quedará completada y sus productos, pagados.',
  completarConfirmar: 'Sí, completar',
  completada: 'Venta completada',
  anular: 'Anular venta',
  cambioFallido: 'No se pudo cambiar el estado de la venta',
  imprimir: 'Imprimir',
  verTicket: 'Ver ticket',
  volver: 'Volver a las facturas',
  // Issue #14 point 6: the rest of the list and the detail.
  buscarFacturas: 'Buscar facturas',
  buscarPlaceholder: 'Ej.: 25, FE12, D2-14 o arroz',
  cargandoLista: 'Cargando facturas…',
  verFactura: (id: number) => `Ver factura de la venta ${id}`,
  cargando: 'Cargando…',
  reintentar: 'Reintentar',
  telefono: (telefono: string) => `Tel. ${telefono}`,
  numero: (id: number | string) => `N.º ${id}`,
  // Issue #34: a sale made without network keeps the number its receipt printed (D3-17).
  numeroSinRed: (n: string) => `Sin red: ${n}`,
  numeroSinRedTitulo: 'Número impreso por la caja cuando vendió sin red',
  // Issue #57: a sale invoiced to a buyer shows the invoice's number (FE2) and buyer; the store's sale number stays as secondary.
  numeroFactura: (numero: string) => `Factura ${numero}`,
  numeroVenta: (numero: number) => `Venta N.º ${numero}`,
  adquirente: 'Adquirente',
  hora: 'Hora',
  cajero: 'Cajero',
  productosCaption: (id: number) => `Productos de la venta ${id}`,
  // Producto, Subtotal, Descuento, Recibido and Cambio: the receipt's keys (ventas.columnas, ventas.recibo, ventas.cambio).
  detalle: {
    cantidad: 'Cantidad',
    precioUnitario: 'Precio unitario',
  },
  unidades: 'Unidades',
  kilos: 'Peso',
  litros: 'Volumen',
  /** The detail's totals of the ferretería's measures (issue #58 point 3), apart from units, kilos and litres. */
  metros: 'Longitud',
  metrosCuadrados: 'Área',
  galones: 'Galones',
} as const;
