/**
 * The till's promotions (issue #59 point 2, ADR 052), online and offline: what `/promociones/caja` answers
 * (the active promotions, the store's zone, the products' costs and categories), kept on the device so
 * a sale made without the network is priced as the server will price it at the sync. The engine is
 * shared/promociones.ts, the same the checkout runs (web/lib/promociones-carrito.ts); the till loads it
 * only when the store has a promotion (issue #55 point 4: not on the till's first paint).
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ResultadoPromociones } from '#shared/promociones';
import type { TPromocionesCaja } from '#shared/schemas/promociones';
import { api } from './api-client';
import { claveEnFuente, fuenteSinRed, useEnLinea } from './fuente-venta';
import type { LineaCarrito } from './linea-carrito';

const CLAVE = 'promociones-caja';

/** The last promotions read online, for the device (null before the first). */
export function promocionesGuardadas(): TPromocionesCaja | null {
  try {
    const texto = localStorage.getItem(CLAVE);
    return texto ? (JSON.parse(texto) as TPromocionesCaja) : null;
  } catch {
    return null;
  }
}

/** Reads the store's promotions from the server and keeps them for offline sales (the till and the device's sync call it). */
export async function descargarPromociones(signal?: AbortSignal): Promise<TPromocionesCaja> {
  const datos = await api<TPromocionesCaja>('/promociones/caja', { signal });
  try {
    localStorage.setItem(CLAVE, JSON.stringify(datos));
  } catch {
    // A full storage keeps the previous copy: the server re-prices at the sync anyway.
  }
  return datos;
}

/** The promotions the till prices with: the server's online, the device's copy offline (none: no promotion shown). */
export const usePromocionesCaja = () =>
  useQuery({
    queryKey: claveEnFuente(['promociones-caja'] as const, useEnLinea()),
    queryFn: ({ signal }) => (fuenteSinRed() ? Promise.resolve(promocionesGuardadas()) : descargarPromociones(signal)),
    staleTime: 60_000,
  });

type Motor = typeof import('./promociones-carrito');
let motor: Motor | undefined;
let cargando: Promise<Motor> | undefined;
const cargarMotor = () =>
  (cargando ??= import('./promociones-carrito').then(
    (m) => (motor = m),
    (e: unknown) => {
      cargando = undefined;
      throw e;
    },
  ));

/**
 * The till's cart's promotions (`promocionesDelCarrito` with the store's promotions): the engine is
 * asked for as soon as the store's promotions say there is one, and prices the cart from then on;
 * a store without promotions never loads it.
 */
export function usePromocionesDelCarrito(lineas: readonly LineaCarrito[]): ResultadoPromociones | null {
  const caja = usePromocionesCaja().data;
  const hay = !!caja && caja.promociones.length > 0;
  const [, setCargado] = useState(0);
  useEffect(() => {
    if (!hay || motor) return;
    let vigente = true;
    cargarMotor().then(
      () => vigente && setCargado((n) => n + 1),
      () => undefined,
    );
    return () => {
      vigente = false;
    };
  }, [hay]);
  return hay && motor ? motor.promocionesDelCarrito(lineas, caja) : null;
}
