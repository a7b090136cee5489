import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { construirNotaDebitoFactura, lineasDeCargos, notaDebito, type CargoNotaDebito } from './nota-debito.js';
import { LINEAS } from './ejemplos.js';
import { validarContraXsd } from './validar-xsd.js';
import { esperarFirmadaYValida, factura, parse, textos } from './nota.fixtures.js';
import { cude } from './cude.js';
import { NS } from './xml.js';

/** Issue #57 point 2, ADR 050: the invoice's debit note (UBL DebitNote, DIAN type 92). */
const DEBITNOTE_XSD = 'maindoc/UBL-DebitNote-2.1.xsd';
const FLETE: CargoNotaDebito = { descripcion: 'Flete de entrega a la obra', valor: 35_700, impuesto: 'iva19' };
const DATOS = { consecutivo: 8, emision: new Date('2026-11-21T14:00:00Z'), concepto: 2 as const, motivo: 'Flete acordado después de la venta', lineas: lineasDeCargos([FLETE]) };

describe('nota débito de factura electrónica (DebitNote, tipo 92)', () => {
  it('a charge (concept 2 gastos por cobrar) references the invoice number, CUFE and date and validates against UBL 2.1 and DIAN', async () => {
    const o = factura({ lineas: [LINEAS.iva19(), LINEAS.inc()] });
    const g = construirNotaDebitoFactura(notaDebito(o, DATOS));
    const r = await validarContraXsd(g.xml, { sinFirmar: true, raiz: DEBITNOTE_XSD });
    expect(r.errores).toBe('');
    const raiz = parse(g.xml).documentElement!;
    expect([raiz.localName, raiz.namespaceURI]).toEqual(['DebitNote', NS.nd]);
    expect(textos(g.xml, NS.cbc, 'CustomizationID')).toEqual(['30']);
    expect(textos(g.xml, NS.cbc, 'ProfileID')).toEqual(['DIAN 2.1: Nota Débito de Factura Electrónica de Venta']);
    expect(textos(g.xml, NS.cbc, 'ResponseCode')).toEqual(['2']);
    expect(textos(g.xml, NS.cbc, 'Description')).toContain('Flete acordado después de la venta');
    const ref = raiz.getElementsByTagNameNS(NS.cac, 'InvoiceDocumentReference')[0]!;
    expect(ref.getElementsByTagNameNS(NS.cbc, 'ID')[0]!.textContent).toBe('FE42');
    const uuid = ref.getElementsByTagNameNS(NS.cbc, 'UUID')[0]!;
    expect([uuid.textContent, uuid.getAttribute('schemeName')]).toEqual([o.cufe, 'CUFE-SHA384']);
    expect(ref.getElementsByTagNameNS(NS.cbc, 'IssueDate')[0]!.textContent).toBe(o.fecha);
    expect(g.numero).toBe('ND8');
    // Only the charge, not the invoice's lines; the requested total is what is charged.
    expect(raiz.getElementsByTagNameNS(NS.cac, 'DebitNoteLine').length).toBe(1);
    expect(textos(g.xml, NS.cbc, 'DebitedQuantity')).toEqual(['1.00']);
    expect(raiz.getElementsByTagNameNS(NS.cac, 'RequestedMonetaryTotal').length).toBe(1);
    expect(raiz.getElementsByTagNameNS(NS.cac, 'LegalMonetaryTotal').length).toBe(0);
    expect(textos(g.xml, NS.cbc, 'PayableAmount')).toEqual(['35700.00']);
    expect(textos(g.xml, NS.cbc, 'TaxExclusiveAmount')).toEqual(['30000.00']);
    // No range, no POS extensions, the buyer identified as on the invoice.
    expect(g.xml).not.toContain('InvoiceControl');
    expect(g.xml).not.toContain('InformacionCajaVenta');
    const cliente = raiz.getElementsByTagNameNS(NS.cac, 'AccountingCustomerParty')[0]!;
    expect(cliente.getElementsByTagNameNS(NS.cbc, 'ID')[0]!.textContent).toBe('860034313');
  });

  it('its CUDE recomputes from the XML with the software PIN and the buyer (not the range technical key)', () => {
    const g = construirNotaDebitoFactura(notaDebito(factura(), DATOS));
    const t = (n: string) => textos(g.xml, NS.cbc, n)[0]!;
    expect(parse(g.xml).getElementsByTagNameNS(NS.cbc, 'UUID')[0]!.getAttribute('schemeName')).toBe('CUDE-SHA384');
    const iva = parse(g.xml).documentElement!.getElementsByTagNameNS(NS.cac, 'TaxTotal')[0]!.getElementsByTagNameNS(NS.cbc, 'TaxAmount')[0]!.textContent!;
    expect(iva).toBe('5700.00');
    const campos = { numero: 'ND8', fecha: t('IssueDate'), hora: t('IssueTime'), valorBruto: t('LineExtensionAmount'), iva, inc: '0.00', ica: '0.00', valorTotal: t('PayableAmount'), nitEmisor: '900373076', numeroAdquirente: '860034313', ambiente: 2 as const };
    expect(cude({ ...campos, clave: '12345' })).toBe(g.cude);
    expect(cude({ ...campos, clave: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c' })).not.toBe(g.cude);
  });

  it('is signed like the invoice; xmlsec1 verifies it and the signed note validates', async () => {
    await esperarFirmadaYValida((emision) => construirNotaDebitoFactura(notaDebito(factura(), { ...DATOS, emision })).xml, DEBITNOTE_XSD);
  }, 60_000);

  it('has no contingency and needs the invoice CUFE and a reason', () => {
    const n = notaDebito(factura(), DATOS);
    expect(() => construirNotaDebitoFactura({ ...n, contingencia: '08' })).toThrow(/nota débito no tiene contingencia/);
    expect(() => construirNotaDebitoFactura({ ...n, ajuste: { ...n.ajuste, referencia: { ...n.ajuste.referencia, cufe: 'x' } } })).toThrow(/CUFE/);
    expect(() => construirNotaDebitoFactura({ ...n, ajuste: { ...n.ajuste, descripcion: ' ' } })).toThrow(/motivo/);
  });

  it('amounts (property): the note charges exactly what was entered, per rate base + tax = pesos charged', () => {
    const cargo = fc.record({
      descripcion: fc.constantFrom('Flete', 'Intereses de mora', 'Ajuste de precio'),
      valor: fc.integer({ min: 1, max: 100_000_000 }),
      impuesto: fc.constantFrom('iva19', 'iva5', 'inc8', 'exento', 'excluido') as fc.Arbitrary<CargoNotaDebito['impuesto']>,
    });
    const TARIFA: Record<string, string> = { iva19: '19.00', iva5: '5.00', inc8: '8.00', exento: '0.00' };
    fc.assert(
      fc.property(fc.array(cargo, { minLength: 1, maxLength: 20 }), (cargos) => {
        const g = construirNotaDebitoFactura(notaDebito(factura(), { ...DATOS, lineas: lineasDeCargos(cargos) }));
        const total = cargos.reduce((s, c) => s + c.valor, 0);
        expect(g.totales.aPagar).toBe(total * 100);
        expect(textos(g.xml, NS.cbc, 'PayableAmount')).toEqual([`${total}.00`]);
        // Per rate, the document's TaxSubtotals add up to what was charged at that rate.
        const doc = parse(g.xml).documentElement!;
        const porTarifa = new Map<string, number>();
        for (const tt of Array.from(doc.getElementsByTagNameNS(NS.cac, 'TaxTotal')).filter((n) => n.parentNode === doc)) {
          for (const st of Array.from(tt.getElementsByTagNameNS(NS.cac, 'TaxSubtotal'))) {
            const pct = st.getElementsByTagNameNS(NS.cbc, 'Percent')[0]!.textContent!;
            const centavos = (x: string) => Math.round(Number(st.getElementsByTagNameNS(NS.cbc, x)[0]!.textContent) * 100);
            porTarifa.set(pct, (porTarifa.get(pct) ?? 0) + centavos('TaxableAmount') + centavos('TaxAmount'));
          }
        }
        for (const [imp, pct] of Object.entries(TARIFA)) {
          const esperado = cargos.filter((c) => c.impuesto === imp).reduce((s, c) => s + c.valor * 100, 0);
          expect(porTarifa.get(pct) ?? 0).toBe(esperado);
        }
      }),
      { numRuns: 60 },
    );
  });
});
