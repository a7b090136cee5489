/**
 * A supervisor's PIN checked without the network (issue #53 point 3, ADR 053): a verifier made with a
 * slow key derivation (PBKDF2-SHA256) and a random salt, the same code on the device (the browser's
 * WebCrypto) and on the server (Node's crypto, `globalThis.crypto`). A PIN has 4 to 8 digits: whoever
 * copies the device's storage can try them all, so the verifier is no secret against that; it only makes
 * each try cost, and the device counts wrong tries (ADR 053).
 */

/** PBKDF2-SHA256 rounds of a new verifier: a few tenths of a second on a cheap phone, once per check. */
export const PIN_ITERACIONES = 100_000;

/** What the device keeps of a supervisor's PIN: salt and derived key (base64) and the rounds that made them. */
export interface TVerificadorPin {
  sal: string;
  iteraciones: number;
  hash: string;
}

const aBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const deBase64 = (texto: string) => Uint8Array.from(atob(texto), (c) => c.charCodeAt(0));

/** The PIN's key with this salt and rounds, base64 (32 bytes). */
export async function derivarPin(pin: string, sal: string, iteraciones: number): Promise<string> {
  const { subtle } = globalThis.crypto;
  const clave = await subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveBits']);
  const bits = await subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: deBase64(sal), iterations: iteraciones }, clave, 256);
  return aBase64(new Uint8Array(bits));
}

/** A new verifier of the PIN, with a random 16-byte salt: made by the server while it holds the PIN in clear. */
export async function crearVerificador(pin: string, iteraciones = PIN_ITERACIONES): Promise<TVerificadorPin> {
  const sal = aBase64(globalThis.crypto.getRandomValues(new Uint8Array(16)));
  return { sal, iteraciones, hash: await derivarPin(pin, sal, iteraciones) };
}

/** Whether the PIN matches the verifier (the comparison does not stop at the first differing byte). */
export async function pinCorresponde(pin: string, v: TVerificadorPin): Promise<boolean> {
  const a = await derivarPin(pin, v.sal, v.iteraciones);
  if (a.length !== v.hash.length) return false;
  let diferencia = 0;
  for (let i = 0; i < a.length; i++) diferencia |= a.charCodeAt(i) ^ v.hash.charCodeAt(i);
  return diferencia === 0;
}

/** The verifier as the database keeps it: `pbkdf2-sha256$<rounds>$<salt>$<key>`. */
export const verificadorATexto = (v: TVerificadorPin) => `pbkdf2-sha256$${v.iteraciones}$${v.sal}$${v.hash}`;

/** A stored verifier read back; null when it is not one. */
export function verificadorDeTexto(texto: string | null | undefined): TVerificadorPin | null {
  const m = /^pbkdf2-sha256\$(\d{1,7})\$([A-Za-z0-9+/=]{4,64})\$([A-Za-z0-9+/=]{4,88})$/.exec(texto ?? '');
  return m ? { iteraciones: Number(m[1]), sal: m[2]!, hash: m[3]! } : null;
}

/** A new verifier of the PIN as the database keeps it. */
export const verificadorNuevo = async (pin: string) => verificadorATexto(await crearVerificador(pin));
