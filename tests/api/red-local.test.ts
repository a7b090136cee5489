import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { DEMO, seedDemo } from '../../server/db/demo';
import { asegurarCertificados } from '../../server/modules/red-local/certificados';
import { carpetaTls } from '../../server/modules/red-local/https';
import { login } from '../helpers/factories';
import { freePort, startServer, type ServerProcess } from '../helpers/server-process';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** Issue #34 point 1: HTTPS on the shop's network, with the shop's own authority. */
const procesos: ServerProcess[] = [];
const apps: TestApp[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(procesos.map((p) => p.stop()));
  await Promise.all(apps.map((a) => a.close()));
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

/** `host`: the name the request says it asked for (a phone that reached this computer by name). */
const getHttps = (url: string, ca: string, host?: string) =>
  new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    https
      // The certificate names the addresses and names of this computer, not the test's made-up one.
      .get(url, { ca, ...(host ? { headers: { host }, servername: 'localhost', checkServerIdentity: () => undefined } : {}) }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      })
      .on('error', reject);
  });

describe('la conexión segura para los teléfonos de la tienda', { timeout: 300_000 }, () => {
  it('con HTTPS_PORT el servidor responde por HTTPS con un certificado de su propia autoridad, y entrega la autoridad por HTTP', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adax-https-'));
    dirs.push(dataDir);
    const puerto = await freePort();
    const p = await startServer({ DATA_DIR: dataDir, HTTPS_PORT: String(puerto) });
    procesos.push(p);
    const ca = fs.readFileSync(path.join(dataDir, 'tls', 'ca.pem'), 'utf8');
    expect(fs.statSync(path.join(dataDir, 'tls', 'ca-clave.pem')).mode & 0o777).toBe(0o600);

    // A client that trusts only the shop's authority: the same app, over TLS.
    const health = await getHttps(`https://127.0.0.1:${puerto}/api/health`, ca);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: 'ok' });
    // Without the authority the handshake is refused: the certificate is not a public one.
    await expect(getHttps(`https://127.0.0.1:${puerto}/api/health`, '')).rejects.toThrow();

    // The phone's first step: the authority over plain HTTP, as a CA certificate.
    const res = await fetch(`${p.url}/api/red-local/autoridad.crt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-x509-ca-cert');
    const der = Buffer.from(await res.arrayBuffer());
    expect(new X509Certificate(der).fingerprint256).toBe(new X509Certificate(ca).fingerprint256);
    expect(p.output()).toContain(M.redLocal.listoHttps(`https://localhost:${puerto}`).slice(0, 40));

    // HSTS (issue #49 point 7): on HTTPS by name, 180 days, no subdomains, no preload; never on plain
    // HTTP, nor for localhost (whose plain listener it would break) or an IP (browsers ignore it).
    const porNombre = await getHttps(`https://127.0.0.1:${puerto}/api/health`, ca, `caja-tienda:${puerto}`);
    expect(porNombre.status).toBe(200);
    expect(porNombre.headers['strict-transport-security']).toBe('max-age=15552000');
    const pagina = await getHttps(`https://127.0.0.1:${puerto}/`, ca, 'caja-tienda.local');
    expect(pagina.headers['strict-transport-security']).toBe('max-age=15552000');
    expect(health.headers['strict-transport-security']).toBeUndefined();
    expect((await getHttps(`https://127.0.0.1:${puerto}/api/health`, ca, `localhost:${puerto}`)).headers['strict-transport-security']).toBeUndefined();
    expect(res.headers.get('strict-transport-security')).toBeNull();
    const plano = await new Promise<http.IncomingMessage>((resolve, reject) => http.get(`${p.url}/api/health`, { headers: { host: 'caja-tienda' } }, resolve).on('error', reject));
    plano.resume();
    expect(plano.statusCode).toBe(200);
    expect(plano.headers['strict-transport-security']).toBeUndefined();

    // The key never leaves the data folder: no route serves it.
    const texto = der.toString('latin1');
    expect(texto).not.toContain('PRIVATE KEY');
    expect(await p.stop()).toBe(0);
  });

  it('la página de los teléfonos: direcciones con sus códigos QR para el administrador; apagada, dice cómo encenderla', async () => {
    const t = await createTestApp({ HOST: '0.0.0.0', HTTPS_PORT: '3443', PORT: '3000' });
    apps.push(t);
    await seedDemo(t.database.db);
    asegurarCertificados({ dir: carpetaTls(t.app.env), nombres: ['localhost', '127.0.0.1'] });
    const token = await login(t, 'tienda', DEMO.tienda.email, DEMO.tienda.contrasena);
    const res = await t.request({ method: 'GET', url: '/api/red-local', token });
    expect(res.statusCode).toBe(200);
    const info = res.json();
    expect(info).toMatchObject({ activo: true, alcanzable: true, certificadoPropio: false });
    expect(info.huella).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    for (const d of info.direcciones) {
      expect(d.app.url).toBe(`https://${d.direccion.includes(':') ? `[${d.direccion}]` : d.direccion}:3443/ventas`);
      expect(d.autoridad.url).toMatch(/^http:\/\/.+:3000\/api\/red-local\/autoridad\.crt$/);
      expect(Buffer.from(d.app.qr.split(',')[1], 'base64').toString()).toContain('<svg');
    }
    const empleado = await login(t, 'empleado', DEMO.empleado.email, DEMO.empleado.contrasena);
    const r2 = await t.request({ method: 'GET', url: '/api/red-local', token: empleado });
    expect(r2.statusCode).toBe(403);
    expect(r2.json().error.message).toBe(M.redLocal.soloAdministrador);

    const apagada = await createTestApp({});
    apps.push(apagada);
    await seedDemo(apagada.database.db);
    const t2 = await login(apagada, 'tienda', DEMO.tienda.email, DEMO.tienda.contrasena);
    const off = (await apagada.request({ method: 'GET', url: '/api/red-local', token: t2 })).json();
    expect(off).toMatchObject({ activo: false, direcciones: [], huella: null });
    expect((await apagada.request({ method: 'GET', url: '/api/red-local/autoridad.crt' })).statusCode).toBe(404);
  });

  it('TLS_CERT sin TLS_KEY no arranca, con un mensaje en español', async () => {
    const { loadEnv } = await import('../../server/env');
    expect(() => loadEnv({ TLS_CERT: '/tmp/x.pem' })).toThrow(M.redLocal.tlsIncompleto);
  });
});
