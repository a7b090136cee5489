/** Spanish texts of the analisis area (spec quotes word for word). */
export const analisis = {
  titulo: 'Análisis de popularidad',
  subtitulo: 'Unidades vendidas de cada producto comparadas con el promedio de la tienda (sin contar las ventas anuladas).',
  // Spec §4 "Popularity", word for word.
  clases: { noPopular: 'No Popular', medio: 'Medio Popular', popular: 'Popular' },
  promedio: 'Promedio de unidades vendidas',
  productosVendidos: 'Productos con ventas',
  unidadesVendidas: 'Unidades vendidas',
  // Issue #52 point 3: what was sold by weight or volume, apart from the units.
  kilosVendidos: 'Kilos vendidos',
  litrosVendidos: 'Litros vendidos',
  // Issue #58 point 3: a ferretería's measures, apart too.
  metrosVendidos: 'Metros vendidos',
  metrosCuadradosVendidos: 'Metros cuadrados vendidos',
  galonesVendidos: 'Galones vendidos',
  columnas: { producto: 'Producto', cantidad: 'Cantidad vendida', popularidad: 'Popularidad' },
  graficoTitulo: 'Unidades vendidas por producto',
  graficoAlt: (n: number, promedio: string, popular: number, medio: number, noPopular: number) =>
    `Gráfico de barras con las unidades vendidas de ${n} ${n === 1 ? 'producto' : 'productos'}. Promedio: ${promedio}. ` +
    `${popular} Popular, ${medio} Medio Popular y ${noPopular} No Popular. Los datos completos están en la tabla.`,
  graficoPagina: (desde: number, hasta: number, total: number) => `Productos ${desde} a ${hasta} de ${total}, del más vendido al menos vendido.`,
  vacio: 'Todavía no hay ventas registradas. Cuando venda productos, aquí verá cuáles son los más populares.',
  vacioRango: 'No hay ventas en las fechas elegidas.',
  cargaFallida: 'No se pudo cargar el análisis de ventas.',
  fechaInvalida: 'Escriba una fecha válida (día, mes y año).',
  rangoInvalido: 'La fecha inicial no puede ser posterior a la fecha final.',
  filtrar: 'Filtrar por fechas',
  quitarFechas: 'Quitar fechas',
  cargando: 'Cargando análisis…',
  resumen: 'Resumen',
  clasificacion: 'Clasificación',
  tablaTitulo: 'Tabla de popularidad',
  tabla: 'Popularidad de los productos',
  /** The chart's mean line and a bar's tooltip. */
  graficoPromedio: (promedio: string) => `Promedio ${promedio}`,
  graficoBarra: (cantidad: number, clase: string) => `${cantidad} ${cantidad === 1 ? 'unidad' : 'unidades'} · ${clase}`,
} as const;
