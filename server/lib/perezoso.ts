import { createRequire } from 'node:module';

const requerir = createRequire(import.meta.url);

/**
 * A CommonJS package read on its first use instead of when the server starts (issue #55 point 5).
 * The DIAN's XML, signature, PDF and QR packages (node-forge, xml-crypto, @xmldom/xmldom, xmlbuilder2,
 * jspdf, qrcode) were ~16 MB of a start's resident memory and ~9 MB of its heap that a shop without
 * electronic documents never uses; a shop that has them pays it at its first document, once. The read
 * is synchronous (`require`), so the functions that use a package stay synchronous; its types come
 * from `typeof import(…)`.
 */
export function perezoso<T>(paquete: string): () => T {
  let modulo: T | undefined;
  return () => (modulo ??= requerir(paquete) as T);
}

/** @xmldom/xmldom: `new (xmldom().DOMParser)()`. */
export const xmldom = perezoso<typeof import('@xmldom/xmldom')>('@xmldom/xmldom');
/** xml-crypto's SignedXml. */
export const xmlCrypto = perezoso<typeof import('xml-crypto')>('xml-crypto');
/** qrcode. */
export const qrcode = perezoso<typeof import('qrcode')>('qrcode');
/** xmlbuilder2. */
export const xmlbuilder2 = perezoso<typeof import('xmlbuilder2')>('xmlbuilder2');
/** jspdf (its Node build). */
export const jspdf = perezoso<typeof import('jspdf')>('jspdf');
/** node-forge, as its module (server/modules/dian/p12.ts caps its key derivations when it first reads it). */
export const nodeForge = perezoso<typeof import('node-forge')>('node-forge');
