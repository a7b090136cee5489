import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { construirFacturaVenta } from './factura-venta.js';
import { construirNotaCreditoFactura, notaCreditoAnulacion, notaCreditoDevolucion } from './nota-factura.js';
import { LINEAS, lineaConPrecio } from './ejemplos.js';
import { validarContraXsd } from './validar-xsd.js';
import { esperarFirmadaYValida, factura, parse, textos } from './nota.fixtures.js';
import { cude } from './cude.js';
import { NS } from './xml.js';
import type { LineaDocumento } from './tipos.js';

/** Issue #57 point 2: the invoice's credit note (CreditNote type 91). */
const CREDITNOTE_XSD = 'maindoc/UBL-CreditNote-2.1.xsd';
const DATOS = { prefijo: 'NC', consecutivo: 7, emision: new Date('2026-11-21T14:00:00Z'), motivo: 'Venta anulada: el cliente no se llevó el pedido' };

describe('nota crédito de factura electrónica (CreditNote type 91)', () => {
  it('an annulment (concept 2) references the invoice number, CUFE and date, takes every line back and validates', async () => {
    const o = factura({ lineas: [LINEAS.iva19(), LINEAS.inc(), LINEAS.exento(), LINEAS.bolsa()] });
    const g = construirNotaCreditoFactura(notaCreditoAnulacion(o, DATOS));
    const r = await validarContraXsd(g.xml, { sinFirmar: true, raiz: CREDITNOTE_XSD });
    expect(r.errores).toBe('');
    expect(parse(g.xml).documentElement!.localName).toBe('CreditNote');
    expect(textos(g.xml, NS.cbc, 'CreditNoteTypeCode')).toEqual(['91']);
    expect(textos(g.xml, NS.cbc, 'CustomizationID')).toEqual(['20']);
    expect(textos(g.xml, NS.cbc, 'ProfileID')).toEqual(['DIAN 2.1: Nota Crédito de Factura Electrónica de Venta']);
    expect(textos(g.xml, NS.cbc, 'ResponseCode')).toEqual(['2']);
    expect(textos(g.xml, NS.cbc, 'ReferenceID')).toEqual([o.numero]);
    const ref = parse(g.xml).getElementsByTagNameNS(NS.cac, 'InvoiceDocumentReference')[0]!;
    expect(ref.getElementsByTagNameNS(NS.cbc, 'ID')[0]!.textContent).toBe('FE42');
    const uuid = ref.getElementsByTagNameNS(NS.cbc, 'UUID')[0]!;
    expect([uuid.textContent, uuid.getAttribute('schemeName')]).toEqual([o.cufe, 'CUFE-SHA384']);
    expect(ref.getElementsByTagNameNS(NS.cbc, 'IssueDate')[0]!.textContent).toBe(o.fecha);
    expect(g.numero).toBe('NC7');
    // No range (InvoiceControl) on a note, no POS extensions; the buyer stays identified.
    expect(g.xml).not.toContain('InvoiceControl');
    expect(g.xml).not.toContain('InformacionCajaVenta');
    const cliente = parse(g.xml).getElementsByTagNameNS(NS.cac, 'AccountingCustomerParty')[0]!;
    expect(cliente.getElementsByTagNameNS(NS.cbc, 'ID')[0]!.textContent).toBe('860034313');
    expect(parse(g.xml).getElementsByTagNameNS(NS.cac, 'CreditNoteLine').length).toBe(4);
    expect(g.totales.aPagar).toBe(construirFacturaVenta({ ...o.factura, claveTecnica: 'x1234567' }).totales.aPagar);
  });

  it('its CUDE recomputes from the XML with the software PIN and the buyer (not the technical key)', () => {
    const g = construirNotaCreditoFactura(notaCreditoAnulacion(factura(), DATOS));
    const t = (n: string) => textos(g.xml, NS.cbc, n)[0]!;
    const uuid = parse(g.xml).getElementsByTagNameNS(NS.cbc, 'UUID')[0]!;
    expect(uuid.getAttribute('schemeName')).toBe('CUDE-SHA384');
    const iva = parse(g.xml).documentElement!.getElementsByTagNameNS(NS.cac, 'TaxTotal')[0]!.getElementsByTagNameNS(NS.cbc, 'TaxAmount')[0]!.textContent!;
    expect(
      cude({ numero: 'NC7', fecha: t('IssueDate'), hora: t('IssueTime'), valorBruto: t('LineExtensionAmount'), iva, inc: '0.00', ica: '0.00', valorTotal: t('PayableAmount'), nitEmisor: '900373076', numeroAdquirente: '860034313', clave: '12345', ambiente: 2 }),
    ).toBe(g.cude);
  });

  it('a partial return (concept 1) carries only the returned lines', async () => {
    const o = factura({ lineas: [LINEAS.iva19(), LINEAS.inc()] });
    const g = construirNotaCreditoFactura(notaCreditoDevolucion(o, { ...DATOS, motivo: 'Devolución de un tornillo' }, [LINEAS.iva19()]));
    expect((await validarContraXsd(g.xml, { sinFirmar: true, raiz: CREDITNOTE_XSD })).errores).toBe('');
    expect(textos(g.xml, NS.cbc, 'ResponseCode')).toEqual(['1']);
    expect(textos(g.xml, NS.cbc, 'Description')).toContain('Devolución de un tornillo');
    expect(parse(g.xml).getElementsByTagNameNS(NS.cac, 'CreditNoteLine').length).toBe(1);
  });

  it('is signed like the invoice; xmlsec1 verifies it and the signed note validates', async () => {
    await esperarFirmadaYValida((emision) => construirNotaCreditoFactura(notaCreditoAnulacion(factura(), { ...DATOS, emision })).xml, CREDITNOTE_XSD);
  }, 60_000);

  it('has no contingency and needs the invoice CUFE and a reason', () => {
    const n = notaCreditoAnulacion(factura(), DATOS);
    expect(() => construirNotaCreditoFactura({ ...n, contingencia: '08' })).toThrow(/contingencia/);
    expect(() => construirNotaCreditoFactura({ ...n, ajuste: { ...n.ajuste, referencia: { ...n.ajuste.referencia, cufe: 'x' } } })).toThrow(/CUFE/);
    expect(() => construirNotaCreditoFactura({ ...n, ajuste: { ...n.ajuste, descripcion: ' ' } })).toThrow(/motivo/);
  });

  it('amounts (property): an annulment note pays back exactly the invoice, per rate', () => {
    const linea = fc.record({
      precio: fc.integer({ min: 50, max: 2_000_000 }),
      cantidad: fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 5000 }).map((g) => g / 1000)),
      impuesto: fc.constantFrom({ tipo: 'IVA', tarifa: 19 } as const, { tipo: 'IVA', tarifa: 5 } as const, { tipo: 'INC', tarifa: 8 } as const, { tipo: 'exento' } as const, { tipo: 'excluido' } as const),
    });
    fc.assert(
      fc.property(fc.array(linea, { minLength: 1, maxLength: 10 }), (ls) => {
        const lineas: LineaDocumento[] = ls.map((l, i) => lineaConPrecio(`P${i}`, l.precio, l.cantidad, l.impuesto, { unidad: Number.isInteger(l.cantidad) ? '94' : 'KGM' }));
        const o = factura({ lineas });
        const f = construirFacturaVenta({ ...o.factura, claveTecnica: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c' });
        const g = construirNotaCreditoFactura(notaCreditoAnulacion(o, DATOS));
        expect(g.totales).toEqual(f.totales);
        for (const n of ['PayableAmount', 'TaxInclusiveAmount', 'TaxExclusiveAmount']) expect(textos(g.xml, NS.cbc, n)).toEqual(textos(f.xml, NS.cbc, n));
      }),
      { numRuns: 40 },
    );
  });
});
