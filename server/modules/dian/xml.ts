/**
 * The UBL 2.1 `Invoice` of type 20 (documento equivalente electrónico tiquete POS) built from a
 * `DocumentoPos`, with xmlbuilder2 (namespace-aware, escapes text and attributes, typed, maintained).
 * The element order follows the UBL 2.1 schemas (tests validate every mix with xmllint); the last
 * `ext:UBLExtension` is left empty for the signature (`firma.ts`).
 */
import { xmlbuilder2 } from '../../lib/perezoso.js';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { camposDeCodigo, cude, fechaHoraBogota, monto, softwareSecurityCode, urlCatalogo } from './cude.js';
import { calcularTotales, impuestosDeLinea, validarDocumento, type SubtotalImpuesto, type Totales } from './totales.js';
import { CONSUMIDOR_FINAL, NIT_DIAN, NOMBRE_IMPUESTO, type Direccion, type DocumentoPos, type Emisor } from './tipos.js';

export const NS = {
  inv: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  nc: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  nd: 'urn:oasis:names:specification:ubl:schema:xsd:DebitNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  sts: 'dian:gov:co:facturaelectronica:Structures-2-1',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  xades: 'http://uri.etsi.org/01903/v1.3.2#',
  xades141: 'http://uri.etsi.org/01903/v1.4.1#',
} as const;

/** The XMLDSig algorithms DIAN takes: the document's signature (firma.ts) and the SOAP envelope's (soap.ts). */
export const ALGORITMO = {
  c14n: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
  excC14n: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  enveloped: 'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
  rsaSha256: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  sha256: 'http://www.w3.org/2001/04/xmlenc#sha256',
} as const;

type Prefijo = Exclude<keyof typeof NS, 'nc' | 'nd'>;

export const PROFILE_ID_POS = 'DIAN 2.1: documento equivalente electrónico del tiquete de máquina registradora con sistema P.O.S.';
export const TIPO_DOCUMENTO_POS = '20';
export const AGENCIA = { schemeAgencyID: '195', schemeAgencyName: 'CO, DIAN (Dirección de Impuestos y Aduanas Nacionales)' };

export interface DocumentoGenerado {
  /** The unsigned XML (UTF-8 text). */
  xml: string;
  /** Prefixed number, `cbc:ID`. */
  numero: string;
  cude: string;
  qr: string;
  fecha: string;
  hora: string;
  totales: Totales;
}

/** The namespace of unprefixed names (the root's: Invoice, CreditNote or DebitNote); set per build. */
let nsRaiz: string = NS.inv;

/** `e(padre, 'cbc:ID', '1', {schemeID: '31'})`: an element in its prefix's namespace. */
export function e(padre: XMLBuilder, nombre: string, texto?: string | number, atributos?: Record<string, string>): XMLBuilder {
  const [p, local] = nombre.includes(':') ? (nombre.split(':') as [Prefijo, string]) : (['inv', nombre] as [Prefijo, string]);
  const hijo = padre.ele(p === 'inv' ? nsRaiz : NS[p], p === 'inv' ? local : `${p}:${local}`);
  if (atributos) for (const [k, v] of Object.entries(atributos)) hijo.att(k, v);
  if (texto !== undefined) hijo.txt(String(texto));
  return hijo;
}

/**
 * A party (AccountingSupplierParty, AccountingCustomerParty) as every DIAN document writes it, in the
 * UBL 2.1 order: its kind of person, its identification (PartyIdentification only where `identificada`),
 * names, address, tax scheme (TaxLevelCode's listName 48 or 49; scheme 01 IVA or ZZ), legal entity (with
 * the store's prefix as CorporateRegistrationScheme where given) and contact (where it has one).
 */
export interface ParteUbl {
  /** AdditionalAccountID: 1 persona jurídica, 2 persona natural. */
  tipoPersona: number;
  /** The party's number, CompanyID's (and PartyIdentification's ID's), with its scheme's attributes. */
  numero: string;
  esquema: Record<string, string>;
  identificada: boolean;
  /** PartyName's; `razonSocial` is RegistrationName's. */
  nombre: string;
  razonSocial: string;
  /** PhysicalLocation's and RegistrationAddress's; a party without one writes neither. */
  direccion?: Direccion;
  /** TaxLevelCode: the responsibilities (`;`-joined) and its listName. */
  responsabilidades: string;
  nivel: string;
  responsableIva: boolean;
  /** CorporateRegistrationScheme's ID: the store's prefix, as supplier. */
  prefijo?: string;
  telefono?: string;
  email?: string;
}

export function parte(padre: XMLBuilder, elemento: string, p: ParteUbl): void {
  const raiz = e(padre, elemento);
  e(raiz, 'cbc:AdditionalAccountID', p.tipoPersona, { schemeAgencyID: '195' });
  const party = e(raiz, 'cac:Party');
  if (p.identificada) e(e(party, 'cac:PartyIdentification'), 'cbc:ID', p.numero, p.esquema);
  e(e(party, 'cac:PartyName'), 'cbc:Name', p.nombre);
  if (p.direccion) direccion(e(party, 'cac:PhysicalLocation'), 'cac:Address', p.direccion);
  const ts = e(party, 'cac:PartyTaxScheme');
  e(ts, 'cbc:RegistrationName', p.razonSocial);
  e(ts, 'cbc:CompanyID', p.numero, p.esquema);
  e(ts, 'cbc:TaxLevelCode', p.responsabilidades, { listName: p.nivel });
  if (p.direccion) direccion(ts, 'cac:RegistrationAddress', p.direccion);
  const esq = e(ts, 'cac:TaxScheme');
  e(esq, 'cbc:ID', p.responsableIva ? '01' : 'ZZ');
  e(esq, 'cbc:Name', p.responsableIva ? 'IVA' : 'No aplica');
  const le = e(party, 'cac:PartyLegalEntity');
  e(le, 'cbc:RegistrationName', p.razonSocial);
  e(le, 'cbc:CompanyID', p.numero, p.esquema);
  if (p.prefijo !== undefined) e(e(le, 'cac:CorporateRegistrationScheme'), 'cbc:ID', p.prefijo);
  if (p.telefono || p.email) {
    const c = e(party, 'cac:Contact');
    if (p.telefono) e(c, 'cbc:Telephone', p.telefono);
    if (p.email) e(c, 'cbc:ElectronicMail', p.email);
  }
}

/**
 * The store as the supplier party (AccountingSupplierParty) of a POS document, an invoice and their
 * notes. `nivel` is TaxLevelCode's listName: the POS document's is always 48.
 */
export function proveedor(inv: XMLBuilder, em: Emisor, prefijo: string, nivel: '48' | '49'): void {
  parte(inv, 'cac:AccountingSupplierParty', {
    tipoPersona: em.tipoPersona,
    numero: em.nit,
    esquema: { ...AGENCIA, schemeID: em.dv, schemeName: '31' },
    identificada: false,
    nombre: em.nombreComercial ?? em.razonSocial,
    razonSocial: em.razonSocial,
    direccion: em.direccion,
    responsabilidades: em.responsabilidades.join(';'),
    nivel,
    responsableIva: em.responsableIva,
    prefijo,
    telefono: em.telefono,
    email: em.email,
  });
}

export const COP = { currencyID: 'COP' };

export function direccion(padre: XMLBuilder, nombre: string, d: Direccion): void {
  const a = e(padre, nombre);
  e(a, 'cbc:ID', d.municipioCodigo);
  e(a, 'cbc:CityName', d.municipio);
  if (d.codigoPostal) e(a, 'cbc:PostalZone', d.codigoPostal);
  e(a, 'cbc:CountrySubentity', d.departamento);
  e(a, 'cbc:CountrySubentityCode', d.departamentoCodigo);
  e(e(a, 'cac:AddressLine'), 'cbc:Line', d.linea);
  const pais = e(a, 'cac:Country');
  e(pais, 'cbc:IdentificationCode', 'CO');
  e(pais, 'cbc:Name', 'Colombia', { languageID: 'es' });
}

function nombreValor(padre: XMLBuilder, grupo: string, info: string, pares: [string, string][]): void {
  const c = e(e(e(padre, 'ext:UBLExtension'), 'ext:ExtensionContent'), grupo);
  const i = e(c, info);
  for (const [n, v] of pares) {
    e(i, 'Name', n);
    e(i, 'Value', v);
  }
}

export function subtotal(tt: XMLBuilder, s: SubtotalImpuesto): void {
  const st = e(tt, 'cac:TaxSubtotal');
  e(st, 'cbc:TaxableAmount', monto(s.base), COP);
  e(st, 'cbc:TaxAmount', monto(s.valor), COP);
  if (s.porUnidad) {
    e(st, 'cbc:BaseUnitMeasure', s.porUnidad.unidades, { unitCode: '94' });
    e(st, 'cbc:PerUnitAmount', monto(s.porUnidad.valorUnitario), COP);
  }
  const cat = e(st, 'cac:TaxCategory');
  if (s.tarifa !== null) e(cat, 'cbc:Percent', s.tarifa.toFixed(2));
  const esquema = e(cat, 'cac:TaxScheme');
  e(esquema, 'cbc:ID', s.codigo);
  e(esquema, 'cbc:Name', NOMBRE_IMPUESTO[s.codigo] ?? s.codigo);
}

/** Quantities: up to 6 decimals, no trailing zeros beyond 2 (`1.00`, `0.50`, `0.125`). */
export function cantidad(n: number): string {
  const t = n.toFixed(6).replace(/0+$/, '');
  const [ent, dec = ''] = t.split('.');
  return `${ent}.${dec.padEnd(2, '0')}`;
}

/**
 * A *nota de ajuste* to an electronic POS document (a UBL `CreditNote`, type 94): it references the
 * original's number, CUDE and date, says why (concept 1 devolución parcial, 2 anulación, 3 rebaja,
 * 4 ajuste de precio), carries the lines it takes back, and has its own numbering (`resolucion`'s
 * prefix and `consecutivo`) and its own CUDE. Notes have no contingency: they wait in the outbox.
 */
export interface NotaAjuste extends DocumentoPos {
  ajuste: {
    concepto: 1 | 2 | 3 | 4;
    descripcion: string;
    referencia: { numero: string; cude: string; fecha: string };
  };
}

export const PROFILE_ID_NOTA = 'DIAN 2.1: Nota de ajuste al documento equivalente electrónico';
export const TIPO_NOTA_CREDITO = '94';

export function construirNotaAjuste(n: NotaAjuste): DocumentoGenerado {
  if (n.contingencia) throw new Error('Una nota de ajuste no tiene contingencia: espera en la bandeja.');
  if (!/^[0-9a-f]{96}$/.test(n.ajuste.referencia.cude)) throw new Error('La nota de ajuste necesita el CUDE del documento original.');
  return construir(n, n.ajuste);
}

export function construirDocumentoPos(d: DocumentoPos): DocumentoGenerado {
  return construir(d, null);
}

/**
 * A DIAN document's root (Invoice or CreditNote) with its namespaces, and DIAN's extension: the
 * numbering range (`control`: not on adjustment notes), where it comes from, the software, its
 * security code, DIAN as authoriser and the QR. The POS document, its notes and the invoice (type 01,
 * factura-venta.ts) all begin so; what follows differs.
 */
export type RaizDian = 'Invoice' | 'CreditNote' | 'DebitNote';

export function raizDian(raiz: RaizDian, d: Pick<DocumentoPos, 'resolucion' | 'software'>, numero: string, qr: string, control: boolean) {
  nsRaiz = raiz === 'CreditNote' ? NS.nc : raiz === 'DebitNote' ? NS.nd : NS.inv;
  const doc = xmlbuilder2().create({ version: '1.0', encoding: 'UTF-8', standalone: false });
  const inv = doc.ele(nsRaiz, raiz);
  for (const p of ['cac', 'cbc', 'ext', 'sts', 'ds', 'xades', 'xades141'] as const) {
    inv.att('http://www.w3.org/2000/xmlns/', `xmlns:${p}`, NS[p]);
  }
  const exts = e(inv, 'ext:UBLExtensions');
  const dian = e(e(e(exts, 'ext:UBLExtension'), 'ext:ExtensionContent'), 'sts:DianExtensions');
  if (control) {
    const ctl = e(dian, 'sts:InvoiceControl');
    e(ctl, 'sts:InvoiceAuthorization', d.resolucion.numero);
    const periodo = e(ctl, 'sts:AuthorizationPeriod');
    e(periodo, 'cbc:StartDate', d.resolucion.fechaDesde);
    e(periodo, 'cbc:EndDate', d.resolucion.fechaHasta);
    const autorizadas = e(ctl, 'sts:AuthorizedInvoices');
    if (d.resolucion.prefijo) e(autorizadas, 'sts:Prefix', d.resolucion.prefijo);
    e(autorizadas, 'sts:From', d.resolucion.desde);
    e(autorizadas, 'sts:To', d.resolucion.hasta);
  }
  e(e(dian, 'sts:InvoiceSource'), 'cbc:IdentificationCode', 'CO', {
    listAgencyID: '6',
    listAgencyName: 'United Nations Economic Commission for Europe',
    listSchemeURI: 'urn:oasis:names:specification:ubl:codelist:gc:CountryIdentificationCode-2.1',
  });
  const proveedor = e(dian, 'sts:SoftwareProvider');
  e(proveedor, 'sts:ProviderID', d.software.proveedorNit, { ...AGENCIA, schemeID: d.software.proveedorDv, schemeName: '31' });
  e(proveedor, 'sts:SoftwareID', d.software.id, AGENCIA);
  e(dian, 'sts:SoftwareSecurityCode', softwareSecurityCode(d.software.id, d.software.pin, numero), AGENCIA);
  e(e(dian, 'sts:AuthorizationProvider'), 'sts:AuthorizationProviderID', NIT_DIAN, { ...AGENCIA, schemeID: '4', schemeName: '31' });
  e(dian, 'sts:QRCode', qr);
  return { doc, inv, exts };
}

/**
 * The header every DIAN document begins with after its extensions, in the UBL 2.1 order of Invoice,
 * CreditNote and DebitNote alike: versions, profile, environment, number, CUDE/CUFE, date and time, the
 * due date (an invoice's), the type code (none in a DebitNote: UBL 2.1 has no such element there),
 * notes, currency, line count and, for a note, the discrepancy and the reference to the corrected
 * document (its number, code and date). One function for the POS document and its notes (xml.ts), the
 * invoice (factura-venta.ts), its credit note (nota-factura.ts) and its debit note (nota-debito.ts).
 */
export interface Cabecera {
  customizationId: string;
  profileId: string;
  ambiente: 1 | 2;
  numero: string;
  codigo: string;
  esquema: EsquemaCodigo;
  fecha: string;
  hora: string;
  vencimiento?: string;
  tipo?: { elemento: 'cbc:InvoiceTypeCode' | 'cbc:CreditNoteTypeCode'; codigo: string };
  notas: (string | null | undefined | false)[];
  lineas: number;
  referencia?: { numero: string; codigo: string; esquema: EsquemaCodigo; fecha: string; concepto: number; descripcion: string };
}

/** The code's name in `cbc:UUID`: CUDE (POS and notes), CUFE (invoice), CUDS (documento soporte and its note, ADR 055). */
export type EsquemaCodigo = 'CUDE-SHA384' | 'CUFE-SHA384' | 'CUDS-SHA384';

export function cabecera(inv: XMLBuilder, c: Cabecera): void {
  e(inv, 'cbc:UBLVersionID', 'UBL 2.1');
  e(inv, 'cbc:CustomizationID', c.customizationId);
  e(inv, 'cbc:ProfileID', c.profileId);
  e(inv, 'cbc:ProfileExecutionID', c.ambiente);
  e(inv, 'cbc:ID', c.numero);
  e(inv, 'cbc:UUID', c.codigo, { schemeID: String(c.ambiente), schemeName: c.esquema });
  e(inv, 'cbc:IssueDate', c.fecha);
  e(inv, 'cbc:IssueTime', c.hora);
  if (c.vencimiento) e(inv, 'cbc:DueDate', c.vencimiento);
  if (c.tipo) e(inv, c.tipo.elemento, c.tipo.codigo);
  for (const n of c.notas) if (n) e(inv, 'cbc:Note', n);
  e(inv, 'cbc:DocumentCurrencyCode', 'COP', { listAgencyID: '6', listAgencyName: 'United Nations Economic Commission for Europe', listID: 'ISO 4217 Alpha' });
  e(inv, 'cbc:LineCountNumeric', c.lineas);
  const r = c.referencia;
  if (r) {
    const dr = e(inv, 'cac:DiscrepancyResponse');
    e(dr, 'cbc:ReferenceID', r.numero);
    e(dr, 'cbc:ResponseCode', r.concepto);
    e(dr, 'cbc:Description', r.descripcion);
    const ref = e(e(inv, 'cac:BillingReference'), 'cac:InvoiceDocumentReference');
    e(ref, 'cbc:ID', r.numero);
    e(ref, 'cbc:UUID', r.codigo, { schemeName: r.esquema });
    e(ref, 'cbc:IssueDate', r.fecha);
  }
}

/** How a document names its monetary total, its lines and their quantity. */
const CLASE = {
  factura: { total: 'cac:LegalMonetaryTotal', linea: 'cac:InvoiceLine', cantidad: 'cbc:InvoicedQuantity' },
  credito: { total: 'cac:LegalMonetaryTotal', linea: 'cac:CreditNoteLine', cantidad: 'cbc:CreditedQuantity' },
  debito: { total: 'cac:RequestedMonetaryTotal', linea: 'cac:DebitNoteLine', cantidad: 'cbc:DebitedQuantity' },
} as const;
export type ClaseDocumento = keyof typeof CLASE;

/**
 * What a DIAN document says after its parties, the same in the POS document, its notes and the invoice
 * (type 01, factura-venta.ts): the payment, the taxes per tax, the monetary totals and the lines
 * (`clase`: an Invoice's InvoiceLine, a CreditNote's CreditNoteLine, a DebitNote's RequestedMonetaryTotal
 * and DebitNoteLine); `periodo` (a documento soporte's, ADR 055) dates each line's purchase.
 */
export function pagoTotalesYLineas(inv: XMLBuilder, d: Pick<DocumentoPos, 'pago' | 'lineas'>, totales: Totales, clase: ClaseDocumento, periodo?: string): void {
  const k = CLASE[clase];
  // Payment: form (1 contado, 2 crédito with its due date) and means.
  const pm = e(inv, 'cac:PaymentMeans');
  e(pm, 'cbc:ID', d.pago.forma);
  e(pm, 'cbc:PaymentMeansCode', d.pago.medio);
  if (d.pago.forma === 2 && d.pago.vencimiento) e(pm, 'cbc:PaymentDueDate', d.pago.vencimiento);

  // Taxes per tax (excluido never appears).
  for (const g of totales.impuestos) {
    const tt = e(inv, 'cac:TaxTotal');
    e(tt, 'cbc:TaxAmount', monto(g.valor), COP);
    for (const s of g.subtotales) subtotal(tt, s);
  }

  const lmt = e(inv, k.total);
  e(lmt, 'cbc:LineExtensionAmount', monto(totales.bruto), COP);
  e(lmt, 'cbc:TaxExclusiveAmount', monto(totales.baseGravada), COP);
  e(lmt, 'cbc:TaxInclusiveAmount', monto(totales.conImpuestos), COP);
  e(lmt, 'cbc:PayableAmount', monto(totales.aPagar), COP);

  d.lineas.forEach((l, n) => {
    const il = e(inv, k.linea);
    e(il, 'cbc:ID', n + 1);
    e(il, k.cantidad, cantidad(l.cantidad), { unitCode: l.unidad });
    e(il, 'cbc:LineExtensionAmount', monto(l.base), COP);
    // A documento soporte's line says when the purchase was made (DescriptionCode 1: por operación).
    if (periodo) {
      const p = e(il, 'cac:InvoicePeriod');
      e(p, 'cbc:StartDate', periodo);
      e(p, 'cbc:DescriptionCode', '1');
      e(p, 'cbc:Description', 'Por operación');
    }
    for (const s of impuestosDeLinea(l)) {
      const tt = e(il, 'cac:TaxTotal');
      e(tt, 'cbc:TaxAmount', monto(s.valor), COP);
      subtotal(tt, s);
    }
    const item = e(il, 'cac:Item');
    e(item, 'cbc:Description', l.descripcion);
    e(e(item, 'cac:StandardItemIdentification'), 'cbc:ID', l.codigo, {
      schemeID: l.esquemaCodigo,
      ...(l.esquemaCodigo === '010' ? { schemeName: 'EAN13', schemeAgencyID: '9' } : { schemeName: 'Estándar de adopción del contribuyente' }),
    });
    const precio = e(il, 'cac:Price');
    e(precio, 'cbc:PriceAmount', monto(l.precioUnitario), COP);
    e(precio, 'cbc:BaseQuantity', cantidad(1), { unitCode: l.unidad });
  });

}

function construir(d: DocumentoPos, ajuste: NotaAjuste['ajuste'] | null): DocumentoGenerado {
  validarDocumento(d);
  const totales = calcularTotales(d);
  const numero = `${d.resolucion.prefijo}${d.consecutivo}`;
  const { fecha, hora } = fechaHoraBogota(d.emision);
  const numeroAdquirente = d.adquirente?.numero ?? CONSUMIDOR_FINAL;
  const codigo = cude({ ...camposDeCodigo(numero, d.emision, totales, d.emisor.nit, numeroAdquirente), clave: d.software.pin, ambiente: d.ambiente });
  const qr = urlCatalogo(codigo, d.ambiente);

  // DIAN's extension, then the three POS ones, then the signature's place.
  const { doc, inv, exts } = raizDian(ajuste ? 'CreditNote' : 'Invoice', d, numero, qr, !ajuste);

  const f = d.software.fabricante;
  nombreValor(exts, 'FabricanteSoftware', 'InformacionDelFabricanteDelSoftware', [
    ['NombreApellido', f.nombreApellido],
    ['RazonSocial', f.razonSocial],
    ['NombreSoftware', f.nombreSoftware],
  ]);
  nombreValor(exts, 'BeneficiosComprador', 'InformacionBeneficiosComprador', [
    ['Codigo', numeroAdquirente],
    ['NombresApellidos', d.adquirente?.nombre ?? 'Consumidor final'],
    ['Puntos', String(d.puntos ?? 0)],
  ]);
  nombreValor(exts, 'PuntoVenta', 'InformacionCajaVenta', [
    ['PlacaCaja', d.caja.placa],
    ['UbicaciónCaja', d.caja.ubicacion],
    ['Cajero', d.caja.cajero],
    ['TipoCaja', d.caja.tipo],
    ['CódigoVenta', d.caja.codigoVenta],
    ['SubTotal', monto(totales.bruto)],
  ]);
  e(e(exts, 'ext:UBLExtension'), 'ext:ExtensionContent');

  const fisico = d.documentoFisico ? fechaHoraBogota(d.documentoFisico.fecha) : null;
  cabecera(inv, {
    customizationId: '10',
    profileId: ajuste ? PROFILE_ID_NOTA : PROFILE_ID_POS,
    ambiente: d.ambiente,
    numero,
    codigo,
    esquema: 'CUDE-SHA384',
    fecha,
    hora,
    ...(!ajuste && d.pago.forma === 2 && d.pago.vencimiento ? { vencimiento: d.pago.vencimiento } : {}),
    tipo: ajuste ? { elemento: 'cbc:CreditNoteTypeCode', codigo: TIPO_NOTA_CREDITO } : { elemento: 'cbc:InvoiceTypeCode', codigo: TIPO_DOCUMENTO_POS },
    notas: [
      d.contingencia && `Contingencia tipo ${d.contingencia}`,
      d.documentoFisico && fisico && `Documento físico de contingencia ${d.documentoFisico.numero} del ${fisico.fecha} ${fisico.hora.slice(0, 8)}`,
      d.nota,
    ],
    lineas: d.lineas.length,
    ...(ajuste ? { referencia: { numero: ajuste.referencia.numero, codigo: ajuste.referencia.cude, esquema: 'CUDE-SHA384' as const, fecha: ajuste.referencia.fecha, concepto: ajuste.concepto, descripcion: ajuste.descripcion } } : {}),
  });

  // Supplier.
  proveedor(inv, d.emisor, d.resolucion.prefijo, '48');

  // Buyer: a named one or consumidor final.
  const a = d.adquirente;
  parte(inv, 'cac:AccountingCustomerParty', {
    tipoPersona: a?.tipoDocumento === '31' ? 1 : 2,
    numero: numeroAdquirente,
    esquema: { ...AGENCIA, ...(a?.dv ? { schemeID: a.dv } : {}), schemeName: a?.tipoDocumento ?? '13' },
    identificada: true,
    nombre: a?.nombre ?? 'Consumidor final',
    razonSocial: a?.nombre ?? 'Consumidor final',
    responsabilidades: 'R-99-PN',
    nivel: '49',
    responsableIva: false,
    email: a?.email,
  });

  pagoTotalesYLineas(inv, d, totales, ajuste ? 'credito' : 'factura');

  return { xml: doc.end({ prettyPrint: false }), numero, cude: codigo, qr, fecha, hora, totales };
}
