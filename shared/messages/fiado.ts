/** Spanish texts of fiado (customer credit, issue #17): abonos, the statement, accounts receivable. */
export const fiado = {
  // Abonos
  abonoInvalido: 'Escriba el valor del abono: un número entero de pesos, mayor que cero.',
  metodoAbonoInvalido: 'Elija cómo paga el cliente el abono (tarjeta, Nequi, Daviplata, efectivo o Bre-B).',
  referenciaInvalida: 'La referencia admite solo letras, números, espacios y guiones (hasta 40).',
  sinSaldo: (nombre: string) => `${nombre} no tiene saldo pendiente: no hay nada que abonar.`,
  abonoMayorQueSaldo: (saldo: string) => `El abono pasa lo que el cliente debe. Su saldo es ${saldo}; no se reciben anticipos.`,
  abonoMayorQueSaldoTitle: 'Abono mayor que el saldo',
  abonoRegistrado: 'Abono registrado',
  abonoRegistradoTexto: (monto: string, saldo: string) => `Se abonaron ${monto}. Nuevo saldo: ${saldo}.`,
  abonoFallido: 'El abono no se pudo registrar',
  // The customer's credit
  cupoInvalido: 'Escriba el cupo de fiado: un número entero de pesos, de 0 a 1.000.000.000.000.',
  telefonoInvalido: 'Escriba un celular colombiano de 10 dígitos (por ejemplo 300 123 4567).',
  soloAdminCupo: 'Solo un administrador puede habilitar el fiado o cambiar el cupo de un cliente.',
  soloAdminCupoTitle: 'Permiso de administrador',
  // Statement
  cuentaTitulo: 'Estado de cuenta',
  cuentaCargaFallida: 'No se pudo cargar el estado de cuenta.',
  sinMovimientos: 'Este cliente todavía no tiene movimientos de fiado.',
  tipo: { cargo: 'Compra fiada', abono: 'Abono', reverso: 'Venta anulada' } as Record<string, string>,
  antiguedad: (dias: number) => (dias === 0 ? 'de hoy' : dias === 1 ? 'de hace 1 día' : `de hace ${dias} días`),
  whatsapp: (tienda: string, cliente: string, saldo: string, lineas: string[]) =>
    [`${tienda}: estado de cuenta de ${cliente}.`, `Saldo pendiente: ${saldo}.`, ...(lineas.length ? ['Últimos movimientos:', ...lineas] : []), 'Gracias por su compra.'].join('\n'),
  // Accounts receivable
  cxcTitulo: 'Cuentas por cobrar',
  cxcDescripcion: 'Clientes con saldo de fiado pendiente.',
  cxcVacio: 'Ningún cliente debe dinero a la tienda. ¡Todo al día!',
  cxcCargaFallida: 'No se pudieron cargar las cuentas por cobrar.',
} as const;
