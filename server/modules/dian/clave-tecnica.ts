/**
 * An invoice range's technical key (ClaveTecnica, the CUFE's key; issue #57, ADR 044) kept sealed
 * with AES-256-GCM under the store's custody key (`custodia.ts`), the store and range as additional
 * data: the database and its backups never hold it in clear, no route answers it, a sealed key copied
 * to another store or range does not open.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'k1';
const aad = (tiendaId: number, prefijo: string, desde: number) => Buffer.from(`dian-clave-tecnica:${tiendaId}:${prefijo}:${desde}`);

export function sellarClaveTecnica(clave: string, llave: Buffer, tiendaId: number, prefijo: string, desde: number): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', llave, iv);
  c.setAAD(aad(tiendaId, prefijo, desde));
  const datos = Buffer.concat([c.update(clave, 'utf8'), c.final()]);
  return [VERSION, iv.toString('base64url'), c.getAuthTag().toString('base64url'), datos.toString('base64url')].join('.');
}

/** Opens a sealed key; a wrong custody key, store, range or a changed blob throws. */
export function abrirClaveTecnica(sellada: string, llave: Buffer, tiendaId: number, prefijo: string, desde: number): string {
  const p = sellada.split('.');
  if (p.length !== 4 || p[0] !== VERSION) throw new Error('clave técnica guardada ilegible');
  const d = createDecipheriv('aes-256-gcm', llave, Buffer.from(p[1]!, 'base64url'));
  d.setAAD(aad(tiendaId, prefijo, desde));
  d.setAuthTag(Buffer.from(p[2]!, 'base64url'));
  return Buffer.concat([d.update(Buffer.from(p[3]!, 'base64url')), d.final()]).toString('utf8');
}
