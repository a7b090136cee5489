import { useSyncExternalStore } from 'react';
import type { TSesion } from '#shared/schemas/auth';
import { CLAVE_LECTURA, huellaDelToken } from '../config/lecturas-anticipadas';

/**
 * The session lives in localStorage under the spec's keys (spec §3 "Session"):
 * token, id_Tienda, documento, usuario, tienda, codigo_invitacion, rol, id_Venta, prodCarrito.
 */
export const STORAGE_KEYS = {
  token: 'token',
  tipo: 'tipo',
  idTienda: 'id_Tienda',
  documento: 'documento',
  usuario: 'usuario',
  tienda: 'tienda',
  codigoInvitacion: 'codigo_invitacion',
  rol: 'rol',
  idVenta: 'id_Venta',
  carrito: 'prodCarrito',
  /** The key of the sale being paid, with the cart it was made for (ADR 011). */
  claveVenta: 'claveVenta',
  /** Carts put aside on this device (ventas en espera). */
  ventasEnEspera: 'ventasEnEspera',
} as const;

export interface StoredSession extends TSesion {
  token: string;
}

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function read(): StoredSession | null {
  const ls = window.localStorage;
  const token = ls.getItem(STORAGE_KEYS.token);
  const rol = Number(ls.getItem(STORAGE_KEYS.rol));
  if (!token || !Number.isInteger(rol) || rol <= 0) return null;
  const idTienda = ls.getItem(STORAGE_KEYS.idTienda);
  return {
    token,
    tipo: ls.getItem(STORAGE_KEYS.tipo) === 'tienda' ? 'tienda' : 'empleado',
    documento: ls.getItem(STORAGE_KEYS.documento) || null,
    usuario: ls.getItem(STORAGE_KEYS.usuario) ?? '',
    tienda: ls.getItem(STORAGE_KEYS.tienda) || null,
    id_Tienda: idTienda ? Number(idTienda) : null,
    rol,
    codigo_invitacion: ls.getItem(STORAGE_KEYS.codigoInvitacion) || null,
  };
}

let cache: { raw: string; value: StoredSession | null } | null = null;

export function getSession(): StoredSession | null {
  const value = read();
  const raw = JSON.stringify(value);
  if (!cache || cache.raw !== raw) cache = { raw, value };
  return cache.value;
}

/**
 * Whose the device's session is, for the in-memory caches and the device's copies (issue #28, a
 * shared phone or PC): the account its token names (`t:<store>` or `u:<user>`), or '' signed out.
 * The query client hashes every query key with it (web/app/providers.tsx), so an answer read for one
 * account can never be the answer of another's; the same person signing in again keeps their cart.
 */
export function identidadDeSesion(): string {
  const token = window.localStorage.getItem(STORAGE_KEYS.token);
  return token ? cuentaDelToken(token) : '';
}

let ultima: { token: string; cuenta: string } | null = null;

/** The `sub` of a JWT's claims, or (a token that is not one) the token's fingerprint. */
export function cuentaDelToken(token: string): string {
  if (ultima?.token === token) return ultima.cuenta;
  let cuenta = `huella:${huellaDelToken(token)}`;
  try {
    const b64 = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(window.atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4))) as { sub?: unknown; tiendaActual?: unknown };
    if (typeof claims.sub === 'string' && claims.sub) cuenta = claims.sub;
    // Acting for another of the account's stores (issue #56): its caches and device copies are that store's.
    if (typeof claims.tiendaActual === 'number') cuenta = `${cuenta}@${claims.tiendaActual}`;
  } catch {
    // Not a JWT: its fingerprint stands for it.
  }
  ultima = { token, cuenta };
  return cuenta;
}

/** What empties the in-memory caches (the query client); run before a new session renders. */
const alCambiar = new Set<() => void>();

/** Registers what empties an in-memory cache when the session ends or changes hands. */
export function alCambiarDeSesion(vaciar: () => void): () => void {
  alCambiar.add(vaciar);
  return () => void alCambiar.delete(vaciar);
}

/** The device's values of one person: their cart, sales put aside, the copies of early reads. */
function borrarDatosDelDispositivo() {
  const ls = window.localStorage;
  for (const k of Object.values(STORAGE_KEYS)) ls.removeItem(k);
  for (const k of Object.keys(ls)) if (k.startsWith(CLAVE_LECTURA)) ls.removeItem(k);
  window.__lecturas = undefined;
}

export function saveSession(token: string, sesion: TSesion): void {
  const ls = window.localStorage;
  const antes = identidadDeSesion();
  // Someone else signs in on this device (issue #28): nothing of the last session's stays, in memory
  // or on the device, before the new one renders.
  if (antes !== cuentaDelToken(token)) {
    borrarDatosDelDispositivo();
    alCambiar.forEach((vaciar) => vaciar());
  }
  const set = (k: string, v: string | number | null) => (v == null || v === '' ? ls.removeItem(k) : ls.setItem(k, String(v)));
  set(STORAGE_KEYS.token, token);
  set(STORAGE_KEYS.tipo, sesion.tipo);
  set(STORAGE_KEYS.idTienda, sesion.id_Tienda);
  set(STORAGE_KEYS.documento, sesion.documento);
  set(STORAGE_KEYS.usuario, sesion.usuario);
  set(STORAGE_KEYS.tienda, sesion.tienda);
  set(STORAGE_KEYS.codigoInvitacion, sesion.codigo_invitacion);
  set(STORAGE_KEYS.rol, sesion.rol);
  emit();
}

/**
 * Signing out empties every session value, the cart included, the copies of the till's first reads
 * and every in-memory cache (issue #28), before anything renders again.
 */
export function clearSession(): void {
  borrarDatosDelDispositivo();
  alCambiar.forEach((vaciar) => vaciar());
  emit();
}

export function getToken(): string | null {
  return window.localStorage.getItem(STORAGE_KEYS.token);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || Object.values(STORAGE_KEYS).includes(e.key as never)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}
