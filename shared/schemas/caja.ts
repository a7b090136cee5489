import { z } from 'zod';
import { LIMITES_DINERO } from '../money';
import { caja } from '../messages/caja';
import { numeracion } from '../messages/numeracion';
import { zTextoVisible } from './common';
import { rangoLimitado } from './movimiento';
import { ZAutorizacionPin } from './venta';
import { ZTotalTarifa } from './impuestos';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { caja };

const C = M.caja;

/** A peso amount a person types at the till: an integer, 0 or more, within the money caps. */
const zMonto = (message: string) => z.number({ error: message }).int(message).nonnegative(message).max(LIMITES_DINERO.maxMonto, message);

/** Open a shift with the cash in the drawer (issue #18). */
export const ZAbrirTurnoRequest = z.object({
  fondoInicial: zMonto(C.fondoInvalido),
  /** The till (point of sale) it opens at (issue #30 point 5); a store with one till need not say. */
  puntoVentaId: z.number({ error: numeracion.cajaRequerida }).int(numeracion.cajaRequerida).positive(numeracion.cajaRequerida).max(2_147_483_647, numeracion.cajaRequerida).optional(),
});
export type TAbrirTurnoRequest = z.infer<typeof ZAbrirTurnoRequest>;

/** A shift as the till sees it. */
export const ZTurno = z.object({
  id: z.number().int(),
  abiertoEn: z.string(),
  cerradoEn: z.string().nullable(),
  fondoInicial: z.number().int(),
  cajero: z.string(),
});
export type TTurno = z.infer<typeof ZTurno>;

/** The session's open shift, or null. */
export const ZTurnoActual = z.object({
  turno: ZTurno.nullable(),
  /** "Exigir caja abierta para vender" (issue #27): off, the store sells without a shift and cash is not controlled. */
  exigirCaja: z.boolean(),
});
export type TTurnoActual = z.infer<typeof ZTurnoActual>;

export const ZTurnoIdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Cash put into or taken out of the drawer, with its reason. */
export const TIPOS_MOVIMIENTO_CAJA = ['entrada', 'salida'] as const;
export const ZMovimientoCajaRequest = z.object({
  tipo: z.enum(TIPOS_MOVIMIENTO_CAJA, { error: C.tipoMovimientoInvalido }),
  monto: zMonto(C.montoInvalido).min(1, C.montoInvalido),
  // At least 3 characters a person sees: a zero-width or control character is no reason (issue #27).
  motivo: zTextoVisible({ min: 3, max: 120, requerido: C.motivoRequerido, largo: C.motivoLargo }),
  /** Above the store's threshold, for a role without `cajaSobreUmbral` (issue #27): a supervisor's PIN, as at the till. */
  autorizacion: ZAutorizacionPin.optional(),
});
export type TMovimientoCajaRequest = z.input<typeof ZMovimientoCajaRequest>;

export const ZMovimientoCaja = z.object({
  id: z.number().int(),
  fecha: z.string(),
  tipo: z.enum(TIPOS_MOVIMIENTO_CAJA),
  monto: z.number().int(),
  motivo: z.string(),
});
export type TMovimientoCaja = z.infer<typeof ZMovimientoCaja>;

/** Bills and coins a cashier may count one by one (Colombian pesos in circulation). */
export const BILLETES = [100_000, 50_000, 20_000, 10_000, 5_000, 2_000] as const;
export const MONEDAS = [1_000, 500, 200, 100, 50] as const;
const zCantidad = z.number({ error: C.cantidadInvalida }).int(C.cantidadInvalida).nonnegative(C.cantidadInvalida).max(1_000_000, C.cantidadInvalida);

/** The cash counted bill by bill; coins either one by one or as one amount. */
export const ZDenominaciones = z.object({
  billetes: z.partialRecord(z.enum(BILLETES.map(String) as [string, ...string[]]), zCantidad).default({}),
  monedas: z.partialRecord(z.enum(MONEDAS.map(String) as [string, ...string[]]), zCantidad).optional(),
  /** All the coins as one amount, instead of `monedas`. */
  monedasTotal: zMonto(C.montoInvalido).optional(),
});
export type TDenominaciones = z.infer<typeof ZDenominaciones>;

/** The sum of a count by denomination, in pesos. */
export function sumaDenominaciones(d: TDenominaciones): number {
  let total = 0;
  for (const [valor, n] of Object.entries(d.billetes ?? {})) total += Number(valor) * (n ?? 0);
  for (const [valor, n] of Object.entries(d.monedas ?? {})) total += Number(valor) * (n ?? 0);
  return total + (d.monedasTotal ?? 0);
}

/** Close a shift: the cash counted (optionally by denomination) and the totals of the other methods. */
export const ZCerrarTurnoRequest = z
  .object({
    efectivo: zMonto(C.contadoInvalido),
    otros: z
      .array(z.object({ metodoPagoId: z.number({ error: C.metodoInvalido }).int(C.metodoInvalido).min(1, C.metodoInvalido).max(1000, C.metodoInvalido), monto: zMonto(C.contadoInvalido) }), { error: C.contadoInvalido })
      .max(20, C.contadoInvalido)
      .default([]),
    denominaciones: ZDenominaciones.optional(),
    nota: z
      .string({ error: C.notaLarga })
      .trim()
      .max(300, C.notaLarga)
      .optional(),
  })
  .refine((b) => !b.denominaciones || sumaDenominaciones(b.denominaciones) === b.efectivo, { message: C.denominacionesNoCuadran, path: ['efectivo'] });
export type TCerrarTurnoRequest = z.input<typeof ZCerrarTurnoRequest>;

/** One payment method's line of the close: what the system expects, what was counted, the difference. */
export const ZLineaCierre = z.object({
  metodoPagoId: z.number().int(),
  metodo: z.string(),
  ventas: z.number().int(),
  abonos: z.number().int(),
  /** Refunds of returns paid back with the method from this shift (issue #32). */
  devoluciones: z.number().int(),
  /** Null while a role-2 cashier has not closed yet (blind close). */
  esperado: z.number().int().nullable(),
  contado: z.number().int().nullable(),
  diferencia: z.number().int().nullable(),
});
export type TLineaCierre = z.infer<typeof ZLineaCierre>;

export const ZReferenciaPendiente = z.object({
  ventaId: z.number().int(),
  /** The sale's number people see (issue #36 point 8). */
  numero: z.number().int(),
  fecha: z.string(),
  metodo: z.string(),
  referencia: z.string().nullable(),
  monto: z.number().int(),
});
export type TReferenciaPendiente = z.infer<typeof ZReferenciaPendiente>;

/** The Z report: a shift with everything that landed in it. */
export const ZReporteTurno = z.object({
  turno: ZTurno.extend({ cerradoPor: z.string().nullable(), nota: z.string().nullable(), usuarioId: z.number().int().nullable() }),
  tienda: z.string(),
  /** Whether the caller sees the expected amounts (role 2 only after closing). */
  verEsperado: z.boolean(),
  /** Whether the caller may close it (open, and its own or the caller is role 1 or 3). */
  puedeCerrar: z.boolean(),
  lineas: z.array(ZLineaCierre),
  efectivo: z.object({
    fondoInicial: z.number().int(),
    ventas: z.number().int(),
    abonos: z.number().int(),
    devoluciones: z.number().int(),
    entradas: z.number().int(),
    salidas: z.number().int(),
  }),
  fiado: z.number().int(),
  anuladas: z.object({ cantidad: z.number().int(), monto: z.number().int() }),
  numeroVentas: z.number().int(),
  primeraVenta: z.number().int().nullable(),
  ultimaVenta: z.number().int().nullable(),
  /**
   * The DIAN numbers the shift's sales took, per prefix (issue #30 point 7): the first and the last,
   * and the numbers of its sales recorded as inhabilitados. Empty for a store without ranges.
   */
  numeracionDian: z
    .array(z.object({ prefijo: z.string(), desde: z.number().int(), hasta: z.number().int(), inhabilitados: z.array(z.object({ numero: z.number().int(), motivo: z.string() })) }))
    .optional(),
  /** Base and tax per rate of the shift's completed sales, in centavos (issue #30); empty for a store not responsible for IVA, or before a cashier's close. */
  impuestos: z.array(ZTotalTarifa).optional(),
  totalEsperado: z.number().int().nullable(),
  totalContado: z.number().int().nullable(),
  totalDiferencia: z.number().int().nullable(),
  denominaciones: ZDenominaciones.nullable(),
  movimientos: z.array(ZMovimientoCaja),
  referenciasPendientes: z.array(ZReferenciaPendiente),
});
export type TReporteTurno = z.infer<typeof ZReporteTurno>;

/** The history of shifts: by dates (days of the store's time zone) and cashier. */
export const ZTurnosQuery = z.object({
  desde: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, C.fechaInvalida).optional().or(z.literal('').transform(() => undefined)),
  hasta: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, C.fechaInvalida).optional().or(z.literal('').transform(() => undefined)),
  /** A cashier's id; 0 is the store account itself. */
  cajero: z.coerce.number({ error: C.cajeroInvalido }).int(C.cajeroInvalido).min(0, C.cajeroInvalido).max(2_147_483_647, C.cajeroInvalido).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(20),
}).refine(...rangoLimitado);
export interface TTurnosQuery {
  desde?: string;
  hasta?: string;
  cajero?: number;
  page: number;
  pageSize: number;
}

export const ZTurnoResumen = ZTurno.extend({
  usuarioId: z.number().int().nullable(),
  numeroVentas: z.number().int(),
  /** The total difference of the close (counted − expected); null while open. */
  diferencia: z.number().int().nullable(),
});
export type TTurnoResumen = z.infer<typeof ZTurnoResumen>;
export const ZTurnosPage = z.object({
  items: z.array(ZTurnoResumen),
  total: z.number().int(),
  /** The cashiers the caller may filter by (role 2: only itself). */
  cajeros: z.array(z.object({ id: z.number().int(), nombre: z.string() })),
});
export type TTurnosPage = z.infer<typeof ZTurnosPage>;

export const ZVerificarResponse = z.object({ ventaId: z.number().int(), verificado: z.boolean(), message: z.string() });
