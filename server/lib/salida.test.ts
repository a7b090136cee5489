import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { comprobarDestino, FallaSalida, permitirDestino, solicitar, type TipoFallaSalida } from './salida';

/**
 * The one outbound client (issue #49 point 3). Every server here listens on loopback; `externo`
 * stands for a provider on the Internet (its port is allowlisted, as a test's fake is), `interno`
 * for a service of the machine's own network that must never be reached.
 */
let externo: http.Server;
let interno: http.Server;
let origenExterno = '';
let puertoInterno = 0;
let revocar: () => void;
const conexionesInternas = { n: 0 };
const peticionesExternas: string[] = [];
const abiertos = new Set<http.ServerResponse>();

async function escuchar(s: http.Server): Promise<number> {
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  return (s.address() as AddressInfo).port;
}

beforeAll(async () => {
  interno = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"secreto":"INTERNO-42"}'));
  interno.on('connection', () => conexionesInternas.n++);
  puertoInterno = await escuchar(interno);
  externo = http.createServer((req, res) => {
    peticionesExternas.push(`${req.method} ${req.url}`);
    const u = new URL(req.url ?? '/', 'http://x');
    if (u.pathname === '/307') return res.writeHead(307, { location: `http://127.0.0.1:${puertoInterno}/interno` }).end();
    if (u.pathname === '/302') return res.writeHead(302, { location: `http://127.0.0.1:${puertoInterno}/interno` }).end();
    if (u.pathname === '/grande') {
      // Streamed without a length: the cap must count what arrives.
      res.writeHead(200, { 'content-type': 'text/plain' });
      const trozo = Buffer.alloc(64 * 1024, 'a');
      let enviados = 0;
      const seguir = () => {
        while (enviados < 3 * 1024 * 1024) {
          enviados += trozo.length;
          if (!res.write(trozo)) return void res.once('drain', seguir);
        }
        res.end();
      };
      res.on('close', () => (enviados = Infinity));
      return seguir();
    }
    if (u.pathname === '/declarado') return res.writeHead(200, { 'content-length': String(5 * 1024 * 1024) }).end();
    if (u.pathname === '/nunca') return void abiertos.add(res);
    let cuerpo = '';
    req.on('data', (t: Buffer) => (cuerpo += t.toString('utf8')));
    req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain' }).end(`eco:${cuerpo}`));
  });
  origenExterno = `http://127.0.0.1:${await escuchar(externo)}`;
  revocar = permitirDestino(origenExterno);
});

afterAll(async () => {
  revocar();
  for (const r of abiertos) r.destroy();
  externo.closeAllConnections();
  interno.closeAllConnections();
  await Promise.all([new Promise((ok) => externo.close(ok)), new Promise((ok) => interno.close(ok))]);
});

afterEach(() => vi.restoreAllMocks());

async function fallo(p: Promise<unknown>): Promise<FallaSalida> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e, 'debía fallar').toBeInstanceOf(FallaSalida);
  return e as FallaSalida;
}

const tipo = async (p: Promise<unknown>): Promise<TipoFallaSalida> => (await fallo(p)).tipo;

/** Every form of an internal address the issue named, and the ranges around them. */
const internas = (puerto: number) => [
  `https://127.0.0.1:${puerto}/`,
  `https://[::1]:${puerto}/`,
  `https://2130706433:${puerto}/`,
  `https://127.1:${puerto}/`,
  `https://0x7f.1:${puerto}/`,
  `https://0177.0.0.1:${puerto}/`,
  `https://169.254.169.254/latest/meta-data/`,
  'https://10.0.0.1/',
  'https://172.16.5.4/',
  'https://192.168.1.1/',
  'https://100.64.0.1/',
  'https://0.0.0.0/',
  'https://0/',
  'https://224.0.0.1/',
  'https://255.255.255.255/',
  'https://[::]/',
  'https://[fc00::1]/',
  'https://[fd12:3456::1]/',
  'https://[fe80::1]/',
  `https://[::ffff:127.0.0.1]:${puerto}/`,
  'https://[::ffff:169.254.169.254]/',
  'https://[::ffff:10.0.0.1]/',
  `https://localhost:${puerto}/`,
  `https://LOCALHOST.:${puerto}/`,
  'https://api.localhost/',
];

describe('solicitar: solo https a direcciones públicas', () => {
  it('rechaza cada forma de una dirección interna, al guardar y al conectar, sin abrir conexión', async () => {
    for (const url of internas(puertoInterno)) {
      expect(await tipo(comprobarDestino(url)), url).toBe('destino');
      expect(await tipo(solicitar({ url, method: 'POST', body: '{}' })), url).toBe('destino');
    }
    // http, even to the internal port itself, and credentials in the address.
    for (const url of [`http://127.0.0.1:${puertoInterno}/`, 'http://example.com/', 'ftp://example.com/', 'https://usuario:clave@example.com/', 'no es una url']) {
      expect(await tipo(comprobarDestino(url)), url).toBe('destino');
      expect(await tipo(solicitar({ url, method: 'GET' })), url).toBe('destino');
    }
    expect(conexionesInternas.n).toBe(0);
  });

  it('un nombre que resuelve (aunque sea en parte) a una dirección interna se rechaza', async () => {
    const lookup = vi.spyOn(dns.promises, 'lookup');
    for (const direcciones of [
      [{ address: '127.0.0.1', family: 4 }],
      [{ address: '93.184.216.34', family: 4 }, { address: '10.1.2.3', family: 4 }],
      [{ address: '::ffff:a9fe:a9fe', family: 6 }],
      [{ address: 'fe80::1', family: 6 }],
    ]) {
      lookup.mockResolvedValueOnce(direcciones as never);
      expect(await tipo(solicitar({ url: `https://proveedor.example:${puertoInterno}/`, method: 'GET' })), JSON.stringify(direcciones)).toBe('destino');
    }
    expect(conexionesInternas.n).toBe(0);
  });

  it('conecta a la dirección revisada: el nombre se resuelve una vez y no otra al conectar (rebinding)', async () => {
    const puerto = new URL(origenExterno).port;
    const quitar = permitirDestino(`proveedor.example:${puerto}`);
    try {
      // The first answer is the one checked; a second lookup (the connection's own) would get another address.
      const lookup = vi
        .spyOn(dns.promises, 'lookup')
        .mockResolvedValueOnce([{ address: '127.0.0.1', family: 4 }] as never)
        .mockResolvedValue([{ address: '10.255.255.1', family: 4 }] as never);
      const r = await solicitar({ url: `http://proveedor.example:${puerto}/eco`, method: 'POST', body: 'hola', tiempoMaximoMs: 5_000 });
      expect(r.status).toBe(200);
      expect(r.cuerpo.toString()).toBe('eco:hola');
      expect(lookup).toHaveBeenCalledTimes(1);
    } finally {
      quitar();
    }
  });

  it('307 y 302 no se siguen: error de redirección, el servicio interno nunca recibe nada', async () => {
    for (const ruta of ['/307', '/302']) {
      const e = await fallo(solicitar({ url: `${origenExterno}${ruta}`, method: 'POST', body: '{"a":1}' }));
      expect(e.tipo).toBe('redireccion');
      expect(e.status).toBe(Number(ruta.slice(1)));
      expect(e.message).not.toContain('INTERNO');
    }
    expect(peticionesExternas).toEqual(expect.arrayContaining(['POST /307', 'POST /302']));
    expect(conexionesInternas.n).toBe(0);
  });

  it('una respuesta más grande que el límite se corta (declarada o no)', async () => {
    expect(await tipo(solicitar({ url: `${origenExterno}/grande`, method: 'GET' }))).toBe('tamano');
    expect(await tipo(solicitar({ url: `${origenExterno}/declarado`, method: 'GET' }))).toBe('tamano');
    expect(await tipo(solicitar({ url: `${origenExterno}/eco`, method: 'POST', body: 'x'.repeat(100), maxBytes: 50 }))).toBe('tamano');
    // Within the cap it arrives whole.
    expect((await solicitar({ url: `${origenExterno}/eco`, method: 'POST', body: 'x'.repeat(100), maxBytes: 200 })).cuerpo.toString()).toBe(`eco:${'x'.repeat(100)}`);
  });

  it('un servidor que nunca responde: error de tiempo', async () => {
    expect(await tipo(solicitar({ url: `${origenExterno}/nunca`, method: 'GET', tiempoMaximoMs: 300 }))).toBe('tiempo');
  });

  it('el permiso de un destino de prueba es solo ese host y puerto, y se retira', async () => {
    const puerto = Number(new URL(origenExterno).port);
    expect(await tipo(solicitar({ url: `http://127.0.0.1:${puerto + 1 === puertoInterno ? puerto + 2 : puerto + 1}/`, method: 'GET' }))).toBe('destino');
    expect(await tipo(solicitar({ url: `http://localhost:${puerto}/eco`, method: 'GET' }))).toBe('destino');
    const quitar = permitirDestino(`127.0.0.1:${puertoInterno}`);
    quitar();
    expect(await tipo(solicitar({ url: `http://127.0.0.1:${puertoInterno}/`, method: 'GET' }))).toBe('destino');
    expect(conexionesInternas.n).toBe(0);
  });
});
