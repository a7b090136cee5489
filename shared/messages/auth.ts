/** Sign-in, sign-up and password recovery. */
export const login = {
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
} as const;

export const registro = {
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
} as const;

export const recuperacion = {
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
} as const;
