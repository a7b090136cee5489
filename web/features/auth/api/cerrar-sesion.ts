import { api } from '../../../lib/api-client';

/**
 * Ends the token on the server (POST /api/sesion/cerrar): a copy of it stops working at once. Sent
 * with the token being ended, after the session is already cleared here, and outliving the page.
 */
export const cerrarSesionEnServidor = (token: string) =>
  api<{ message: string }>('/sesion/cerrar', { method: 'POST', token, keepalive: true, timeoutMs: 5_000 });
