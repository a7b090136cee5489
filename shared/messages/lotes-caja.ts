/**
 * The till's lot and prescription texts (a cart line's lot, the fórmula médica question): their own
 * module, part of `lotes` unchanged, so that the till's first paint does not carry every lot text
 * (issue #55 point 4).
 */
export const lotesCaja = {
  loteVence: (codigo: string, vence: string) => `${codigo} · vence ${vence}`,
  // Choosing the lot of a cart line (issue #58 point 2)
  elegirLoteDe: (nombre: string) => `Elegir el lote de ${nombre}`,
  loteLinea: (texto: string) => `Lote: ${texto}`,
  loteAutomatico: 'el que vence primero',
  loteSinCodigo: 'Sin lote',
  loteSinRed: 'Sin red: el lote se asigna al sincronizar (el que vence primero).',
  formulaPregunta: 'Venta bajo fórmula médica: ¿el cliente presentó la fórmula?',
  formulaProducto: (nombre: string) => `${nombre} se vende solo con fórmula médica.`,
  formulaSi: 'Sí, la presentó',
  formulaNo: 'No',
};
