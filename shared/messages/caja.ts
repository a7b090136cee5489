/** Spanish texts of the cash register (caja, issue #18). */
export const caja = {
  turnoYaAbierto: 'Ya tiene una caja abierta: ciérrela antes de abrir otra.',
  fondoInvalido: 'Escriba el dinero con que abre la caja (un valor en pesos, 0 o más).',
  turnoNoEncontrado: 'No se encontró ese turno de caja.',
};
