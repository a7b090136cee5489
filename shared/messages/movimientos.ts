/** Spanish texts of the movimientos area (spec quotes word for word). */
export const movimientos = {
  titulo: 'Movimientos de inventario',
  subtitulo: 'Cada entrada y salida de stock de la tienda, de la más reciente a la más antigua.',
  // Spec §6 (role 3) is M.roles.denyMovimientos; this is its popup title.
  denegadoTitulo: 'Acceso Denegado',
  columnas: {
    id: 'Id',
    producto: 'Producto',
    stockAntes: 'Stock antes',
    entradas: 'Entradas',
    salidas: 'Salidas',
    stockDespues: 'Stock después',
    fecha: 'Fecha',
    motivo: 'Motivo',
  },
  // The reason each kind of stock movement is written with (what the ledger's "Motivo" column shows);
  // a sale's and an annulment's are M.ventas.motivoVenta and motivoAnulacion.
  motivos: {
    inicial: 'Inventario inicial',
    ajuste: 'Ajuste manual',
    inicialAdministracion: 'Inventario inicial (administración)',
    ajusteAdministracion: 'Ajuste de stock desde administración',
    registroAdministracion: 'Registro de administración',
    entregaPedido: (id: number) => `Entrega de pedido #${id}`,
    /** Issue #32: goods received, with or without an order. */
    recepcion: (numero: number, orden: number | null) => `Recepción RC-${numero}${orden ? ` (orden OC-${orden})` : ''}`,
    entregaCorregida: (id: number) => `Entrega de pedido #${id} (corrección)`,
    entregaEliminada: (id: number) => `Entrega de pedido #${id} eliminada`,
  },
  productoEliminado: 'Producto eliminado',
  /** Issue #27: the stock ledger is append-only on every face. */
  soloLecturaTitulo: 'Movimiento no modificable',
  soloLectura: 'Los movimientos de inventario no se modifican ni se eliminan. Para corregir el stock registre un ajuste: queda como un movimiento nuevo.',
  vacio: 'Todavía no hay movimientos de inventario.',
  sinResultados: 'No hay movimientos que coincidan con los filtros.',
  cargaFallida: 'No se pudo cargar la lista de movimientos.',
  filtrar: 'Filtrar movimientos',
  buscarPlaceholder: 'Buscar por nombre del producto',
  quitarFiltros: 'Quitar filtros',
  cargando: 'Cargando movimientos…',
  fechaInvalida: 'Escriba una fecha válida (día, mes y año).',
  rangoInvalido: 'La fecha inicial no puede ser posterior a la fecha final.',
} as const;
