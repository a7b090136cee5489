import { z } from 'zod';
import { LIMITES_DINERO } from '../money';
import { fiado } from '../messages/fiado';
import { METODO } from '../roles';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { fiado };

const F = M.fiado;

/** The biggest credit limit a customer may have (the database's CHECK says the same). */
export const MAX_CUPO = LIMITES_DINERO.maxMonto;

/** A credit limit (cupo): integer pesos, 0 … $ 1.000.000.000.000. */
export const ZCupo = z.number({ error: F.cupoInvalido }).int(F.cupoInvalido).min(0, F.cupoInvalido).max(MAX_CUPO, F.cupoInvalido);

/** Days a fiado sale has to be paid (issue #30 point 6): 1 … 365, 30 unless the store says otherwise. */
export const PLAZO_FIADO_POR_DEFECTO = 30;
export const ZPlazoFiado = z.number({ error: F.plazoInvalido }).int(F.plazoInvalido).min(1, F.plazoInvalido).max(365, F.plazoInvalido);

/**
 * A Colombian phone as people type it ("300 123 4567", "+57 300-123-4567"): kept as digits only.
 * Empty is no phone. 10 digits (mobile) or 12 starting with 57.
 */
export const ZTelefono = z
  .union([z.null(), z.string({ error: F.telefonoInvalido }).max(30, F.telefonoInvalido)], { error: F.telefonoInvalido })
  .optional()
  .transform((v) => (v == null ? v : v.replace(/[\s().+-]/g, '')))
  .pipe(z.union([z.null(), z.undefined(), z.literal('').transform(() => null), z.string().regex(/^(57)?3\d{9}$|^(57)?60\d{8}$/, F.telefonoInvalido)]));

/** The number a wa.me link needs: country code 57 before a 10-digit Colombian number. */
export function telefonoWhatsApp(telefono: string | null | undefined): string {
  const d = (telefono ?? '').replace(/\D/g, '');
  return d.length === 10 ? `57${d}` : d;
}

/** The wa.me link that opens WhatsApp with the text (to the customer's phone when there is one). */
export function enlaceWhatsApp(telefono: string | null | undefined, texto: string): string {
  const n = telefonoWhatsApp(telefono);
  return `https://wa.me/${n}?text=${encodeURIComponent(texto)}`;
}

/** Abono (payment on account): any method but Fiado itself, partial or total, never above the balance. */
export const ZAbonoRequest = z.object({
  monto: z.number({ error: F.abonoInvalido }).int(F.abonoInvalido).positive(F.abonoInvalido).max(LIMITES_DINERO.maxMonto, F.abonoInvalido),
  metodoPagoId: z
    .number({ error: F.metodoAbonoInvalido })
    .int(F.metodoAbonoInvalido)
    .min(1, F.metodoAbonoInvalido)
    .max(METODO.FIADO - 1, F.metodoAbonoInvalido),
  referencia: z.string({ error: F.referenciaInvalida }).trim().max(40, F.referenciaInvalida).regex(/^[0-9A-Za-z -]*$/, F.referenciaInvalida).optional(),
});
export type TAbonoRequest = z.input<typeof ZAbonoRequest>;

export const ZClienteCuentaParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** A customer's credit at a glance: what the customer screens show. */
export const ZResumenCredito = z.object({
  fiado: z.boolean(),
  cupo: z.number().int(),
  saldo: z.number().int(),
  disponible: z.number().int(),
  /** When the oldest debt still unpaid was made (abonos pay the oldest first); null when nothing is owed. */
  deudaDesde: z.string().nullable(),
  antiguedadDias: z.number().int().nullable(),
  /** The oldest unpaid charge's due date (YYYY-MM-DD, the sale's `fiado_vence`) and the days past it (0: not yet due); null when nothing is owed or it has none. */
  vence: z.string().nullable(),
  diasVencida: z.number().int().nullable(),
});
export type TResumenCredito = z.infer<typeof ZResumenCredito>;

/** One line of the statement, with the balance after it. */
export const ZMovimientoCredito = z.object({
  id: z.number().int(),
  fecha: z.string(),
  tipo: z.enum(['cargo', 'abono', 'reverso', 'devolucion', 'union']),
  monto: z.number().int(),
  saldo: z.number().int(),
  ventaId: z.number().int().nullable(),
  /** The sale's number as its receipt shows it (#n); null without a sale. */
  ventaNumero: z.number().int().nullable(),
  metodo: z.string().nullable(),
  nota: z.string().nullable(),
  usuario: z.string().nullable(),
  /** A charge's due date (yyyy-mm-dd, issue #30 point 6); null on other movements. */
  vence: z.string().nullable(),
  /** The store where the charge or abono happened (issue #56: the customer is the empresa's, its balance one). */
  tienda: z.string(),
});
export type TMovimientoCredito = z.infer<typeof ZMovimientoCredito>;

/** The account statement (estado de cuenta): every charge and payment, oldest first, with the running balance. */
export const ZEstadoCuenta = z.object({
  tienda: z.string(),
  cliente: z.object({ id: z.number().int(), documento: z.string(), tipoDocumento: z.string(), nombre: z.string(), apellido: z.string(), telefono: z.string().nullable() }),
  credito: ZResumenCredito,
  movimientos: z.array(ZMovimientoCredito),
  generado: z.string(),
});
export type TEstadoCuenta = z.infer<typeof ZEstadoCuenta>;

export const ZAbonoResponse = z.object({ message: z.string(), id: z.number().int(), saldo: z.number().int() });
export type TAbonoResponse = z.infer<typeof ZAbonoResponse>;

export const ORDENES_CXC = ['monto', 'antiguedad'] as const;
export const ZCuentasPorCobrarQuery = z.object({ orden: z.enum(ORDENES_CXC).catch('monto').default('monto') });

export const ZCuentaPorCobrar = z.object({
  clienteId: z.number().int(),
  documento: z.string(),
  nombre: z.string(),
  telefono: z.string().nullable(),
  saldo: z.number().int(),
  cupo: z.number().int(),
  deudaDesde: z.string().nullable(),
  antiguedadDias: z.number().int().nullable(),
  /** The oldest unpaid charge's due date (YYYY-MM-DD, the sale's `fiado_vence`) and the days past it (0: not yet due); null when nothing is owed or it has none. */
  vence: z.string().nullable(),
  diasVencida: z.number().int().nullable(),
});
export type TCuentaPorCobrar = z.infer<typeof ZCuentaPorCobrar>;

/** Accounts receivable: every customer who owes, with the totals. */
export const ZCuentasPorCobrar = z.object({ items: z.array(ZCuentaPorCobrar), total: z.number().int(), clientes: z.number().int() });
export type TCuentasPorCobrar = z.infer<typeof ZCuentasPorCobrar>;
