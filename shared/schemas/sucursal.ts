import { z } from 'zod';
import { registro } from '../messages/auth';
import { ajustesTienda } from '../messages/tienda';
import { sucursales } from '../messages/sucursales';
import { ZONA_HORARIA } from '../zona-horaria';
import { ZSesion } from './auth';
import { sinBidi } from './common';
import { esZonaHoraria, TELEFONO_RECIBO_RE } from './tienda';

// Only these areas' texts: a screen that loads this schema does not load the whole catalogue.
const M = { ajustesTienda, registro, sucursales };
const A = M.ajustesTienda;

const texto = (max: number) =>
  z
    .string({ error: A.textoInvalido })
    .trim()
    .max(max, A.maximo(max))
    .refine(sinBidi, M.registro.bidi);
const opcional = (max: number) =>
  texto(max)
    .transform((v) => (v === '' ? null : v))
    .nullish()
    .transform((v) => v ?? null);

/** POST /api/sucursales (the empresa's owner): a new store of the empresa (issue #56 step 3). */
export const ZCrearSucursalRequest = z.object({
  nombreTienda: texto(120).min(1, M.sucursales.nombreRequerido),
  direccion: opcional(120),
  telefono: opcional(20)
    .transform((v) => (v == null ? null : v.replace(/[\s().-]/g, '')))
    .pipe(z.string().regex(TELEFONO_RECIBO_RE, A.telefonoInvalido).nullable()),
  zonaHoraria: z.string({ error: A.zonaInvalida }).trim().refine(esZonaHoraria, A.zonaInvalida).default(ZONA_HORARIA),
});
export type TCrearSucursalRequest = z.input<typeof ZCrearSucursalRequest>;

/** A store of the empresa as *Sucursales* lists it. */
export const ZSucursal = z.object({
  idTienda: z.number().int(),
  nombreTienda: z.string(),
  direccion: z.string().nullable(),
  telefono: z.string().nullable(),
  zonaHoraria: z.string(),
  codigoInvitacion: z.string(),
  /** Its products (for sale or not). */
  productos: z.number().int(),
  /** The store the session acts for. */
  actual: z.boolean(),
});
export type TSucursal = z.infer<typeof ZSucursal>;
export const ZSucursales = z.object({ items: z.array(ZSucursal) });

export const ZSucursalCreada = z.object({
  idTienda: z.number().int(),
  codigoInvitacion: z.string(),
  /** Products carried from the current store's catalogue, each with stock 0. */
  productos: z.number().int(),
  message: z.string(),
});
export type TSucursalCreada = z.infer<typeof ZSucursalCreada>;

/** GET /api/sesion/tiendas: the stores the session may switch to, with the person's role in each. */
export const ZTiendaDeSesion = z.object({ idTienda: z.number().int(), nombreTienda: z.string(), rol: z.number().int(), actual: z.boolean() });
export type TTiendaDeSesion = z.infer<typeof ZTiendaDeSesion>;
export const ZTiendasDeSesion = z.object({ items: z.array(ZTiendaDeSesion) });

/**
 * GET /api/sesion: the session as the browser keeps it (spec §3), plus the stores it may act for, so
 * the top bar's switcher, Inicio's *Todas mis tiendas* tile and *Copiar a otras tiendas* need no read
 * of their own at first load (issue #56); a one-store shop gets one item and sees no switcher.
 */
export const ZSesionActual = ZSesion.extend({ tiendas: z.array(ZTiendaDeSesion) });
export type TSesionActual = z.infer<typeof ZSesionActual>;

/** POST /api/sesion/tienda: act for another of one's stores (a new token). */
export const ZCambiarTiendaRequest = z.object({ idTienda: z.coerce.number().int().positive() });

/** PUT /api/sucursales/:id/personas/:idUsuario (the owner): a person's role in another store of the empresa. */
export const ZRolEnTiendaRequest = z.object({ rol: z.coerce.number().int().positive() });
export const ZPersonaEnTiendaParams = z.object({ id: z.coerce.number().int().positive(), idUsuario: z.coerce.number().int().positive() });
export const ZSucursalIdParam = z.object({ id: z.coerce.number().int().positive() });

/** GET /api/sucursales/personas (the owner): the people of the empresa's stores, with their role in each. */
export const ZPersonaDeEmpresa = z.object({
  idUsuario: z.number().int(),
  nombre: z.string(),
  /** Their home store (its role is changed in Usuarios). */
  tiendaPrincipal: z.number().int(),
  /** Their approved roles, one per store, the home store's included. */
  roles: z.array(z.object({ idTienda: z.number().int(), rol: z.number().int() })),
});
export type TPersonaDeEmpresa = z.infer<typeof ZPersonaDeEmpresa>;
export const ZPersonasDeEmpresa = z.object({ items: z.array(ZPersonaDeEmpresa) });

/**
 * POST /api/listas-precios/:id/copiar and /api/promociones/:id/copiar (the empresa's owner, issue #59
 * point 1): the other stores of the empresa that get a copy.
 */
export const ZCopiaATiendasRequest = z.object({
  tiendas: z
    .array(z.coerce.number({ error: M.sucursales.copia.tiendasRequeridas }).int(M.sucursales.copia.tiendasRequeridas).positive(M.sucursales.copia.tiendasRequeridas).max(2_147_483_647, M.sucursales.copia.noEsDeEmpresa), {
      error: M.sucursales.copia.tiendasRequeridas,
    })
    .min(1, M.sucursales.copia.tiendasRequeridas)
    .max(50, M.sucursales.copia.tiendasRequeridas),
});
export type TCopiaATiendasRequest = z.input<typeof ZCopiaATiendasRequest>;

/** What each store got: a new copy, its same-named one replaced, or nothing (a promotion's product has no pair there). */
export const ZCopiaEnTienda = z.object({
  idTienda: z.number().int(),
  nombreTienda: z.string(),
  resultado: z.enum(['creada', 'actualizada', 'omitida']),
  /** The copy's id in that store (null when omitted). */
  id: z.number().int().nullable(),
  /** Products the copy carries there. */
  productos: z.number().int(),
  /** The origin's products that store has no pair for (by barcode or name). */
  sinPar: z.array(z.string()),
});
export type TCopiaEnTienda = z.infer<typeof ZCopiaEnTienda>;
export const ZCopiaATiendas = z.object({ message: z.string(), tiendas: z.array(ZCopiaEnTienda) });
export type TCopiaATiendas = z.infer<typeof ZCopiaATiendas>;
