import { ZONA_HORARIA } from '#shared/schemas/movimiento';

/** The zones a corner shop most likely needs: Colombia first, then Latin America, then a few more. */
export const ZONAS_FRECUENTES: readonly { zona: string; nombre: string }[] = [
  { zona: ZONA_HORARIA, nombre: 'Bogotá (Colombia)' },
  { zona: 'America/Caracas', nombre: 'Caracas (Venezuela)' },
  { zona: 'America/Guayaquil', nombre: 'Quito y Guayaquil (Ecuador)' },
  { zona: 'America/Lima', nombre: 'Lima (Perú)' },
  { zona: 'America/Panama', nombre: 'Panamá' },
  { zona: 'America/Mexico_City', nombre: 'Ciudad de México (México)' },
  { zona: 'America/Cancun', nombre: 'Cancún (México)' },
  { zona: 'America/Tijuana', nombre: 'Tijuana (México)' },
  { zona: 'America/Guatemala', nombre: 'Guatemala' },
  { zona: 'America/El_Salvador', nombre: 'San Salvador (El Salvador)' },
  { zona: 'America/Tegucigalpa', nombre: 'Tegucigalpa (Honduras)' },
  { zona: 'America/Managua', nombre: 'Managua (Nicaragua)' },
  { zona: 'America/Costa_Rica', nombre: 'San José (Costa Rica)' },
  { zona: 'America/Havana', nombre: 'La Habana (Cuba)' },
  { zona: 'America/Santo_Domingo', nombre: 'Santo Domingo (República Dominicana)' },
  { zona: 'America/Puerto_Rico', nombre: 'San Juan (Puerto Rico)' },
  { zona: 'America/La_Paz', nombre: 'La Paz (Bolivia)' },
  { zona: 'America/Santiago', nombre: 'Santiago (Chile)' },
  { zona: 'America/Asuncion', nombre: 'Asunción (Paraguay)' },
  { zona: 'America/Argentina/Buenos_Aires', nombre: 'Buenos Aires (Argentina)' },
  { zona: 'America/Montevideo', nombre: 'Montevideo (Uruguay)' },
  { zona: 'America/Sao_Paulo', nombre: 'São Paulo (Brasil)' },
  { zona: 'America/New_York', nombre: 'Nueva York y Miami (EE. UU.)' },
  { zona: 'Europe/Madrid', nombre: 'Madrid (España)' },
];

/**
 * Every other zone this browser knows, by its IANA name (empty where the browser cannot list them),
 * plus the store's current one if it is in neither list.
 */
export function otrasZonas(actual: string): string[] {
  const frecuentes = new Set(ZONAS_FRECUENTES.map((z) => z.zona));
  let todas: string[];
  try {
    todas = Intl.supportedValuesOf('timeZone');
  } catch {
    todas = [];
  }
  const otras = todas.filter((z) => !frecuentes.has(z));
  if (!frecuentes.has(actual) && !otras.includes(actual)) otras.unshift(actual);
  return otras;
}
