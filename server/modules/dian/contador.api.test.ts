import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { METODO } from '#shared/roles';
import { documentoDian } from '../../db/schema';
import { usarApp } from '../../../tests/helpers/test-app';
import { cargarExcel } from '../../lib/exportar';
import { usarFerreteria } from './ferreteria.fixtures';

/**
 * Issue #57 point 6: the accountant's export. A month with a POS document, an invoice, its debit note
 * and its credit note comes out as one row per document with its number, date, third party, base and
 * tax per rate, total, the invoice a note corrects and its CUFE/CUDE, as CSV and XLSX; the month's
 * count by type is what the tax report shows; another month is empty; role 1 only.
 */
const t = usarApp();
const { req, ferreteria, facturar } = usarFerreteria(t, 904_500_000);

/** This month in Bogotá (the documents were just issued). */
const mesActual = () => new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 7);

describe('exportación para el contador (issue #57 punto 6)', { timeout: 180_000 }, () => {
  it('cada documento DIAN del mes con número, fecha, tercero, base e impuesto por tarifa y CUFE/CUDE, en CSV y Excel; el conteo por tipo', async () => {
    const s = await ferreteria();
    const pos = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: s.productoId, cantidad: 1 }], metodoPagoId: METODO.EFECTIVO, montoRecibido: 20_000 });
    expect(pos.statusCode, pos.body).toBe(201);
    const v = await facturar(s);
    const nd = await req('POST', `/api/dian/ventas/${v.id}/notas-debito`, s.token, { concepto: 1, motivo: 'Intereses de mora', cargos: [{ descripcion: 'Intereses', valor: 1_071, impuesto: 'exento' }] });
    expect(nd.statusCode, nd.body).toBe(201);
    expect((await req('POST', `/api/ventas/${v.id}/anular`, s.token)).statusCode).toBeLessThan(300);
    const docs = await t.database.db.select().from(documentoDian).where(eq(documentoDian.tiendaId, s.id));
    expect(docs.length).toBe(4);
    const cufe = docs.find((d) => d.tipo === '01')!.cude;

    const mes = mesActual();
    const csv = await req('GET', `/api/dian/contador?mes=${mes}&formato=csv`, s.token);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`documentos-dian-${mes}.csv`);
    const filas = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n').map((l) => l.split(';'));
    expect(filas[0]).toEqual([
      'Tipo', 'Número', 'Fecha', 'Estado DIAN', 'Documento del tercero', 'Tercero', 'Valor antes de impuestos', 'Base IVA 19 %', 'IVA 19 %', 'Base IVA 5 %', 'IVA 5 %', 'Base exenta (IVA 0 %)', 'Base INC 8 %', 'INC 8 %', 'INC bolsas', 'Total', 'Documento que corrige', 'CUFE / CUDE',
    ]);
    const por = new Map(filas.slice(1).map((f) => [f[1], f]));
    expect([...por.keys()].sort()).toEqual(['FE1', 'NC2', 'ND1', 'POS1']);
    // The POS document: consumidor final, $ 10.000 + IVA $ 1.900.
    expect(por.get('POS1')!.slice(0, 2).concat(por.get('POS1')!.slice(4, 9), por.get('POS1')!.slice(15, 17))).toEqual(['Documento POS', 'POS1', '222222222222', 'Consumidor final', '10000', '10000', '1900', '11900', '']);
    // The invoice to the company: 3 × $ 11.900, its CUFE.
    const fe = por.get('FE1')!;
    expect([fe[0], fe[4], fe[5], fe[7], fe[8], fe[15], fe[17]]).toEqual(['Factura electrónica de venta', '860034313', 'Constructora Andina S.A.S.', '30000', '5700', '35700', cufe]);
    expect(fe[2]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    // Its debit note (interest, exempt) and its credit note (the annulment) name the invoice they correct.
    const ndf = por.get('ND1')!;
    expect([ndf[0], ndf[4], ndf[11], ndf[15], ndf[16]]).toEqual(['Nota débito', '860034313', '1071', '1071', 'FE1']);
    const nc = por.get('NC2')!;
    expect([nc[0], nc[7], nc[8], nc[15], nc[16]]).toEqual(['Nota crédito', '30000', '5700', '35700', 'FE1']);
    expect(nc[17]).toMatch(/^[0-9a-f]{96}$/);

    const xlsx = await req('GET', `/api/dian/contador?mes=${mes}&formato=xlsx`, s.token);
    expect(xlsx.statusCode).toBe(200);
    const Excel = await cargarExcel();
    const libro = new Excel.Workbook();
    await libro.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const hoja = libro.getWorksheet('Documentos DIAN')!;
    expect(hoja.rowCount).toBe(5);
    const numeros = [2, 3, 4, 5].map((r) => hoja.getRow(r).getCell(2).value);
    const fila = hoja.getRow(2 + numeros.indexOf('FE1'));
    expect([fila.getCell(8).value, fila.getCell(9).value, fila.getCell(16).value, fila.getCell(18).value]).toEqual([30000, 5700, 35700, cufe]);

    // The tax report's count by type.
    const conteo = (await req('GET', `/api/dian/contador/conteo?mes=${mes}`, s.token)).json();
    expect(conteo.tipos).toEqual([
      { tipo: '01', nombre: 'Factura electrónica de venta', cantidad: 1 },
      { tipo: '20', nombre: 'Documento POS', cantidad: 1 },
      { tipo: '91', nombre: 'Nota crédito', cantidad: 1 },
      { tipo: '92', nombre: 'Nota débito', cantidad: 1 },
    ]);
    // Another month has none; a bad month is refused in Spanish.
    expect((await req('GET', '/api/dian/contador/conteo?mes=2020-01', s.token)).json()).toEqual({ tipos: [] });
    const vacio = await req('GET', '/api/dian/contador?mes=2020-01&formato=csv', s.token);
    expect(vacio.body.replace(/^\uFEFF/, '').trim().split('\r\n')).toHaveLength(1);
    const malo = await req('GET', '/api/dian/contador?mes=2026-13&formato=csv', s.token);
    expect(malo.statusCode).toBe(400);
    // Another store's export has none of these.
    const otra = await ferreteria();
    expect((await req('GET', `/api/dian/contador/conteo?mes=${mes}`, otra.token)).json()).toEqual({ tipos: [] });
  });
});
