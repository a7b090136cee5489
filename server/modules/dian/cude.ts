/**
 * CUDE, SoftwareSecurityCode, DIAN's number formats, dates in America/Bogota and the NIT check digit
 * (anexo técnico documento equivalente v1.0, 14.1.3; `/work/shared/dian.md`).
 */
import { createHash } from 'node:crypto';

/** Colombia keeps UTC-05:00 all year (no daylight saving since 1993). */
const BOGOTA_OFFSET_MS = -5 * 60 * 60 * 1000;

/** Date and time of an instant in America/Bogota: `2019-01-12` and `07:00:00-05:00`. */
export function fechaHoraBogota(instante: Date): { fecha: string; hora: string } {
  const t = new Date(instante.getTime() + BOGOTA_OFFSET_MS);
  if (Number.isNaN(t.getTime())) throw new RangeError('fecha inválida');
  const iso = t.toISOString(); // yyyy-mm-ddTHH:MM:SS.sssZ, already shifted
  return { fecha: iso.slice(0, 10), hora: `${iso.slice(11, 19)}-05:00` };
}

/** Adds days to a yyyy-mm-dd date (calendar arithmetic, no time zone involved). */
export function sumarDias(fecha: string, dias: number): string {
  const d = new Date(`${fecha}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

/** An integer amount of centavos as DIAN writes it: `595000` → `5950.00` (no separators). */
export function monto(centavos: number): string {
  if (!Number.isSafeInteger(centavos)) throw new RangeError(`monto no entero en centavos: ${centavos}`);
  const negativo = centavos < 0;
  const abs = Math.abs(centavos);
  const texto = `${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return negativo ? `-${texto}` : texto;
}

/**
 * A decimal amount truncated (never rounded) to 2 decimals, as the CUDE's concatenation requires:
 * `5950.009` → `5950.00`, `12` → `12.00`. Accepts a decimal string (exact) or a number.
 */
export function montoTruncado(valor: string | number): string {
  const texto = typeof valor === 'number' ? numeroSinExponente(valor) : valor.trim();
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(texto);
  if (!m) throw new RangeError(`monto inválido: ${texto}`);
  const entero = m[2]!.replace(/^0+(?=\d)/, '');
  const decimales = (m[3] ?? '').padEnd(2, '0').slice(0, 2);
  const cero = /^0+$/.test(entero) && decimales === '00';
  return `${m[1] && !cero ? '-' : ''}${entero}.${decimales}`;
}

function numeroSinExponente(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`monto inválido: ${n}`);
  // toFixed(6) then truncation keeps 2 exact decimals for the magnitudes money takes here.
  return n.toFixed(6);
}

const sha384 = (texto: string): string => createHash('sha384').update(texto, 'utf8').digest('hex');

export interface CamposCude {
  /** cbc:ID, the prefixed number (e.g. `SETP990000001`). */
  numero: string;
  fecha: string;
  hora: string;
  /** LineExtensionAmount. */
  valorBruto: string | number;
  iva: string | number;
  inc: string | number;
  ica: string | number;
  /** PayableAmount. */
  valorTotal: string | number;
  nitEmisor: string;
  /** Buyer's ID without check digit (222222222222 for consumidor final). */
  numeroAdquirente: string;
  /** Software PIN for the POS document (the range's technical key for a CUFE). */
  clave: string;
  ambiente: 1 | 2 | '1' | '2';
}

/** The concatenation the CUDE hashes (exported so a test can show it). */
export function cadenaCude(c: CamposCude): string {
  return (
    c.numero +
    c.fecha +
    c.hora +
    montoTruncado(c.valorBruto) +
    '01' +
    montoTruncado(c.iva) +
    '04' +
    montoTruncado(c.inc) +
    '03' +
    montoTruncado(c.ica) +
    montoTruncado(c.valorTotal) +
    soloDigitos(c.nitEmisor) +
    c.numeroAdquirente.replace(/[.\s-]/g, '') +
    c.clave +
    String(c.ambiente)
  );
}

/** CUDE: 96 lowercase hex characters. */
export function cude(c: CamposCude): string {
  return sha384(cadenaCude(c));
}

/** `SoftwareSecurityCode = SHA-384(SoftwareID + PIN + cbc:ID)`. */
export function softwareSecurityCode(softwareId: string, pin: string, numero: string): string {
  return sha384(softwareId + pin + numero);
}

function soloDigitos(nit: string): string {
  return nit.replace(/\D/g, '');
}

const PESOS_DV = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];

/** DIAN's NIT check digit: 800197268 → 4. */
export function digitoVerificacion(nit: string): string {
  const digitos = soloDigitos(nit);
  if (digitos.length === 0 || digitos.length > PESOS_DV.length) throw new RangeError(`NIT inválido: ${nit}`);
  let suma = 0;
  for (let i = 0; i < digitos.length; i++) {
    suma += Number(digitos[digitos.length - 1 - i]) * PESOS_DV[i]!;
  }
  const r = suma % 11;
  return String(r > 1 ? 11 - r : r);
}

/** DIAN's catalogue URL a QR points to. */
export function urlCatalogo(cudeHex: string, ambiente: 1 | 2): string {
  const host = ambiente === 1 ? 'catalogo-vpfe.dian.gov.co' : 'catalogo-vpfe-hab.dian.gov.co';
  return `https://${host}/document/searchqr?documentkey=${cudeHex}`;
}
