/**
 * The texts of the gate in front of the till (web/features/caja/components/turno-requerido.tsx: no
 * open shift, "Abrir caja"): their own module, part of `caja` unchanged, so that every application
 * screen does not carry every cash register text (issue #55 point 4).
 */
export const cajaTurno = {
  titulo: 'Caja',
  abrirTitulo: 'Abrir caja',
  abrirTexto: 'Para vender necesita una caja abierta. Cuente el dinero que hay en el cajón y escríbalo.',
  historial: 'Historial de turnos',
  cargando: 'Cargando la caja…',
  cargaFallida: 'No se pudo cargar la caja.',
  reintentar: 'Reintentar',
};
