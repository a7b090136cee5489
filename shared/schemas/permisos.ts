import { z } from 'zod';
import { permisos } from '../messages/permisos';
import { LIMITES_DINERO } from '../money';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { permisos };

/**
 * What the store's owner (role 1) decides for role 2 and role 3 separately (issue #27 point 1). The
 * rule that reads them lives in server/modules/tienda/permisos.ts; the entity's domain module asks it.
 */
export const PERMISOS = ['precios', 'stock', 'productos', 'eliminarProductos', 'eliminarClientesProveedores', 'credito', 'anular', 'cajaSobreUmbral', 'reportes', 'venderSinStock', 'devolver', 'ventasDeOtros', 'listasPrecios', 'promociones'] as const;
export type TPermiso = (typeof PERMISOS)[number];
export type TPermisosRol = Record<TPermiso, boolean>;

/** The roles an owner decides for. */
export const ROLES_CON_PERMISOS = [2, 3] as const;

export const ZPermisosRol = z.object(Object.fromEntries(PERMISOS.map((p) => [p, z.boolean({ error: M.permisos.tabla })])) as Record<TPermiso, z.ZodBoolean>);

/** Above this many pesos a cash movement needs a supervisor's PIN, for a role without `cajaSobreUmbral`; null: no limit. */
export const zUmbralCaja = z
  .number({ error: M.permisos.umbralInvalido })
  .int(M.permisos.umbralInvalido)
  .min(0, M.permisos.umbralInvalido)
  .max(LIMITES_DINERO.maxMonto, M.permisos.umbralInvalido)
  .nullable();

/** The store's permissions: each role's set, and the cash threshold. */
export const ZPermisosTienda = z.object({
  roles: z.object({ 2: ZPermisosRol, 3: ZPermisosRol }),
  umbralCaja: zUmbralCaja,
});
export type TPermisosTienda = z.infer<typeof ZPermisosTienda>;
export const ZUpdatePermisosTienda = ZPermisosTienda.strict();

/** The session's own permissions: what its screens show (role 1: everything). */
export const ZMisPermisos = z.object({ permisos: ZPermisosRol, umbralCaja: zUmbralCaja });
export type TMisPermisos = z.infer<typeof ZMisPermisos>;

/**
 * What a change of a pack or of the unit adds to its price history entry (issue #51 point 4): the
 * pack's name and its factor before and after (null before: a new pack), or the units before and after.
 */
export const ZDetalleCambioPrecio = z.object({
  presentacion: z.string().optional(),
  factorAnterior: z.number().int().nullable().optional(),
  factorNuevo: z.number().int().optional(),
  unidadAnterior: z.string().optional(),
  unidadNueva: z.string().optional(),
});
export type TDetalleCambioPrecio = z.infer<typeof ZDetalleCambioPrecio>;

/** One change of a product's price or cost (issue #27 point 2), of a pack's price or factor, or of its unit (issue #51 point 4). */
export const ZCambioPrecio = z.object({
  id: z.number().int(),
  /** ISO 8601 instant. */
  fecha: z.string(),
  persona: z.string(),
  cara: z.enum(['tienda', 'crud', 'legacy']),
  campo: z.enum(['precio', 'costo', 'presentacion', 'unidad']),
  /** Null: the product's first price (its creation), or a new pack. */
  anterior: z.number().int().nullable(),
  nuevo: z.number().int().nullable(),
  detalle: ZDetalleCambioPrecio.nullable().optional(),
});
export type TCambioPrecio = z.infer<typeof ZCambioPrecio>;
export const ZHistorialPrecios = z.object({ items: z.array(ZCambioPrecio) });
export type THistorialPrecios = z.infer<typeof ZHistorialPrecios>;
