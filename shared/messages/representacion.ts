/**
 * The buyer's copy of an invoice or its note (issue #57 point 4): the PDF's texts, the e-mail and the
 * sale detail's buttons.
 */
export const representacion = {
  fechaEmision: (fecha: string, hora: string) => `Fecha de emisión: ${fecha} ${hora}`,
  referencia: (numero: string, cufe: string) => `Referencia: factura ${numero} · CUFE ${cufe}`,
  municipioCodigo: (codigo: string) => `municipio ${codigo}`,
  descripcion: 'Descripción',
  cantidad: 'Cant.',
  precio: 'Precio',
  valor: 'Valor',
  impuestosPorTarifa: 'Base e impuesto por tarifa',
  impuesto: (nombre: string, porcentaje: string, base: string, impuesto: string) => `${nombre} ${Number(porcentaje) || 0} %: base ${base} · impuesto ${impuesto}`,
  subtotal: (v: string) => `Subtotal: ${v}`,
  totalImpuestos: (v: string) => `Impuestos: ${v}`,
  total: (v: string) => `TOTAL: ${v}`,
  validada: (codigo: string) => `Representación gráfica del documento electrónico validado por la DIAN. Consúltelo con el código QR o el ${codigo} en catalogo-vpfe.dian.gov.co.`,
  // The documento soporte's PDF (types 05, 95).
  vendedor: 'Vendedor (no obligado a facturar)',
  cuds: 'CUDS',
  referenciaSoporte: (numero: string, cuds: string) => `Referencia: documento soporte ${numero} · CUDS ${cuds}`,
  soporteNoAceptado: 'El documento aún no está aceptado por la DIAN: su PDF se puede descargar cuando la DIAN lo acepte.',
  soporteNoEncontrado: 'Esa recepción no tiene ese documento soporte.',
  // The e-mail.
  asunto: (tipo: string, numero: string, tienda: string) => `${tipo} ${numero} de ${tienda}`,
  cuerpo: (nombre: string, tipo: string, numero: string, tienda: string) =>
    `Hola, ${nombre}:\n\nAdjuntamos ${tipo.toLowerCase()} ${numero} de ${tienda}: el archivo ZIP trae el documento electrónico validado por la DIAN (XML) y su representación gráfica (PDF).\n\nGracias por su compra.`,
  // The sale's detail.
  titulo: 'Factura electrónica',
  descargarZip: 'Descargar factura (ZIP)',
  descargarPdf: 'PDF',
  reenviar: 'Reenviar al correo',
  reenviando: 'Enviando…',
  reenviada: (correo: string) => `Enviada a ${correo}.`,
  estadoCorreo: {
    pendiente: 'El correo al comprador sale cuando la DIAN acepte la factura.',
    enviando: 'Enviando al correo del comprador…',
    enviado: (correo: string) => `Enviada al correo del comprador: ${correo}.`,
    sin_correo: 'El comprador no dio correo: no se envió la factura.',
    fallido: 'No se pudo enviar el correo al comprador. Puede reenviarlo.',
    anterior: 'Aceptada antes del envío automático: puede enviarla al comprador.',
  },
  // Errors.
  noAceptada: 'La factura aún no está aceptada por la DIAN: su copia se puede descargar y enviar cuando la acepte.',
  sinFactura: 'Esta venta no se emitió como factura electrónica: no tiene copia para el comprador.',
  sinCorreo: 'El comprador no dio correo: escríbalo en sus datos de cliente para enviarle la factura.',
  soloAdministrador: 'Solo el administrador puede reenviar la factura al correo del comprador.',
  sinCertificado: 'La tienda no tiene su certificado de firma: cárguelo en Facturación electrónica para firmar el contenedor del comprador.',
  certificadoNoVigente: (detalle: string) => `No se pudo firmar el contenedor del comprador: ${detalle}`,
  fallaCorreo: 'No se pudo enviar el correo: revise la configuración de correo e inténtelo de nuevo.',
} as const;
