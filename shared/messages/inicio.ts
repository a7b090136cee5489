/** Spanish texts of the home menu (/inicio). */
export const inicio = {
  saludo: (usuario: string) => `Hola, ${usuario}`,
  crud: 'CRUD',
  menu: 'Menú principal',
  /** Installing the app on this device (issue #34 point 2). */
  instalar: {
    titulo: 'Instale la aplicación en este dispositivo',
    texto: 'Ábrala desde la pantalla de inicio, en su propia ventana, y el navegador conserva sus datos aunque falte espacio.',
    ios: 'En el iPhone o iPad: toque Compartir y luego «Agregar a pantalla de inicio». Así Safari no borra los datos de la aplicación tras unos días sin usarla.',
    boton: 'Instalar',
    ahoraNo: 'Ahora no',
  },
  tiles: {
    productos: { title: 'Gestionar Productos', text: 'Productos, precios, stock, proveedores y clientes.' },
    analisis: { title: 'Analisis', text: 'Qué se vende más y qué se queda en la estantería.' },
    ventas: { title: 'Ventas', text: 'Registre una venta, cobre y entregue la factura.' },
    facturas: { title: 'Gestionar Facturas', text: 'Consulte las ventas y sus facturas.' },
    caja: { title: 'Caja', text: 'Abra y cierre el turno: fondo, entradas y salidas, cierre de caja.' },
    cuentasPorCobrar: { title: 'Cuentas por cobrar', text: 'Quién le debe fiado, cuánto y desde cuándo; abonos.' },
    porPedir: { title: 'Por pedir', text: 'Lo que llegó a su mínimo, por proveedor; órdenes de compra y recepción de mercancía.' },
    // Issue #58 point 1.
    conteos: { title: 'Conteos de inventario', text: 'Cuente la tienda, una categoría o un proveedor desde varios teléfonos; diferencias, merma y ajuste.' },
    // Issue #35.
    reportes: { title: 'Reportes', text: 'Ventas, medios de pago, productos, empleados, turnos, cartera e inventario; en Excel.' },
    // Role 1 only (issue #27).
    actividad: { title: 'Registro de actividad', text: 'Quién cambió precios, stock, caja o permisos, y cuándo; exportable a Excel.' },
    permisos: { title: 'Permisos', text: 'Qué pueden hacer los empleados y encargados de su tienda.' },
    equiposSinRed: { title: 'Equipos sin red', text: 'Qué equipos pueden vender sin conexión: autorizar, cambiar nombre o quitar el permiso.' },
    revisarSinRed: { title: 'Revisar ventas sin red', text: 'Ventas hechas sin conexión que pasaron el cupo, el stock, un descuento o con una fecha rara.' },
    telefonos: { title: 'Teléfonos de la tienda', text: 'Conecte los teléfonos a este computador con conexión segura, para usar la cámara como lector de códigos.' },
    datosFiscales: { title: 'Datos fiscales', text: 'NIT, razón social, responsabilidades y si la tienda cobra IVA.' },
    ajustesTienda: { title: 'Ajustes de la tienda', text: 'Datos del recibo, zona horaria, caja abierta para vender y balanzas con etiqueta.' },
    impuestos: { title: 'Impuestos', text: 'El impuesto de cada producto por categoría y el informe del mes por tarifa.' },
    // Issue #59 point 1.
    listasPrecios: { title: 'Listas de precios', text: 'Precios de mayorista y por cantidad para los clientes que usted elija.' },
    // Issue #59 point 2.
    promociones: { title: 'Promociones', text: 'Lleve 3 pague 2, combos, descuentos por día y hora, que la caja aplica sola.' },
    // Issue #59 point 3.
    puntos: { title: 'Puntos', text: 'Puntos para sus clientes: cuántos ganan por compra y cuánto valen al pagar.' },
    numeracion: { title: 'Cajas y numeración', text: 'Las cajas de la tienda y el rango de numeración autorizado por la DIAN de cada una.' },
    documentosDian: { title: 'Documentos DIAN', text: 'Los documentos electrónicos POS enviados a la DIAN, su respuesta, la contingencia y el archivo.' },
  },
} as const;
