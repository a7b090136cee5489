/**
 * The accountant's export (issue #57 point 6): every DIAN document the store issued in a month —
 * POS documents and their notas de ajuste, invoices, their credit and debit notes, documentos soporte
 * and their notes (the seller as third party, ADR 055) — with its number,
 * date, third party, base and tax per rate, total, the document it corrects and its CUFE/CUDE, as CSV
 * or XLSX (server/lib/exportar.ts, as every export). Read from each signed XML in the outbox: the
 * figures are exactly what DIAN received, whatever the sale's rows say later. Per month in Bogotá, by
 * the document's own issue; at most EXPORT_MAX_FILAS rows.
 */
import { and, asc, count, eq, gte, lt, sql } from 'drizzle-orm';
import { dian as D } from '#shared/messages/dian';
import type { Db } from '../../db/client';
import { documentoDian } from '../../db/schema';
import { EXPORT_MAX_FILAS, exportarTabla, type ColumnaExport, type FormatoExport } from '../../lib/exportar';

const C = D.contador;

/** The month's bounds as instants in Bogotá (UTC-05:00 all year). */
function limitesDelMes(mes: string): { desde: Date; hasta: Date } {
  const [a, m] = mes.split('-').map(Number) as [number, number];
  const desde = new Date(Date.UTC(a, m - 1, 1, 5));
  const hasta = new Date(Date.UTC(m === 12 ? a + 1 : a, m === 12 ? 0 : m, 1, 5));
  return { desde, hasta };
}

/** One rate of a document's taxes: the columns an accountant reads. */
const TARIFAS = [
  { clave: 'iva19', esquema: '01', porcentaje: '19.00', base: C.columnas.baseIva19, impuesto: C.columnas.iva19 },
  { clave: 'iva5', esquema: '01', porcentaje: '5.00', base: C.columnas.baseIva5, impuesto: C.columnas.iva5 },
  { clave: 'iva0', esquema: '01', porcentaje: '0.00', base: C.columnas.baseExenta, impuesto: null },
  { clave: 'inc8', esquema: '04', porcentaje: '8.00', base: C.columnas.baseInc8, impuesto: C.columnas.inc8 },
] as const;
type ClaveTarifa = (typeof TARIFAS)[number]['clave'];

export interface FilaContador {
  tipo: string;
  numero: string;
  fecha: string;
  estado: string;
  terceroDocumento: string;
  tercero: string;
  bruto: number;
  bases: Record<ClaveTarifa, number>;
  impuestos: Record<ClaveTarifa, number>;
  bolsas: number;
  total: number;
  referencia: string;
  codigo: string;
}

const DESCAPAR: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };
const texto = (xml: string, etiqueta: string): string => {
  const m = new RegExp(`<cbc:${etiqueta}(?:\\s[^>]*)?>([^<]*)</cbc:${etiqueta}>`).exec(xml);
  return (m?.[1] ?? '').replace(/&(amp|lt|gt|quot|apos);/g, (e) => DESCAPAR[e]!);
};
const pesos = (v: string) => (v ? Number(v) : 0);
const entre = (xml: string, abre: string, cierra: string) => {
  const i = xml.indexOf(abre);
  if (i < 0) return '';
  const j = xml.indexOf(cierra, i);
  return xml.slice(i, j < 0 ? undefined : j);
};

/** What the export reads of one signed document. */
export function leerDocumento(xml: string): Omit<FilaContador, 'tipo' | 'numero' | 'estado' | 'codigo'> {
  // A documento soporte and its note (05, 95, ADR 055): the third party is the seller who does not invoice.
  const soporte = /<cbc:(?:InvoiceTypeCode|CreditNoteTypeCode)[^>]*>(?:05|95)</.test(xml);
  const comprador = soporte ? entre(xml, '<cac:AccountingSupplierParty>', '</cac:AccountingSupplierParty>') : entre(xml, '<cac:AccountingCustomerParty>', '</cac:AccountingCustomerParty>');
  // The document's own taxes: after its parties, before its monetary total (the lines' come after).
  const fin = Math.max(xml.indexOf('<cac:LegalMonetaryTotal>'), xml.indexOf('<cac:RequestedMonetaryTotal>'));
  const inicio = xml.indexOf('</cac:AccountingCustomerParty>');
  const totales = inicio >= 0 && fin > inicio ? xml.slice(inicio, fin) : '';
  const bases = { iva19: 0, iva5: 0, iva0: 0, inc8: 0 } as Record<ClaveTarifa, number>;
  const impuestos = { iva19: 0, iva5: 0, iva0: 0, inc8: 0 } as Record<ClaveTarifa, number>;
  let bolsas = 0;
  for (const [st] of totales.matchAll(/<cac:TaxSubtotal>[\s\S]*?<\/cac:TaxSubtotal>/g)) {
    const esquema = texto(entre(st, '<cac:TaxScheme>', '</cac:TaxScheme>'), 'ID');
    if (esquema === '22') {
      bolsas += pesos(texto(st, 'TaxAmount'));
      continue;
    }
    const t = TARIFAS.find((x) => x.esquema === esquema && x.porcentaje === texto(st, 'Percent'));
    if (!t) continue;
    bases[t.clave] += pesos(texto(st, 'TaxableAmount'));
    impuestos[t.clave] += pesos(texto(st, 'TaxAmount'));
  }
  const monetario = xml.slice(Math.max(fin, 0));
  return {
    fecha: `${texto(xml, 'IssueDate')} ${texto(xml, 'IssueTime').slice(0, 8)}`,
    terceroDocumento: texto(entre(comprador, '<cac:PartyTaxScheme>', '</cac:PartyTaxScheme>'), 'CompanyID') || texto(comprador, 'ID'),
    tercero: texto(comprador, 'RegistrationName'),
    bruto: pesos(texto(monetario, 'LineExtensionAmount')),
    bases,
    impuestos,
    bolsas,
    total: pesos(texto(monetario, 'PayableAmount')),
    referencia: texto(entre(xml, '<cac:BillingReference>', '</cac:BillingReference>'), 'ID'),
  };
}

export async function documentosDelMes(db: Db, tiendaId: number, mes: string): Promise<FilaContador[]> {
  const { desde, hasta } = limitesDelMes(mes);
  const filas = await db
    .select({ tipo: documentoDian.tipo, numero: documentoDian.numero, estado: documentoDian.estado, cude: documentoDian.cude, xml: documentoDian.xmlFirmado })
    .from(documentoDian)
    .where(and(eq(documentoDian.tiendaId, tiendaId), gte(documentoDian.creadoEn, desde), lt(documentoDian.creadoEn, hasta)))
    .orderBy(asc(documentoDian.creadoEn), asc(documentoDian.idDocumento))
    .limit(EXPORT_MAX_FILAS);
  return filas.map((f) => ({ tipo: D.tipos[f.tipo] ?? f.tipo, numero: f.numero, estado: D.estados[f.estado] ?? f.estado, codigo: f.cude, ...leerDocumento(f.xml) }));
}

/** How many documents of each type the store issued in the month (the tax report's count). */
export async function conteoDelMes(db: Db, tiendaId: number, mes: string): Promise<{ tipo: string; nombre: string; cantidad: number }[]> {
  const { desde, hasta } = limitesDelMes(mes);
  const filas = await db
    .select({ tipo: documentoDian.tipo, cantidad: count() })
    .from(documentoDian)
    .where(and(eq(documentoDian.tiendaId, tiendaId), gte(documentoDian.creadoEn, desde), lt(documentoDian.creadoEn, hasta)))
    .groupBy(documentoDian.tipo)
    .orderBy(sql`${documentoDian.tipo}`);
  return filas.map((f) => ({ tipo: f.tipo, nombre: D.tipos[f.tipo] ?? f.tipo, cantidad: Number(f.cantidad) }));
}

const COLUMNAS: ColumnaExport<FilaContador>[] = [
  { titulo: C.columnas.tipo, valor: (f) => f.tipo },
  { titulo: C.columnas.numero, valor: (f) => f.numero },
  { titulo: C.columnas.fecha, tipo: 'fecha', valor: (f) => f.fecha },
  { titulo: C.columnas.estado, valor: (f) => f.estado },
  { titulo: C.columnas.terceroDocumento, comoTexto: true, valor: (f) => f.terceroDocumento },
  { titulo: C.columnas.tercero, valor: (f) => f.tercero },
  { titulo: C.columnas.bruto, tipo: 'numero', valor: (f) => f.bruto },
  ...TARIFAS.flatMap((t): ColumnaExport<FilaContador>[] => [
    { titulo: t.base, tipo: 'numero', valor: (f) => f.bases[t.clave] },
    ...(t.impuesto ? [{ titulo: t.impuesto, tipo: 'numero' as const, valor: (f: FilaContador) => f.impuestos[t.clave] }] : []),
  ]),
  { titulo: C.columnas.bolsas, tipo: 'numero', valor: (f) => f.bolsas },
  { titulo: C.columnas.total, tipo: 'numero', valor: (f) => f.total },
  { titulo: C.columnas.referencia, valor: (f) => f.referencia },
  { titulo: C.columnas.codigo, valor: (f) => f.codigo },
];

export async function exportarContador(options: { db: Db; tiendaId: number; mes: string; formato: FormatoExport }) {
  const filas = await documentosDelMes(options.db, options.tiendaId, options.mes);
  return exportarTabla({ formato: options.formato, columnas: COLUMNAS, filas, nombre: C.archivo(options.mes), hoja: C.hoja });
}
