import { z } from 'zod';
import { ZFormatoBalanza } from './balanza';
import { sinRed as S } from '../messages/sin-red';
import { LIMITES_DINERO } from '../money';
/** A payment method (as ZMetodoPago in venta.ts, which imports this file). */
const ZMetodoPago = z.object({ id: z.number().int(), nombre: z.string() });

/** Selling without the network (issue #34 points 3–5, ADR 029): what the device keeps and sends. */

/**
 * A device of the store allowed to sell offline (issue #51 point 5): the browser keeps a random key of
 * its own (it survives sign-outs); the server keeps its hash.
 */
export const ZClaveEquipo = z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, S.claveEquipoInvalida);
export const ESTADOS_EQUIPO = ['pendiente', 'autorizado', 'revocado'] as const;
export const ZEstadoEquipo = z.enum(ESTADOS_EQUIPO);
export type TEstadoEquipo = z.infer<typeof ZEstadoEquipo>;
/** The device asks (or, for role 1, registers itself): `POST /api/sin-red/equipo`. */
export const ZEquipoRequest = z.object({ clave: ZClaveEquipo });
/** This device as the server sees it. */
export const ZEquipoPropio = z.object({ id: z.number().int(), nombre: z.string(), estado: ZEstadoEquipo });
export type TEquipoPropio = z.infer<typeof ZEquipoPropio>;
/** The owner's list (`GET /api/sin-red/equipos`). */
export const ZEquipo = ZEquipoPropio.extend({
  pedidoPor: z.string().nullable(),
  creadoEn: z.string(),
  autorizadoPor: z.string().nullable(),
  autorizadoEn: z.string().nullable(),
  revocadoEn: z.string().nullable(),
  ventas: z.number().int(),
});
export type TEquipo = z.infer<typeof ZEquipo>;
export const ZEquipos = z.object({ items: z.array(ZEquipo) });
export type TEquipos = z.infer<typeof ZEquipos>;
export const ZEquipoIdParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const ZRenombrarEquipo = z.object({
  nombre: z.string({ error: S.nombreEquipoRequerido }).trim().min(1, S.nombreEquipoRequerido).max(60, S.nombreEquipoLargo),
});
export type TRenombrarEquipo = z.infer<typeof ZRenombrarEquipo>;

/** A device's prefix (`POST /api/sin-red/dispositivos`, with the device's key): given once per session's local database. */
/**
 * A prefix for this device: `dispositivoId`, the one it already holds from before devices needed the
 * owner's authorisation (issue #51 point 4 of the follow-up), is kept and tied to the device, so the
 * sales waiting under it go once the owner authorises the device.
 */
export const ZDispositivoRequest = z.object({ clave: ZClaveEquipo, dispositivoId: z.number().int().min(1).max(2_147_483_647).optional() });
export const ZDispositivo = z.object({ id: z.number().int(), prefijo: z.string() });
export type TDispositivo = z.infer<typeof ZDispositivo>;

/**
 * The incremental download: rows changed after the cursor `desde` (the server's sequence, issue #50
 * point 6: `v1.…`, or a page's continuation); a device's old timestamp cursor gets a full download.
 */
export const ZDatosSinRedQuery = z.object({
  desde: z.string().max(100).optional(),
  tras: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  /** The prefix (`TDispositivo.id`) whose local catalogue this download fills: the server notes where its customers' balances stand (ADR 041). */
  dispositivoId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

/** A pack of a product as the device keeps it (ADR 033, ADR 034). */
export const ZPresentacionSinRed = z.object({
  id: z.number().int(),
  nombre: z.string(),
  factor: z.number().int(),
  codigoBarras: z.string(),
  /** The pack's price, integer pesos. */
  precio: z.number().int(),
});
export type TPresentacionSinRed = z.infer<typeof ZPresentacionSinRed>;

export const ZProductoSinRed = z.object({
  id: z.number().int(),
  nombre: z.string(),
  marca: z.string().nullable(),
  categoria: z.string().nullable(),
  /** Integer pesos, tax included (shelf price). */
  precio: z.number().int(),
  /** The product's tax, its own or its category's (as the sale resolves it); null when neither has one. The offline receipt's taxes by rate (issue #53). */
  impuesto: z.string().nullable(),
  stock: z.number(),
  codigoBarras: z.string().nullable(),
  /** DIAN's unit (94 unidad, KGM, GRM, LTR, MLT): offline too, a measured product asks its quantity (ADR 034). */
  unidad: z.string(),
  /** Its sale units (packs, ADR 033): each with its own barcode and price; selling one takes `factor` units. */
  presentaciones: z.array(ZPresentacionSinRed),
  /** Sold only on a doctor's prescription (issue #58 point 2): offline too the till asks before adding it. Absent on a device synced before it existed. */
  bajoFormula: z.boolean().optional(),
  /** Tracks lots (ADR 051): a count on a phone offline asks its lot as online (issue #58 point 1). Absent on a device synced before it existed. */
  manejaLotes: z.boolean().optional(),
  /** 1 on sale; 0 removed from sale (the device drops it). */
  estado: z.number().int(),
  actualizadoEn: z.string(),
});
export type TProductoSinRed = z.infer<typeof ZProductoSinRed>;

export const ZClienteSinRed = z.object({
  id: z.number().int(),
  documento: z.string(),
  nombre: z.string(),
  fiado: z.boolean(),
  /** The credit limit and the balance owed at the sync (pesos). */
  cupo: z.number().int(),
  saldo: z.number().int(),
  activo: z.boolean(),
});
export type TClienteSinRed = z.infer<typeof ZClienteSinRed>;

/**
 * A supervisor whose PIN the device may check offline (issue #53 point 3, ADR 053): a PBKDF2-SHA256
 * verifier with its salt and rounds, and the PIN's version (it changes when the PIN is set again).
 * Sent only to a cashier's authorised device; never the PIN itself.
 */
export const ZSupervisorSinRed = z.object({
  id: z.number().int(),
  nombre: z.string(),
  version: z.number().int(),
  sal: z.string(),
  iteraciones: z.number().int(),
  hash: z.string(),
});
export type TSupervisorSinRed = z.infer<typeof ZSupervisorSinRed>;

/** Products come in pages (keyset on actualizado_en, id); customers and methods with the first page. */
export const ZDatosSinRed = z.object({
  productos: z.array(ZProductoSinRed),
  clientes: z.array(ZClienteSinRed),
  metodos: z.array(ZMetodoPago),
  /** The server's clock when it read (shown; no longer the cursor). */
  servidor: z.string(),
  /** On the last page: what the next download sends as `desde` (issue #50 point 6). */
  cursor: z.string().nullable(),
  /**
   * The store issues DIAN's electronic POS document: a sale made without the network is then a type 07
   * contingency, and its receipt says CONTINGENCIA (issue #34 point 4, ADR 029).
   */
  documentoElectronico: z.boolean(),
  /** The store's scale-label layouts (ADR 030): the device reads labels with them offline (ADR 034). */
  formatosBalanza: z.array(ZFormatoBalanza),
  /** With the first page: the seller's fiscal data (NIT, IVA), printed on the offline receipt (issue #53 point 2); null without a fiscal profile. */
  fiscal: z.object({ razonSocial: z.string(), nit: z.string(), dv: z.number().int(), responsableIva: z.boolean(), documentoInformativo: z.boolean() }).nullable().optional(),
  /** With the first page, to a cashier's authorised device: the supervisors whose PIN it may check offline (ADR 053). */
  supervisores: z.array(ZSupervisorSinRed).optional(),
  /** The next page of products, or null when this was the last. */
  siguiente: z.object({ desde: z.string(), tras: z.number().int() }).nullable(),
});
export type TDatosSinRed = z.infer<typeof ZDatosSinRed>;

/** What an offline sale adds to `POST /api/ventas`: its device, its printed number and the device's clocks. */
export const ZVentaSinRed = z.object({
  dispositivoId: z.number().int().min(1).max(2_147_483_647),
  /** `<prefijo>-<n>` as printed on the receipt; the server checks the prefix is the device's. */
  numero: z.string().regex(/^D[0-9]{1,9}-[0-9]{1,9}$/),
  /** The device's clock when it sold, and when it sent (to measure the skew). */
  fecha: z.iso.datetime({ offset: true }),
  reloj: z.iso.datetime({ offset: true }),
  /**
   * A fiado sale: the customer's balance as the device saw it when it sold (its last download's, plus
   * its own fiado not counted in it), in pesos. The fiado limit is checked against it (issue #51
   * point 5, ADR 041); the server never takes it below the balance at the device's last download.
   */
  /**
   * A discount authorised offline with a supervisor's PIN checked on the device (ADR 053): who, and the
   * version of the PIN the device checked. Never the PIN; the server checks both again at sync.
   */
  autorizacion: z.object({ supervisorId: z.number().int().min(0).max(2_147_483_647), version: z.number().int().min(0).max(2_147_483_647) }).optional(),
  saldoCliente: z.number({ error: S.saldoClienteInvalido }).int(S.saldoClienteInvalido).min(-LIMITES_DINERO.maxMonto, S.saldoClienteInvalido).max(LIMITES_DINERO.maxMonto, S.saldoClienteInvalido).optional(),
});
export type TVentaSinRed = z.infer<typeof ZVentaSinRed>;

/** An offline sale recorded although it broke a rule (issue #51 point 5), under *Revisar*. */
export const ZVentaRevisar = z.object({
  id: z.number().int(),
  ventaId: z.number().int(),
  numero: z.number().int(),
  numeroDispositivo: z.string().nullable(),
  /** The device's time of sale. */
  fecha: z.string().nullable(),
  cajero: z.string().nullable(),
  equipo: z.string().nullable(),
  total: z.number().int(),
  motivos: z.array(z.string()),
  revisadoPor: z.string().nullable(),
  revisadoEn: z.string().nullable(),
});
export type TVentaRevisar = z.infer<typeof ZVentaRevisar>;
export const ZVentasRevisar = z.object({ items: z.array(ZVentaRevisar) });
export type TVentasRevisar = z.infer<typeof ZVentasRevisar>;
export const ZRevisarQuery = z.object({ todas: z.enum(['0', '1']).optional() });
/**
 * An offline sale dated further than this from the server's clock is listed under Revisar (issue #51
 * point 5): a device whose clock says 1970 or 2099.
 */
export const HORAS_FECHA_SIN_RED = 48;

/** A skew between the device's clock and the server's beyond this is flagged (issue #34 point 5). */
export const DESFASE_MAXIMO_MS = 5 * 60_000;
