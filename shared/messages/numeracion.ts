/** Tills (points of sale) and their DIAN numbering ranges (issue #30 point 5, ADR 027). */
export const numeracion = {
  titulo: 'Cajas y numeración',
  subtitulo: 'Cada caja (punto de venta) numera sus ventas con su rango autorizado por la DIAN.',
  tile: 'Cajas y numeración',
  soloAdministrador: 'Solo el administrador de la tienda gestiona las cajas y la numeración.',
  sinCajas: 'Aún no hay cajas. Mientras no configure un rango, las ventas se numeran como siempre.',
  // A till.
  caja: 'Caja',
  nombre: 'Nombre o placa',
  ubicacion: 'Ubicación',
  activa: 'Activa',
  inactiva: 'Inactiva',
  agregarCaja: 'Agregar caja',
  guardarCaja: 'Guardar caja',
  cajaCreada: 'Caja creada.',
  cajaGuardada: 'Caja guardada.',
  cajaNoEncontrada: 'No encontramos esa caja.',
  nombreInvalido: 'Escriba el nombre o la placa de la caja (hasta 60 caracteres).',
  ubicacionInvalida: 'Escriba dónde está la caja (hasta 120 caracteres).',
  nombreRepetido: 'Ya hay una caja con ese nombre.',
  // A range.
  rango: 'Rango autorizado',
  sinRango: 'Sin rango: esta caja no numera ventas con la DIAN.',
  nuevoRango: 'Registrar rango',
  guardarRango: 'Guardar rango',
  rangoGuardado: 'Rango guardado. Las próximas ventas de esta caja toman sus números.',
  prefijo: 'Prefijo',
  desde: 'Desde',
  hasta: 'Hasta',
  resolucion: 'N.º de resolución',
  fechaDesde: 'Vigente desde',
  fechaHasta: 'Vigente hasta',
  siguiente: 'Siguiente número',
  usados: (usados: number, total: number) => `${usados} de ${total} usados`,
  prefijoInvalido: 'El prefijo tiene de 1 a 4 letras o números, sin espacios.',
  numeroInvalido: 'Escriba un número entero entre 1 y 2.147.483.647.',
  hastaMenor: '"Hasta" no puede ser menor que "Desde".',
  resolucionInvalida: 'Escriba el número de la resolución (solo números, hasta 20).',
  fechaInvalida: 'Escriba una fecha válida (dd/mm/aaaa).',
  fechasInvertidas: 'La fecha final no puede ser anterior a la inicial.',
  vigenciaMaxima: 'Un rango de la DIAN es válido hasta por dos años.',
  // The till's range of facturas electrónicas de venta (issue #57).
  rangoFacturaTitulo: 'Factura electrónica de venta',
  sinRangoFactura: 'Sin rango de factura electrónica: esta caja emite solo documentos POS.',
  nuevoRangoFactura: 'Registrar numeración de factura electrónica',
  guardarRangoFactura: 'Guardar numeración de factura',
  rangoFacturaGuardado: 'Rango de factura electrónica guardado. Las próximas facturas de esta caja toman sus números.',
  claveTecnica: 'Clave técnica',
  claveTecnicaAyuda: 'La da la DIAN con el rango (portal de facturación o consulta de rangos). Se guarda cifrada y no se vuelve a mostrar.',
  claveTecnicaSoloFactura: 'Solo un rango de factura electrónica o de documento soporte lleva clave técnica.',
  // ADR 055: the store's documento soporte range (one in use per store).
  rangoSoporteGuardado: 'Rango de documento soporte guardado. Las próximas compras a proveedores que no facturan toman sus números.',
  soporteTitulo: 'Documento soporte (compras a quien no factura)',
  soporteAyuda: 'Un solo rango por tienda: numera los documentos soporte de las compras a proveedores que no emiten factura.',
  soporteSinRango: 'Sin rango de documento soporte.',
  soporteRegistrar: 'Registrar rango de documento soporte',
  tipoSoporte: 'Documento soporte',
  rangoSeSolapa: (prefijo: string) => `Ese rango repite números ya autorizados con el prefijo ${prefijo}: un número no se reutiliza.`,
  rangoSeSolapaEnOtraTienda: (prefijo: string, tienda: string) =>
    `Ese rango repite números del prefijo ${prefijo} que ya tiene ${tienda}: las tiendas de la empresa facturan con un mismo NIT, así que cada una necesita su propio prefijo o rango.`,
  // Warnings for role 1 (Inicio and this screen).
  avisoPorAgotarse: (caja: string, usados: number, total: number) => `La caja ${caja} ya usó ${usados} de ${total} números de su rango (90 % o más). Solicite un nuevo rango a la DIAN.`,
  avisoPorVencer: (caja: string, dias: number) => `El rango de la caja ${caja} vence en ${dias} ${dias === 1 ? 'día' : 'días'}. Solicite uno nuevo a la DIAN.`,
  avisoAgotado: (caja: string) => `El rango de la caja ${caja} está agotado: no puede vender hasta registrar uno nuevo.`,
  avisoVencido: (caja: string) => `El rango de la caja ${caja} está vencido: no puede vender hasta registrar uno nuevo.`,
  avisoFacturaPorAgotarse: (caja: string, usados: number, total: number) =>
    `La caja ${caja} ya usó ${usados} de ${total} números de su rango de factura electrónica (90 % o más). Solicite un nuevo rango a la DIAN.`,
  avisoFacturaPorVencer: (caja: string, dias: number) => `El rango de factura electrónica de la caja ${caja} vence en ${dias} ${dias === 1 ? 'día' : 'días'}. Solicite uno nuevo a la DIAN.`,
  avisoFacturaSinNumeros: (caja: string, vencido: boolean) =>
    `El rango de factura electrónica de la caja ${caja} está ${vencido ? 'vencido' : 'agotado'}: sigue vendiendo con documento POS, pero no puede emitir facturas electrónicas hasta registrar uno nuevo.`,
  avisosTitulo: 'Numeración DIAN',
  // Refusals of a sale (every face).
  ventaSinCaja: 'Esta tienda numera sus ventas por caja: abra su turno en una caja para vender.',
  cajaSinRango: 'Esta caja no tiene un rango de numeración vigente: el administrador debe registrarlo en Cajas y numeración.',
  rangoVencido: 'El rango de numeración de esta caja está vencido: no se puede vender hasta que el administrador registre uno nuevo.',
  rangoNoVigente: 'El rango de numeración de esta caja aún no está vigente.',
  rangoAgotado: 'El rango de numeración de esta caja se agotó: no se puede vender hasta que el administrador registre uno nuevo.',
  noSePudoVender: 'No se pudo vender',
  // Numbers that will never be a sale.
  inhabilitados: 'Números inhabilitados',
  sinInhabilitados: 'Ningún número inhabilitado.',
  numero: 'Número',
  motivo: 'Motivo',
  fecha: 'Fecha',
  // The receipt of a sale numbered by a till's range (issue #30 point 6).
  reciboNumero: 'Documento POS N.º',
  reciboCaja: 'Caja',
  reciboResolucion: (r: { resolucion: string; fechaDesde: string; fechaHasta: string; prefijo: string; desde: number; hasta: number }) =>
    `Resolución DIAN N.º ${r.resolucion} del ${r.fechaDesde.split('-').reverse().join('/')}, numeración ${r.prefijo}${r.desde} a ${r.prefijo}${r.hasta}, vigente hasta ${r.fechaHasta.split('-').reverse().join('/')}`,
  // The Z report (issue #30 point 7).
  zNumeracion: 'Numeración DIAN',
  /** The monthly tax report's numbering line (issue #30 point 7). */
  informeNumeracion: (n: { prefijo: string; desde: number; hasta: number; inhabilitados: { numero: number; motivo: string }[] }) =>
    `Numeración DIAN ${n.prefijo}: del ${n.prefijo}${n.desde} al ${n.prefijo}${n.hasta}; ` +
    (n.inhabilitados.length ? `inhabilitados: ${n.inhabilitados.map((i) => `${n.prefijo}${i.numero} (${i.motivo})`).join(', ')}` : 'ningún número inhabilitado'),
  zRango: (prefijo: string, desde: number, hasta: number) => `${prefijo}${desde} – ${prefijo}${hasta}`,
  zInhabilitados: 'Inhabilitados',
  // The shift's till.
  cajaDelTurno: 'Caja (punto de venta)',
  elegirCaja: 'Elija la caja',
  cajaRequerida: 'Elija en qué caja abre su turno.',
} as const;
