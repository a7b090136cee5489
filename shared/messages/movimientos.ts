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
  productoEliminado: 'Producto eliminado',
  vacio: 'Todavía no hay movimientos de inventario.',
  sinResultados: 'No hay movimientos que coincidan con los filtros.',
  cargaFallida: 'No se pudo cargar la lista de movimientos.',
  fechaInvalida: 'Escriba una fecha válida (día, mes y año).',
  rangoInvalido: 'La fecha inicial no puede ser posterior a la fecha final.',
} as const;
