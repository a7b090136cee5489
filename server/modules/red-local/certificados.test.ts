import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, describe, expect, it } from 'vitest';
import { asegurarCertificados, DIAS_CERTIFICADO } from './certificados';

const dirs: string[] = [];
const carpeta = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'adax-tls-'));
  dirs.push(d);
  return path.join(d, 'tls');
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const primero = (pem: string) => new X509Certificate(pem.slice(0, pem.indexOf('-----END CERTIFICATE-----') + 25));

describe('la autoridad de la tienda y el certificado del servidor (issue #34)', () => {
  it('el certificado cubre las direcciones del computador, lo firma la autoridad, y una conexión que confía en ella lo acepta', async () => {
    const dir = carpeta();
    const c = asegurarCertificados({ dir, nombres: ['localhost', '127.0.0.1', '192.168.1.20'] });
    const servidor = primero(c.cert);
    const ca = new X509Certificate(c.ca!.pem);
    expect(servidor.checkIP('192.168.1.20')).toBe('192.168.1.20');
    expect(servidor.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(servidor.checkHost('localhost')).toBe('localhost');
    expect(servidor.checkIP('192.168.1.21')).toBeUndefined();
    expect(servidor.verify(ca.publicKey)).toBe(true);
    expect(servidor.checkIssued(ca)).toBe(true);
    expect(ca.ca).toBe(true);
    expect(servidor.ca).toBe(false);
    // iOS refuses a server certificate under a user-installed authority valid over 825 days.
    const dias = (new Date(servidor.validTo).getTime() - new Date(servidor.validFrom).getTime()) / 86_400_000;
    expect(dias).toBeLessThanOrEqual(DIAS_CERTIFICADO + 1);
    expect(c.ca!.huella).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);

    // A real TLS handshake on loopback, trusting only the shop's authority.
    const server = tls.createServer({ key: c.key, cert: c.cert }, (s) => s.end('hola'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const texto = await new Promise<string>((resolve, reject) => {
      const s = tls.connect({ host: '127.0.0.1', port, ca: c.ca!.pem, servername: undefined }, () => undefined);
      let t = '';
      s.on('data', (d) => (t += d));
      s.on('end', () => resolve(t));
      s.on('error', reject);
    });
    server.close();
    expect(texto).toBe('hola');
  });

  it('las claves quedan 0600 y la autoridad se crea una sola vez; el certificado se rehace si el computador cambia de dirección', () => {
    const dir = carpeta();
    const a = asegurarCertificados({ dir, nombres: ['localhost', '127.0.0.1'] });
    for (const f of ['ca-clave.pem', 'servidor-clave.pem']) expect(fs.statSync(path.join(dir, f)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(a.renovado).toBe(true);

    const b = asegurarCertificados({ dir, nombres: ['localhost', '127.0.0.1'] });
    expect(b.renovado).toBe(false);
    expect(b.cert).toBe(a.cert);

    const c = asegurarCertificados({ dir, nombres: ['localhost', '127.0.0.1', '10.0.0.7'] });
    expect(c.renovado).toBe(true);
    expect(primero(c.cert).checkIP('10.0.0.7')).toBe('10.0.0.7');
    // Same authority: a phone that installed it once trusts the new certificate.
    expect(c.ca!.huella).toBe(a.ca!.huella);
  });

  it('se renueva a 30 días de vencer, con la misma autoridad', () => {
    const dir = carpeta();
    const a = asegurarCertificados({ dir, nombres: ['localhost'] });
    const casiVencido = new Date(Date.now() + (DIAS_CERTIFICADO - 10) * 86_400_000);
    const b = asegurarCertificados({ dir, nombres: ['localhost'], ahora: casiVencido });
    expect(b.renovado).toBe(true);
    expect(b.cert).not.toBe(a.cert);
    expect(b.ca!.huella).toBe(a.ca!.huella);
  });
});
