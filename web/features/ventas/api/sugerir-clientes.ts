import type { TCliente } from '#shared/schemas/cliente';
import type { TPage } from '#shared/schemas/common';
import { api } from '../../../lib/api-client';
import { fuenteSinRed } from '../../../lib/fuente-venta';

/** The store's customers whose name, documento or phone contain the text (accents aside), with their credit (issue #36). */
export const sugerirClientes = (q: string, signal?: AbortSignal) => fuenteSinRed()?.sugerirClientes(q) ?? api<TPage<TCliente>>('/clientes', { query: { q, page: 1, pageSize: 6 }, signal });
