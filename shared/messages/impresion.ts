/**
 * Spanish texts of printing and scanning (issue #19): the receipt's print actions, the printed
 * receipt's own words, the PDF and the camera scanner. The receipt's labels, shared with the screen,
 * are in ventas.ts (ventas.recibo).
 */
export const impresion = {
  // The receipt's page (/factura)
  formato: 'Formato de impresión',
  formatos: {
    '80': 'Tirilla 80 mm',
    '58': 'Tirilla 58 mm',
    a4: 'Hoja A4',
  },
  imprimir: 'Imprimir',
  imprimiendo: 'Imprimiendo…',
  imprimirTermica: 'Imprimir en impresora térmica',
  descargarPdf: 'Descargar PDF',
  whatsapp: 'Enviar por WhatsApp',
  whatsappCliente: 'Enviar por WhatsApp al cliente',
  datosRecibo: 'Datos del recibo (NIT, dirección, papel)',
  sinImpresionDirecta: 'Sin impresión directa',
  // The printed receipt (thermal printer, PDF, WhatsApp)
  total: 'TOTAL',
  motivo: (motivo: string) => `Motivo: ${motivo}`,
  descuentoLinea: (monto: string) => `Desc. -${monto}`,
  /** The PDF's title is the receipt's ("Tiquete de venta N.º 37 - Tienda"), its file the number people read. */
  pdfTitulo: (titulo: string, tienda: string) => `${titulo} - ${tienda}`,
  pdfArchivo: (numero: string) => `recibo-${numero.replace(/[^\w-]/g, '')}.pdf`,
  // The camera scanner
  camara: {
    titulo: 'Escanear con la cámara',
    vista: 'Vista de la cámara',
    sinPermiso: 'No hay permiso para usar la cámara.',
    fallo: 'No se pudo leer con la cámara.',
    ayuda: 'Apunte al código de barras (EAN-13, EAN-8, UPC-A o Code 128).',
    cerrar: 'Cerrar cámara',
  },
} as const;
