import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cadenaCude, cude, digitoVerificacion, fechaHoraBogota, monto, montoTruncado, softwareSecurityCode, sumarDias, urlCatalogo } from './cude.js';
import { createHash } from 'node:crypto';

describe('CUDE', () => {
  it("DIAN's adjustment-note example hashes to the published CUDE", () => {
    const campos = {
      numero: '8110007871',
      fecha: '2019-01-12',
      hora: '07:00:00-05:00',
      valorBruto: '5000.00',
      iva: '950.00',
      inc: '0.00',
      ica: '0.00',
      valorTotal: '5950.00',
      nitEmisor: '900373076',
      numeroAdquirente: '8355990',
      clave: '12301',
      ambiente: 1 as const,
    };
    expect(cadenaCude(campos)).toBe('81100078712019-01-1207:00:00-05:005000.0001950.00040.00030.005950.00900373076835599012301' + '1');
    expect(cude(campos)).toBe(
      '907e4444decc9e59c160a2fb3b6659b33dc5b632a5008922b9a62f83f757b1c448e47f5867f2b50dbdb96f48c7681168',
    );
  });

  it("the invoice annex v1.9's CUFE example (same scheme, the range's technical key) starts 8bb918b1", () => {
    const hash = cude({
      numero: '323200000129',
      fecha: '2019-01-16',
      hora: '10:53:10-05:00',
      valorBruto: 1500000,
      iva: 285000,
      inc: 0,
      ica: 0,
      valorTotal: 1785000,
      nitEmisor: '700085371',
      numeroAdquirente: '800199436',
      clave: '693ff6f2a553c3646a063436fd4dd9ded0311471',
      ambiente: 1,
    });
    expect(hash).toMatch(/^8bb918b1/);
    expect(hash).toBe('8bb918b19ba22a694f1da11c643b5e9de39adf60311cf179179e9b33381030bcd4c3c3f156c506ed5908f9276f5bd9b4');
  });

  it('truncates amounts to 2 decimals instead of rounding, and a NIT with dots hashes as digits', () => {
    const base = { numero: 'A1', fecha: '2026-01-01', hora: '00:00:00-05:00', iva: 0, inc: 0, ica: 0, numeroAdquirente: '222222222222', clave: '1', ambiente: 2 as const };
    const a = cude({ ...base, valorBruto: '100.009', valorTotal: '100.999', nitEmisor: '900.373.076' });
    const b = cude({ ...base, valorBruto: '100.00', valorTotal: '100.99', nitEmisor: '900373076' });
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{96}$/);
  });

  it('SoftwareSecurityCode is SHA-384 of software id, PIN and number', () => {
    const esperado = createHash('sha384').update('56f2ae4e-9812-4fad-9255-08fcfcd5ccb0' + '12345' + 'SETP990000002').digest('hex');
    expect(softwareSecurityCode('56f2ae4e-9812-4fad-9255-08fcfcd5ccb0', '12345', 'SETP990000002')).toBe(esperado);
  });
});

describe('formats', () => {
  it('writes centavos with 2 decimals and no separators', () => {
    expect(monto(595000)).toBe('5950.00');
    expect(monto(5)).toBe('0.05');
    expect(monto(0)).toBe('0.00');
    expect(() => monto(1.5)).toThrow();
  });

  it('truncation agrees with integer centavos for every amount (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), fc.integer({ min: 0, max: 9 }), (centavos, resto) => {
        expect(montoTruncado(`${monto(centavos)}${resto}`)).toBe(monto(centavos));
        expect(montoTruncado(monto(centavos))).toBe(monto(centavos));
      }),
    );
  });

  it('dates and times are in America/Bogota (-05:00), also across midnight UTC', () => {
    expect(fechaHoraBogota(new Date('2019-01-12T12:00:00Z'))).toEqual({ fecha: '2019-01-12', hora: '07:00:00-05:00' });
    expect(fechaHoraBogota(new Date('2026-03-01T03:30:15Z'))).toEqual({ fecha: '2026-02-28', hora: '22:30:15-05:00' });
    expect(sumarDias('2026-02-28', 1)).toBe('2026-03-01');
  });

  it("NIT check digit follows DIAN's weights", () => {
    expect(digitoVerificacion('800197268')).toBe('4');
    expect(digitoVerificacion('800.197.268')).toBe('4');
    expect(() => digitoVerificacion('abc')).toThrow();
  });

  it("the QR points to DIAN's catalogue of the document's environment", () => {
    expect(urlCatalogo('ab', 1)).toBe('https://catalogo-vpfe.dian.gov.co/document/searchqr?documentkey=ab');
    expect(urlCatalogo('ab', 2)).toBe('https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=ab');
  });
});
