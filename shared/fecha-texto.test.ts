import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { conBarras, ddMmAaaaAIso, isoADdMmAaaa } from './fecha-texto';

describe('fechas dd/mm/aaaa (issue #36 punto 12)', () => {
  it('lee lo que la gente escribe y rechaza fechas imposibles o incompletas', () => {
    expect(ddMmAaaaAIso('15/03/2026')).toBe('2026-03-15');
    expect(ddMmAaaaAIso('1/3/2026')).toBe('2026-03-01');
    expect(ddMmAaaaAIso('29-02-2024')).toBe('2024-02-29');
    expect(ddMmAaaaAIso('2030-01-15')).toBe('2030-01-15');
    expect(ddMmAaaaAIso('')).toBe('');
    // Issue #52 point 7: eight digits typed on a numeric keypad, without slashes, are DDMMAAAA.
    expect(ddMmAaaaAIso('01112026')).toBe('2026-11-01');
    expect(ddMmAaaaAIso(' 29022024 ')).toBe('2024-02-29');
    for (const malo of ['31112026', '0111202', '011120261', '20261101']) expect(ddMmAaaaAIso(malo), malo).toBeNull();
    for (const malo of ['29/02/2026', '31/04/2026', '00/01/2026', '15/13/2026', '15/03', '03/15/2026', 'abc', '2026-02-30']) expect(ddMmAaaaAIso(malo)).toBeNull();
  });

  it('muestra la fecha ISO como dd/mm/aaaa y pone las barras al escribir solo dígitos', () => {
    expect(isoADdMmAaaa('2026-03-15')).toBe('15/03/2026');
    expect(isoADdMmAaaa('')).toBe('');
    expect(conBarras('15')).toBe('15');
    expect(conBarras('1503')).toBe('15/03');
    expect(conBarras('15032026')).toBe('15/03/2026');
    expect(conBarras('15/03')).toBe('15/03');
    expect(conBarras('15/032')).toBe('15/03/2');
    expect(conBarras('15/03/2030')).toBe('15/03/2030');
    expect(conBarras('15-03')).toBe('15-03');
  });

  it('ida y vuelta: cada fecha válida se muestra y se lee igual', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2999-12-31T00:00:00Z'), noInvalidDate: true }), (f) => {
        const iso = f.toISOString().slice(0, 10);
        expect(ddMmAaaaAIso(isoADdMmAaaa(iso))).toBe(iso);
        expect(ddMmAaaaAIso(conBarras(isoADdMmAaaa(iso).replace(/\//g, '')))).toBe(iso);
      }),
    );
  });
});
