import type { TSupervisor } from '#shared/schemas/venta';
import { api } from '../../../lib/api-client';

/** Who may authorise a cashier's discount with a PIN (issue #16 point 4); read when the dialog opens. */
export const listarSupervisores = () => api<TSupervisor[]>('/ventas/supervisores');
