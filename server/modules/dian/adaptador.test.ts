import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IMPUESTOS } from '../../../shared/impuestos.js';
import { documentoDesdeVenta, VentaSinImpuesto, type LineaVenta, type VentaParaDocumento } from './adaptador.js';
import { DOMParser } from '@xmldom/xmldom';
import { construirDocumentoPos, NS } from './xml.js';
import { cudeDelXml } from './cude.fixtures.js';
import { documentoEjemplo } from './ejemplos.js';
import { validarContraXsd } from './validar-xsd.js';

const base = documentoEjemplo();
function venta(lineas: LineaVenta[], cambios: Partial<VentaParaDocumento> = {}): VentaParaDocumento {
  return {
    nombreTienda: 'La Esquina',
    perfil: {
      razonSocial: 'Minimercado La Esquina S.A.S.', tipoPersona: 'juridica', nit: '900373076', dv: 4, responsabilidades: ['O-13'], responsableIva: true,
      departamento: '11', municipio: '11001', departamentoNombre: 'Bogotá', municipioNombre: 'Bogotá, D.C.', direccion: 'Calle 45 # 13-20', telefono: null, correo: 'tienda@example.com',
    },
    lineas,
    descuento: 0,
    fiado: null,
    medio: '10',
    adquirente: null,
    emision: base.emision,
    ambiente: 2,
    consecutivo: base.consecutivo,
    resolucion: base.resolucion,
    software: base.software,
    caja: base.caja,
    ...cambios,
  };
}

describe('a real sale as an electronic POS document', () => {
  it('a sale with every tax, a bag and a discount validates and pays exactly what the customer paid', async () => {
    const lineas: LineaVenta[] = [
      { codigo: 'P1', codigoBarras: '7702004003508', nombre: 'Gaseosa', cantidad: 2, unidad: '94', importe: 11800, impuesto: 'iva19' },
      { codigo: 'P2', nombre: 'Café', cantidad: 1, unidad: '94', importe: 12500, impuesto: 'iva5' },
      { codigo: 'P3', nombre: 'Huevos', cantidad: 1, unidad: '94', importe: 18000, impuesto: 'exento' },
      { codigo: 'P4', nombre: 'Papa', cantidad: 1, unidad: 'KGM', importe: 3200, impuesto: 'excluido' },
      { codigo: 'P5', nombre: 'Empanada', cantidad: 3, unidad: '94', importe: 7500, impuesto: 'inc8' },
      { codigo: 'B', nombre: 'Bolsa', cantidad: 2, unidad: '94', importe: 140, impuesto: 'bolsa', valorBolsa: 70 },
    ];
    const g = construirDocumentoPos(documentoDesdeVenta(venta(lineas, { descuento: 1000 })));
    expect(g.totales.aPagar).toBe((11800 + 12500 + 18000 + 3200 + 7500 + 140 - 1000) * 100);
    // Without a discount the bags carry their full INC (with one, #30's rule spreads it over every line, bags too).
    expect(construirDocumentoPos(documentoDesdeVenta(venta(lineas))).totales.bolsas).toBe(14000);
    const r = await validarContraXsd(g.xml, { sinFirmar: true });
    expect(r.errores).toBe('');
    expect(g.xml).toContain('schemeID="010"');
  });

  it('a line sold by value ("$ 2.000 de arroz", 0,417 kg at $ 4.800/kg) pays 2 000, validates and its CUDE recomputes from the XML (issue #52 point 4)', async () => {
    for (const impuesto of ['excluido', 'iva19'] as const) {
      const g = construirDocumentoPos(documentoDesdeVenta(venta([{ codigo: 'A', nombre: 'Arroz', cantidad: 0.417, unidad: 'KGM', importe: 2000, impuesto }])));
      expect(g.totales.aPagar).toBe(200_000);
      expect((await validarContraXsd(g.xml, { sinFirmar: true })).errores).toBe('');
      const doc = new DOMParser().parseFromString(g.xml, 'text/xml');
      const textos = (local: string) => Array.from(doc.getElementsByTagNameNS(NS.cbc, local)).map((n) => n.textContent ?? '');
      expect(textos('PayableAmount')).toEqual(['2000.00']);
      expect(textos('InvoicedQuantity')[0]).toMatch(/^0\.417/);
      // The unit price is derived from the line's base: quantity × price is the base within a peso (DIAN's line rule).
      const [precio] = textos('PriceAmount').map(Number);
      const baseLinea = Number(textos('LineExtensionAmount').at(-1));
      expect(Math.abs(0.417 * precio! - baseLinea)).toBeLessThan(1);
      expect(cudeDelXml(g.xml, base.software.pin)).toBe(g.cude);
    }
  });

  it('fiado is crédito with its due date', () => {
    const d = documentoDesdeVenta(venta([{ codigo: 'P', nombre: 'Arroz', cantidad: 1, unidad: '94', importe: 5000, impuesto: 'excluido' }], { fiado: { vencimiento: '2026-12-31' } }));
    expect(d.pago).toEqual({ forma: 2, medio: 'ZZZ', vencimiento: '2026-12-31' });
  });

  it('refuses a line without a tax (the store must classify it first)', () => {
    expect(() => documentoDesdeVenta(venta([{ codigo: 'P', nombre: 'Sin clasificar', cantidad: 1, unidad: '94', importe: 100, impuesto: null }]))).toThrow(VentaSinImpuesto);
  });

  it('for any cart, rates, bags and discount: the document pays exactly what was paid, and Σ bases + Σ taxes = payable (property)', () => {
    const linea = fc.record({
      importe: fc.integer({ min: 0, max: 2_000_000 }),
      cantidad: fc.integer({ min: 1, max: 20 }),
      impuesto: fc.constantFrom(...IMPUESTOS),
      valorBolsa: fc.integer({ min: 0, max: 500 }),
    });
    fc.assert(
      fc.property(fc.array(linea, { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 500_000 }), (ls, descuento) => {
        const lineas: LineaVenta[] = ls.map((l, i) => ({ codigo: `P${i}`, nombre: `Producto ${i}`, unidad: '94', ...l }));
        const total = lineas.reduce((s, l) => s + l.importe, 0);
        const g = construirDocumentoPos(documentoDesdeVenta(venta(lineas, { descuento })));
        expect(g.totales.aPagar).toBe((total - Math.min(descuento, total)) * 100);
        expect(g.totales.bruto + g.totales.iva + g.totales.inc + g.totales.bolsas).toBe(g.totales.aPagar);
      }),
      { numRuns: 200 },
    );
  });
});
