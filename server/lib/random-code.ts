import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: easy to read aloud and to type. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A store's invitation code, like "K7QH-2MXP": 40 bits of randomness, not sequential. */
export function invitationCode(): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return `${s.slice(0, 4)}-${s.slice(4)}`;
}

/** A 6-digit recovery code. */
export function numericCode(digits = 6): string {
  return String(randomInt(10 ** digits)).padStart(digits, '0');
}
