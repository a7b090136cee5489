import { z } from 'zod';
import { comun } from '../messages/comun';
import { reportes } from '../messages/reportes';
import { PERIODOS } from '../periodo';
import { rangoLimitado, rangoValido, zFechaFiltro } from './movimiento';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { comun, reportes };
const R = M.reportes;

/** The reports (issue #35), by the last part of their path: /api/reportes/<informe>, /reportes/<informe>. */
export const INFORMES = ['ventas', 'medios-pago', 'productos', 'categorias', 'sin-ventas', 'empleados', 'turnos', 'anulaciones-descuentos', 'cartera', 'inventario', 'kardex', 'mapa-calor', 'impuestos', 'cierre-diario', 'cierre-mensual', 'promociones', 'puntos', 'listas-precios'] as const;
export type TInforme = (typeof INFORMES)[number];

/**
 * The period a report opens with when the address names none: the monthly close opens on this month
 * (it opened on today: "Cierre mensual · Hoy"), every other report on today.
 */
export const periodoInicial = (informe: TInforme): (typeof PERIODOS)[number] => (informe === 'cierre-mensual' ? 'mes' : 'hoy');

const zId = z.coerce.number({ error: R.filtroInvalido }).int(R.filtroInvalido).min(1, R.filtroInvalido).max(2_147_483_647, R.filtroInvalido);

/** Every report's filters: the period (a preset, or `rango` with its days), the person (0: the store account), the shift. */
export const ZReporteQuery = z
  .object({
    periodo: z.enum(PERIODOS, { error: R.filtroInvalido }).optional().default('hoy'),
    desde: zFechaFiltro(R.fechaInvalida),
    hasta: zFechaFiltro(R.fechaInvalida),
    usuarioId: z.coerce.number({ error: R.filtroInvalido }).int(R.filtroInvalido).min(0, R.filtroInvalido).max(2_147_483_647, R.filtroInvalido).optional(),
    turnoId: zId.optional(),
    /** *Sin ventas en N días*. */
    dias: z.coerce.number({ error: R.filtroInvalido }).int(R.filtroInvalido).min(1, R.filtroInvalido).max(3650, R.filtroInvalido).optional().default(30),
    /** The kardex's product. */
    productoId: zId.optional(),
    /** The till (punto de venta) of the daily close (issue #35 point 4); 0: sales of no till. */
    puntoVentaId: z.coerce.number({ error: R.filtroInvalido }).int(R.filtroInvalido).min(0, R.filtroInvalido).max(2_147_483_647, R.filtroInvalido).optional(),
  })
  .refine(rangoValido, { path: ['hasta'], message: R.rangoInvalido })
  .refine(...rangoLimitado);
export type TReporteQuery = Partial<z.output<typeof ZReporteQuery>>;
export type TReporteFiltros = z.output<typeof ZReporteQuery>;

export const ZExportarQuery = ZReporteQuery.and(z.object({ formato: z.enum(['csv', 'xlsx'], { error: R.filtroInvalido }) }));

/** `centavos`: money to the centavo (bases and taxes, ADR 021), an integer of centavos. */
export const TIPOS_VALOR = ['texto', 'dinero', 'entero', 'fecha', 'fechaHora', 'porcentaje', 'centavos'] as const;
export type TTipoValor = (typeof TIPOS_VALOR)[number];

/**
 * `unidad`: for a quantity, the key of the row's value holding its DIAN unit ('94', 'KGM'…): the
 * screen writes "5,5 kg", the files add the unit beside the number (issue #52 point 3).
 */
export const ZColumna = z.object({ clave: z.string(), titulo: z.string(), tipo: z.enum(TIPOS_VALOR), unidad: z.string().optional() });
export type TColumna = z.infer<typeof ZColumna>;
export const ZValor = z.union([z.string(), z.number(), z.null()]);
export type TFila = Record<string, string | number | null>;

export const ZTabla = z.object({ titulo: z.string(), columnas: z.array(ZColumna), filas: z.array(z.record(z.string(), ZValor)), total: z.number().int() });
export type TTabla = z.infer<typeof ZTabla>;

/**
 * A figure; `detalle` says what qualifies it ("costo conocido en 62 % de las ventas" next to a margin, issue #52);
 * `unidad`, a quantity's DIAN unit ('KGM', 'MTR'…): the screen writes "2,5 m", "3 m²" (issue #58 point 3).
 */
export const ZIndicador = z.object({
  clave: z.string(),
  titulo: z.string(),
  tipo: z.enum(TIPOS_VALOR),
  valor: z.number(),
  anterior: z.number().nullable(),
  detalle: z.string().nullable().optional(),
  unidad: z.string().max(3).optional(),
});
export type TIndicador = z.infer<typeof ZIndicador>;

export const ZGrafico = z.object({
  tipo: z.enum(['barras', 'barrasH', 'linea', 'dona', 'calor']),
  titulo: z.string(),
  etiquetas: z.array(z.string()),
  series: z.array(z.object({ nombre: z.string(), datos: z.array(z.number()) })),
  /** A heat map's row names (its columns are `etiquetas`, one series per row). */
  tipoValor: z.enum(TIPOS_VALOR),
});
export type TGrafico = z.infer<typeof ZGrafico>;

export const ZRango = z.object({ desde: z.string(), hasta: z.string() });

export const ZReporte = z.object({
  informe: z.enum(INFORMES),
  titulo: z.string(),
  /** The store's days the figures cover, and those compared with (null when the report has no comparison). */
  periodo: ZRango,
  anterior: ZRango.nullable(),
  indicadores: z.array(ZIndicador),
  grafico: ZGrafico.nullable(),
  /** The first is the report's; others (the references of transfers, the authorisers of discounts) follow it. */
  tablas: z.array(ZTabla),
  nota: z.string().nullable(),
});
export type TReporte = z.infer<typeof ZReporte>;

/** The filters' choices: the store's people, its tills and its shifts of the period. */
export const ZReporteOpciones = z.object({
  personas: z.array(z.object({ id: z.number().int(), nombre: z.string() })),
  cajas: z.array(z.object({ id: z.number().int(), nombre: z.string() })),
  turnos: z.array(z.object({ id: z.number().int(), nombre: z.string() })),
});
export type TReporteOpciones = z.infer<typeof ZReporteOpciones>;

/** The owner's day at a glance (Inicio, roles 1 and 3): today against the same weekday last week. */
export const ZInicioResumen = z.object({
  hoy: z.string(),
  comparadoCon: z.string(),
  indicadores: z.array(ZIndicador),
  porHora: ZGrafico,
  porMedio: z.array(z.object({ medio: z.string(), monto: z.number(), anterior: z.number() })),
  /** `unidad`: DIAN's unit of the product ('94', 'KGM'…), so a weighed one reads "0,204 kg". */
  top: z.array(z.object({ producto: z.string(), cantidad: z.number(), neto: z.number(), unidad: z.string().max(3) })),
  porPedir: z.number().int(),
  turnosAbiertos: z.number().int(),
});
export type TInicioResumen = z.infer<typeof ZInicioResumen>;
