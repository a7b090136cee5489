/**
 * Spanish texts of the documento soporte en adquisiciones a no obligados a facturar and its
 * adjustment note (issue #57 point 3, ADR 055): the reception's detail, the note's form and refusals.
 */
export const documentoSoporte = {
  titulo: 'Documento soporte',
  nota: 'Nota de ajuste',
  numero: (n: string) => `Documento soporte ${n}`,
  cuds: 'CUDS',
  estado: 'Estado ante la DIAN',
  sinRango: 'Esta compra es de un proveedor que no emite factura, pero la tienda no tiene rango de documento soporte en uso: regístrelo en Cajas y numeración y el documento se emitirá solo.',
  pendiente: 'Documento soporte en preparación: se emitirá en unos momentos.',
  rangoAgotado: 'El rango de documento soporte está agotado o vencido: registre uno nuevo en Cajas y numeración.',
  // The adjustment note (type 95)
  emitirNota: 'Emitir nota de ajuste',
  conceptos: { 1: 'Devolución parcial al proveedor', 2: 'Anulación del documento soporte', 3: 'Rebaja o descuento', 4: 'Ajuste de precio' } as Record<number, string>,
  motivo: 'Motivo',
  valor: 'Valor a descontar',
  notaEmitida: (n: string) => `Nota de ajuste ${n} emitida.`,
  recepcionNoEncontrada: 'La recepción no existe en la tienda.',
  sinSoporte: 'Esta recepción no tiene documento soporte: solo las compras a quien no emite factura lo llevan.',
  soloAdministrador: 'Solo el administrador puede emitir notas de ajuste al documento soporte.',
  sinDocumentoElectronico: 'La tienda no tiene activados los documentos electrónicos.',
  yaAnulado: 'El documento soporte ya fue anulado por una nota de ajuste.',
  masQueRecibido: (nombre: string) => `No puede devolver de ${nombre} más de lo recibido en esta compra.`,
  lineaNoEsDeRecepcion: 'Ese producto no está en esta recepción.',
  valorMayor: 'La rebaja no puede ser mayor que lo que queda del documento soporte.',
  motivoVacio: 'Escriba el motivo de la nota de ajuste.',
  conceptoInvalido: 'Elija el motivo de la nota: devolución, anulación, rebaja o ajuste de precio.',
  lineasVacias: 'Indique qué productos y cuántas unidades devuelve al proveedor.',
  valorInvalido: 'Escriba el valor a descontar en pesos, mayor que cero.',
} as const;
