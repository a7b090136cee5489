/** Spanish texts of the ventas area (spec quotes word for word); the till's own are in ventas-caja.ts. */
import { ventasCaja } from './ventas-caja';
import { ventasCobro } from './ventas-cobro';
import { ventasDialogos } from './ventas-dialogos';

export const ventas = {
  // Spec §5 (sale rules), word for word; the till's own texts (issue #55 point 4).
  ...ventasCaja,
  ...ventasDialogos,
  ...ventasCobro,
  // Ordering the till's grid (issue #36 point 11): loads when asked for.
  ordenarRejillaTitulo: 'Ordenar los productos de la caja',
  ordenarRejillaAyuda: 'Mueva cada producto con las flechas y guarde: la caja los mostrará siempre en este orden, y los más vendidos después.',
  moverPrimero: (nombre: string) => `Poner ${nombre} de primero`,
  moverAntes: (nombre: string) => `Mover ${nombre} antes`,
  moverDespues: (nombre: string) => `Mover ${nombre} después`,
  guardarOrden: 'Guardar orden',
  cancelarOrden: 'Cancelar',
  volverMasVendidos: 'Volver a los más vendidos',
  ordenGuardado: 'Orden de la caja guardado.',
  ordenQuitado: 'La caja vuelve a mostrar los más vendidos.',
  ordenNoGuardado: 'No se pudo guardar el orden.',
  cantidadInvalida: 'Ingrese una cantidad válida',
  nombre: 'Nombre',
  montoInsuficiente: 'La cantidad recibida es menor al total a pagar',
  metodoRequerido: 'Seleccione un medio de pago',
  // Spec §8 (sales errors), word for word.
  ventaNoEncontrada: 'No se encontró el ID de la venta. Intente nuevamente.',
  estadoVentaError: 'No se pudo modificar el estado de la venta.',
  estadoFacturaError: 'No se pudo modificar el estado de la factura.',
  registroError: 'No se pudo registrar la venta.',

  // Texts of this product around those rules.
  // The payment's dialog titles say what happened (issue #36 point 11), never 'Oops...'.
  noSeCobroTitle: 'No se pudo cobrar',
  descuentoInvalidoTitle: 'Descuento no válido',
  metodoRequeridoTitle: 'Falta el medio de pago',
  montoInvalidoTitle: 'Monto recibido no válido',
  montoInsuficienteTitle: 'El dinero recibido no alcanza',
  motivoDescuentoTitle: 'Falta el motivo del descuento',
  clienteNoEncontradoTitle: 'Cliente no encontrado',
  fiadoSinClienteTitle: 'Falta el cliente del fiado',
  cantidadEnteraDe: (nombre: string) => `${nombre} se vende por unidad: su cantidad es un número entero.`,
  cantidadLineaInvalida: 'La cantidad de cada producto debe ser mayor que 0 y hasta 9.999: entera en los productos por unidad, con hasta tres decimales en los de peso o medida.',
  importeLineaInvalido: 'El valor de la línea debe ser un número entero de pesos mayor que 0.',
  importeInvalido: (nombres: readonly string[]) => `El valor pedido no corresponde a la cantidad y al precio de: ${nombres.join(', ')}. Quite la línea y vuelva a agregarla por valor.`,
  cantidadEntera: (nombres: readonly string[]) => `Estos productos se venden por unidad y su cantidad debe ser un número entero: ${nombres.join(', ')}`,
  demasiadasLineas: 'La venta no puede tener más de 200 productos distintos.',
  productoInvalido: 'Producto no válido.',
  claveInvalida: 'La clave de la venta no es válida.',
  descuentoInvalido: 'El descuento no es válido: un porcentaje va de 0 a 100 y un valor no puede pasar del precio.',
  descuentosInvalidos: (nombres: readonly string[]) =>
    nombres.length ? `El descuento deja por debajo de cero estos productos: ${nombres.join(', ')}` : 'El descuento no puede pasar del total de la venta.',
  motivoDescuentoRequerido: 'Escriba el motivo del descuento (de 3 a 120 caracteres).',
  cambiarPrecio: 'Cambiar precio',
  cambiarPrecioTitle: (nombre: string) => `Precio de ${nombre}`,
  cambiarPrecioLabel: (precio: string) => `Nuevo precio por unidad (hoy ${precio}; vacío para dejarlo)`,
  aplicar: 'Aplicar',
  descuentoVentaTitle: 'Descuento a la venta',
  descuentoVentaLabel: 'Un porcentaje (10%) o un valor en pesos (2.000); vacío para quitarlo',
  cambiarDescuentoVenta: 'Cambiar el descuento',
  motivoDescuento: 'Motivo del descuento',
  antesDeDescuentos: 'Antes de descuentos',
  descuentoSoloSupervisor: 'Solo un administrador o un encargado puede dar descuentos o cambiar precios en la venta; un cajero necesita el PIN de uno de ellos.',
  categoriaInvalida: 'Categoría no válida.',
  productosNoDisponibles: (nombres: readonly string[]) =>
    `Estos productos ya no están disponibles para la venta: ${nombres.join(', ')}`,
  reversoNota: (id: number) => `Venta ${id} anulada`,
  sobreCupoSinPermiso: 'No tiene permiso para autorizar una venta por encima del cupo.',
  sobreCupoNota: (quien: string) => `Autorizado sobre el cupo por ${quien}`,
  fiadoSoloEnCaja: 'El fiado solo se registra desde la caja de la tienda.',
  clienteDeVentaFiada: 'Una venta fiada no cambia de cliente: la deuda está en la cuenta del cliente original. Anúlela y regístrela de nuevo.',
  metodoDeTurnoCerrado: 'El turno de esta venta ya se cerró y su arqueo la contó con ese método de pago: el método no cambia. Registre la corrección como un movimiento de caja del turno abierto.',
  referenciaInvalida: 'La referencia admite hasta 40 letras, números, espacios y guiones.',
  fiadoDisponible: (disponible: string, cupo: string) => `Fiado disponible: ${disponible} de un cupo de ${cupo}`,
  fiadoNoHabilitado: 'Este cliente no tiene fiado habilitado.',
  fiadoTodo: (monto: string) => `Todo fiado: ${monto} a la cuenta del cliente`,
  dejarRestoFiado: (monto: string) => `Dejar ${monto} fiado a la cuenta del cliente`,
  quedaFiado: 'Queda fiado',
  autorizarSobreCupoTitle: '¿Autorizar por encima del cupo?',
  autorizarSobreCupoText: (motivo: string) => `${motivo} Puede autorizar la venta; quedará registrado a su nombre.`,
  autorizarSobreCupo: 'Sí, autorizar',
  referencia: 'Referencia o número de aprobación (opcional)',
  verificado: 'Verifiqué que el pago llegó',
  turnoRequeridoTitle: 'Caja cerrada',
  turnoRequerido: 'Abra la caja antes de vender: no hay un turno abierto a su nombre.',
  registrarCliente: 'Registrar este cliente',
  // Above 5 UVT (issue #30 point 6; Res. 202/2025: only name, ID type and number and e-mail may be asked).
  ofertaComprador: (tope: string) =>
    `Compra mayor a 5 UVT (${tope}): si el comprador quiere el documento a su nombre, pídale solo nombre, tipo y número de documento y correo. No es obligatorio.`,
  agregarComprador: 'Agregar datos del comprador',
  correoOpcional: 'Correo (opcional)',
  nuevoCliente: (documento: string) => `Nuevo cliente, documento ${documento}`,
  guardarCliente: 'Guardar cliente',
  documentoInvalido: 'Ingrese un documento válido (solo letras y números).',
  soloVentasPropiasDelDia: 'Solo puede completar o anular sus propias ventas de hoy. Pida a un administrador o encargado que lo haga.',
  ventaAnulada: 'Venta anulada',
  ventaAnuladaText: 'Los productos volvieron al inventario.',
  anularTitle: '¿Anular la venta?',
  anularText: 'La venta quedará anulada y los productos volverán al inventario. Esta acción no se puede deshacer.',
  anularConfirm: 'Sí, anular',
  motivoVenta: (id: number | string) => `Venta #${id}`,
  motivoAnulacion: (id: number) => `Anulación venta #${id}`,
  /** Issue #27: every line write moves stock through the ledger, with its reason. */
  motivoLineaAgregada: (id: number) => `Venta #${id}: línea agregada`,
  motivoLineaCambiada: (id: number) => `Venta #${id}: línea modificada`,
  motivoLineaQuitada: (id: number) => `Venta #${id}: línea eliminada`,
  ventaNoPendienteLineas: 'La venta ya no está pendiente: no se le pueden agregar productos.',
  lineasDeVentaAnulada: 'La venta está anulada: sus líneas ya no cambian.',
  lineasDeVentaFiada: 'La venta tiene una parte fiada: sus líneas no cambian. Anúlela (se reversa el cargo al cliente) y regístrela de nuevo.',
  /**
   * Issue #51 point 2: a completed sale is never deleted, on any face (and the database refuses it too,
   * migration 0050): it is undone by annulling it or by a return, and its number stays in the record.
   */
  ventaNoSeElimina:
    'Una venta completada o anulada no se elimina: su número y lo que se vendió quedan en el registro. Para deshacerla use «Anular venta» (todo vuelve al inventario) o «Devolver productos» (solo una parte).',
  ventaConProductosNoSeElimina: 'Una venta con productos no se elimina: su número queda en el registro. Para deshacerla use «Anular venta» y sus productos vuelven al inventario.',
  /** A removed line as the activity log names it. */
  lineaEliminada: (producto: string, cantidad: number, venta: number) => `${producto} × ${String(cantidad).replace('.', ',')} (venta #${venta})`,
  lineaDeVentaCompletada:
    'Los productos de una venta completada no se quitan ni se pasan a otra venta. Para deshacerla use «Anular venta» (todo vuelve al inventario) o «Devolver productos» (solo una parte).',
  /** A scan at the payment: nothing is typed in the amount; the product is added at the till. */
  escaneadoEnPago: (codigo: string) => `Código ${codigo} leído: para agregar un producto, vuelva al carrito. El monto no cambió.`,
  impresionDirectaFallida: 'No se pudo imprimir en la impresora térmica. Se abrirá el diálogo de impresión.',
  ajustesGuardados: 'Datos del recibo guardados',
  // Issue #16 point 4: a supervisor's PIN lets a cashier (role 2) give a discount.
  pinInvalido: 'El PIN debe tener de 4 a 8 dígitos.',
  pinSupervisorBloqueado: (n: number) => `el PIN de ese supervisor quedó bloqueado tras ${n} PIN equivocados; debe ponerlo de nuevo en «Mi PIN»`,
  /** Issue #51 point 6: wrong PINs lock the cashier who typed them; the owner reads it in the activity log. */
  pinCajeroBloqueadoAviso: (n: number, minutos: number) =>
    `${n} PIN equivocados: esta cuenta no puede pedir un PIN durante ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'}; el PIN del supervisor sigue funcionando`,
  pinSupervisorFallosAviso: (n: number) => `ese PIN lleva ${n} intentos equivocados desde que se puso; sigue funcionando. Si sospecha de alguien, cámbielo en «Mi PIN»`,
  miPinFallos: (n: number) =>
    `Su PIN recibió ${n} ${n === 1 ? 'intento equivocado' : 'intentos equivocados'} de los cajeros desde que lo puso. Sigue funcionando; si no los reconoce, revise el registro de actividad y cambie su PIN.`,
  pinTrivial: 'Ese PIN es muy fácil de adivinar: no use todos los dígitos iguales, seguidos (1234, 9876) ni un año.',
  supervisorRequerido: 'Elija el supervisor que autoriza.',
  pinBloqueado: (minutos: number) =>
    `Demasiados PIN equivocados desde esta cuenta. Espere ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'} o pida a un supervisor que registre la venta.`,
  pinTitle: 'Autorización del supervisor',
  pinText: 'Un cajero necesita el PIN de un administrador o encargado para dar descuentos o cambiar precios.',
  // Issue #36 point 7: selling past the recorded stock when the product is in the customer's hand.
  pinTextSinStock: 'Para vender sin stock en el sistema se necesita el PIN de un administrador o encargado.',
  revisarStock: 'Revisar stock',
  pinSupervisor: 'Supervisor',
  pinElija: 'Elija…',
  pinLabel: 'PIN del supervisor',
  pinAutorizar: 'Autorizar y cobrar',
  sinSupervisores: 'Ningún administrador ni encargado de la tienda tiene PIN. Uno de ellos debe crearlo en «Mi PIN» (Inicio), o registrar él la venta.',
  autorizadoPor: 'Autorizado por',
  miPinTitle: 'PIN de supervisor',
  miPinText:
    'Con este PIN autoriza, junto a la caja, los descuentos y cambios de precio de un cajero. Es personal: no lo comparta. Cada venta autorizada queda registrada a su nombre.',
  miPinEstado: (tiene: boolean) => (tiene ? 'Ya tiene un PIN. Puede cambiarlo aquí.' : 'Aún no tiene un PIN.'),
  miPinNuevo: 'Nuevo PIN (4 a 8 dígitos)',
  miPinBloqueado: 'Su PIN quedó bloqueado por demasiados PIN equivocados en la caja. Póngalo de nuevo para volver a autorizar.',
  miPinConfirmar: 'Repita el PIN',
  miPinNoCoincide: 'Los dos PIN no coinciden.',
  miPinContrasena: 'Su contraseña actual',
  miPinContrasenaIncorrecta: 'La contraseña no es correcta.',
  miPinGuardar: 'Guardar PIN',
  miPinGuardado: 'PIN guardado',
  miPinSoloSupervisor: 'Solo la cuenta de la tienda, un administrador o un encargado puede tener un PIN de supervisor.',
  /** The store account in the till's list of supervisors (issue #36 point 5). */
  supervisorTienda: (tienda: string) => `${tienda} (cuenta de la tienda)`,
  miPinEnlace: 'Mi PIN',
  /** A sale with a return (issue #32) keeps its lines and is not annulled whole. */
  ventaConDevoluciones: 'Esta venta ya tiene devoluciones: no se anula ni se cambian sus líneas. Lo que falta se devuelve con otra devolución.',
  ordenRejillaInvalido: 'La lista de productos no es válida.',
  ordenRejillaLargo: (n: number) => `La caja fija como mucho ${n} productos.`,
  ordenRejillaRepetido: 'Un producto aparece dos veces en el orden.',
  soloAdministradorOrden: 'Solo el administrador de la tienda ordena los productos de la caja.',
  // Payment
  volverCarrito: 'Volver al carrito',
  resumenVenta: 'Resumen de la venta',
  cambiarPrecioDe: (nombre: string) => `Cambiar precio de ${nombre}`,
  descuentoVentaPlaceholder: '10% o 2.000',
  datosPago: 'Datos del pago',
  totalAPagar: 'Total a pagar',
  medioPago: 'Medio de pago',
  cargandoMetodos: 'Cargando medios de pago…',
  metodosFallidos: 'No se pudieron cargar los medios de pago.',
  montoRecibido: 'Monto recibido',
  montoPlaceholder: 'Ej.: 20.000',
  cobrarCon: 'Cobrar con',
  pagoExacto: 'Pago exacto',
  cobrarExacto: (total: string) => `Cobrar pago exacto, ${total}`,
  cobrarRecibiendo: (monto: string) => `Cobrar recibiendo ${monto}`,
  cambio: 'Cambio',
  cambioSinMonto: 'Cambio: —',
  faltan: (monto: string) => `Faltan ${monto}`,
  documentoCliente: 'Documento del cliente',
  documentoClienteOpcional: 'Documento del cliente (opcional)',
  /** The payment's customer lookup (issue #36 point 4): by name, documento or phone. */
  buscarClientePlaceholder: 'Nombre, documento o celular',
  clientesSugeridos: 'Clientes encontrados',
  sugerenciaCliente: (nombre: string, tipo: string, documento: string) => `${nombre} · ${tipo} ${documento}`,
  sugerenciaCredito: (saldo: string, disponible: string) => `Debe ${saldo} · Disponible ${disponible}`,
  sugerenciaSinFiado: 'Sin fiado',
  elijaCliente: 'Escriba el documento o elija un cliente de la lista.',
  buscando: 'Buscando…',
  buscarCliente: 'Buscar cliente',
  cliente: 'Cliente',
  tipoDocumento: 'Tipo de documento',
  apellido: 'Apellido',
  guardando: 'Guardando…',
  registrando: 'Registrando venta…',
  confirmarPago: 'Confirmar pago',
  // The receipt's page (/factura); its print actions are in impresion.ts
  // Not "Factura": the receipt is a tiquete or a documento equivalente POS (issue #52 point 5).
  facturaTitulo: 'Recibo',
  anularVenta: 'Anular venta',
  accionesFactura: 'Acciones de la factura',
  ventaRegistrada: (id: number) => `Venta #${id} registrada.`,
  /** The ticket of an earlier sale, opened again from its detail (Ver ticket): its state, not "registrada". */
  ventaConsultada: (id: number, estado: string) => `Venta #${id} · ${estado}.`,
  nuevaVenta: 'Nueva venta',
  // The receipt, on screen and printed (web/lib/impresion/texto-recibo.ts uses the same labels;
  // Producto, Precio, Total, Cliente, Medio de pago and Cambio are the keys above)
  recibo: {
    nit: (nit: string) => `NIT/Doc.: ${nit}`,
    telefono: (telefono: string) => `Tel.: ${telefono}`,
    /**
     * The receipt's one title and number (issue #52 point 5), chosen by tituloRecibo in
     * web/lib/impresion/texto-recibo.ts: a sale of a store without a DIAN range is a *tiquete*
     * with the store's number; one with a POS range is DIAN's *documento equivalente POS* with the
     * range's number; one issued electronically (issue #31) names itself so. Never "Factura de venta":
     * none of them is an electronic invoice.
     */
    tiquete: 'Tiquete de venta',
    documentoPos: 'Documento equivalente POS',
    documentoElectronico: 'Documento equivalente electrónico tiquete POS',
    titulo: (nombre: string, numero: string) => `${nombre} N.º ${numero}`,
    anulada: 'ANULADA',
    fecha: 'Fecha',
    venta: 'Venta',
    atendio: 'Atendió',
    productos: 'Productos de la venta',
    cantidad: 'Cant.',
    subtotal: 'Subtotal',
    descuento: 'Descuento',
    referencia: 'Referencia',
    recibido: 'Recibido',
    fiado: 'Fiado (queda debiendo)',
    // Payment form (issue #30 point 6): a fiado sale is *crédito* with its due date.
    formaPago: 'Forma de pago',
    contado: 'Contado',
    credito: 'Crédito',
    vence: 'Vence',
    pie: '¡Gracias por su compra!',
    /** An exchange's new sale (issue #32 point 2). */
    cambioDe: 'Cambio',
    cambioDeTexto: (devolucion: number, venta: number) => `Devolución N.º ${devolucion} de la venta #${venta}`,
    creditoCambio: 'Crédito de la devolución',
    creditoCambioFiado: 'Crédito de la devolución (abonado a su cuenta)',
    aFavor: (metodo: string) => `Se le devuelve (${metodo})`,
  },
} as const;
