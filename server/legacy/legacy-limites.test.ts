/**
 * Issue #15 (HIGH): multipart bodies on the legacy prefix bypassed the 512 KiB body limit and were
 * parsed before the token was checked; four parallel 100 MB requests ended the process ("JavaScript
 * heap out of memory"). Each attack is replayed here: over loopback, with small counts.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { producto, tienda } from '../db/schema';
import { PASSWORD, crearTienda } from '../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { legacy as L } from '#shared/messages/legacy';
import { PREFIX, ctrl, expectRefusal, legacy, multipart, type Legacy } from './test-client';

let t: TestApp;
let Lg: Legacy;
let A: Awaited<ReturnType<typeof crearTienda>>;
let base: URL;

beforeAll(async () => {
  t = await createTestApp();
  Lg = legacy(t);
  A = await crearTienda(t, { nombreTienda: 'Tienda Límites' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
});
afterAll(() => t?.close());

const rows = async () => {
  const [p] = await t.database.db.select({ n: count() }).from(producto);
  const [s] = await t.database.db.select({ n: count() }).from(tienda);
  return { productos: p!.n, tiendas: s!.n };
};

const BOUNDARY = '----adaxlimites';
const part = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const end = `--${BOUNDARY}--\r\n`;
const mpHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/**
 * Sends raw request bytes over a socket and resolves with the status line as soon as it arrives
 * (the server may answer before the body is complete), or null after `ms`.
 */
function rawRequest(head: string, body: string, ms = 5_000): Promise<{ status: number | null; elapsed: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(Number(base.port), '127.0.0.1');
    let got = '';
    const done = (status: number | null) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ status, elapsed: Date.now() - started });
    };
    const timer = setTimeout(() => done(null), ms);
    socket.on('data', (d) => {
      got += d.toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(got);
      if (m) done(Number(m[1]));
    });
    socket.on('error', () => done(null));
    socket.write(head + body);
  });
}

/**
 * Streams a chunked multipart body of up to `maxBytes` in 64 KiB chunks, stopping as soon as the
 * server answers; resolves with the status and how many bytes were sent.
 */
function streamChunked(path: string, maxBytes: number, token?: string): Promise<{ status: number | null; sent: number }> {
  return new Promise((resolve) => {
    let sent = 0;
    let settled = false;
    const finish = (status: number | null) => {
      if (settled) return;
      settled = true;
      req.destroy();
      resolve({ status, sent });
    };
    const req = http.request(
      { host: '127.0.0.1', port: Number(base.port), path, method: 'POST', headers: { ...mpHeaders, 'transfer-encoding': 'chunked', ...(token ? { authorization: `Bearer ${token}` } : {}) } },
      (res) => {
        res.resume();
        finish(res.statusCode ?? null);
      },
    );
    req.on('error', () => finish(null));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const pump = () => {
      while (!settled && sent < maxBytes) {
        if (sent === 0) req.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="nombre"\r\n\r\n`);
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!settled) req.end();
    };
    pump();
    setTimeout(() => finish(null), 20_000);
  });
}

const stillServes = async () => {
  const res = await fetch(new URL('/api/ping', base));
  expect(res.status).toBe(200);
  const login = await fetch(new URL(`${PREFIX}/login/procesologin.php?tipo=tienda&email=${encodeURIComponent(A.email)}&contrasena=${PASSWORD}`, base));
  expect(((await login.json()) as { success: boolean }).success).toBe(true);
};

describe('API heredada: cuerpos multipart acotados', () => {
  it('(a) un campo de 1 MB responde 413 y no cambia nada', async () => {
    const before = await rows();
    const big = 'x'.repeat(1024 * 1024);
    for (const [area, fields, token] of [
      ['tienda', { registroTienda: 'true', nombreTienda: big, email: 'grande@prueba.co', contrasena: PASSWORD }, undefined],
      ['producto', { registrarProductoUnico: 'true', nombre: big, precio: 1000, cantidad: 1 }, A.token],
    ] as const) {
      const r = await Lg.formData(area, fields, token);
      expectRefusal(r, 413, M.generic.bodyTooLarge);
    }
    // Many fields each below the old per-field limit (1 MB) but 600 KiB in all: the total counts.
    const spread = multipart(Object.fromEntries([['registroTienda', 'true'], ...Array.from({ length: 6 }, (_, i) => [`c${i}`, 'y'.repeat(100 * 1024)])]));
    const r = await t.request({ method: 'POST', url: ctrl('tienda'), payload: spread.payload, headers: spread.headers });
    expectRefusal({ status: r.statusCode, headers: r.headers, body: r.json() }, 413, M.generic.bodyTooLarge);
    expect(await rows()).toEqual(before);
  });

  it('más de 100 campos o un archivo responden 413; un formulario normal sigue funcionando', async () => {
    const many = multipart(Object.fromEntries([['listarNombreID', 'true'], ...Array.from({ length: 101 }, (_, i) => [`k${i}`, '1'])]));
    const r = await t.request({ method: 'POST', url: ctrl('proveedor'), payload: many.payload, headers: many.headers, token: A.token });
    expect(r.statusCode).toBe(413);
    const file = `${part('listarNombreID', 'true')}--${BOUNDARY}\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhola\r\n${end}`;
    const f = await t.request({ method: 'POST', url: ctrl('proveedor'), payload: file, headers: mpHeaders, token: A.token });
    expect(f.statusCode).toBe(413);
    expect(f.json().mensaje).toBe(L.sinArchivos);
    const ok = await Lg.formData('proveedor', { listarNombreID: 'true' }, A.token);
    expect(ok.status).toBe(200);
    expect(Array.isArray(ok.body)).toBe(true);
  });

  it('(b) un Content-Length de 100 MB responde 413 enseguida, sin leer el cuerpo; el servidor sigue respondiendo', async () => {
    for (const path of [ctrl('tienda'), ctrl('producto'), '/api/sesion/login']) {
      const head = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${100 * 1024 * 1024}\r\n\r\n`;
      const r = await rawRequest(head, part('registroTienda', 'true'));
      expect(r.status, path).toBe(413);
      expect(r.elapsed, path).toBeLessThan(3_000);
    }
    await stillServes();
  });

  it('(b) cuatro cuerpos multipart grandes en paralelo (chunked, sin Content-Length) se cortan en 413; el servidor sigue vivo', { timeout: 60_000 }, async () => {
    const heapBefore = process.memoryUsage().heapUsed;
    const results = await Promise.all([
      streamChunked(ctrl('tienda'), 32 * 1024 * 1024),
      streamChunked(ctrl('usuarios'), 32 * 1024 * 1024),
      streamChunked(ctrl('producto'), 32 * 1024 * 1024, A.token),
      streamChunked(ctrl('cliente'), 32 * 1024 * 1024, A.token),
    ]);
    for (const r of results) {
      expect(r.status).toBe(413);
      // Refused near 512 KiB, not after the whole stream (socket buffers allow some slack).
      expect(r.sent).toBeLessThan(16 * 1024 * 1024);
    }
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 * 1024);
    await stillServes();
  });

  it('(b2) el cliente que sigue enviando y lee tarde recibe igual el 413 (cierre diferido, sin reset)', async () => {
    // The client queues 4 MiB of a declared 32 MiB body and reads the socket only later, as a busy
    // browser or test process would. Closing at once would reset the connection and drop the answer.
    const status = await new Promise<number | string>((resolve) => {
      const socket = net.connect(Number(base.port), '127.0.0.1');
      let got = '';
      socket.pause();
      socket.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
      socket.on('data', (d) => {
        got += d.toString('latin1');
        const m = /^HTTP\/1\.1 (\d{3})/.exec(got);
        if (m) { socket.destroy(); resolve(Number(m[1])); }
      });
      socket.write(`POST ${ctrl('tienda')} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nTransfer-Encoding: chunked\r\n\r\n`);
      const chunk = Buffer.alloc(256 * 1024, 'a');
      for (let i = 0; i < 16; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk.toString('latin1')}\r\n`);
      setTimeout(() => socket.resume(), 300);
    });
    expect(status).toBe(413);
    await stillServes();
  });

  it('(c) sin token, una llamada que lo exige responde 401 antes de leer un cuerpo grande pero permitido', async () => {
    const before = await rows();
    const body = part('registrarProductoUnico', 'true') + part('nombre', 'z'.repeat(400 * 1024)) + part('precio', '1000') + part('cantidad', '1') + end;
    // Whole body, by inject: 401 in the legacy shape.
    const whole = await t.request({ method: 'POST', url: ctrl('producto'), payload: body, headers: mpHeaders });
    expectRefusal({ status: whole.statusCode, headers: whole.headers, body: whole.json() }, 401, M.generic.unauthorized);
    const badToken = await t.request({ method: 'POST', url: ctrl('producto'), payload: body, headers: mpHeaders, token: 'x.y.z' });
    expect(badToken.statusCode).toBe(401);
    // Only the first KiB of the body ever sent: the answer comes anyway, so the body was never awaited.
    const head = `POST ${ctrl('producto')} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
    const partial = await rawRequest(head, body.slice(0, 1024));
    expect(partial.status).toBe(401);
    expect(await rows()).toEqual(before);
    await stillServes();
  });
});
