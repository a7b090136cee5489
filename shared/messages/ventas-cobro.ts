/**
 * The checkout's refusals that the device's own checkout repeats offline (web/features/sin-red: an
 * unknown product or customer, fiado without a customer or over the limit, a wrong PIN): part of
 * `ventas` unchanged, on their own so that the offline machinery every signed-in screen loads after
 * its first paint does not carry every sale text (issue #55 point 4).
 */
export const ventasCobro = {
  productoNoEncontrado: 'El producto no existe o no está disponible para la venta.',
  clienteNoEncontrado: 'No hay un cliente de la tienda con ese documento.',
  fiadoRequiereCliente: 'Para fiar, busque primero al cliente por su documento.',
  clienteSinFiado: (nombre: string) => `${nombre} no tiene fiado habilitado. Un administrador puede habilitarlo en Clientes.`,
  clienteSinFiadoTitle: 'Cliente sin fiado',
  cupoInsuficienteTitle: 'Cupo de fiado insuficiente',
  cupoInsuficiente: (disponible: string) => `La venta pasa el cupo de fiado del cliente. Disponible: ${disponible}.`,
  pinIncorrecto: 'El PIN no es correcto para ese supervisor. No se registró la venta.',
};
