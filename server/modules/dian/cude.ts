/**
 * CUDE, SoftwareSecurityCode, DIAN's number formats, dates in America/Bogota and the NIT check digit
 * (anexo técnico documento equivalente v1.0, 14.1.3; `/work/shared/dian.md`).
 */
import { createHash } from 'node:crypto';
import { digitoVerificacion as dvNit } from '#shared/impuestos';
import type { Totales } from './totales.js';

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

/** How every DIAN code's concatenation begins (CUDE, CUFE, CUDS): number, date, time, gross value, then IVA (tax 01) and its amount. */
export function inicioCadena(c: { numero: string; fecha: string; hora: string; valorBruto: string | number; iva: string | number }): string {
  return c.numero + c.fecha + c.hora + montoTruncado(c.valorBruto) + '01' + montoTruncado(c.iva);
}

/** The concatenation the CUDE hashes (exported so a test can show it). */
export function cadenaCude(c: CamposCude): string {
  return (
    inicioCadena(c) +
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
/**
 * What every DIAN code hashes besides its key and environment (the CUDE of the POS document and of the
 * notes, the CUFE of the invoice): the number, the date and time in Bogotá, the totals and both parties.
 */
export function camposDeCodigo(numero: string, emision: Date, totales: Totales, nitEmisor: string, numeroAdquirente: string): Omit<CamposCude, 'clave' | 'ambiente'> {
  const { fecha, hora } = fechaHoraBogota(emision);
  return { numero, fecha, hora, valorBruto: monto(totales.bruto), iva: monto(totales.iva), inc: monto(totales.inc), ica: monto(totales.ica), valorTotal: monto(totales.aPagar), nitEmisor, numeroAdquirente };
}

export function cude(c: CamposCude): string {
  return sha384(cadenaCude(c));
}

/**
 * CUFE of a *factura electrónica de venta* (type 01; annex v1.9 §11.2.1): the same concatenation and
 * truncation as the CUDE, keyed by the numbering range's **technical key** (ClaveTecnica) instead of
 * the software PIN. NumAdq is the buyer's ID without check digit.
 */
export function cufe(c: Omit<CamposCude, 'clave'> & { claveTecnica: string }): string {
  const { claveTecnica, ...resto } = c;
  if (!claveTecnica.trim()) throw new RangeError('El CUFE necesita la clave técnica del rango.');
  return cude({ ...resto, clave: claveTecnica });
}

/** `SoftwareSecurityCode = SHA-384(SoftwareID + PIN + cbc:ID)`. */
export function softwareSecurityCode(softwareId: string, pin: string, numero: string): string {
  return sha384(softwareId + pin + numero);
}

function soloDigitos(nit: string): string {
  return nit.replace(/\D/g, '');
}

/** DIAN's NIT check digit: 800197268 → 4 (the one rule, `shared/impuestos.ts`, also used by the forms). */
export function digitoVerificacion(nit: string): string {
  const dv = dvNit(soloDigitos(nit));
  if (dv === null) throw new RangeError(`NIT inválido: ${nit}`);
  return String(dv);
}

/** DIAN's catalogue URL a QR points to. */
export function urlCatalogo(cudeHex: string, ambiente: 1 | 2): string {
  const host = ambiente === 1 ? 'catalogo-vpfe.dian.gov.co' : 'catalogo-vpfe-hab.dian.gov.co';
  return `https://${host}/document/searchqr?documentkey=${cudeHex}`;
}
