import net from 'node:net';
import type { TRedLocal } from '#shared/schemas/red-local';
import type { Env } from '../../env';
import { qrcode } from '../../lib/perezoso';
import { escuchaEnTodas, nombresLocales, soloEsteComputador } from './certificados';
import { autoridadDe } from './https';
import { huellaDePem } from './huella';

/** The route that serves the authority's certificate (DER) to a phone, over plain HTTP. */
export const RUTA_AUTORIDAD = '/api/red-local/autoridad.crt';

const qr = async (texto: string) =>
  `data:image/svg+xml;base64,${Buffer.from(await qrcode().toString(texto, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })).toString('base64')}`;

const conPuerto = (ip: string, puerto: number, https: boolean) => `${https ? 'https' : 'http'}://${net.isIPv6(ip) ? `[${ip}]` : ip}:${puerto}`;

/**
 * What the page *Teléfonos de la tienda* needs: for each address of this computer on the shop's
 * network, the app over HTTPS and the authority over HTTP, each with its QR code.
 */
export async function redLocal(env: Env): Promise<TRedLocal> {
  const alcanzable = !soloEsteComputador(env.HOST);
  const autoridad = autoridadDe(env);
  const base: TRedLocal = { activo: Boolean(env.HTTPS_PORT), alcanzable, certificadoPropio: Boolean(env.TLS_CERT), direcciones: [], huella: autoridad ? huellaDePem(autoridad) : null };
  if (!env.HTTPS_PORT || !alcanzable) return base;
  // IPv4 when there is one (what the shop's router hands its phones); IPv6 only on a network without it.
  const todas = nombresLocales().filter((n) => net.isIP(n) && n !== '127.0.0.1' && n !== '::1');
  const ips = todas.some((n) => net.isIPv4(n)) ? todas.filter((n) => net.isIPv4(n)) : todas;
  const direcciones = escuchaEnTodas(env.HOST) ? ips : [env.HOST];
  base.direcciones = await Promise.all(
    direcciones.map(async (ip) => {
      const app = `${conPuerto(ip, env.HTTPS_PORT!, true)}/ventas`;
      const ca = autoridad ? `${conPuerto(ip, env.PORT, false)}${RUTA_AUTORIDAD}` : null;
      return { direccion: ip, app: { url: app, qr: await qr(app) }, autoridad: ca ? { url: ca, qr: await qr(ca) } : null };
    }),
  );
  return base;
}
