/**
 * Test certificates made at run time with the openssl CLI (never committed): a self-signed RSA-2048
 * certificate with digitalSignature + nonRepudiation, as a .p12 with a password, plus its PEM for an
 * independent verifier (xmlsec1). For tests and the local fake DIAN only.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { leerP12, type Credencial } from './firma.js';

const ejecutar = promisify(execFile);

export interface CertificadoPrueba {
  p12: Buffer;
  clave: string;
  certificadoPem: string;
}

/**
 * `iteraciones`: the .p12's MAC and encryption iteration count (openssl's default, 2048, when not
 * told); `pbe: '3des'`: the older PKCS#12 PBE (pbeWithSHAAnd3-KeyTripleDES-CBC, MAC SHA-1) instead
 * of PBES2/AES-256 — as older Windows exports come.
 */
export async function generarCertificadoPrueba(
  sujeto = '/CN=Minimercado La Esquina SAS/O=Pruebas/C=CO',
  dias = 30,
  opciones: { iteraciones?: number; pbe?: '3des' } = {},
): Promise<CertificadoPrueba> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dian-cert-'));
  try {
    const llave = path.join(dir, 'k.pem');
    const cert = path.join(dir, 'c.pem');
    const p12 = path.join(dir, 'c.p12');
    const clave = `prueba-${Math.random().toString(36).slice(2)}`;
    // A serial under 24 digits: libxml2's schema validator cannot hold a larger xs:integer (a 160-bit
    // serial, as openssl picks by default, is 48 digits), and the tests validate the signed document.
    const serial = String(1_000_000_000 + Math.floor(Math.random() * 8_000_000_000));
    await ejecutar('openssl', [
      'req', '-x509', '-set_serial', serial, '-newkey', 'rsa:2048', '-nodes', '-keyout', llave, '-out', cert, '-days', String(dias), '-subj', sujeto,
      '-addext', 'keyUsage=critical,digitalSignature,nonRepudiation',
    ]);
    await ejecutar('openssl', [
      'pkcs12', '-export', '-inkey', llave, '-in', cert, '-out', p12, '-passout', `pass:${clave}`,
      ...(opciones.iteraciones ? ['-iter', String(opciones.iteraciones)] : []),
      ...(opciones.pbe === '3des' ? ['-keypbe', 'PBE-SHA1-3DES', '-certpbe', 'PBE-SHA1-3DES', '-macalg', 'sha1'] : []),
    ]);
    return { p12: await readFile(p12), clave, certificadoPem: await readFile(cert, 'utf8') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface CredencialPrueba {
  cert: CertificadoPrueba;
  credencial: Credencial;
  /** A moment the certificate is valid at: it starts now, to the second. */
  emision: Date;
}

/** A test certificate read as the store's credential, with a moment to sign at. */
export async function credencialPrueba(): Promise<CredencialPrueba> {
  const cert = await generarCertificadoPrueba();
  const credencial = leerP12(cert.p12, cert.clave);
  return { cert, credencial, emision: new Date(Math.max(Date.now(), credencial.validoDesde.getTime() + 1000)) };
}
