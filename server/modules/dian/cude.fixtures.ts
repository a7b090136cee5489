import { DOMParser, type Element as XElement } from '@xmldom/xmldom';
import { cude } from './cude.js';
import { NS } from './xml.js';

/**
 * The CUDE recomputed from a POS document's XML alone (its number, date, time, base, IVA and INC per
 * tax, total) with the software PIN `clave`: what DIAN does to check the one the document carries.
 * The example store's NIT and consumidor final unless told.
 */
export function cudeDelXml(xml: string, clave: string, { nitEmisor = '900373076', numeroAdquirente = '222222222222' } = {}) {
  const x = new DOMParser().parseFromString(xml, 'text/xml');
  const textos = (local: string) => Array.from(x.getElementsByTagNameNS(NS.cbc, local)).map((n) => n.textContent ?? '');
  const impuestos = Object.fromEntries(
    Array.from(x.documentElement!.childNodes)
      .filter((n) => (n as XElement).localName === 'TaxTotal')
      .map((tt) => [(tt as XElement).getElementsByTagNameNS(NS.cbc, 'ID')[0]!.textContent!, (tt as XElement).getElementsByTagNameNS(NS.cbc, 'TaxAmount')[0]!.textContent!]),
  );
  return cude({
    numero: textos('ID')[0]!, fecha: textos('IssueDate')[0]!, hora: textos('IssueTime')[0]!, valorBruto: textos('LineExtensionAmount')[0]!,
    iva: impuestos['01'] ?? '0.00', inc: impuestos['04'] ?? '0.00', ica: '0.00', valorTotal: textos('PayableAmount')[0]!, nitEmisor, numeroAdquirente, clave, ambiente: 2,
  });
}
