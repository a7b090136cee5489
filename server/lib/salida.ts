/**
 * The one way the server calls another server over HTTP (issue #49 point 3): DIAN's web service and
 * a store's technology provider go through here. A store owner types the provider's address, so an
 * address must never reach the machine's own network:
 *
 * - https only; http only for a destination on the operator's allowlist (SALIDA_PERMITIR, tests
 *   and development: the loopback fake DIAN);
 * - the host is resolved (every address) and each address must be public unicast: loopback,
 *   private, carrier-grade NAT, link-local, unspecified, multicast, broadcast, reserved, unique-local
 *   IPv6, IPv4-mapped/NAT64/6to4 forms of those… are refused (ipaddr.js's ranges; only `unicast`
 *   passes). Numeric shorthands (2130706433, 127.1, 0x7f.1) are normalised by the URL parser first;
 * - the connection goes to the address that was checked (a `lookup` that answers it), so a DNS
 *   answer that changes between the check and the connection (rebinding) is never used;
 * - redirects are never followed (a 3xx is an error), the answer is capped in size (streamed,
 *   aborted beyond the cap) and in time (one deadline for resolving, connecting and reading).
 *
 * Errors are `FallaSalida` with a kind; callers turn them into their own Spanish message.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

export type TipoFallaSalida = 'destino' | 'redireccion' | 'tamano' | 'tiempo' | 'red';

export class FallaSalida extends Error {
  constructor(
    readonly tipo: TipoFallaSalida,
    mensaje: string,
    readonly status?: number,
  ) {
    super(mensaje);
    this.name = 'FallaSalida';
  }
}

export const MAX_RESPUESTA_BYTES = 2 * 1024 * 1024;
export const TIEMPO_MAXIMO_MS = 60_000;
/** How long resolving a host may take at save time (the connection has its own deadline). */
const TIEMPO_DNS_MS = 5_000;

/** `host:port` of destinations that may be plain http and non-public (the operator's setting, or a test's fake). */
const permitidos = new Map<string, number>();

const puertoDe = (u: URL) => u.port || (u.protocol === 'http:' ? '80' : '443');
const claveDe = (u: URL) => `${u.hostname.toLowerCase()}:${puertoDe(u)}`;

/** The operator's allowlist (SALIDA_PERMITIR: `host:port` or URLs, comma-separated). */
export function configurarSalida(lista: string | undefined): void {
  for (const entrada of (lista ?? '').split(',').map((s) => s.trim()).filter(Boolean)) permitirDestino(entrada);
}

/**
 * Allows one destination (`host:port` or a URL) over http and at a non-public address — for a
 * test's or a journey's loopback fake. Returns the function that takes the permission back.
 */
export function permitirDestino(destino: string): () => void {
  const u = new URL(/^[a-z]+:\/\//i.test(destino) ? destino : `http://${destino}`);
  const clave = claveDe(u);
  permitidos.set(clave, (permitidos.get(clave) ?? 0) + 1);
  let hecho = false;
  return () => {
    if (hecho) return;
    hecho = true;
    const n = (permitidos.get(clave) ?? 1) - 1;
    if (n > 0) permitidos.set(clave, n);
    else permitidos.delete(clave);
  };
}

const permitido = (u: URL) => permitidos.has(claveDe(u));

/** Why an address may not be called (null: it is public unicast). */
export function direccionNoPublica(direccion: string): string | null {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(direccion.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return 'dirección ilegible';
  }
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const rango = ip.range();
  return rango === 'unicast' ? null : rango;
}

/** The URL as the connection will use it, or a `destino` failure (before any lookup). */
export function revisarUrl(url: string | URL): URL {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new FallaSalida('destino', 'URL ilegible');
  }
  const libre = permitido(u);
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && libre)) throw new FallaSalida('destino', `protocolo ${u.protocol} no permitido`);
  if (u.username || u.password) throw new FallaSalida('destino', 'URL con credenciales');
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (!host) throw new FallaSalida('destino', 'URL sin host');
  if (!libre) {
    const nombre = host.toLowerCase().replace(/\.$/, '');
    if (nombre === 'localhost' || nombre.endsWith('.localhost')) throw new FallaSalida('destino', 'localhost');
    if (net.isIP(host)) {
      const motivo = direccionNoPublica(host);
      if (motivo) throw new FallaSalida('destino', `dirección ${motivo}`);
    }
  }
  return u;
}

type Direccion = { address: string; family: number };

function conPlazo<T>(p: Promise<T>, senal: AbortSignal): Promise<T> {
  if (senal.aborted) return Promise.reject(new FallaSalida('tiempo', 'sin respuesta a tiempo'));
  return new Promise<T>((ok, mal) => {
    const abortar = () => mal(new FallaSalida('tiempo', 'sin respuesta a tiempo'));
    senal.addEventListener('abort', abortar, { once: true });
    p.then(
      (v) => (senal.removeEventListener('abort', abortar), ok(v)),
      (e: unknown) => (senal.removeEventListener('abort', abortar), mal(e)),
    );
  });
}

/** Every address of the URL's host, each checked (unless allowlisted). */
async function resolver(u: URL, senal: AbortSignal): Promise<Direccion[]> {
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const familia = net.isIP(host);
  let direcciones: Direccion[];
  if (familia) direcciones = [{ address: host, family: familia }];
  else {
    try {
      direcciones = await conPlazo(dns.promises.lookup(host, { all: true, verbatim: true }), senal);
    } catch (err) {
      if (err instanceof FallaSalida) throw err;
      throw new FallaSalida('red', `no se pudo resolver ${host}`);
    }
  }
  if (direcciones.length === 0) throw new FallaSalida('red', `no se pudo resolver ${host}`);
  if (!permitido(u)) {
    for (const d of direcciones) {
      const motivo = direccionNoPublica(d.address);
      if (motivo) throw new FallaSalida('destino', `dirección ${motivo}`);
    }
  }
  return direcciones;
}

/**
 * The checks a saved address must pass (the same as a connection's): a `destino` failure when it
 * is not https or not public; a `red` failure when its host does not resolve now.
 */
export async function comprobarDestino(url: string): Promise<void> {
  await resolver(revisarUrl(url), AbortSignal.timeout(TIEMPO_DNS_MS));
}

export interface PeticionSalida {
  url: string | URL;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** One deadline for resolving, connecting, sending and reading the whole answer. */
  tiempoMaximoMs?: number;
  maxBytes?: number;
}

export interface RespuestaSalida {
  status: number;
  headers: http.IncomingHttpHeaders;
  cuerpo: Buffer;
}

/** One request under the rules above. Never follows a redirect. */
export async function solicitar(p: PeticionSalida): Promise<RespuestaSalida> {
  const u = revisarUrl(p.url);
  const senal = AbortSignal.timeout(p.tiempoMaximoMs ?? TIEMPO_MAXIMO_MS);
  const maxBytes = p.maxBytes ?? MAX_RESPUESTA_BYTES;
  const direcciones = await resolver(u, senal);
  // The connection's lookup answers only the addresses checked above: no second DNS query.
  const lookup = (_host: string, opciones: { all?: boolean } | number | undefined, cb: (...a: unknown[]) => void) => {
    if (typeof opciones === 'object' && opciones?.all) cb(null, direcciones);
    else cb(null, direcciones[0]!.address, direcciones[0]!.family);
  };
  const cuerpo = p.body === undefined ? undefined : Buffer.isBuffer(p.body) ? p.body : Buffer.from(p.body, 'utf8');
  const modulo = u.protocol === 'https:' ? https : http;
  return new Promise<RespuestaSalida>((ok, mal) => {
    let terminado = false;
    const fallar = (e: FallaSalida) => {
      if (terminado) return;
      terminado = true;
      peticion.destroy();
      mal(e);
    };
    const porError = () => fallar(senal.aborted ? new FallaSalida('tiempo', 'sin respuesta a tiempo') : new FallaSalida('red', 'no se pudo conectar'));
    const peticion = modulo.request(
      u,
      {
        method: p.method,
        headers: { ...p.headers, ...(cuerpo ? { 'content-length': String(cuerpo.length) } : {}) },
        lookup: lookup as unknown as net.LookupFunction,
        signal: senal,
        // A fresh connection each time: no pooled socket outlives the check that opened it.
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) return fallar(new FallaSalida('redireccion', `redirección ${status} no seguida`, status));
        if (Number(res.headers['content-length'] ?? 0) > maxBytes) return fallar(new FallaSalida('tamano', 'respuesta demasiado grande', status));
        const trozos: Buffer[] = [];
        let total = 0;
        res.on('data', (t: Buffer) => {
          total += t.length;
          if (total > maxBytes) return fallar(new FallaSalida('tamano', 'respuesta demasiado grande', status));
          trozos.push(t);
        });
        res.on('error', porError);
        res.on('aborted', porError);
        res.on('end', () => {
          if (terminado) return;
          terminado = true;
          ok({ status, headers: res.headers, cuerpo: Buffer.concat(trozos) });
        });
      },
    );
    peticion.on('error', porError);
    peticion.end(cuerpo);
  });
}
