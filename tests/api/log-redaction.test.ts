import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../../server/bootstrap';
import type { Database } from '../../server/db/client';
import { loadEnv } from '../../server/env';
import { redactText, redactUrl } from '../../server/lib/log-redact';
import type { Mailer } from '../../server/lib/mailer';
import { createTestDatabase } from '../helpers/test-app';

/**
 * Issue #15 (MEDIUM): the legacy GET sign-in put `contrasena=…` in the request log. Every log line
 * of a server with the real logger is captured here and searched for the secrets sent.
 */
const LEGACY = '/adx/ADAX-Store-Manager/Crud';
const PASSWORD = 'Secreto123Log';
let app: FastifyInstance;
let database: Database;
let dataDir: string;
let lines = '';

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adax-log-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-123',
    LOG_LEVEL: 'info',
    RATE_LIMIT_AUTH_MAX: '1000',
    READ_CACHE: 'off',
    WEB_DIR: path.join(dataDir, 'no-web'),
  });
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines += chunk.toString();
      cb();
    },
  });
  const mailer: Mailer = { send: async () => undefined };
  database = await createTestDatabase();
  ({ app } = await bootstrap(env, { database, mailer, logger: { level: 'info', stream } }));
  await app.ready();
  const reg = await app.inject({ method: 'POST', url: '/api/tiendas/registro', payload: { nombreTienda: 'Registro', email: 'log@prueba.co', contrasena: PASSWORD } });
  expect(reg.statusCode).toBe(201);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('el registro (log) no guarda secretos', () => {
  it('el inicio de sesión heredado por GET no deja la contraseña en el registro', async () => {
    lines = '';
    const ok = await app.inject({ method: 'GET', url: `${LEGACY}/login/procesologin.php?tipo=tienda&email=log%40prueba.co&contrasena=${PASSWORD}` });
    expect(ok.json().success).toBe(true);
    const bad = await app.inject({ method: 'GET', url: `${LEGACY}/login/procesologin.php?tipo=tienda&email=log%40prueba.co&contrase%C3%B1a=Otra${PASSWORD}&contrasena=Mala${PASSWORD}` });
    expect(bad.json().success).toBe(false);
    expect(lines).toContain('procesologin.php');
    expect(lines).toContain('[REDACTED]');
    expect(lines).toContain('tipo=tienda');
    expect(lines).not.toContain(PASSWORD);
  });

  it('ni códigos, tokens o claves en la URL de cualquier ruta, ni cuerpos o errores registrados', async () => {
    lines = '';
    const secrets = ['123456', 'TokenSecreto9', 'ClaveSecreta9', 'NuevaSecreta9', 'InvSecreta9'];
    await app.inject({
      method: 'POST',
      url: `${LEGACY}/controlador/controlador.usuarios.php?olvido=true&correo=log%40prueba.co&codigo=${secrets[0]}&password=${secrets[3]}`,
    });
    await app.inject({ method: 'GET', url: `/api/no-existe?token=${secrets[1]}&clave=${secrets[2]}&codigo_invitacion=${secrets[4]}` });
    await app.inject({ method: 'GET', url: `/api/sesion?access_token=${secrets[1]}` });
    app.log.error({ err: new Error(`Failed query: select * from usuario where correo = $1\nparams: log@prueba.co,${secrets[2]}`), body: { contrasena: secrets[3] } }, 'prueba');
    expect(lines).toContain('/api/no-existe');
    for (const s of secrets) expect(lines, s).not.toContain(s);
  });

  it('tampoco el PIN del supervisor, en la URL ni en el cuerpo (issue #28)', async () => {
    lines = '';
    const secretos = ['48273916', '59381742', '71630482', 'PassSecreta9'];
    await app.inject({ method: 'GET', url: `/api/no-existe?pin=${secretos[0]}&pinNuevo=${secretos[1]}&password=${secretos[3]}` });
    await app.inject({ method: 'GET', url: `${LEGACY}/controlador/controlador.ventas.php?PIN=${secretos[2]}` });
    app.log.warn({ body: { autorizacion: { supervisorId: 7, pin: secretos[0] }, nuevo_pin: secretos[1] } }, 'prueba');
    app.log.warn({ err: new Error(`fallo con pin=${secretos[2]} y "pin":"${secretos[1]}"`) }, 'prueba');
    expect(lines).toContain('/api/no-existe');
    expect(lines).toContain('supervisorId');
    for (const s of secretos) expect(lines, s).not.toContain(s);
    // Words that merely contain the letters stay.
    expect(redactUrl('/x?spinner=1&opinion=2&pintura=3')).toBe('/x?spinner=1&opinion=2&pintura=3');
  });

  it('redactUrl y redactText dejan lo demás igual', () => {
    expect(redactUrl('/x?a=1&contrasena=abc&b=2#h')).toBe('/x?a=1&contrasena=[REDACTED]&b=2#h');
    expect(redactUrl('/x')).toBe('/x');
    expect(redactText('{"password":"abc","n":1}')).toBe('{"password":"[REDACTED]","n":1}');
    expect(redactText('GET /y?Password=abc')).toBe('GET /y?Password=[REDACTED]');
  });
});
