import { describe, expect, it } from 'vitest';
import { desglosarVenta, totalesPorTarifa } from '#shared/impuestos';
import type { TImpuestosVenta } from '#shared/schemas/impuestos';
import { RECIBO_FIJO, TIENDA_FIJA } from './recibo-de-prueba';
import { bytesRecibo } from './escpos';
import { lineasRecibo, textoWhatsApp } from './texto-recibo';

/** Issue #30 point 6: the receipt of a store responsible for IVA shows its fiscal data and base and tax by rate. */
const lineas = desglosarVenta(
  [
    { importe: 17000, cantidad: 2, impuesto: 'iva19' },
    { importe: 3000, cantidad: 1, impuesto: 'iva5' },
  ],
  0,
);
const IMPUESTOS: TImpuestosVenta = {
  fiscal: { razonSocial: 'Inés Peña S.A.S.', nit: '800197268', dv: 4, responsableIva: true, documentoInformativo: false },
  tarifas: totalesPorTarifa([
    { impuesto: 'iva19', base: lineas[0]!.base, valor: lineas[0]!.impuesto },
    { impuesto: 'iva5', base: lineas[1]!.base, valor: lineas[1]!.impuesto },
  ]),
};

describe('recibo con impuestos', () => {
  it('80 mm: razón social, NIT con DV, y cada tarifa con su base y su impuesto', () => {
    const texto = lineasRecibo(RECIBO_FIJO, { ...TIENDA_FIJA, impuestos: IMPUESTOS }, 48).join('\n');
    expect(texto).toContain('Inés Peña S.A.S.');
    expect(texto).toContain('NIT 800197268-4');
    // 17.000 at 19 %: base 14.285,71, IVA 2.714,29; 3.000 at 5 %: base 2.857,14, IVA 142,86.
    expect(texto).toMatch(/Base IVA 19 % +\$ 14\.285,71/);
    expect(texto).toMatch(/IVA 19 % +\$ 2\.714,29/);
    expect(texto).toMatch(/Base IVA 5 % +\$ 2\.857,14/);
    expect(texto).toMatch(/IVA 5 % +\$ 142,86/);
    for (const l of lineasRecibo(RECIBO_FIJO, { ...TIENDA_FIJA, impuestos: IMPUESTOS }, 32)) expect(l.length).toBeLessThanOrEqual(32);
    expect(textoWhatsApp(RECIBO_FIJO, { ...TIENDA_FIJA, impuestos: IMPUESTOS })).toContain('IVA 19 %: $ 2.714,29');
    const bytes = new TextDecoder('latin1').decode(bytesRecibo(RECIBO_FIJO, { ...TIENDA_FIJA, impuestos: IMPUESTOS }, '58'));
    expect(bytes).toContain('Base IVA 19 %');
  });

  it('una tienda no responsable de IVA: su NIT y, si quiere, "Documento informativo"; sin tarifas', () => {
    const imp: TImpuestosVenta = { fiscal: { ...IMPUESTOS.fiscal!, responsableIva: false, documentoInformativo: true }, tarifas: [] };
    const texto = lineasRecibo(RECIBO_FIJO, { ...TIENDA_FIJA, impuestos: imp }, 48).join('\n');
    expect(texto).toContain('NIT 800197268-4');
    expect(texto).toContain('Documento informativo');
    expect(texto).not.toContain('Base IVA');
  });

  it('sin datos fiscales el recibo es el de siempre', () => {
    expect(lineasRecibo(RECIBO_FIJO, { ...TIENDA_FIJA, impuestos: null }, 48)).toEqual(lineasRecibo(RECIBO_FIJO, TIENDA_FIJA, 48));
  });
});
