/**
 * A product's cost (issue #32 point 6), kept up to date by receiving. Filled in by the cost step.
 */
import type { Tx } from '../../db/client';
import type { Autor } from '../actividad/actividad.domain';
import type { LineaRecibida } from './compras.domain';

export async function actualizarCostos(_tx: Tx, _options: { tiendaId: number; autor: Autor; lineas: LineaRecibida[]; stockAntes: Map<number, number> }): Promise<void> {}
