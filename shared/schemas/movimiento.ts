import { z } from 'zod';
import { M } from '../messages';
import { ZPageQuery, zPage } from './common';

/**
 * Dates typed in the filters are calendar days of the shop. Colombia has a single time zone
 * (UTC−05:00, no daylight saving), so a day maps to a fixed pair of instants.
 */
export const ZONA_HORARIA = 'America/Bogota';
const OFFSET = '-05:00';
const DAY_MS = 24 * 60 * 60 * 1000;

/** True for a real calendar day written YYYY-MM-DD (2024-02-29 yes, 2023-02-29 and 2024-02-30 no). */
export function isFechaDia(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 9999 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** The first instant of a shop's day. */
export const inicioDelDia = (fecha: string) => new Date(`${fecha}T00:00:00${OFFSET}`);
/** The first instant after a shop's day (exclusive upper bound). */
export const finDelDia = (fecha: string) => new Date(inicioDelDia(fecha).getTime() + DAY_MS);

/** An optional YYYY-MM-DD filter; an empty value means "no filter". */
export const zFechaFiltro = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => v === '' || isFechaDia(v), message)
    .optional();

/** `desde` ≤ `hasta` when both are given; the message goes on `hasta`. */
export const rangoValido = (v: { desde?: string; hasta?: string }) => !v.desde || !v.hasta || v.desde <= v.hasta;

export const ZMovimientosQuery = ZPageQuery.extend({
  productoId: z.coerce.number({ error: M.generic.validation }).int().positive().max(2_147_483_647).optional(),
  desde: zFechaFiltro(M.movimientos.fechaInvalida),
  hasta: zFechaFiltro(M.movimientos.fechaInvalida),
}).refine(rangoValido, { path: ['hasta'], message: M.movimientos.rangoInvalido });
/** What a client sends (every field optional). */
export type TMovimientosQuery = Partial<z.output<typeof ZMovimientosQuery>>;
export type TMovimientosFiltros = z.output<typeof ZMovimientosQuery>;

/** One line of the ledger as the movements screen shows it (spec §3 "Movement row"). */
export const ZMovimiento = z.object({
  id: z.number().int(),
  productoId: z.number().int().nullable(),
  /** Null when the product was deleted after the movement. */
  producto: z.string().nullable(),
  stockAntes: z.number().int(),
  entradas: z.number().int(),
  salidas: z.number().int(),
  stockDespues: z.number().int(),
  /** ISO 8601 instant. */
  fecha: z.string(),
  motivo: z.string(),
});
export type TMovimiento = z.infer<typeof ZMovimiento>;

export const ZMovimientosPage = zPage(ZMovimiento);
export type TMovimientosPage = z.infer<typeof ZMovimientosPage>;
