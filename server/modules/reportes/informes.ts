import type { TInforme } from '#shared/schemas/reportes';
import type { Generador } from './comun';
import { anulacionesYDescuentos } from './anulaciones-descuentos';
import { cartera } from './cartera';
import { cierreDiario } from './cierre-diario';
import { cierreMensual } from './cierre-mensual';
import { empleados } from './empleados';
import { impuestosPorTarifa } from './impuestos';
import { inventario } from './inventario';
import { kardex } from './kardex';
import { mapaCalor } from './mapa-calor';
import { mediosDePago } from './medios-pago';
import { productosOCategorias } from './por-producto';
import { ventasPorLista } from './por-lista';
import { ventasPorPromocion } from './por-promocion';
import { puntos } from './puntos';
import { resumenVentas } from './resumen-ventas';
import { sinVentas } from './sin-ventas';
import { turnos } from './turnos';

/**
 * Every report of the store, by its name in the URL (`/reportes/<informe>` and its `/exportar`, see
 * reportes.routes.ts): a new report is one file of this folder (its query, summary reader and
 * columns) and one entry here, plus its name in `INFORMES` (shared/schemas/reportes.ts) and its
 * titles in shared/messages — the type below refuses a name without its report.
 */
export const GENERADORES: Record<TInforme, Generador> = {
  ventas: resumenVentas,
  'medios-pago': mediosDePago,
  productos: (ctx, r, ant) => productosOCategorias(ctx, r, ant, false),
  categorias: (ctx, r, ant) => productosOCategorias(ctx, r, ant, true),
  'sin-ventas': sinVentas,
  empleados,
  turnos,
  'anulaciones-descuentos': anulacionesYDescuentos,
  cartera,
  inventario,
  kardex,
  'mapa-calor': mapaCalor,
  impuestos: impuestosPorTarifa,
  'cierre-diario': cierreDiario,
  'cierre-mensual': cierreMensual,
  promociones: ventasPorPromocion,
  puntos,
  'listas-precios': ventasPorLista,
};
