import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { construirDocumentoSoporte, construirNotaSoporte, cuds, lineaSoporte, type DocumentoSoporte, type LineaCompraSoporte } from './documento-soporte.js';
import { documentoEjemplo, EMISOR_EJEMPLO } from './ejemplos.js';
import { validarContraXsd } from './validar-xsd.js';
import { esperarFirmadaYValida, parse, textos } from './nota.fixtures.js';
import { NS } from './xml.js';

/** Issue #57 point 3, ADR 055: the documento soporte (Invoice type 05, CUDS) and its adjustment note (CreditNote type 95). */
const CREDITNOTE_XSD = 'maindoc/UBL-CreditNote-2.1.xsd';

const HUEVOS: LineaCompraSoporte = { codigo: '17', codigoBarras: null, nombre: 'Huevos AA x30', cantidad: 10, unidad: '94', importe: 150_000 };
const QUESO: LineaCompraSoporte = { codigo: '18', codigoBarras: '7702001041234', nombre: 'Queso campesino <fresco> & salado', cantidad: 2.5, unidad: 'KGM', importe: 47_500 };

function soporte(cambios: Partial<DocumentoSoporte> = {}): DocumentoSoporte {
  const { software } = documentoEjemplo();
  return {
    ambiente: 2,
    consecutivo: 7,
    emision: new Date('2026-11-20T15:04:05Z'),
    adquiriente: EMISOR_EJEMPLO,
    vendedor: {
      tipoDocumento: '13',
      numero: '1020304050',
      nombre: 'Pedro Campesino',
      direccion: { municipioCodigo: '25899', municipio: '25899', departamentoCodigo: '25', departamento: '25', linea: 'Vereda El Rosal, finca La Esperanza' },
    },
    resolucion: { numero: '18760000009', fechaDesde: '2026-01-01', fechaHasta: '2027-12-31', prefijo: 'DS', desde: 1, hasta: 1000 },
    software,
    lineas: [lineaSoporte(HUEVOS), lineaSoporte(QUESO)],
    pago: { forma: 1, medio: '10' },
    ...cambios,
  };
}

const nota = (emision = new Date('2026-11-21T14:00:00Z')) => {
  const ds = construirDocumentoSoporte(soporte());
  return construirNotaSoporte({
    ...soporte({ lineas: [lineaSoporte({ ...HUEVOS, cantidad: 2, importe: 30_000 })], consecutivo: 3, emision }),
    resolucion: { numero: '', fechaDesde: '', fechaHasta: '', prefijo: 'NS', desde: 1, hasta: 999_999_999 },
    ajuste: { concepto: 1, descripcion: 'Dos docenas rotas devueltas', referencia: { numero: ds.numero, cuds: ds.cude, fecha: ds.fecha } },
  });
};

describe('documento soporte (Invoice, tipo 05)', () => {
  it('validates against UBL 2.1 and DIAN: type 05, its profile, CUDS, the seller who does not invoice as supplier and the store as customer', async () => {
    const g = construirDocumentoSoporte(soporte());
    expect((await validarContraXsd(g.xml, { sinFirmar: true })).errores).toBe('');
    expect(g.numero).toBe('DS7');
    expect(textos(g.xml, NS.cbc, 'InvoiceTypeCode')).toEqual(['05']);
    expect(textos(g.xml, NS.cbc, 'CustomizationID')).toEqual(['10']);
    expect(textos(g.xml, NS.cbc, 'ProfileID')).toEqual(['DIAN 2.1: documento soporte en adquisiciones efectuadas a no obligados a facturar.']);
    const uuid = parse(g.xml).getElementsByTagNameNS(NS.cbc, 'UUID')[0]!;
    expect([uuid.textContent, uuid.getAttribute('schemeName')]).toEqual([g.cude, 'CUDS-SHA384']);
    const raiz = parse(g.xml).documentElement!;
    const vendedor = raiz.getElementsByTagNameNS(NS.cac, 'AccountingSupplierParty')[0]!;
    const id = vendedor.getElementsByTagNameNS(NS.cbc, 'ID')[0]!;
    expect([id.textContent, id.getAttribute('schemeName')]).toEqual(['1020304050', '13']);
    expect(vendedor.getElementsByTagNameNS(NS.cbc, 'TaxLevelCode')[0]!.textContent).toBe('R-99-PN');
    const tienda = raiz.getElementsByTagNameNS(NS.cac, 'AccountingCustomerParty')[0]!;
    expect(tienda.getElementsByTagNameNS(NS.cbc, 'CompanyID')[0]!.textContent).toBe('900373076');
    // The DS range's control, each line dated (por operación), no tax, no POS extension.
    expect(textos(g.xml, NS.sts, 'Prefix')).toEqual(['DS']);
    expect(textos(g.xml, NS.cbc, 'DescriptionCode')).toEqual(['1', '1']);
    expect(raiz.getElementsByTagNameNS(NS.cac, 'TaxTotal').length).toBe(0);
    expect(g.xml).not.toContain('InformacionCajaVenta');
    expect(textos(g.xml, NS.cbc, 'PayableAmount')).toEqual(['197500.00']);
  });

  it('its CUDS recomputes from the XML with the software PIN, the seller and the store (DS annex)', () => {
    const g = construirDocumentoSoporte(soporte());
    const t = (n: string) => textos(g.xml, NS.cbc, n)[0]!;
    const campos = { numero: 'DS7', fecha: t('IssueDate'), hora: t('IssueTime'), valorBruto: t('LineExtensionAmount'), iva: '0.00', valorTotal: t('PayableAmount'), numeroVendedor: '1020304050', nitAdquiriente: '900373076', ambiente: 2 as const };
    expect(cuds({ ...campos, pin: '12345' })).toBe(g.cude);
    expect(cuds({ ...campos, pin: '54321' })).not.toBe(g.cude);
    expect(g.cude).toMatch(/^[0-9a-f]{96}$/);
  });

  it('a NIT seller carries its check digit; a seller without address is refused', () => {
    const g = construirDocumentoSoporte(soporte({ vendedor: { ...soporte().vendedor, tipoDocumento: '31', numero: '860034313', dv: '7' } }));
    const id = parse(g.xml).getElementsByTagNameNS(NS.cac, 'AccountingSupplierParty')[0]!.getElementsByTagNameNS(NS.cbc, 'ID')[0]!;
    expect([id.getAttribute('schemeName'), id.getAttribute('schemeID')]).toEqual(['31', '7']);
    expect(() => construirDocumentoSoporte(soporte({ vendedor: { ...soporte().vendedor, tipoDocumento: '31', dv: undefined } }))).toThrow(/dígito/);
    expect(() => construirDocumentoSoporte(soporte({ vendedor: { ...soporte().vendedor, direccion: { ...soporte().vendedor.direccion, linea: ' ' } } }))).toThrow(/dirección/);
  });

  it('is signed like every document: xmlsec1 verifies it and the signed DS validates', async () => {
    await esperarFirmadaYValida((emision) => construirDocumentoSoporte(soporte({ emision })).xml, 'maindoc/UBL-Invoice-2.1.xsd');
  }, 60_000);

  it('by property: the document totals are the reception lines’ pesos, exactly', () => {
    const linea = fc.record({
      codigo: fc.integer({ min: 1, max: 99_999 }).map(String),
      codigoBarras: fc.constant(null),
      nombre: fc.constantFrom('Huevos', 'Papa', 'Leche cruda', 'Yuca'),
      cantidad: fc.integer({ min: 1, max: 500_000 }).map((m) => m / 1000),
      unidad: fc.constantFrom('94', 'KGM', 'LTR'),
      importe: fc.integer({ min: 0, max: 50_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(linea, { minLength: 1, maxLength: 12 }), (lineas) => {
        const g = construirDocumentoSoporte(soporte({ lineas: lineas.map(lineaSoporte) }));
        const total = lineas.reduce((s, l) => s + l.importe, 0);
        expect(textos(g.xml, NS.cbc, 'PayableAmount')).toEqual([`${total}.00`]);
        expect(textos(g.xml, NS.cbc, 'LineExtensionAmount')).toEqual([`${total}.00`, ...lineas.map((l) => `${l.importe}.00`)]);
      }),
      { numRuns: 150 },
    );
  });
});

describe('nota de ajuste al documento soporte (CreditNote, tipo 95)', () => {
  it('references the DS number, CUDS and date, validates against UBL 2.1 CreditNote, its CUDS recomputes', async () => {
    const ds = construirDocumentoSoporte(soporte());
    const g = nota();
    expect((await validarContraXsd(g.xml, { sinFirmar: true, raiz: CREDITNOTE_XSD })).errores).toBe('');
    expect(g.numero).toBe('NS3');
    expect(textos(g.xml, NS.cbc, 'CreditNoteTypeCode')).toEqual(['95']);
    expect(textos(g.xml, NS.cbc, 'ResponseCode')).toEqual(['1']);
    const ref = parse(g.xml).getElementsByTagNameNS(NS.cac, 'InvoiceDocumentReference')[0]!;
    expect(ref.getElementsByTagNameNS(NS.cbc, 'ID')[0]!.textContent).toBe('DS7');
    const uuid = ref.getElementsByTagNameNS(NS.cbc, 'UUID')[0]!;
    expect([uuid.textContent, uuid.getAttribute('schemeName')]).toEqual([ds.cude, 'CUDS-SHA384']);
    expect(g.xml).not.toContain('InvoiceControl');
    expect(textos(g.xml, NS.cbc, 'PayableAmount')).toEqual(['30000.00']);
    const t = (n: string) => textos(g.xml, NS.cbc, n)[0]!;
    expect(cuds({ numero: 'NS3', fecha: t('IssueDate'), hora: t('IssueTime'), valorBruto: '30000.00', iva: '0.00', valorTotal: '30000.00', numeroVendedor: '1020304050', nitAdquiriente: '900373076', pin: '12345', ambiente: 2 })).toBe(g.cude);
  });

  it('is signed; xmlsec1 verifies it and the signed note validates', async () => {
    await esperarFirmadaYValida((emision) => nota(emision).xml, CREDITNOTE_XSD);
  }, 60_000);
});
