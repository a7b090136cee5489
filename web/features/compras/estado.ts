/** The badge of an order's state. */
export const claseEstado = (estado: string) =>
  estado === 'recibida' ? 'badge badge--ok' : estado === 'cancelada' ? 'badge badge--danger' : estado === 'parcial' ? 'badge badge--warn' : 'badge';
