/**
 * Every user-facing Spanish text of the product, in one place.
 * Texts quoted by the specification are copied word for word (including its spelling).
 */
import { analisis } from './messages/analisis';
import { caja } from './messages/caja';
import { fiado } from './messages/fiado';
import { invitacion } from './messages/invitacion';
import { clientes } from './messages/clientes';
import { crud } from './messages/crud';
import { facturas } from './messages/facturas';
import { landing } from './messages/landing';
import { movimientos } from './messages/movimientos';
import { productos } from './messages/productos';
import { proveedores } from './messages/proveedores';
import { ventas } from './messages/ventas';

export { PRODUCT_NAME } from './product';

export const M = {
  generic: {
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
  },
  login: {
    invalidEmailTitle: 'Correo no válido',
    invalidEmailText: 'Escriba un correo válido',
    emptyPasswordTitle: 'Contraseña vacia',
    emptyPasswordText: 'Por favor ingrese una contraseña',
    badCredentialsTitle: 'Credenciales incorrectas',
    badCredentialsText: 'Usuario o contraseña incorrectos',
    subtitulo: 'Entre a su tienda para vender y administrar.',
    ayudaTienda: 'Tienda: la cuenta con la que se registró la tienda (su dueño).',
    ayudaEmpleado: 'Empleado: la cuenta de cada persona que trabaja en la tienda, creada con el código de invitación.',
    quizasTienda: '¿Es la cuenta con la que registró la tienda? Elija «Tienda» arriba e intente de nuevo.',
    quizasEmpleado: '¿Es una cuenta de empleado? Elija «Empleado» arriba e intente de nuevo.',
  },
  registro: {
    documento: 'ingrese un número de documento válido con 10 dígitos',
    required: (label: string) => `Por favor, complete el campo ${label}.`,
    email: 'Por favor, ingrese un correo electrónico válido.',
    password:
      'La contraseña debe tener al menos 8 caracteres, incluyendo una letra mayúscula y un número.',
    passwordsDontMatch: 'Las contraseñas no coinciden',
    tipoDoc: 'Seleccione un tipo de documento válido.',
    codigoInvalido: 'El código de invitación no corresponde a ninguna tienda.',
    emailTaken: 'Ya existe una cuenta con ese correo electrónico.',
    documentoTaken: 'Ese número de documento no se puede registrar en esta tienda. Si ya tiene una cuenta, inicie sesión o recupere su contraseña.',
    successTitle: 'Registro exitoso',
    successText: 'El registro fue exitoso',
    tooLong: 'El texto es demasiado largo.',
    telefono: 'Ingrese un teléfono válido (solo dígitos).',
  },
  recuperacion: {
    email: 'Por favor, ingresa un correo electrónico válido.',
    codeRequired: 'Por favor, ingrese el código que recibió.',
    sendFailed: 'No se pudo enviar el código.',
    sendProblem: 'Hubo un problema al enviar el código. Inténtalo de nuevo.',
    sent: 'Si el correo está registrado, le enviamos un código de 6 dígitos. Revise su bandeja de entrada.',
    wrongCode: 'El código es incorrecto o ha vencido.',
    verifyProblem: 'Hubo un problema al verificar el código. Inténtalo de nuevo.',
    verified: 'Código verificado. Ahora escriba su nueva contraseña.',
    changeFailed: 'No se pudo cambiar la contraseña.',
    changed: 'Su contraseña fue cambiada. Ya puede iniciar sesión.',
    mailSubject: 'Código para restablecer su contraseña',
    mailText: (code: string) =>
      `Su código para restablecer la contraseña es: ${code}\n\nVence en 15 minutos. Si no lo pidió, ignore este mensaje.`,
  },
  sesion: {
    cerrada: 'Sesión cerrada.',
  },
  ajustesTienda: {
    textoInvalido: 'Escriba un texto.',
    maximo: (n: number) => `Máximo ${n} caracteres.`,
    nitInvalido: 'El NIT solo lleva números, letras, puntos y guiones.',
    anchoInvalido: 'Elija 58 mm u 80 mm.',
    zonaInvalida: 'Elija una zona horaria de la lista (por ejemplo, Bogotá (Colombia)).',
  },
  codigoInvitacion: {
    label: 'Código de invitación',
    regenerar: 'Cambiar código',
    confirmTitle: '¿Cambiar el código de invitación?',
    confirmText:
      'El código actual dejará de servir para registrarse. Quien ya es empleado de la tienda sigue entrando con su correo; entregue el código nuevo solo a quien deba registrarse.',
    confirmButton: 'Sí, cambiar código',
    regenerado: 'Código de invitación cambiado',
    regeneradoText: (codigo: string) => `El nuevo código de invitación es ${codigo}.`,
    soloAdministrador: 'Solo un administrador de la tienda puede cambiar el código de invitación.',
  },
  roles: {
    denyProveedoresTitle: 'Acceso Denegado',
    denyProveedoresText: 'No tienes permiso para agregar proveedores.',
    denyClientesTitle: 'Acción no permitida',
    denyClientesText: 'No tienes permisos para eliminar clientes.',
    denyProductos: 'No tienes permisos para eliminar productos',
    denyMovimientos: 'No tienes permiso para ver los movimientos.',
    backofficeOnly: 'Solo un administrador puede entrar al área de administración.',
  },
  // One file per area under shared/messages/.
  ventas,
  caja,
  fiado,
  productos,
  proveedores,
  clientes,
  analisis,
  movimientos,
  facturas,
  landing,
  crud,
  invitacion,
} as const;
