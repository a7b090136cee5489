import { z } from 'zod';
import { empresa } from '../messages/empresa';
import { reportes } from '../messages/reportes';
import { anioPermitido, PERIODOS } from '../periodo';
import { rangoLimitado, rangoValido, zFechaFiltro } from './movimiento';
import { ZIndicador, ZRango, ZTabla } from './reportes';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { empresa, reportes };

/**
 * The owner's consolidated view of the empresa's stores (issue #56 point 4): GET /api/empresa/resumen
 * (a period: a preset as the reports', or `rango` with its days, bounded as every range) and
 * GET /api/empresa/cierre (one day's close of every store).
 */
export const ZResumenEmpresaQuery = z
  .object({
    periodo: z.enum(PERIODOS, { error: M.reportes.filtroInvalido }).optional().default('hoy'),
    desde: zFechaFiltro(M.reportes.fechaInvalida),
    hasta: zFechaFiltro(M.reportes.fechaInvalida),
  })
  .refine(rangoValido, { path: ['hasta'], message: M.reportes.rangoInvalido })
  .refine(...rangoLimitado);
export type TResumenEmpresaQuery = Partial<z.output<typeof ZResumenEmpresaQuery>>;

export const ZCierreEmpresaQuery = z.object({
  /** The store's day (each store's own calendar day); absent: today in the current store. */
  fecha: zFechaFiltro(M.empresa.fechaInvalida).refine((v) => anioPermitido(v), M.empresa.fechaInvalida),
});

const ZFormato = z.object({ formato: z.enum(['csv', 'xlsx'], { error: M.reportes.filtroInvalido }) });
export const ZResumenEmpresaExportar = ZResumenEmpresaQuery.and(ZFormato);
export const ZCierreEmpresaExportar = ZCierreEmpresaQuery.and(ZFormato);

/** A method's part of a store's sales in the period (as *Por medio de pago*). */
export const ZMedioTienda = z.object({ id: z.number().int(), medio: z.string(), ventas: z.number().int(), monto: z.number().int(), abonos: z.number().int() });
export type TMedioTienda = z.infer<typeof ZMedioTienda>;

/** A store's figures of the period, or the empresa's total (money in whole pesos; taxes in centavos). */
export const ZCifrasTienda = z.object({
  neto: z.number().int(),
  bruto: z.number().int(),
  descuentos: z.number().int(),
  devuelto: z.number().int(),
  margen: z.number().int(),
  /** The share of net with a known cost, 0–100; null without products sold. */
  costoConocido: z.number().int().nullable(),
  tickets: z.number().int(),
  ticketPromedio: z.number().int(),
  anuladas: z.number().int(),
  impuestos: z.number().int(),
  medios: z.array(ZMedioTienda),
});
export type TCifrasTienda = z.infer<typeof ZCifrasTienda>;

/** A till open now: who, since when, and the cash its drawer should hold. */
export const ZCajaAbierta = z.object({ idTurno: z.number().int(), cajero: z.string(), caja: z.string().nullable(), abiertoEn: z.string(), esperado: z.number().int() });
export type TCajaAbierta = z.infer<typeof ZCajaAbierta>;

/** Today in a store (its own calendar day): net sales and tickets. */
export const ZHoyTienda = z.object({ dia: z.string(), neto: z.number().int(), tickets: z.number().int() });

export const ZTiendaResumen = ZCifrasTienda.extend({
  idTienda: z.number().int(),
  nombreTienda: z.string(),
  actual: z.boolean(),
  hoy: ZHoyTienda,
  cajas: z.array(ZCajaAbierta),
});
export type TTiendaResumen = z.infer<typeof ZTiendaResumen>;

export const ZResumenEmpresa = z.object({
  periodo: ZRango,
  tiendas: z.array(ZTiendaResumen),
  total: ZCifrasTienda.extend({ hoy: z.object({ neto: z.number().int(), tickets: z.number().int() }), cajas: z.number().int() }),
});
export type TResumenEmpresa = z.infer<typeof ZResumenEmpresa>;

/** One store's daily close (the one-store close's figures and tables), and the empresa's total figures. */
export const ZCierreEmpresa = z.object({
  fecha: z.string(),
  tiendas: z.array(z.object({ idTienda: z.number().int(), nombreTienda: z.string(), actual: z.boolean(), indicadores: z.array(ZIndicador), tablas: z.array(ZTabla) })),
  total: z.array(ZIndicador),
});
export type TCierreEmpresa = z.infer<typeof ZCierreEmpresa>;

/**
 * The consolidated reports per product, per person and per tax rate (issue #56 points 4 and 5): each
 * store as its own report reads it, side by side, and the empresa's total. GET /api/empresa/productos,
 * /api/empresa/empleados and /api/empresa/impuestos take the period as /api/empresa/resumen.
 */
const ZTiendaDe = z.object({ idTienda: z.number().int(), nombreTienda: z.string(), actual: z.boolean() });

/** A product's figures (a store's product, or the same product over every store in the total). */
export const ZFilaProductoEmpresa = z.object({
  puesto: z.number().int(),
  producto: z.string(),
  categoria: z.string(),
  cantidad: z.number(),
  bruto: z.number().int(),
  descuentos: z.number().int(),
  devuelto: z.number().int(),
  neto: z.number().int(),
  /** Null when some unit sold has no known cost (as *Por producto*). */
  costo: z.number().int().nullable(),
  margen: z.number().int().nullable(),
});
export type TFilaProductoEmpresa = z.infer<typeof ZFilaProductoEmpresa>;
/** The products of a store or of the empresa: how many sold, their net, and the first ones ranked. */
const ZProductos = z.object({ grupos: z.number().int(), neto: z.number().int(), filas: z.array(ZFilaProductoEmpresa) });
export const ZProductosEmpresa = z.object({ periodo: ZRango, tiendas: z.array(ZTiendaDe.extend(ZProductos.shape)), total: ZProductos });
export type TProductosEmpresa = z.infer<typeof ZProductosEmpresa>;

/** A person's sales in a store (or in every store, in the total): as *Por empleado*. */
export const ZFilaEmpleadoEmpresa = z.object({
  persona: z.string(),
  tickets: z.number().int(),
  neto: z.number().int(),
  ticketPromedio: z.number().int(),
  descuentos: z.number().int(),
  autorizados: z.number().int(),
  anuladas: z.number().int(),
  montoAnulado: z.number().int(),
});
export type TFilaEmpleadoEmpresa = z.infer<typeof ZFilaEmpleadoEmpresa>;
export const ZEmpleadosEmpresa = z.object({
  periodo: ZRango,
  tiendas: z.array(ZTiendaDe.extend({ filas: z.array(ZFilaEmpleadoEmpresa) })),
  total: z.object({ filas: z.array(ZFilaEmpleadoEmpresa) }),
});
export type TEmpleadosEmpresa = z.infer<typeof ZEmpleadosEmpresa>;

/** Base and tax of one rate (centavos), as *Impuestos por tarifa*; `impuesto` '' is the lines with no tax. */
export const ZTarifaEmpresa = z.object({ impuesto: z.string(), tarifa: z.string(), lineas: z.number().int(), base: z.number().int(), valor: z.number().int() });
export type TTarifaEmpresa = z.infer<typeof ZTarifaEmpresa>;
const ZImpuestos = z.object({ ventas: z.number().int(), base: z.number().int(), valor: z.number().int(), tarifas: z.array(ZTarifaEmpresa) });
export const ZImpuestosEmpresa = z.object({
  periodo: ZRango,
  /** Each store's rates and the DIAN numbers its tills used (each till its own prefix, ADR 059). */
  tiendas: z.array(ZTiendaDe.extend(ZImpuestos.shape).extend({ numeracion: z.array(z.string()) })),
  total: ZImpuestos,
});
export type TImpuestosEmpresa = z.infer<typeof ZImpuestosEmpresa>;
