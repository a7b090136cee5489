import { z } from 'zod';
import { generic } from '../messages/comun';
import { movimientos } from '../messages/movimientos';
import { ZPageQuery, zPage } from './common';

import { rangoPermitido } from '../periodo';
import { ZONA_HORARIA } from '../zona-horaria';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { generic, movimientos };

/**
 * Dates typed in the filters are calendar days of the shop, in the store's time zone (issue #16:
 * `tienda.zona_horaria`; the server turns a day into instants in SQL, server/modules/tienda/zona-horaria.ts).
 * America/Bogota is the default zone: a new store's, and the app's before the store's settings load.
 */
export { ZONA_HORARIA };

/** True for a real calendar day written YYYY-MM-DD (2024-02-29 yes, 2023-02-29 and 2024-02-30 no). */
export function isFechaDia(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 9999 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** An optional YYYY-MM-DD filter; an empty value means "no filter". */
export const zFechaFiltro = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => v === '' || isFechaDia(v), message)
    .optional();

/** `desde` ≤ `hasta` when both are given; the message goes on `hasta`. */
export const rangoValido = (v: { desde?: string; hasta?: string }) => !v.desde || !v.hasta || v.desde <= v.hasta;

/**
 * The server's budget of a range (shared/periodo.ts: 400 days, years 2000–2100), one refinement for
 * every schema with a desde/hasta filter; answered as a 422 (server/plugins/errors.ts).
 */
export const rangoLimitado: [typeof rangoPermitido, { path: string[]; message: string }] = [rangoPermitido, { path: ['hasta'], message: M.generic.rangoMuyLargo }];

export const ZMovimientosQuery = ZPageQuery.extend({
  productoId: z.coerce.number({ error: M.generic.validation }).int().positive().max(2_147_483_647).optional(),
  desde: zFechaFiltro(M.movimientos.fechaInvalida),
  hasta: zFechaFiltro(M.movimientos.fechaInvalida),
})
  .refine(rangoValido, { path: ['hasta'], message: M.movimientos.rangoInvalido })
  .refine(...rangoLimitado);
/** What a client sends (every field optional). */
export type TMovimientosQuery = Partial<z.output<typeof ZMovimientosQuery>>;
export type TMovimientosFiltros = z.output<typeof ZMovimientosQuery>;

/** One line of the ledger as the movements screen shows it (spec §3 "Movement row"). */
export const ZMovimiento = z.object({
  id: z.number().int(),
  productoId: z.number().int().nullable(),
  /** Null when the product was deleted after the movement. */
  producto: z.string().nullable(),
  /** The product's DIAN unit ('94', 'KGM'…); null when it was deleted. The quantities are in it. */
  unidad: z.string().nullable(),
  stockAntes: z.number(),
  entradas: z.number(),
  salidas: z.number(),
  stockDespues: z.number(),
  /** ISO 8601 instant. */
  fecha: z.string(),
  motivo: z.string(),
});
export type TMovimiento = z.infer<typeof ZMovimiento>;

export const ZMovimientosPage = zPage(ZMovimiento);
export type TMovimientosPage = z.infer<typeof ZMovimientosPage>;
