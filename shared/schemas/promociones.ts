import { z } from 'zod';
import { promociones } from '../messages/promociones';
import { TIPOS_PROMOCION } from '../promociones';
import { BIDI_MENSAJE, sinBidi } from './common';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { promociones };
const P = M.promociones;

const MAX_INT4 = 2_147_483_647;
const zId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(MAX_INT4, message);
const zEntero = (message: string, min: number, max: number) => z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
const vacioANull = (v: unknown) => (v === '' || v === undefined ? null : v);
const zFecha = z.preprocess(vacioANull, z.string({ error: P.fechaInvalida }).regex(/^\d{4}-\d{2}-\d{2}$/, P.fechaInvalida).refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), P.fechaInvalida).nullable());
const zHora = z.preprocess(vacioANull, z.string({ error: P.horaInvalida }).regex(/^([01]\d|2[0-3]):[0-5]\d(:00)?$/, P.horaInvalida).transform((s) => s.slice(0, 5)).nullable());
const opcional = <T extends z.ZodType>(t: T) => z.preprocess(vacioANull, t.nullable()).default(null);

/** Promotions (issue #59 point 2, ADR 052). */
export const ZPromocionIdParams = z.object({ id: zId(P.noExiste) });

/** A promotion as the owner writes it: `tipo` says which fields it needs (checked below, field by field). */
export const ZPromocionRequest = z
  .object({
    nombre: z.string({ error: P.nombreInvalido }).trim().min(1, P.nombreInvalido).max(60, P.nombreInvalido).refine(sinBidi, BIDI_MENSAJE),
    tipo: z.enum(TIPOS_PROMOCION, { error: P.tipoInvalido }),
    lleve: opcional(zEntero(P.lleveInvalido, 2, 999)),
    pague: opcional(zEntero(P.pagueInvalido, 1, 998)),
    precio: opcional(zEntero(P.precioInvalido, 1, 100_000_000)),
    porcentaje: opcional(zEntero(P.porcentajeInvalido, 1, 90)),
    valor: opcional(zEntero(P.valorInvalido, 1, 100_000_000)),
    minimo: opcional(zEntero(P.minimoInvalido, 0, 1_000_000_000)),
    productoId: opcional(zId(P.productoNoExiste)),
    categoria: opcional(z.string().trim().max(60, P.productoOCategoria).refine(sinBidi, BIDI_MENSAJE)).transform((s) => s || null),
    productos: z
      .array(z.object({ productoId: zId(P.productoNoExiste), cantidad: zEntero(P.lleveInvalido, 1, 999).default(1) }), { error: P.comboInvalido })
      .max(20, P.comboInvalido)
      .default([]),
    bajoCosto: z.boolean({ error: P.tipoInvalido }).default(false),
    desde: zFecha.default(null),
    hasta: zFecha.default(null),
    dias: zEntero(P.diasInvalidos, 1, 127).default(127),
    horaDesde: zHora.default(null),
    horaHasta: zHora.default(null),
    activa: z.boolean({ error: P.tipoInvalido }).default(true),
  })
  .superRefine((p, ctx) => {
    const falta = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (p.tipo === 'nxm') {
      if (p.lleve == null) falta('lleve', P.lleveInvalido);
      if (p.pague == null || (p.lleve != null && p.pague >= p.lleve)) falta('pague', P.pagueInvalido);
    }
    if (p.tipo === 'nxprecio' && p.lleve == null) falta('lleve', P.lleveInvalido);
    if ((p.tipo === 'nxprecio' || p.tipo === 'combo') && p.precio == null) falta('precio', P.precioInvalido);
    if ((p.tipo === 'nxm' || p.tipo === 'nxprecio') && p.productoId == null) falta('productoId', P.productoRequerido);
    if (p.tipo === 'porcentaje' && p.porcentaje == null) falta('porcentaje', P.porcentajeInvalido);
    if (p.tipo === 'porcentaje' && p.productoId == null && !p.categoria) falta('productoId', P.productoOCategoria);
    if (p.tipo === 'combo' && new Set(p.productos.map((x) => x.productoId)).size !== p.productos.length) falta('productos', P.comboInvalido);
    if (p.tipo === 'combo' && p.productos.length < 2) falta('productos', P.comboInvalido);
    if (p.tipo === 'minimo' && p.minimo == null) falta('minimo', P.minimoInvalido);
    if (p.tipo === 'minimo' && p.porcentaje == null && p.valor == null) falta('valor', P.valorInvalido);
    if (p.desde && p.hasta && p.hasta < p.desde) falta('hasta', P.fechasInvertidas);
  });
export type TPromocionRequest = z.input<typeof ZPromocionRequest>;

/** A promotion as the API answers it (the owner's screen, the till and the device: the engine reads it as is). */
export const ZPromocion = z.object({
  id: z.number().int(),
  nombre: z.string(),
  tipo: z.enum(TIPOS_PROMOCION),
  lleve: z.number().int().nullable(),
  pague: z.number().int().nullable(),
  precio: z.number().int().nullable(),
  porcentaje: z.number().int().nullable(),
  valor: z.number().int().nullable(),
  minimo: z.number().int().nullable(),
  productoId: z.number().int().nullable(),
  producto: z.string().nullable(),
  categoria: z.string().nullable(),
  productos: z.array(z.object({ productoId: z.number().int(), producto: z.string(), cantidad: z.number().int() })),
  bajoCosto: z.boolean(),
  desde: z.string().nullable(),
  hasta: z.string().nullable(),
  dias: z.number().int(),
  horaDesde: z.string().nullable(),
  horaHasta: z.string().nullable(),
  activa: z.boolean(),
});
export type TPromocion = z.infer<typeof ZPromocion>;

export const ZPromocionMessage = z.object({ message: z.string(), promocion: ZPromocion });

/**
 * What the till needs to price a cart as the checkout will (ADR 052): the store's active promotions, and
 * of each product they may touch its cost (the engine's floor) and category — online and on the device.
 */
export const ZPromocionesCaja = z.object({
  promociones: z.array(ZPromocion),
  /** The store's time zone: a promotion's days and hours are read in it. */
  zona: z.string(),
  productos: z.array(z.object({ productoId: z.number().int(), costo: z.number(), categoria: z.string().nullable() })),
});
export type TPromocionesCaja = z.infer<typeof ZPromocionesCaja>;

/** A receipt's promotions: what each saved on the sale (the line *Ahorro*). */
export const ZAhorroRecibo = z.array(z.object({ nombre: z.string(), ahorro: z.number().int() }));
export type TAhorroRecibo = z.infer<typeof ZAhorroRecibo>;
