import type { TImpuesto } from '../impuestos';
import { etiquetaDian, etiquetasUnidades } from '../unidades';

/** Taxes and the store's fiscal profile (issue #30). */
export const impuestos = {
  // Tax names as the receipts, screens and reports show them.
  nombres: {
    iva19: 'IVA 19 %',
    iva5: 'IVA 5 %',
    exento: 'Exento (0 %)',
    excluido: 'Excluido',
    inc8: 'INC 8 %',
    bolsa: 'INC bolsas plásticas',
  } satisfies Record<TImpuesto, string>,
  sinImpuesto: 'Sin impuesto',
  heredaCategoria: (nombre: string) => `El de la categoría (${nombre})`,
  sinCategoria: 'Sin categoría',
  unidades: etiquetasUnidades(etiquetaDian) as Record<string, string>,
  responsabilidades: {
    'O-13': 'O-13 Gran contribuyente',
    'O-15': 'O-15 Autorretenedor',
    'O-23': 'O-23 Agente de retención IVA',
    'O-47': 'O-47 Régimen simple de tributación',
    'R-99-PN': 'R-99-PN No responsable',
  } as Record<string, string>,

  // The fiscal profile (Datos fiscales, /datos_fiscales)
  perfil: {
    titulo: 'Datos fiscales',
    intro: 'Lo que los recibos y los informes de impuestos dicen de la tienda. Solo el administrador los cambia.',
    razonSocial: 'Razón social o nombre',
    tipoPersona: 'Tipo de persona',
    tiposPersona: { natural: 'Persona natural', juridica: 'Persona jurídica' } as Record<string, string>,
    nit: 'NIT (sin dígito de verificación)',
    dv: 'DV',
    dvAyuda: (dv: number) => `Dígito de verificación calculado: ${dv}`,
    responsabilidades: 'Responsabilidades del RUT',
    responsableIva: 'Responsable de IVA (cobra y discrimina impuestos)',
    responsableIvaAyuda: 'Encendido, cada producto debe tener su impuesto y los recibos muestran base e impuesto por tarifa.',
    departamento: 'Código DANE del departamento',
    municipio: 'Código DANE del municipio',
    // Help under the empty fields (issue #52 point 7): examples as text, never a grey value that looks filled in.
    departamentoAyuda: '2 dígitos. Ejemplos: Bogotá 11, Antioquia 05, Valle del Cauca 76.',
    municipioAyuda: '5 dígitos, empieza con el del departamento. Ejemplos: Bogotá 11001, Medellín 05001, Cali 76001.',
    direccion: 'Dirección',
    telefono: 'Teléfono',
    correo: 'Correo electrónico',
    documentoInformativo: 'Imprimir "Documento informativo" en los recibos',
    documentoInformativoAyuda: 'Para una tienda que no es responsable de IVA.',
    valorIncBolsa: 'INC por cada bolsa plástica (pesos)',
    guardar: 'Guardar datos fiscales',
    guardado: 'Datos fiscales guardados.',
    clasificar: 'Clasificar productos por impuesto',
    sinPerfil: 'La tienda aún no tiene datos fiscales.',
  },
  leyendaInformativo: 'Documento informativo',
  // The receipt's tax part (screen, 58/80 mm, PDF, WhatsApp)
  recibo: {
    impuestos: 'Impuestos por tarifa',
    base: (tarifa: string) => `Base ${tarifa}`,
    nit: (nit: string, dv: number) => `NIT ${nit}-${dv}`,
  },
  ventaNoEncontrada: 'La venta no existe.',

  // Validation
  razonSocialRequerida: 'Escriba la razón social o el nombre del responsable.',
  tipoPersonaInvalido: 'Elija persona natural o jurídica.',
  nitInvalido: 'El NIT lleva solo dígitos (1 a 15), sin puntos ni el dígito de verificación.',
  dvInvalido: (dv: number) => `El dígito de verificación de ese NIT es ${dv}. Revise el NIT o el dígito.`,
  responsabilidadInvalida: 'Elija las responsabilidades de la lista.',
  // Issue #52 point 7: an empty code is said to be missing, not wrong.
  departamentoRequerido: 'Falta el código DANE del departamento: 2 dígitos (Bogotá: 11).',
  municipioRequerido: 'Falta el código DANE del municipio: 5 dígitos (Bogotá: 11001).',
  departamentoInvalido: 'El código DANE del departamento lleva 2 dígitos (Bogotá: 11).',
  municipioInvalido: 'El código DANE del municipio lleva 5 dígitos y empieza con el del departamento (Bogotá: 11001).',
  direccionRequerida: 'Escriba la dirección.',
  correoInvalido: 'Escriba un correo válido.',
  telefonoInvalido: 'El teléfono lleva solo dígitos (7 a 10), con +57 al inicio si quiere.',
  valorBolsaInvalido: 'El INC por bolsa es un valor en pesos entre 0 y 100.000.',
  booleanoInvalido: 'Marque o desmarque la opción.',
  maximo: (n: number) => `Máximo ${n} caracteres.`,
  soloAdministrador: 'Solo el administrador de la tienda puede cambiar los datos fiscales y los impuestos.',
  /** ADR 059: one NIT per empresa; its stores are establishments of one taxpayer. */
  contribuyenteDeEmpresa: 'El NIT, la razón social y el régimen son de la empresa y valen para todas sus tiendas: solo el dueño los cambia. Usted puede cambiar la dirección, el teléfono y el correo de esta tienda.',
  sinClasificar: (n: number) =>
    n === 1
      ? 'Hay 1 producto sin impuesto. Clasifíquelo antes de volver la tienda responsable de IVA.'
      : `Hay ${n} productos sin impuesto. Clasifíquelos antes de volver la tienda responsable de IVA.`,

  // Classification (Impuestos de los productos, /impuestos_productos)
  clasificacion: {
    titulo: 'Impuestos de los productos',
    intro: 'Cada producto necesita su impuesto. Asigne uno a la categoría y sus productos lo heredan; un producto puede tener el suyo.',
    pendientes: (n: number) => (n === 1 ? '1 producto sin impuesto' : `${n} productos sin impuesto`),
    listos: 'Todos los productos tienen impuesto.',
    /** An empresa of several stores (ADR 063): a category's tax is the empresa's. */
    deEmpresa: (n: number) => `El impuesto de una categoría es de la empresa: vale en sus ${n} tiendas y solo el dueño lo cambia.`,
    diferia: 'Sus tiendas tenían impuestos distintos para esta categoría: cada producto conservó el que cobraba. Elija el impuesto de la empresa.',
    categoria: 'Categoría',
    productos: 'Productos',
    sinImpuestoCol: 'Sin impuesto',
    impuestoCategoria: 'Impuesto de la categoría',
    asignar: 'Asignar',
    asignarA: (categoria: string) => `Impuesto de la categoría ${categoria}`,
    asignado: (categoria: string, impuesto: string) => `La categoría ${categoria} quedó con ${impuesto}.`,
    productosSinImpuesto: 'Productos sin impuesto',
    producto: 'Producto',
    impuestoProducto: 'Impuesto del producto',
    unidad: 'Unidad DIAN',
    guardarProducto: 'Guardar',
    productoGuardado: 'Impuesto del producto guardado.',
    elegir: 'Elija…',
  },
  impuestoInvalido: 'Elija un impuesto de la lista.',
  unidadInvalida: 'Elija una unidad de la lista.',
  categoriaRequerida: 'Escriba la categoría.',
  productosInvalidos: 'Elija entre 1 y 500 productos.',
  productoNoEncontrado: 'Uno de los productos no existe en la tienda.',
  categoriaSinProductos: 'Ningún producto de la tienda tiene esa categoría.',
  categoriaSoloDueno: 'En una empresa con varias tiendas, el impuesto de una categoría es de la empresa: solo el dueño lo cambia, y vale en todas sus tiendas.',

  // Reports
  informe: {
    titulo: 'Impuestos del mes',
    mes: 'Mes',
    tarifa: 'Tarifa',
    base: 'Base',
    impuesto: 'Impuesto',
    total: 'Total',
    lineas: 'Líneas',
    ventas: 'Ventas',
    sinVentas: 'No hay ventas con impuestos en el mes.',
    descargarCsv: 'Descargar CSV',
    descargarXlsx: 'Descargar Excel',
    mesInvalido: 'Elija un mes (aaaa-mm).',
    desde: 'Desde',
    hasta: 'Hasta',
    sinClasificarLineas: 'Líneas sin impuesto',
    formatoInvalido: 'Elija CSV o Excel.',
    descargaFallida: 'No se pudo descargar el informe. Intente de nuevo.',
    archivo: (mes: string) => `impuestos-${mes}`,
  },
} as const;
