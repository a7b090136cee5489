// Starts what the journeys need: a real SMTP listener on loopback (messages appended to
// $E2E_DIR/mail.jsonl) and the built server on a fresh embedded database with demo data.
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const dir = process.env.E2E_DIR || path.join(os.tmpdir(), 'adax-e2e');
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
const mailLog = path.join(dir, 'mail.jsonl');

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (c) => (raw += c));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address);
      fs.appendFileSync(mailLog, `${JSON.stringify({ to, raw })}\n`);
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = smtp.server.address().port;

// The loopback fake DIAN (issue #31): habilitación's web service for the electronic POS journey.
const { iniciarFakeDian } = await import(path.resolve(process.env.E2E_DIST ?? 'dist', 'server', 'fake-dian.js'));
const fakeDian = await iniciarFakeDian();
// Its switch, for the journey of DIAN failing (503) and recovering: loopback only, test support only.
const controlDian = http.createServer((req, res) => {
  // One connection a request: the journey calls the switch, waits longer than Node's 5 s keep-alive,
  // and calls it again; a reused socket the server was closing answered ECONNRESET (a CI flake).
  res.setHeader('connection', 'close');
  const u = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (req.method === 'POST' && u.pathname === '/modo' && ['aceptar', '503'].includes(u.searchParams.get('modo') ?? '')) {
    fakeDian.modo = u.searchParams.get('modo');
    res.end('ok');
  } else if (req.method === 'GET' && u.pathname === '/envios') {
    const cude = u.searchParams.get('cude') ?? '';
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ envios: fakeDian.envios(cude), aceptado: fakeDian.aceptados.has(cude) }));
  } else res.writeHead(404).end();
});
await new Promise((resolve) => controlDian.listen(0, '127.0.0.1', resolve));

Object.assign(process.env, {
  DIAN_URL_HABILITACION: fakeDian.url,
  DIAN_URL_PRODUCCION: fakeDian.url,
  // The outbound client calls only https public addresses; the fake's one loopback port is let through.
  SALIDA_PERMITIR: new URL(fakeDian.url).host,
  DIAN_INTERVALO: '2s',
  HOST: '127.0.0.1',
  PORT: process.env.E2E_PORT ?? '4310',
  DATA_DIR: path.join(dir, 'data'),
  DEMO_DATA: 'true',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_AUTH_MAX: '1000',
  JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456',
  // The platform operator (role 1, no store): the back-office journeys of the global catalogues.
  OPERADOR_EMAIL: 'operador@e2e.adax.co',
  OPERADOR_PASSWORD: 'Operador2024',
  // Password and PIN hashes at the unit tests' work factor (server/lib/password.ts, never in production):
  // no journey is about the hash's cost, and at the production factor they took ~95 of the server's 270 CPU-s.
  HASH_LIGERO_PRUEBAS: '1',
});
// The merge journey's twin customers and suppliers (unir-repetidos.spec.ts), written on the fresh data folder
// before the server opens it: no face can make them (semilla-gemelos.ts). It migrates the folder, so main.js
// finds it migrated.
const semilla = spawnSync(process.execPath, [path.resolve(process.env.E2E_DIST ?? 'dist', 'server', 'semilla-gemelos.js')], { stdio: 'inherit' });
if (semilla.status !== 0) throw new Error(`semilla-gemelos terminó con ${semilla.status}`);
fs.writeFileSync(path.join(dir, 'env.json'), JSON.stringify({ mailLog, controlDian: `http://127.0.0.1:${controlDian.address().port}` }));
await import(path.resolve(process.env.E2E_DIST ?? 'dist', 'server', 'main.js'));
