import { BannerSinRed } from './banner-sin-red';
import { useSincronizacion } from './use-sin-red';

/**
 * Everything of selling without the network that the shell runs on every screen (issue #34): the
 * device's copy kept fresh, its outbox sent, and the band that says so. Its own chunk (Dexie, the
 * offline sale and its schemas): web/app loads it after the first paint, or before the till when
 * the browser is offline (issue #55 point 4). Importing it registers the device's source for the till.
 */
export default function SinRedDiferido({ activa, cuenta }: { activa: boolean; cuenta: string }) {
  useSincronizacion(activa, cuenta);
  return activa ? <BannerSinRed cuenta={cuenta} /> : null;
}
