/**
 * Custody of a store's signing certificate (.p12 + password): encrypted at rest with AES-256-GCM.
 *
 * The key comes from `DIAN_CLAVE_CUSTODIA` (32 bytes, base64) or, when unset, from
 * `$DATA_DIR/secrets/dian-custodia.key` (created 0600 on first use, like the token secret). The
 * database holds only the sealed blob, so a copy of the database or of a backup alone does not reveal
 * the certificate; the store's id is the additional authenticated data, so a blob moved to another
 * store does not open. The password and the .p12 are never logged and never leave the server: routes
 * answer only `resumenCertificado` (subject, issuer, serial, validity).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../../lib/private-files.js';

const VERSION = 'v1';

export class CustodiaInvalida extends Error {}

/** The 32-byte custody key: configured, or read/created in the data folder's secrets. */
export function resolverClaveCustodia(configurada: string | undefined, dataDir: string): Buffer {
  if (configurada) {
    const k = Buffer.from(configurada, 'base64');
    if (k.length !== 32) throw new Error('DIAN_CLAVE_CUSTODIA debe ser de 32 bytes en base64');
    return k;
  }
  const archivo = path.join(dataDir, 'secrets', 'dian-custodia.key');
  try {
    return decodificar(fs.readFileSync(archivo, 'utf8').trim());
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    ensurePrivateDir(path.dirname(archivo));
    try {
      fs.writeFileSync(archivo, randomBytes(32).toString('base64'), { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    return decodificar(fs.readFileSync(archivo, 'utf8').trim());
  }
}

function decodificar(texto: string): Buffer {
  const k = Buffer.from(texto, 'base64');
  if (k.length !== 32) throw new Error('la llave de custodia del certificado no tiene 32 bytes');
  return k;
}

export interface CertificadoGuardado {
  p12: Buffer;
  clave: string;
}

/** Seals a certificate for one store: `v1.<iv>.<tag>.<ciphertext>` (base64url). */
export function sellarCertificado(cert: CertificadoGuardado, llave: Buffer, tiendaId: string): string {
  const iv = randomBytes(12);
  const cifrador = createCipheriv('aes-256-gcm', llave, iv);
  cifrador.setAAD(Buffer.from(`dian-certificado:${tiendaId}`));
  const plano = Buffer.from(JSON.stringify({ p12: cert.p12.toString('base64'), clave: cert.clave }));
  const datos = Buffer.concat([cifrador.update(plano), cifrador.final()]);
  plano.fill(0);
  return [VERSION, iv.toString('base64url'), cifrador.getAuthTag().toString('base64url'), datos.toString('base64url')].join('.');
}

/** Opens a sealed certificate; a wrong key, store or a changed blob → CustodiaInvalida. */
export function abrirCertificado(sellado: string, llave: Buffer, tiendaId: string): CertificadoGuardado {
  const partes = sellado.split('.');
  if (partes.length !== 4 || partes[0] !== VERSION) throw new CustodiaInvalida('certificado guardado ilegible');
  try {
    const descifrador = createDecipheriv('aes-256-gcm', llave, Buffer.from(partes[1]!, 'base64url'));
    descifrador.setAAD(Buffer.from(`dian-certificado:${tiendaId}`));
    descifrador.setAuthTag(Buffer.from(partes[2]!, 'base64url'));
    const plano = Buffer.concat([descifrador.update(Buffer.from(partes[3]!, 'base64url')), descifrador.final()]);
    const v = JSON.parse(plano.toString('utf8')) as { p12: string; clave: string };
    plano.fill(0);
    return { p12: Buffer.from(v.p12, 'base64'), clave: v.clave };
  } catch {
    throw new CustodiaInvalida('El certificado guardado no se puede abrir con esta llave de custodia.');
  }
}
