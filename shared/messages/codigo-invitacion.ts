/** The store's invitation code (the footer's 'Cambiar código'); part of the tienda area's texts. */
export const codigoInvitacion = {
  label: 'Código de invitación',
  regenerar: 'Cambiar código',
  confirmTitle: '¿Cambiar el código de invitación?',
  confirmText:
    'El código actual dejará de servir para registrarse. Quien ya es empleado de la tienda sigue entrando con su correo; entregue el código nuevo solo a quien deba registrarse.',
  confirmButton: 'Sí, cambiar código',
  regenerado: 'Código de invitación cambiado',
  regeneradoText: (codigo: string) => `El nuevo código de invitación es ${codigo}.`,
  soloAdministrador: 'Solo un administrador de la tienda puede cambiar el código de invitación.',
} as const;
