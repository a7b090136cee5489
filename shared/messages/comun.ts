import { arranque } from './arranque';

/** Texts every screen and the server share: errors, dialogs, the session. */
export const generic = {
  errorTitle: 'Error',
  errorText: 'Se produjo un error, por favor intente mas tarde',
  connectionTitle: 'Error de conexión',
  connectionText: 'No se pudo conectar con el servidor. Intente nuevamente.',
  notFound: 'No se encontró el recurso solicitado.',
  forbidden: 'No tiene permiso para realizar esta acción.',
  unauthorized: 'Su sesión ha expirado. Inicie sesión de nuevo.',
  invalidJson: 'La solicitud no es válida.',
  bodyTooLarge: 'La solicitud es demasiado grande.',
  nulChar: 'La solicitud contiene caracteres no permitidos (carácter nulo).',
  bidiChar: 'La solicitud contiene caracteres invisibles que cambian la dirección de lectura del texto.',
  tooManyRequests: 'Demasiados intentos. Espere un momento e inténtelo de nuevo.',
  serverBusy: 'El servidor está atendiendo muchos inicios de sesión en este momento. Espere unos segundos e inténtelo de nuevo.',
  validation: 'Revise los datos ingresados.',
  conflict: 'El registro ya existe.',
  /** A delete refused by a foreign key (another row still names it), on either database. */
  relacionado: 'El registro está relacionado con otros datos.',
  /** A date range past the server's budget (shared/periodo.ts: 400 days, years 2000–2100); a 422. */
  rangoMuyLargo: 'El rango no puede pasar de 400 días, con fechas entre los años 2000 y 2100. Elija fechas más cercanas o consulte por partes.',
  accept: 'Aceptar',
  cancel: 'Cancelar',
} as const;

export const sesion = {
  cerrada: 'Sesión cerrada.',
} as const;

/** The application's shell (web): layout, navigation, pager, list states, generic dialogs and buttons. */
export const comun = {
  cargando: arranque.cargando,
  reintentar: 'Reintentar',
  volver: 'Volver',
  volverInicio: 'Volver al inicio',
  salir: 'Salir',
  confirmar: 'Sí, continuar',
  cerrarAviso: 'Cerrar aviso',
  /** The row actions' column header, for screen readers. */
  acciones: 'Acciones',
  modificar: 'Modificar',
  modificarNombre: (nombre: string) => `Modificar ${nombre}`,
  eliminar: 'Eliminar',
  eliminarNombre: (nombre: string) => `Eliminar ${nombre}`,
  guardar: 'Guardar',
  guardarCambios: 'Guardar cambios',
  guardando: 'Guardando…',
  agregando: 'Agregando…',
  registrando: 'Registrando…',
  imprimir: 'Imprimir',
  /** Issue #36 point 9: the Z report and the estado de cuenta on the till's roll. */
  /** The Z report and the statement on the store's roll, as wide as its receipt's paper (issue #52 point 7). */
  imprimirTirilla: (mm: string) => `Imprimir en tirilla (${mm} mm)`,
  /** Links between the management screens. */
  nav: {
    productos: 'Productos',
    proveedores: 'Proveedores',
    clientes: 'Clientes',
    movimientos: 'Movimientos',
    gestionarProveedores: 'Gestionar proveedores',
    gestionarClientes: 'Gestionar clientes',
  },
  pager: {
    label: 'Paginación',
    resumen: (pagina: number, paginas: number, total: number) => `Página ${pagina} de ${paginas} · ${total} registros`,
    /** A count capped (issue #55 point 6): "más de 1 000", thousands grouped by a no-break space (the number never splits across lines). */
    resumenMasDe: (pagina: number, total: number) => `Página ${pagina} · más de ${String(total).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')} registros`,
    anterior: 'Anterior',
    siguiente: 'Siguiente',
  },
  rango: { desde: 'Desde', hasta: 'Hasta' },
  /** A date field's hint (issue #36 point 12): the day first, whatever the browser's language. */
  fechaPlaceholder: 'dd/mm/aaaa',
  pendiente: {
    titulo: 'Esta sección estará disponible pronto',
    texto: 'Estamos terminando esta parte de la aplicación.',
  },
  /** The footer of every application screen. */
  pie: {
    label: 'Sesión',
    usuario: 'Usuario:',
    tienda: 'Tienda:',
    codigo: 'Código de invitación:',
    cerrarSesion: 'Cerrar sesión',
  },
} as const;

/** The document types a person can register with (what the selects show; the value is stored). */
export const tiposDocumento = {
  CC: 'Cédula de ciudadanía',
  TI: 'Tarjeta de identidad',
  CE: 'Cédula de extranjería',
  RC: 'Registro civil',
  PA: 'Pasaporte',
} as const;
