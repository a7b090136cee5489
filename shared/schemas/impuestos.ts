import { z } from 'zod';
import { impuestos } from '../messages/impuestos';
import { registro } from '../messages/auth';
import { digitoVerificacion, IMPUESTOS, RESPONSABILIDADES_RUT, UNIDADES_DIAN } from '../impuestos';
import { EMAIL_RE, sinBidi } from './common';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { impuestos, registro };
const I = M.impuestos;

const texto = (max: number, requerido: string) =>
  z
    .string({ error: requerido })
    .trim()
    .min(1, requerido)
    .max(max, I.maximo(max))
    .refine(sinBidi, M.registro.bidi);

export const ZImpuesto = z.enum(IMPUESTOS, { error: I.impuestoInvalido });
export const ZUnidadDian = z.enum(UNIDADES_DIAN, { error: I.unidadInvalida });

/** The store's fiscal profile (issue #30 point 1), as read and as written by role 1. */
export const ZPerfilFiscal = z.object({
  razonSocial: texto(120, I.razonSocialRequerida),
  tipoPersona: z.enum(['natural', 'juridica'], { error: I.tipoPersonaInvalido }),
  nit: z.string({ error: I.nitInvalido }).trim().regex(/^\d{1,15}$/, I.nitInvalido),
  dv: z.number({ error: I.nitInvalido }).int(I.nitInvalido).min(0, I.nitInvalido).max(9, I.nitInvalido),
  responsabilidades: z.array(z.enum(RESPONSABILIDADES_RUT, { error: I.responsabilidadInvalida }), { error: I.responsabilidadInvalida }).max(RESPONSABILIDADES_RUT.length, I.responsabilidadInvalida),
  responsableIva: z.boolean({ error: I.booleanoInvalido }),
  departamento: z.string({ error: I.departamentoRequerido }).trim().min(1, { error: I.departamentoRequerido, abort: true }).regex(/^\d{2}$/, I.departamentoInvalido),
  municipio: z.string({ error: I.municipioRequerido }).trim().min(1, { error: I.municipioRequerido, abort: true }).regex(/^\d{5}$/, I.municipioInvalido),
  direccion: texto(120, I.direccionRequerida),
  telefono: z
    .string({ error: I.telefonoInvalido })
    .trim()
    .transform((v) => v.replace(/[\s().-]/g, ''))
    .pipe(z.string().regex(/^$|^(?:\+57)?\d{7,10}$/, I.telefonoInvalido))
    .transform((v) => (v === '' ? null : v))
    .nullable(),
  correo: z.string({ error: I.correoInvalido }).trim().max(254, I.correoInvalido).regex(EMAIL_RE, I.correoInvalido).transform((v) => v.toLowerCase()),
  documentoInformativo: z.boolean({ error: I.booleanoInvalido }),
  valorIncBolsa: z.number({ error: I.valorBolsaInvalido }).int(I.valorBolsaInvalido).min(0, I.valorBolsaInvalido).max(100_000, I.valorBolsaInvalido),
});
export type TPerfilFiscal = z.output<typeof ZPerfilFiscal>;


/** PUT /api/tienda/perfil-fiscal: the whole profile; the DV must be the NIT's, the municipality in its department. */
export const ZUpdatePerfilFiscal = ZPerfilFiscal.strict().superRefine((v, ctx) => {
  const dv = digitoVerificacion(v.nit);
  if (dv !== null && dv !== v.dv) ctx.addIssue({ code: 'custom', path: ['dv'], message: I.dvInvalido(dv) });
  if (!v.municipio.startsWith(v.departamento)) ctx.addIssue({ code: 'custom', path: ['municipio'], message: I.municipioInvalido });
  if (new Set(v.responsabilidades).size !== v.responsabilidades.length) ctx.addIssue({ code: 'custom', path: ['responsabilidades'], message: I.responsabilidadInvalida });
});
export type TUpdatePerfilFiscal = z.input<typeof ZUpdatePerfilFiscal>;

/** The profile as answered (plain types: an answer is not re-validated). */
export const ZPerfilFiscalLeido = z.object({
  razonSocial: z.string(),
  tipoPersona: z.enum(['natural', 'juridica']),
  nit: z.string(),
  dv: z.number().int(),
  responsabilidades: z.array(z.enum(RESPONSABILIDADES_RUT)),
  responsableIva: z.boolean(),
  departamento: z.string(),
  municipio: z.string(),
  direccion: z.string(),
  telefono: z.string().nullable(),
  correo: z.string(),
  documentoInformativo: z.boolean(),
  valorIncBolsa: z.number().int(),
});

/** GET /api/tienda/perfil-fiscal: the profile (null: none yet) and how many products lack a tax. */
export const ZPerfilFiscalRespuesta = z.object({
  perfil: ZPerfilFiscalLeido.nullable(),
  sinClasificar: z.number().int(),
});
export type TPerfilFiscalRespuesta = z.infer<typeof ZPerfilFiscalRespuesta>;

/** GET /api/impuestos/clasificacion: categories with their tax and the products still without one. */
export const ZClasificacion = z.object({
  categorias: z.array(
    z.object({
      /** Null: products without a category. */
      categoria: z.string().nullable(),
      impuesto: ZImpuesto.nullable(),
      /** The empresa's stores had different taxes for it when it became the empresa's (ADR 063): the owner chooses again. */
      diferia: z.boolean(),
      productos: z.number().int(),
      sinImpuesto: z.number().int(),
    }),
  ),
  /** Products whose own tax and category's tax are both unset (at most 500, by category then name). */
  sinImpuesto: z.array(z.object({ idProducto: z.number().int(), nombre: z.string(), categoria: z.string().nullable(), unidadDian: ZUnidadDian })),
  totalSinImpuesto: z.number().int(),
  /** The stores of the empresa (1: a lone store); a category's tax is the empresa's, for all of them. */
  tiendas: z.number().int(),
  /** Whether who asks may change a category's tax (a lone store's administrator; the owner of several). */
  editaCatalogo: z.boolean(),
});
export type TClasificacion = z.infer<typeof ZClasificacion>;

/** PUT /api/impuestos/categorias: a category's default tax (the bulk assignment). */
export const ZAsignarCategoria = z
  .object({
    categoria: texto(80, I.categoriaRequerida),
    impuesto: ZImpuesto,
  })
  .strict();

/** PUT /api/impuestos/productos: some products' own tax (null: the category's) and, optionally, their DIAN unit. */
export const ZAsignarProductos = z
  .object({
    productoIds: z.array(z.number({ error: I.productosInvalidos }).int(I.productosInvalidos).positive(I.productosInvalidos).max(2_147_483_647, I.productosInvalidos), { error: I.productosInvalidos }).min(1, I.productosInvalidos).max(500, I.productosInvalidos),
    impuesto: ZImpuesto.nullable(),
    unidadDian: ZUnidadDian.optional(),
  })
  .strict();

export const ZAsignacionHecha = z.object({ actualizados: z.number().int(), sinClasificar: z.number().int() });

/** One rate of a tax report: base and tax in centavos. */
export const ZTotalTarifa = z.object({ impuesto: ZImpuesto, base: z.number().int(), valor: z.number().int(), lineas: z.number().int() });

/** GET /api/impuestos/informe?mes=aaaa-mm: base and tax per rate of the month's completed sales. */
export const ZInformeImpuestos = z.object({
  desde: z.string(),
  hasta: z.string(),
  tarifas: z.array(ZTotalTarifa),
  ventas: z.number().int(),
  /** Centavos: what the sales paid; Σ (base + tax) of every rate plus the untaxed lines equals it. */
  total: z.number().int(),
  /** Lines sold without a tax (before the store became responsible, or a product left unclassified). */
  sinImpuesto: z.object({ base: z.number().int(), lineas: z.number().int() }),
  /** The DIAN numbers the period's sales took per prefix: first, last and the inhabilitados (issue #30 point 7). */
  numeracion: z.array(
    z.object({ prefijo: z.string(), desde: z.number().int(), hasta: z.number().int(), inhabilitados: z.array(z.object({ numero: z.number().int(), motivo: z.string() })) }),
  ),
});
export type TInformeImpuestos = z.infer<typeof ZInformeImpuestos>;

export const ZMesQuery = z.object({ mes: z.string({ error: I.informe.mesInvalido }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, I.informe.mesInvalido) });

/** GET /api/impuestos/informe/archivo?mes=aaaa-mm&formato=csv|xlsx */
export const ZArchivoInformeQuery = ZMesQuery.extend({ formato: z.enum(['csv', 'xlsx'], { error: I.informe.formatoInvalido }).default('csv') });

/** GET /api/impuestos/ventas/:id: what a receipt adds for taxes — the seller's fiscal data and the sale's base and tax by rate. */
export const ZImpuestosVenta = z.object({
  fiscal: z.object({ razonSocial: z.string(), nit: z.string(), dv: z.number().int(), responsableIva: z.boolean(), documentoInformativo: z.boolean() }).nullable(),
  /** Only for a store responsible for IVA; centavos. */
  tarifas: z.array(ZTotalTarifa),
});
export type TImpuestosVenta = z.infer<typeof ZImpuestosVenta>;

export const ZVentaIdParam = z.object({ id: z.coerce.number({ error: I.ventaNoEncontrada }).int(I.ventaNoEncontrada).positive(I.ventaNoEncontrada).max(2_147_483_647, I.ventaNoEncontrada) });
