import { X509Certificate } from 'node:crypto';

/** A certificate's SHA-256 fingerprint as phones show it (AA:BB:…), and its DER bytes. */
export function huellaDePem(pem: string): string {
  return new X509Certificate(pem).fingerprint256;
}

export function derDePem(pem: string): Buffer {
  return new X509Certificate(pem).raw;
}
