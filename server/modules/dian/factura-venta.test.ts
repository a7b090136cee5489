import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DOMParser, type Element as XElement } from '@xmldom/xmldom';
import { construirFacturaVenta, type AdquirenteFactura, type FacturaVenta } from './factura-venta.js';
import { documentoEjemplo, LINEAS, lineaConPrecio } from './ejemplos.js';
import { validarContraXsd } from './validar-xsd.js';
import { cufe, cude } from './cude.js';
import { NS } from './xml.js';
import { firmarDocumento } from './firma.js';
import { credencialPrueba, type CredencialPrueba } from './certificado-prueba.js';
import { verificarConXmlsec } from './verificar-xmlsec.js';
import type { LineaDocumento } from './tipos.js';

const CLAVE_TECNICA = 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c';

const EMPRESA: AdquirenteFactura = {
  tipoPersona: 1,
  tipoDocumento: '31',
  numero: '860034313',
  dv: '7',
  nombre: 'Ferretería & Construcciones <El Maestro> S.A.S.',
  email: 'compras@example.com',
  responsabilidades: ['O-13', 'O-23'],
  responsableIva: true,
};
const PERSONA: AdquirenteFactura = {
  tipoPersona: 2,
  tipoDocumento: '13',
  numero: '1020304050',
  nombre: 'Pedro Pérez',
  email: 'pedro@example.com',
  responsabilidades: ['R-99-PN'],
  responsableIva: false,
};

function facturaEjemplo(cambios: Partial<FacturaVenta> = {}): FacturaVenta {
  const { adquirente: _, puntos: __, caja: ___, ...pos } = documentoEjemplo({ resolucion: { numero: '18760000001', fechaDesde: '2026-01-01', fechaHasta: '2027-12-31', prefijo: 'SETT', desde: 1, hasta: 5000000 }, consecutivo: 42 });
  return { ...pos, adquirente: EMPRESA, claveTecnica: CLAVE_TECNICA, ...cambios };
}

const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml');
const textos = (xml: string, ns: string, local: string) => Array.from(parse(xml).getElementsByTagNameNS(ns, local)).map((n) => n.textContent ?? '');
/** The document's own TaxTotal elements (not the lines'), as code → { amount, per rate }. */
function impuestosDelDocumento(xml: string): Record<string, { total: string; porTarifa: Record<string, string> }> {
  const raiz = parse(xml).documentElement!;
  const out: Record<string, { total: string; porTarifa: Record<string, string> }> = {};
  for (const tt of Array.from(raiz.childNodes).filter((n): n is XElement => (n as XElement).localName === 'TaxTotal')) {
    const codigo = tt.getElementsByTagNameNS(NS.cbc, 'ID')[0]!.textContent!;
    const porTarifa: Record<string, string> = {};
    for (const st of Array.from(tt.getElementsByTagNameNS(NS.cac, 'TaxSubtotal'))) {
      const pct = st.getElementsByTagNameNS(NS.cbc, 'Percent')[0]?.textContent ?? 'unidad';
      porTarifa[pct] = st.getElementsByTagNameNS(NS.cbc, 'TaxAmount')[0]!.textContent!;
    }
    out[codigo] = { total: tt.getElementsByTagNameNS(NS.cbc, 'TaxAmount')[0]!.textContent!, porTarifa };
  }
  return out;
}

describe('CUFE', () => {
  it("reproduces DIAN's annex v1.9 example (§11.2.1), keyed by the range's technical key", () => {
    expect(
      cufe({
        numero: '323200000129', fecha: '2019-01-16', hora: '10:53:10-05:00', valorBruto: '1500000.00', iva: '285000.00', inc: '0.00', ica: '0.00',
        valorTotal: '1785000.00', nitEmisor: '700085371', numeroAdquirente: '800199436', claveTecnica: '693ff6f2a553c3646a063436fd4dd9ded0311471', ambiente: 1,
      }),
    ).toBe('8bb918b19ba22a694f1da11c643b5e9de39adf60311cf179179e9b33381030bcd4c3c3f156c506ed5908f9276f5bd9b4');
  });

  it('refuses an empty technical key', () => {
    expect(() => cufe({ numero: '1', fecha: '2019-01-16', hora: '10:53:10-05:00', valorBruto: 1, iva: 0, inc: 0, ica: 0, valorTotal: 1, nitEmisor: '1', numeroAdquirente: '1', claveTecnica: ' ', ambiente: 2 })).toThrow(/clave técnica/);
  });
});

const casos: [string, Partial<FacturaVenta>][] = [
  ['a company (NIT with DV, responsible for IVA)', {}],
  ['a person with cédula, not responsible for IVA', { adquirente: PERSONA }],
  ['every tax together', { lineas: [LINEAS.iva19(), LINEAS.iva5(), LINEAS.exento(), LINEAS.excluido(), LINEAS.inc(), LINEAS.bolsa()] }],
  ['on credit (fiado) with due date', { pago: { forma: 2, medio: 'ZZZ', vencimiento: '2026-12-20' } }],
  [
    "a ferretería's measures: 2,5 m, 35 cm, 0,75 m², 1,5 gal (issue #58 point 3)",
    {
      lineas: [
        lineaConPrecio('Cable 12 AWG', 3900, 2.5, { tipo: 'IVA', tarifa: 19 }, { unidad: 'MTR' }),
        lineaConPrecio('Manguera', 37, 35, { tipo: 'IVA', tarifa: 19 }, { unidad: 'CMT' }),
        lineaConPrecio('Baldosa', 45900, 0.75, { tipo: 'IVA', tarifa: 19 }, { unidad: 'MTK' }),
        lineaConPrecio('Pintura', 89999, 1.5, { tipo: 'IVA', tarifa: 19 }, { unidad: 'GLL' }),
      ],
    },
  ],
  ['a buyer with an address, producción', { ambiente: 1, adquirente: { ...EMPRESA, direccion: { municipioCodigo: '05001', municipio: 'Medellín', departamentoCodigo: '05', departamento: 'Antioquia', linea: 'Cra 50 # 10-20' } } }],
];

describe('UBL 2.1 Invoice type 01 (factura electrónica de venta)', () => {
  for (const [nombre, cambios] of casos) {
    it(`validates against the UBL 2.1 and DIAN schemas: ${nombre}`, async () => {
      const g = construirFacturaVenta(facturaEjemplo(cambios));
      const r = await validarContraXsd(g.xml, { sinFirmar: true });
      expect(r.errores).toBe('');
      expect(r.ok).toBe(true);
    });
  }

  it("carries each line's unit as its unitCode: MTR, CMT, MTK, GLL (issue #58 point 3)", () => {
    const g = construirFacturaVenta(facturaEjemplo(casos.find(([n]) => n.includes('ferretería'))![1]));
    const codigos = Array.from(parse(g.xml).getElementsByTagNameNS(NS.cbc, 'InvoicedQuantity')).map((q) => [q.getAttribute('unitCode'), q.textContent]);
    expect(codigos).toEqual([
      ['MTR', '2.50'],
      ['CMT', '35.00'],
      ['MTK', '0.75'],
      ['GLL', '1.50'],
    ]);
  });

  it('is type 01 with profile, CUFE-SHA384 and the buyer identified with responsibilities and regime', () => {
    const g = construirFacturaVenta(facturaEjemplo());
    expect(textos(g.xml, NS.cbc, 'InvoiceTypeCode')).toEqual(['01']);
    expect(textos(g.xml, NS.cbc, 'ProfileID')).toEqual(['DIAN 2.1: Factura Electrónica de Venta']);
    expect(textos(g.xml, NS.cbc, 'CustomizationID')).toEqual(['10']);
    const uuid = parse(g.xml).getElementsByTagNameNS(NS.cbc, 'UUID')[0]!;
    expect(uuid.getAttribute('schemeName')).toBe('CUFE-SHA384');
    expect(uuid.textContent).toBe(g.cude);
    const cliente = parse(g.xml).getElementsByTagNameNS(NS.cac, 'AccountingCustomerParty')[0]!;
    const id = cliente.getElementsByTagNameNS(NS.cbc, 'ID')[0]!;
    expect([id.textContent, id.getAttribute('schemeName'), id.getAttribute('schemeID')]).toEqual(['860034313', '31', '7']);
    const nivel = cliente.getElementsByTagNameNS(NS.cbc, 'TaxLevelCode')[0]!;
    expect([nivel.textContent, nivel.getAttribute('listName')]).toEqual(['O-13;O-23', '48']);
    expect(cliente.getElementsByTagNameNS(NS.cbc, 'ElectronicMail')[0]!.textContent).toBe('compras@example.com');
    expect(g.xml).toContain('Ferretería &amp; Construcciones &lt;El Maestro&gt; S.A.S.');
    // No POS extensions, and the technical key never travels in the XML.
    expect(g.xml).not.toContain('InformacionCajaVenta');
    expect(g.xml).not.toContain(CLAVE_TECNICA);
    const persona = construirFacturaVenta(facturaEjemplo({ adquirente: PERSONA }));
    const np = parse(persona.xml).getElementsByTagNameNS(NS.cac, 'AccountingCustomerParty')[0]!;
    expect(np.getElementsByTagNameNS(NS.cbc, 'TaxLevelCode')[0]!.getAttribute('listName')).toBe('49');
    expect(np.getElementsByTagNameNS(NS.cbc, 'ID')[0]!.getAttribute('schemeID')).toBeNull();
  });

  it('the CUFE recomputes from what the XML says, and differs from a CUDE keyed by the PIN', () => {
    const g = construirFacturaVenta(facturaEjemplo({ lineas: [LINEAS.iva19(), LINEAS.inc(), LINEAS.exento()] }));
    const lmt = (n: string) => textos(g.xml, NS.cbc, n)[0]!;
    const imp = impuestosDelDocumento(g.xml);
    const campos = {
      numero: lmt('ID'), fecha: lmt('IssueDate'), hora: lmt('IssueTime'), valorBruto: lmt('LineExtensionAmount'), iva: imp['01']!.total, inc: imp['04']!.total,
      ica: '0.00', valorTotal: lmt('PayableAmount'), nitEmisor: '900373076', numeroAdquirente: '860034313', ambiente: 2 as const,
    };
    expect(campos.numero).toBe('SETT42');
    expect(cufe({ ...campos, claveTecnica: CLAVE_TECNICA })).toBe(g.cude);
    expect(cude({ ...campos, clave: '12345' })).not.toBe(g.cude);
  });

  it('refuses a NIT without its check digit, a buyer without responsibilities, a number outside the range', () => {
    expect(() => construirFacturaVenta(facturaEjemplo({ adquirente: { ...EMPRESA, dv: undefined } }))).toThrow(/dígito de verificación/);
    expect(() => construirFacturaVenta(facturaEjemplo({ adquirente: { ...EMPRESA, responsabilidades: [] } }))).toThrow(/responsabilidades/);
    expect(() => construirFacturaVenta(facturaEjemplo({ consecutivo: 5000001 }))).toThrow(/fuera del rango/);
  });
});

describe('signed invoice', () => {
  let c: CredencialPrueba;
  beforeAll(async () => {
    c = await credencialPrueba();
  }, 60_000);

  it('xmlsec1 verifies the signature, the signed invoice validates whole, and a changed total breaks it', async () => {
    const g = construirFacturaVenta(facturaEjemplo({ emision: c.emision, lineas: [LINEAS.iva19(), LINEAS.exento(), LINEAS.bolsa()] }));
    const xml = firmarDocumento(g.xml, c.credencial, { instante: c.emision });
    const v = await verificarConXmlsec(xml, c.cert.certificadoPem);
    expect(v.ok).toBe(true);
    expect((await validarContraXsd(xml)).errores).toBe('');
    const cambiado = xml.replace(/(<cbc:PayableAmount currencyID="COP">)(\d+)/, (_, a: string, n: string) => `${a}${Number(n) - 1}`);
    expect(cambiado).not.toBe(xml);
    expect((await verificarConXmlsec(cambiado, c.cert.certificadoPem)).ok).toBe(false);
  });
});

describe('amounts (property): the invoice totals are the sale’s', () => {
  const TARIFAS = [
    { tipo: 'IVA', tarifa: 19 },
    { tipo: 'IVA', tarifa: 5 },
    { tipo: 'INC', tarifa: 8 },
    { tipo: 'exento' },
    { tipo: 'excluido' },
  ] as const;
  const linea = fc.record({
    precio: fc.integer({ min: 50, max: 2_000_000 }),
    cantidad: fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 5000 }).map((g) => g / 1000)),
    impuesto: fc.constantFrom(...TARIFAS),
  });

  it('LineExtension, TaxExclusive, TaxInclusive, Payable and each rate equal the sum of the sale’s lines', () => {
    fc.assert(
      fc.property(fc.array(linea, { minLength: 1, maxLength: 12 }), (ls) => {
        const lineas: LineaDocumento[] = ls.map((l, i) => lineaConPrecio(`P${i}`, l.precio, l.cantidad, l.impuesto, { unidad: Number.isInteger(l.cantidad) ? '94' : 'KGM' }));
        const g = construirFacturaVenta(facturaEjemplo({ lineas }));
        // What the customer pays: Σ each line's shelf total (base + tax), in centavos.
        const venta = lineas.reduce((s, l) => s + l.base + l.impuesto.valor, 0);
        const pesos = (c: number) => (c / 100).toFixed(2);
        expect(textos(g.xml, NS.cbc, 'PayableAmount')).toEqual([pesos(venta)]);
        expect(textos(g.xml, NS.cbc, 'TaxInclusiveAmount')).toEqual([pesos(venta)]);
        expect(textos(g.xml, NS.cbc, 'LineExtensionAmount')[0]).toBe(pesos(lineas.reduce((s, l) => s + l.base, 0)));
        const gravada = lineas.filter((l) => l.impuesto.tipo !== 'excluido').reduce((s, l) => s + l.base, 0);
        expect(textos(g.xml, NS.cbc, 'TaxExclusiveAmount')).toEqual([pesos(gravada)]);
        const imp = impuestosDelDocumento(g.xml);
        for (const t of TARIFAS) {
          const deTarifa = lineas.filter((l) => l.impuesto.tipo === t.tipo && (!('tarifa' in t) || l.impuesto.tarifa === t.tarifa));
          if (t.tipo === 'excluido' || deTarifa.length === 0) continue;
          const codigo = t.tipo === 'INC' ? '04' : '01';
          const pct = 'tarifa' in t ? `${t.tarifa}.00` : '0.00';
          expect(imp[codigo]!.porTarifa[pct]).toBe(pesos(deTarifa.reduce((s, l) => s + l.impuesto.valor, 0)));
        }
      }),
      { numRuns: 60 },
    );
  });
});
