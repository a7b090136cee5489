import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../../env';
import { asegurarCertificados, escuchaEnTodas, nombresLocales, soloEsteComputador, type Certificados } from './certificados';

/** Where the shop's authority and the server's certificate live: $DATA_DIR/tls (0700, keys 0600). */
export const carpetaTls = (env: Pick<Env, 'DATA_DIR'>) => path.join(env.DATA_DIR, 'tls');

/** The authority's certificate (PEM) the phones install, when the server made one. */
export function autoridadDe(env: Pick<Env, 'DATA_DIR' | 'TLS_CERT'>): string | undefined {
  if (env.TLS_CERT) return undefined;
  const file = path.join(carpetaTls(env), 'ca.pem');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}

/**
 * HSTS (issue #49 point 7) on the HTTPS listener's answers only, never on plain HTTP (RFC 6797 §7.2):
 * 180 days, without `includeSubDomains` (the shop's certificate names this computer, not a domain
 * it owns) and without `preload` (a LAN name in the browsers' built-in list would be wrong and
 * cannot be taken back).
 *
 * A browser keeps HSTS per host name, whatever the port, so it is not sent:
 * - to `localhost`: the plain listener (`http://localhost:PORT`) is how this computer opens the app;
 *   a browser that took HSTS for localhost would send it to `https://localhost:PORT`, which is not
 *   TLS, and break it (and every other local app) for 180 days;
 * - to an IP address, which browsers ignore anyway (RFC 6797 §8.1): the phones' QR codes carry IPs.
 * It is sent when a phone reaches this computer by a name (its host name, or the one of TLS_CERT):
 * from then on that browser never opens the app under that name over plain HTTP.
 */
export const HSTS = 'max-age=15552000';

export function recuerdaHttps(host: string | undefined): boolean {
  if (!host || host.startsWith('[')) return false;
  const nombre = host.replace(/:\d+$/, '').replace(/\.$/, '').toLowerCase();
  if (!nombre || net.isIP(nombre)) return false;
  return nombre !== 'localhost' && !nombre.endsWith('.localhost');
}

export interface Https {
  url: string;
  certificados: Certificados;
  close(): Promise<void>;
}

/**
 * The second listener of issue #34 point 1: the same app over HTTPS on HTTPS_PORT, so a phone on the
 * shop's network gets a secure context (service worker, camera). The plain listener stays for the
 * computer itself (`http://localhost` is a secure context already) and for the first download of the
 * authority on a phone that does not trust it yet. Call after `app.listen` (Fastify's request handler
 * is then attached to its own server, and this one hands every request to it).
 */
export async function escucharHttps(app: FastifyInstance, env: Env): Promise<Https | undefined> {
  if (!env.HTTPS_PORT) return undefined;
  const nombres = nombresLocales();
  if (!escuchaEnTodas(env.HOST) && !soloEsteComputador(env.HOST) && !nombres.includes(env.HOST)) nombres.push(env.HOST);
  const certificados = asegurarCertificados({
    dir: carpetaTls(env),
    nombres,
    propio: env.TLS_CERT && env.TLS_KEY ? { cert: env.TLS_CERT, key: env.TLS_KEY } : undefined,
  });
  const [handler] = app.server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  if (!handler) throw new Error('escucharHttps: la aplicación aún no escucha');
  const server = https.createServer({ key: certificados.key, cert: certificados.cert }, (req, res) => {
    if (recuerdaHttps(req.headers.host)) res.setHeader('strict-transport-security', HSTS);
    handler(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.HTTPS_PORT, env.HOST, () => resolve());
  });
  const host = escuchaEnTodas(env.HOST) ? 'localhost' : env.HOST;
  return {
    url: `https://${host}:${(server.address() as { port: number }).port}`,
    certificados,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
