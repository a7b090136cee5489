/** Spanish texts of the clientes area (spec quotes word for word). */
export const clientes = {
  titulo: 'Gestionar Clientes',
  // Spec §2: the client list starts with this message.
  bienvenida: 'Bienvenido a la lista de clientes',
  // Spec §5.
  camposVacios: 'Por favor llene todos los campos',
  documentoInvalido: 'Escriba un número de documento válido: de 3 a 20 letras o números.',
  /** Issue #36 point 12: CC, TI and RC are numbers only; CE and passport letters and numbers. */
  documentoSoloNumeros: (tipo: string) => `El número de ${tipo.toLowerCase()} lleva solo números (sin letras ni guiones).`,
  /** Issue #36 point 10: fiado is an adult's. */
  fiadoSoloMayores: 'El fiado es solo para mayores de edad: un cliente con tarjeta de identidad o registro civil no puede tener fiado.',
  /** The client domain's refusal (cliente.domain.ts), one text on every face (M.crud.clienteDuplicado is this). */
  documentoDuplicado: 'Ya existe un cliente con ese número de documento en su tienda.',
  /** Merging two customers of the empresa with one documento (issue #56, ADR 067). */
  unir: {
    boton: 'Unir con el otro',
    botonNombre: (nombre: string) => `Unir con el otro cliente del mismo documento a ${nombre}`,
    titulo: 'Unir clientes con el mismo documento',
    confirmar: (este: string, documento: string, otro?: string) =>
      `${otro ? `«${otro}»` : 'El otro cliente'} con ${documento} se unirá a «${este}»: su saldo de fiado, sus puntos y sus listas de precios pasan a «${este}», y sus compras se ven en su estado de cuenta. El otro queda archivado. No se puede deshacer.`,
    aceptar: 'Unir',
    hecho: (este: string) => `Clientes unidos. «${este}» queda con el saldo y las compras de los dos.`,
    soloRepetidos: 'Solo se unen dos clientes de su empresa que tienen el mismo documento marcado como repetido.',
    mismo: 'Elija el otro cliente con el mismo documento.',
    yaUnido: (nombre: string) => `Este cliente ya se unió a «${nombre}». Haga los cambios en «${nombre}».`,
    sinPermiso: 'Solo el dueño o el administrador de la tienda pueden unir clientes.',
    sinPermisoTitulo: 'No puede unir clientes',
    nota: (otro: string, este: string) => `Unión de clientes: «${otro}» pasa a «${este}»`,
    saldo: 'saldo de fiado',
    puntos: 'puntos',
  },
  // Spec §8: followed by the server's error text.
  registroFallido: 'El cliente no se pudo registrar',
  actualizarFallido: 'El cliente no se pudo actualizar',
  eliminarFallido: 'El cliente no se pudo eliminar',
  registrado: 'Cliente registrado',
  registradoTexto: (nombre: string) => `${nombre} se agregó a la lista de clientes.`,
  actualizado: 'Cliente actualizado',
  eliminarTitulo: '¿Eliminar este cliente?',
  eliminarTexto: (nombre: string) =>
    `${nombre} se eliminará de la lista. Sus compras anteriores se conservan sin cliente asociado.`,
  eliminarBoton: 'Sí, eliminar',
  eliminado: 'Cliente eliminado',
  /** Issue #27: a customer with credit history is never deleted, on every face. */
  noSeEliminaTitulo: 'No se puede eliminar',
  conHistorialCredito: 'Este cliente tiene historial de crédito (fiado) y no se puede eliminar. Cuando su saldo sea $ 0 puede archivarlo.',
  noSeArchivaTitulo: 'No se puede archivar',
  archivarConSaldo: (saldo: string) => `El cliente debe ${saldo}. Solo se archiva un cliente con saldo $ 0.`,
  archivar: 'Archivar',
  archivarNombre: (nombre: string) => `Archivar ${nombre}`,
  archivarTitulo: '¿Archivar este cliente?',
  archivarTexto: (nombre: string) =>
    `${nombre} dejará de aparecer en la lista y en la búsqueda de la caja. Su historial se conserva en los reportes.`,
  archivarBoton: 'Sí, archivar',
  archivado: 'Cliente archivado',
  archivarFallido: 'El cliente no se pudo archivar',
  vacio: 'Todavía no hay clientes. Agregue el primero con el formulario.',
  sinResultados: (q: string) => `No hay clientes que coincidan con «${q}».`,
  cargaFallida: 'No se pudo cargar la lista de clientes.',
  // The list
  listaTitulo: 'Lista de clientes',
  buscar: 'Buscar cliente',
  buscarPlaceholder: 'Nombre, apellido o documento',
  cargando: 'Cargando clientes…',
  tabla: 'Clientes de la tienda',
  /** The list's columns and the form's fields. */
  campos: {
    tipoDocumento: 'Tipo de documento',
    documento: 'Documento',
    tipo: 'Tipo',
    nombre: 'Nombre',
    apellido: 'Apellido',
    correo: 'Correo',
    correoOpcional: 'Correo (opcional)',
    celularOpcional: 'Celular (opcional)',
    celularHint: 'Para enviarle el estado de cuenta por WhatsApp.',
    fiado: 'Fiado',
    puedeFiado: 'Puede comprar fiado',
    cupo: 'Cupo de fiado',
    plazo: 'Plazo para pagar (días)',
    plazoHint: 'Cada compra fiada vence este número de días después de su fecha.',
  },
  // The form
  agregar: 'Agregar cliente',
  modificar: 'Modificar cliente',
  editando: (nombre: string) => `Editando a ${nombre}`,
} as const;
