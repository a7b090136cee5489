import { z } from 'zod';
import { numeracion } from '../messages/numeracion';
import { registro } from '../messages/auth';
import { sinBidi } from './common';
import { ZClaveTecnica } from './factura-electronica';
import { facturaElectronica } from '../messages/factura-electronica';

// Only this area's texts (a screen that loads this schema does not load the whole catalogue).
const N = numeracion;
const MAX_INT = 2_147_483_647;

const texto = (max: number, mensaje: string) => z.string({ error: mensaje }).trim().min(1, mensaje).max(max, mensaje).refine(sinBidi, registro.bidi);
const entero = z.number({ error: N.numeroInvalido }).int(N.numeroInvalido).min(1, N.numeroInvalido).max(MAX_INT, N.numeroInvalido);
const fecha = z.iso.date({ error: N.fechaInvalida });

/** A till as role 1 creates or edits it (issue #30 point 5). */
export const ZPuntoVentaRequest = z.object({
  nombre: texto(60, N.nombreInvalido),
  ubicacion: texto(120, N.ubicacionInvalida),
  activo: z.boolean({ error: N.nombreInvalido }).optional(),
});
export type TPuntoVentaRequest = z.input<typeof ZPuntoVentaRequest>;

/** Days between two ISO dates (UTC days, so no zone shifts them). */
export const diasEntre = (desde: string, hasta: string) => Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000);

/** A DIAN range for a till: prefix (≤ 4 letters/digits), from, to, resolution, validity (≤ 2 years). */
export const ZRangoRequest = z
  .object({
    prefijo: z
      .string({ error: N.prefijoInvalido })
      .trim()
      .transform((s) => s.toUpperCase())
      .pipe(z.string().regex(/^[A-Z0-9]{1,4}$/, N.prefijoInvalido)),
    desde: entero,
    hasta: entero,
    resolucion: z.string({ error: N.resolucionInvalida }).trim().regex(/^\d{1,20}$/, N.resolucionInvalida),
    fechaDesde: fecha,
    fechaHasta: fecha,
    /** 'factura': the till's range of facturas electrónicas de venta (issue #57, ADR 044), with its technical key; 'soporte': the store's documento soporte range (ADR 055), with its own. */
    tipo: z.enum(['pos', 'factura', 'soporte'], { error: facturaElectronica.tipoRangoInvalido }).default('pos'),
    claveTecnica: ZClaveTecnica.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.tipo !== 'pos' && !v.claveTecnica) ctx.addIssue({ code: 'custom', message: facturaElectronica.claveTecnicaInvalida, path: ['claveTecnica'] });
    if (v.tipo === 'pos' && v.claveTecnica) ctx.addIssue({ code: 'custom', message: N.claveTecnicaSoloFactura, path: ['claveTecnica'] });
    if (v.hasta < v.desde) ctx.addIssue({ code: 'custom', message: N.hastaMenor, path: ['hasta'] });
    if (v.fechaHasta < v.fechaDesde) ctx.addIssue({ code: 'custom', message: N.fechasInvertidas, path: ['fechaHasta'] });
    else if (diasEntre(v.fechaDesde, v.fechaHasta) > 731) ctx.addIssue({ code: 'custom', message: N.vigenciaMaxima, path: ['fechaHasta'] });
  });
export type TRangoRequest = z.input<typeof ZRangoRequest>;

export const ZRango = z.object({
  id: z.number().int(),
  prefijo: z.string(),
  desde: z.number().int(),
  hasta: z.number().int(),
  resolucion: z.string(),
  fechaDesde: z.string(),
  fechaHasta: z.string(),
  /** The next number to give; `hasta + 1` when exhausted. */
  siguiente: z.number().int(),
  usados: z.number().int(),
  total: z.number().int(),
  /** Days left until it expires (negative: expired). */
  diasRestantes: z.number().int(),
  estado: z.enum(['vigente', 'por_agotarse', 'por_vencer', 'agotado', 'vencido', 'no_vigente']),
});
export type TRango = z.infer<typeof ZRango>;

export const ZPuntoVenta = z.object({
  id: z.number().int(),
  nombre: z.string(),
  ubicacion: z.string(),
  activo: z.boolean(),
  rango: ZRango.nullable(),
  /** The till's range of facturas electrónicas in use (its technical key is never answered). */
  rangoFactura: ZRango.nullable().optional(),
});
export type TPuntoVenta = z.infer<typeof ZPuntoVenta>;

export const ZInhabilitado = z.object({
  caja: z.string(),
  prefijo: z.string(),
  numero: z.number().int(),
  motivo: z.string(),
  fecha: z.string(),
});

export const ZNumeracion = z.object({
  puntos: z.array(ZPuntoVenta),
  inhabilitados: z.array(ZInhabilitado),
  /** The store's documento soporte range in use (ADR 055), with the till it was registered at; never its key. */
  soporte: ZRango.extend({ puntoVentaId: z.number().int() }).nullable(),
});
export type TNumeracion = z.infer<typeof ZNumeracion>;

/** Role 1's warnings: a range at 90 % or within 30 days of expiry, or already unusable. */
export const ZAvisosNumeracion = z.object({ avisos: z.array(z.object({ puntoVentaId: z.number().int(), nivel: z.enum(['aviso', 'bloqueo']), mensaje: z.string() })) });
export type TAvisosNumeracion = z.infer<typeof ZAvisosNumeracion>;

/** The tills a cashier may open a shift at (every role of the store sees their names). */
export const ZPuntosAbiertos = z.array(z.object({ id: z.number().int(), nombre: z.string(), ubicacion: z.string() }));

export const ZPuntoVentaParam = z.object({ id: z.coerce.number({ error: N.cajaNoEncontrada }).int(N.cajaNoEncontrada).positive(N.cajaNoEncontrada).max(MAX_INT, N.cajaNoEncontrada) });

export const ZGuardado = z.object({ id: z.number().int(), message: z.string() });
