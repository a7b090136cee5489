/**
 * The printable representation of an invoice or its note (issue #57 point 4), and of a documento
 * soporte or its nota de ajuste (types 05, 95): a letter-size PDF made on the server (jsPDF and
 * qrcode, both plain JavaScript in Node) from the signed document itself, so it shows exactly what
 * DIAN accepted: the issuer's and the other party's data, the lines, base and tax per rate, the
 * totals, the CUFE/CUDE/CUDS in full and DIAN's QR (the document's own `sts:QRCode` text). A documento
 * soporte is issued by the store, which is its buyer (AccountingCustomerParty): the store heads it and
 * the seller who does not invoice is the other party.
 */
import { dian as D } from '#shared/messages/dian';
import { facturaElectronica as FE } from '#shared/messages/factura-electronica';
import { representacion as R } from '#shared/messages/representacion';
import { isoADdMmAaaa } from '#shared/fecha-texto';
import { formatPesos } from '#shared/money';
import { lugarLegible } from './divipola.js';
import { NS } from './xml.js';
import { jspdf, qrcode, xmldom } from '../../lib/perezoso.js';

type El = Element;

/** The documento soporte and its nota de ajuste: issued by the store as the buyer. */
const TIPOS_SOPORTE = new Set(['05', '95']);

function hijos(padre: El, ns: string, local: string): El[] {
  return Array.from(padre.childNodes).filter((n) => (n as El).nodeType === 1 && (n as El).namespaceURI === ns && (n as El).localName === local) as El[];
}
const hijo = (padre: El | null | undefined, ns: string, local: string): El | null => (padre ? (hijos(padre, ns, local)[0] ?? null) : null);
const texto = (e: El | null | undefined) => (e?.textContent ?? '').trim();
const cbc = (padre: El | null | undefined, local: string) => texto(hijo(padre, NS.cbc, local));
const cac = (padre: El | null | undefined, local: string) => hijo(padre, NS.cac, local);
const pesos = (s: string) => formatPesos(Math.round(Number(s) || 0));

interface Parte {
  nombre: string;
  documento: string;
  direccion: string;
  contacto: string;
}

function parte(raiz: El, local: string): Parte {
  const p = cac(cac(raiz, local), 'Party');
  const pts = cac(p, 'PartyTaxScheme');
  const id = hijo(pts, NS.cbc, 'CompanyID');
  const dv = id?.getAttribute('schemeID');
  const tipo = id?.getAttribute('schemeName') ?? '31';
  const dir = cac(cac(p, 'PhysicalLocation'), 'Address');
  const contacto = cac(p, 'Contact');
  return {
    nombre: cbc(pts, 'RegistrationName') || cbc(cac(p, 'PartyName'), 'Name'),
    documento: FE.documentoAdquirente(tipo, texto(id), tipo === '31' && dv ? dv : null),
    // Names, not DANE codes (a document signed with codes still prints its department's name).
    direccion: [
      texto(hijo(cac(dir, 'AddressLine'), NS.cbc, 'Line')),
      dir ? lugarLegible({ municipioCodigo: cbc(dir, 'ID'), municipio: cbc(dir, 'CityName'), departamentoCodigo: cbc(dir, 'CountrySubentityCode'), departamento: cbc(dir, 'CountrySubentity') }, R.municipioCodigo) : '',
    ]
      .filter(Boolean)
      .join(', '),
    contacto: [cbc(contacto, 'Telephone'), cbc(contacto, 'ElectronicMail')].filter(Boolean).join(' · '),
  };
}

/** What the PDF shows, read from the signed document. */
export interface Representacion {
  tipo: string;
  numero: string;
  cufe: string;
  /** 'CUFE', 'CUDE' or 'CUDS'. */
  etiquetaCodigo: string;
  /** The other party's heading: the buyer, or a documento soporte's seller. */
  etiquetaContraparte: string;
  fecha: string;
  hora: string;
  emisor: Parte;
  adquirente: Parte;
  lineas: { descripcion: string; cantidad: string; precio: string; total: string }[];
  impuestos: { nombre: string; porcentaje: string; base: string; impuesto: string }[];
  subtotal: string;
  totalImpuestos: string;
  total: string;
  qr: string;
  referencia: string | null;
}

export function leerRepresentacion(xml: string, tipo: string): Representacion {
  const doc = new (xmldom().DOMParser)({ onError: () => {} }).parseFromString(xml, 'text/xml');
  const raiz = doc.documentElement as unknown as El;
  const soporte = TIPOS_SOPORTE.has(tipo);
  const linea = tipo === '91' || tipo === '95' ? ['CreditNoteLine', 'CreditedQuantity'] : tipo === '92' ? ['DebitNoteLine', 'DebitedQuantity'] : ['InvoiceLine', 'InvoicedQuantity'];
  const lineas = hijos(raiz, NS.cac, linea[0]!).map((l) => ({
    descripcion: cbc(cac(l, 'Item'), 'Description'),
    cantidad: String(Number(cbc(l, linea[1]!)) || 0).replace('.', ','),
    precio: pesos(cbc(cac(l, 'Price'), 'PriceAmount')),
    total: pesos(cbc(l, 'LineExtensionAmount')),
  }));
  const impuestos = hijos(raiz, NS.cac, 'TaxTotal').flatMap((t) =>
    hijos(t, NS.cac, 'TaxSubtotal').map((s) => {
      const cat = cac(s, 'TaxCategory');
      return { nombre: cbc(cac(cat, 'TaxScheme'), 'Name'), porcentaje: cbc(cat, 'Percent'), base: pesos(cbc(s, 'TaxableAmount')), impuesto: pesos(cbc(s, 'TaxAmount')) };
    }),
  );
  const totales = cac(raiz, 'LegalMonetaryTotal') ?? cac(raiz, 'RequestedMonetaryTotal');
  const qr = texto(doc.getElementsByTagNameNS(NS.sts, 'QRCode')[0] as unknown as El);
  const ref = cac(cac(raiz, 'BillingReference'), 'InvoiceDocumentReference');
  const suma = hijos(raiz, NS.cac, 'TaxTotal').reduce((a, t) => a + (Number(cbc(t, 'TaxAmount')) || 0), 0);
  return {
    tipo,
    numero: cbc(raiz, 'ID'),
    cufe: cbc(raiz, 'UUID'),
    etiquetaCodigo: soporte ? R.cuds : tipo === '01' ? D.cufe : D.cude,
    etiquetaContraparte: soporte ? R.vendedor : FE.comprador,
    fecha: cbc(raiz, 'IssueDate'),
    hora: cbc(raiz, 'IssueTime').slice(0, 8),
    emisor: parte(raiz, soporte ? 'AccountingCustomerParty' : 'AccountingSupplierParty'),
    adquirente: parte(raiz, soporte ? 'AccountingSupplierParty' : 'AccountingCustomerParty'),
    lineas,
    impuestos,
    subtotal: pesos(cbc(totales, 'LineExtensionAmount')),
    totalImpuestos: formatPesos(Math.round(suma)),
    total: pesos(cbc(totales, 'PayableAmount')),
    qr,
    referencia: ref ? (soporte ? R.referenciaSoporte : R.referencia)(cbc(ref, 'ID'), cbc(ref, 'UUID')) : null,
  };
}

/** The PDF of a signed invoice or note. */
export async function representacionPdf(xml: string, tipo: string): Promise<Buffer> {
  const r = leerRepresentacion(xml, tipo);
  const pdf = new (jspdf().jsPDF)({ unit: 'mm', format: 'letter', compress: true });
  const titulo = D.tipos[tipo] ?? FE.nombreDocumento;
  pdf.setProperties({ title: `${titulo} ${r.numero}`, author: r.emisor.nombre });
  const izq = 15;
  const ancho = 186;
  let y = 18;
  const linea = (t: string, x: number, tam = 9, negrita = false, maxAncho?: number) => {
    pdf.setFont('helvetica', negrita ? 'bold' : 'normal');
    pdf.setFontSize(tam);
    const partes = maxAncho ? (pdf.splitTextToSize(t, maxAncho) as string[]) : [t];
    pdf.text(partes, x, y);
    y += partes.length * tam * 0.42 + 1;
  };
  // The shop, and DIAN's QR at the right.
  linea(r.emisor.nombre, izq, 13, true, 130);
  linea(r.emisor.documento, izq);
  if (r.emisor.direccion) linea(r.emisor.direccion, izq, 9, false, 130);
  if (r.emisor.contacto) linea(r.emisor.contacto, izq, 9, false, 130);
  if (r.qr) {
    const png = await qrcode().toDataURL(r.qr, { margin: 0, width: 240, errorCorrectionLevel: 'M' });
    pdf.addImage(png, 'PNG', izq + ancho - 38, 12, 38, 38);
  }
  y = Math.max(y + 4, 56);
  linea(`${titulo} N.º ${r.numero}`, izq, 12, true);
  // Dates as people here read them (dd/mm/aaaa); the XML's hour is the store's local time.
  linea(R.fechaEmision(isoADdMmAaaa(r.fecha), r.hora), izq);
  if (r.referencia) linea(r.referencia, izq, 8, false, ancho);
  y += 2;
  linea(r.etiquetaContraparte, izq, 10, true);
  linea(r.adquirente.nombre, izq);
  linea(r.adquirente.documento, izq);
  if (r.adquirente.direccion) linea(r.adquirente.direccion, izq, 9, false, ancho);
  if (r.adquirente.contacto) linea(r.adquirente.contacto, izq, 9, false, ancho);
  y += 3;
  // The lines.
  const cols = [izq, izq + 105, izq + 125, izq + 158];
  const encabezado = () => {
    pdf.setFont('helvetica', 'bold');
    pdf.setFontSize(9);
    pdf.text(R.descripcion, cols[0]!, y);
    pdf.text(R.cantidad, cols[1]!, y);
    pdf.text(R.precio, cols[2]!, y);
    pdf.text(R.valor, cols[3]!, y);
    pdf.line(izq, y + 1.5, izq + ancho, y + 1.5);
    y += 6;
  };
  encabezado();
  pdf.setFont('helvetica', 'normal');
  for (const l of r.lineas) {
    const desc = pdf.splitTextToSize(l.descripcion, 100) as string[];
    if (y + desc.length * 4 > 250) {
      pdf.addPage();
      y = 18;
      encabezado();
      pdf.setFont('helvetica', 'normal');
    }
    pdf.setFontSize(9);
    pdf.text(desc, cols[0]!, y);
    pdf.text(l.cantidad, cols[1]!, y);
    pdf.text(l.precio, cols[2]!, y);
    pdf.text(l.total, cols[3]!, y);
    y += desc.length * 4 + 1.5;
  }
  pdf.line(izq, y - 2, izq + ancho, y - 2);
  y += 3;
  if (y > 220) {
    pdf.addPage();
    y = 18;
  }
  // Base and tax per rate, then the totals.
  // (A documento soporte carries no tax: no empty heading.)
  if (r.impuestos.length > 0) {
    linea(R.impuestosPorTarifa, izq, 10, true);
    for (const i of r.impuestos) linea(R.impuesto(i.nombre, i.porcentaje, i.base, i.impuesto), izq);
    y += 2;
  }
  linea(R.subtotal(r.subtotal), izq);
  linea(R.totalImpuestos(r.totalImpuestos), izq);
  linea(R.total(r.total), izq, 12, true);
  y += 3;
  linea(`${r.etiquetaCodigo}:`, izq, 9, true);
  linea(r.cufe, izq, 8, false, ancho);
  y += 2;
  linea(R.validada(r.etiquetaCodigo), izq, 8, false, ancho);
  return Buffer.from(pdf.output('arraybuffer'));
}
