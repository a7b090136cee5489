import { generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PRODUCT_NAME } from '#shared/messages';
import { nodeForge } from '../../lib/perezoso';
import { ensurePrivateDir, writePrivateFile } from '../../lib/private-files';
import { derDePem, huellaDePem } from './huella';

/**
 * The shop's own certificate authority for HTTPS on its network (issue #34 point 1, ADR 021).
 *
 * Phones reach the shop's computer at `https://192.168.…`: no public authority certifies a private
 * address, so the server makes a small authority of its own once (`$DATA_DIR/tls/ca.pem`, its key
 * 0600 and never served) and, with it, a server certificate for the computer's current addresses.
 * Each phone installs the authority once (the page *Teléfonos de la tienda* shows its QR code); from
 * then on every certificate the server renews is trusted. An operator may bring its own pair instead
 * (TLS_CERT / TLS_KEY).
 *
 * Keys are made by Node's crypto (OpenSSL); node-forge only writes the X.509 structures (Node has no
 * certificate builder).
 */
export interface Certificados {
  /** PEM of the server certificate (and, when made here, the authority after it: the chain). */
  cert: string;
  key: string;
  /** The authority phones install: PEM and DER; absent when the operator brought its own pair. */
  ca?: { pem: string; der: Buffer; huella: string };
  /** Names and addresses the server certificate covers. */
  nombres: string[];
  /** Whether the server certificate was made (or renewed) by this call. */
  renovado: boolean;
}

/** Apple's limit for certificates under a user-installed authority is 825 days; browsers' public rule, 398. */
export const DIAS_CERTIFICADO = 397;
/** A server certificate this close to its end is renewed at start-up. */
const DIAS_ANTES_DE_RENOVAR = 30;
const DIA_MS = 86_400_000;

/** HOST values that listen on every interface, and those only this computer reaches. */
export const escuchaEnTodas = (host: string) => host === '0.0.0.0' || host === '::';
export const soloEsteComputador = (host: string) => host === '127.0.0.1' || host === 'localhost' || host === '::1';

/** The computer's own names and IPv4/IPv6 addresses the phones may use (loopback included, for the computer itself). */
export function nombresLocales(): string[] {
  const nombres = new Set<string>(['localhost', '127.0.0.1']);
  const host = os.hostname();
  if (host && /^[a-z0-9.-]+$/i.test(host)) {
    nombres.add(host.toLowerCase());
    if (!host.includes('.')) nombres.add(`${host.toLowerCase()}.local`);
  }
  for (const lista of Object.values(os.networkInterfaces())) {
    for (const i of lista ?? []) {
      if (i.internal) continue;
      // Link-local IPv6 needs a zone id that no certificate can name.
      if (i.family === 'IPv6' && i.address.toLowerCase().startsWith('fe80')) continue;
      nombres.add(i.address);
    }
  }
  return [...nombres];
}

function nuevasClaves() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { keyPem: privateKey, privada: nodeForge().pki.privateKeyFromPem(privateKey), publica: nodeForge().pki.publicKeyFromPem(publicKey) };
}

// A positive serial of 16 random bytes (the first bit cleared: X.509 serials are positive integers).
const serial = () => {
  const b = randomBytes(16);
  b[0] = b[0]! & 0x7f;
  return b.toString('hex');
};

function crearAutoridad(ahora: Date) {
  const claves = nuevasClaves();
  const cert = nodeForge().pki.createCertificate();
  cert.publicKey = claves.publica;
  cert.serialNumber = serial();
  cert.validity.notBefore = new Date(ahora.getTime() - DIA_MS);
  cert.validity.notAfter = new Date(ahora.getTime() + 10 * 365 * DIA_MS);
  const sujeto = [
    // ASCII only: node-forge writes these as PrintableString / byte strings.
    { name: 'commonName', value: `${PRODUCT_NAME} - autoridad local (${os.hostname().replace(/[^a-z0-9.-]/gi, '').slice(0, 30) || 'tienda'})` },
    { name: 'organizationName', value: PRODUCT_NAME },
  ];
  cert.setSubject(sujeto);
  cert.setIssuer(sujeto);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(claves.privada, nodeForge().md.sha256.create());
  return { certPem: nodeForge().pki.certificateToPem(cert), keyPem: claves.keyPem };
}

function crearServidor(ca: { certPem: string; keyPem: string }, nombres: string[], ahora: Date) {
  const caCert = nodeForge().pki.certificateFromPem(ca.certPem);
  const caKey = nodeForge().pki.privateKeyFromPem(ca.keyPem);
  const claves = nuevasClaves();
  const cert = nodeForge().pki.createCertificate();
  cert.publicKey = claves.publica;
  cert.serialNumber = serial();
  cert.validity.notBefore = new Date(ahora.getTime() - DIA_MS);
  cert.validity.notAfter = new Date(ahora.getTime() + DIAS_CERTIFICADO * DIA_MS);
  cert.setSubject([{ name: 'commonName', value: nombres.find((n) => net.isIP(n) === 0 && n !== 'localhost') ?? nombres[0]! }]);
  cert.setIssuer(caCert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: nombres.map((n) => (net.isIP(n) ? { type: 7, ip: n } : { type: 2, value: n })) },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: caCert.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(caKey, nodeForge().md.sha256.create());
  return { certPem: nodeForge().pki.certificateToPem(cert), keyPem: claves.keyPem };
}

/** Whether `certPem` is still good at `ahora` for a while and covers every name. */
function sirve(certPem: string, nombres: string[], ahora: Date): boolean {
  try {
    const x = new X509Certificate(certPem);
    if (new Date(x.validTo).getTime() - ahora.getTime() < DIAS_ANTES_DE_RENOVAR * DIA_MS) return false;
    return nombres.every((n) => (net.isIP(n) ? x.checkIP(n) !== undefined : x.checkHost(n) !== undefined));
  } catch {
    return false;
  }
}

const leer = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined);

/**
 * The pair the HTTPS listener uses: the operator's own (`propio`), or one made here under the shop's
 * authority for `nombres`, made again when a name is missing (the computer got another address) or
 * the certificate ends within 30 days. The authority is made once and kept.
 */
export function asegurarCertificados(opts: { dir: string; nombres: string[]; ahora?: Date; propio?: { cert: string; key: string } }): Certificados {
  const ahora = opts.ahora ?? new Date();
  if (opts.propio) {
    return { cert: fs.readFileSync(opts.propio.cert, 'utf8'), key: fs.readFileSync(opts.propio.key, 'utf8'), nombres: opts.nombres, renovado: false };
  }
  ensurePrivateDir(opts.dir);
  const archivos = {
    ca: path.join(opts.dir, 'ca.pem'),
    caKey: path.join(opts.dir, 'ca-clave.pem'),
    cert: path.join(opts.dir, 'servidor.pem'),
    key: path.join(opts.dir, 'servidor-clave.pem'),
  };
  let ca = { certPem: leer(archivos.ca), keyPem: leer(archivos.caKey) };
  if (!ca.certPem || !ca.keyPem) {
    const nueva = crearAutoridad(ahora);
    writePrivateFile(archivos.caKey, nueva.keyPem);
    writePrivateFile(archivos.ca, nueva.certPem);
    ca = nueva;
  }
  let cert = leer(archivos.cert);
  let key = leer(archivos.key);
  let renovado = false;
  if (!cert || !key || !sirve(cert, opts.nombres, ahora)) {
    const nuevo = crearServidor({ certPem: ca.certPem!, keyPem: ca.keyPem! }, opts.nombres, ahora);
    writePrivateFile(archivos.key, nuevo.keyPem);
    writePrivateFile(archivos.cert, nuevo.certPem);
    ({ certPem: cert, keyPem: key } = nuevo);
    renovado = true;
  }
  return { cert: `${cert}${ca.certPem}`, key, ca: { pem: ca.certPem!, der: derDePem(ca.certPem!), huella: huellaDePem(ca.certPem!) }, nombres: opts.nombres, renovado };
}
