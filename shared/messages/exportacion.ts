/** Spanish texts of the exports to CSV and Excel (issue #33 point 2). */
export const exportacion = {
  csv: 'Exportar CSV',
  xlsx: 'Exportar Excel',
  ayuda: 'Descarga la lista con la búsqueda y los filtros de la pantalla (sin ellos, toda la tienda).',
  fallo: 'No se pudo exportar la lista.',
  // The empresa's catalogue, every store's rows (issue #56): its owner, on Productos.
  catalogo: {
    csv: 'Catálogo de todas las tiendas (CSV)',
    xlsx: 'Catálogo de todas las tiendas (Excel)',
    ayuda: 'Descarga los productos de cada tienda de la empresa, con su precio, su stock y si vende a precio propio.',
  },
  formatoInvalido: 'El formato debe ser csv o xlsx.',
  si: 'Sí',
  no: 'No',
  archivo: (que: string, fecha: string) => `${que}-${fecha}`,
  hojas: { productos: 'Productos', clientes: 'Clientes', proveedores: 'Proveedores', ventas: 'Ventas', movimientos: 'Movimientos' },
  archivos: { productos: 'productos', clientes: 'clientes', proveedores: 'proveedores', ventas: 'ventas', movimientos: 'movimientos', catalogo: 'catalogo-empresa' },
  columnas: {
    productos: { id: 'Id', codigo: 'Código de barras', nombre: 'Nombre', marca: 'Marca', categoria: 'Categoría', ubicacion: 'Ubicación', precio: 'Precio', costo: 'Costo', impuesto: 'Impuesto', unidad: 'Unidad de medida', stock: 'Stock', stockMin: 'Stock mínimo', estado: 'Disponible', manejaLotes: 'Controla lotes', registroInvima: 'Registro INVIMA', principioActivo: 'Principio activo', bajoFormula: 'Venta bajo fórmula', proveedor: 'Proveedor' },
    // The empresa's catalogue (issue #56): the store first, and whether it sells at its own price.
    tienda: 'Tienda',
    precioPropio: 'Precio propio de la tienda',
    clientes: { documento: 'Documento', tipo: 'Tipo de documento', nombre: 'Nombre', apellido: 'Apellido', correo: 'Correo', telefono: 'Teléfono', fiado: 'Fiado', cupo: 'Cupo', plazo: 'Plazo para pagar (días)', saldo: 'Saldo' },
    proveedores: { id: 'Id', nombre: 'Nombre', telefono: 'Teléfono', email: 'Correo', documento: 'NIT o cédula', direccion: 'Dirección', productos: 'Productos' },
    // Units, kilos, litres, metres, square metres and gallons apart, never added (issue #52 point 3, issue #58 point 3); 'Venta' is the receipt's number.
    ventas: { id: 'Venta', fecha: 'Fecha', estado: 'Estado', lineas: 'Productos', unidades: 'Unidades', kilos: 'Kilos', litros: 'Litros', metros: 'Metros', metrosCuadrados: 'Metros cuadrados', galones: 'Galones', total: 'Total', metodo: 'Método de pago', cliente: 'Cliente', cajero: 'Cajero' },
    movimientos: { id: 'Id', fecha: 'Fecha', producto: 'Producto', unidad: 'Unidad', antes: 'Stock antes', entradas: 'Entradas', salidas: 'Salidas', despues: 'Stock después', motivo: 'Motivo' },
  },
} as const;
