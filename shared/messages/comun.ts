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
  tooManyRequests: 'Demasiados intentos. Espere un momento e inténtelo de nuevo.',
  serverBusy: 'El servidor está atendiendo muchos inicios de sesión en este momento. Espere unos segundos e inténtelo de nuevo.',
  validation: 'Revise los datos ingresados.',
  conflict: 'El registro ya existe.',
  accept: 'Aceptar',
  cancel: 'Cancelar',
} as const;

export const sesion = {
  cerrada: 'Sesión cerrada.',
} as const;
