import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { METODO } from '#shared/roles';
import { dianConfiguracion, documentoDian, venta } from '../../db/schema';
import { usarApp } from '../../../tests/helpers/test-app';
import { cude } from './cude';
import { PIN, textoXml as texto, usarFerreteria, type Ferreteria } from './ferreteria.fixtures';
import { validarContraXsd } from './validar-xsd';
import { verificarConXmlsec } from './verificar-xmlsec';

/**
 * Issue #57 point 2, ADR 050: the owner charges a freight after an invoiced sale; the store issues
 * the invoice's debit note (DebitNote, type 92) from the sale's detail, into the same outbox, and the
 * (fake) DIAN accepts it once, after the invoice. What a shop owner sees: the note's number, its
 * total and state on the sale, the panel's row, the activity log's line; what DIAN sees: a valid,
 * signed DebitNote whose CUDE recomputes and that references the invoice's CUFE.
 */
const t = usarApp();
const { req, dian, ferreteria, facturar } = usarFerreteria(t, 903_400_000);
const DEBITNOTE_XSD = 'maindoc/UBL-DebitNote-2.1.xsd';
const FLETE = { concepto: 2, motivo: 'Flete de entrega a la obra, acordado después de la venta', cargos: [{ descripcion: 'Flete Bogotá – Chía', valor: 23_800, impuesto: 'iva19' }] };

const notasDebito = (s: Ferreteria, ventaId: number) => req('GET', `/api/dian/ventas/${ventaId}/notas-debito`, s.token);
const emitir = (s: Ferreteria, ventaId: number, cuerpo: object = FLETE) => req('POST', `/api/dian/ventas/${ventaId}/notas-debito`, s.token, cuerpo);
const enviar = async (s: Ferreteria) => expect((await req('POST', '/api/dian/documentos/enviar', s.token)).statusCode).toBe(200);

describe('nota débito de una factura electrónica (issue #57 punto 2)', { timeout: 180_000 }, () => {
  it('el dueño cobra un flete con una nota débito (92) a la factura: válida, firmada, su CUDE se recalcula, y la DIAN la acepta una vez después de la factura', async () => {
    const s = await ferreteria();
    const v = await facturar(s);
    expect((await notasDebito(s, v.id)).json()).toEqual({ factura: { numero: 'FE1', cufe: v.documento.cude, estado: 'pendiente' }, puedeEmitir: true, notas: [] });

    const r = await emitir(s, v.id);
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ numero: 'ND1', estado: 'pendiente', concepto: 2, total: 23_800, motivo: FLETE.motivo });

    const [fila, ...otras] = await t.database.db.select().from(documentoDian).where(and(eq(documentoDian.ventaId, v.id), eq(documentoDian.tipo, '92')));
    expect(otras).toEqual([]);
    const xml = fila!.xmlFirmado;
    expect(new RegExp('^<\\?xml[^>]*\\?><DebitNote ').test(xml)).toBe(true);
    expect(texto(xml, 'CustomizationID')).toBe('30');
    expect(texto(xml, 'ResponseCode')).toBe('2');
    expect(texto(xml, 'ReferenceID')).toBe('FE1');
    expect(xml).toContain(`<cbc:UUID schemeName="CUFE-SHA384">${v.documento.cude}</cbc:UUID>`);
    // $ 23.800 with IVA 19 %: base $ 20.000, IVA $ 3.800.
    expect([texto(xml, 'LineExtensionAmount'), texto(xml, 'TaxAmount'), texto(xml, 'PayableAmount')]).toEqual(['20000.00', '3800.00', '23800.00']);
    expect(texto(xml, 'Description')).toBe(FLETE.motivo);
    expect((await validarContraXsd(xml, { raiz: DEBITNOTE_XSD })).errores).toBe('');
    expect((await verificarConXmlsec(xml, dian.cert.certificadoPem)).ok).toBe(true);
    expect(
      cude({ numero: 'ND1', fecha: texto(xml, 'IssueDate'), hora: texto(xml, 'IssueTime'), valorBruto: '20000.00', iva: '3800.00', inc: '0.00', ica: '0.00', valorTotal: '23800.00', nitEmisor: s.nit, numeroAdquirente: '860034313', clave: PIN, ambiente: 2 }),
    ).toBe(fila!.cude);

    // The worker sends the invoice, then its note; the panel names it.
    await enviar(s);
    const panel = (await req('GET', '/api/dian/documentos', s.token)).json().items as { tipo: string; numero: string; estado: string }[];
    expect(panel.map((d) => [d.tipo, d.numero, d.estado]).sort()).toEqual([
      ['01', 'FE1', 'aceptado'],
      ['92', 'ND1', 'aceptado'],
    ]);
    expect(dian.fake.envios(fila!.cude)).toBe(1);
    await enviar(s);
    expect(dian.fake.envios(fila!.cude)).toBe(1);

    // The sale's detail lists it; the activity log says who charged what.
    const lista = (await notasDebito(s, v.id)).json();
    expect(lista.notas.map((n: { numero: string; concepto: number; total: number; estado: string }) => [n.numero, n.concepto, n.total, n.estado])).toEqual([['ND1', 2, 23_800, 'aceptado']]);
    const actividad = (await req('GET', '/api/actividad?page=1&pageSize=20', s.token)).json().items as { descripcion: string }[];
    const [vendida] = await t.database.db.select({ numero: venta.numero }).from(venta).where(eq(venta.idVenta, v.id));
    expect(actividad.map((a) => a.descripcion)).toContain(`Emitió la nota débito ND1 a la factura FE1 (venta #${vendida!.numero}) por $ 23.800: Gastos por cobrar. Motivo: ${FLETE.motivo}`);
  });

  it('varias líneas y tarifas: la nota cobra exactamente lo digitado; numera de la serie de notas de la tienda (ND, NC) sin repetir', async () => {
    const s = await ferreteria();
    const v = await facturar(s);
    const cargos = [
      { descripcion: 'Intereses de mora de 30 días', valor: 1_071, impuesto: 'exento' },
      { descripcion: 'Ajuste de precio: tornillo de acero', valor: 5_950, impuesto: 'iva19' },
      { descripcion: 'Empaque especial', valor: 1_000, impuesto: 'iva5' },
    ];
    const r = await emitir(s, v.id, { concepto: 3, motivo: 'Precio corregido hacia arriba', cargos });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().total).toBe(8_021);
    const [fila] = await t.database.db.select().from(documentoDian).where(and(eq(documentoDian.ventaId, v.id), eq(documentoDian.tipo, '92')));
    expect(texto(fila!.xmlFirmado, 'PayableAmount')).toBe('8021.00');
    expect((await validarContraXsd(fila!.xmlFirmado, { raiz: DEBITNOTE_XSD })).errores).toBe('');
    // The store's one notes' counter: the annulment's credit note after it is NC2, never a number given twice.
    expect((await req('POST', `/api/ventas/${v.id}/anular`, s.token)).statusCode).toBeLessThan(300);
    const numeros = (await t.database.db.select({ tipo: documentoDian.tipo, numero: documentoDian.numero }).from(documentoDian).where(eq(documentoDian.ventaId, v.id))).map((d) => `${d.tipo}:${d.numero}`).sort();
    expect(numeros).toEqual(['01:FE1', '91:NC2', '92:ND1']);
    // An annulled sale takes no more debit notes.
    const tarde = await emitir(s, v.id);
    expect([tarde.statusCode, tarde.json().error.message]).toEqual([422, 'Solo una venta completada lleva nota débito: esta venta está anulada o pendiente.']);
    expect((await notasDebito(s, v.id)).json().puedeEmitir).toBe(false);
  });

  it('se niega en español: una venta con documento POS, la tienda sin documento electrónico, datos fuera de límites; nada se escribe', async () => {
    const s = await ferreteria();
    const pos = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: s.productoId, cantidad: 1 }], metodoPagoId: METODO.EFECTIVO, montoRecibido: 20_000 });
    expect(pos.statusCode, pos.body).toBe(201);
    const conPos = await emitir(s, pos.json().id);
    expect([conPos.statusCode, conPos.json().error.message]).toEqual([422, 'Solo una venta con factura electrónica de venta lleva nota débito. Un documento POS se corrige con su nota de ajuste.']);
    expect((await notasDebito(s, pos.json().id)).json()).toEqual({ factura: null, puedeEmitir: false, notas: [] });

    const v = await facturar(s);
    for (const [cuerpo, mensaje] of [
      [{ ...FLETE, cargos: [{ ...FLETE.cargos[0], valor: 0 }] }, 'Cada cargo vale entre $ 1 y $ 100.000.000, en pesos enteros.'],
      [{ ...FLETE, cargos: [{ ...FLETE.cargos[0], valor: 100_000_001 }] }, 'Cada cargo vale entre $ 1 y $ 100.000.000, en pesos enteros.'],
      [{ ...FLETE, cargos: [{ ...FLETE.cargos[0], valor: 10.5 }] }, 'Cada cargo vale entre $ 1 y $ 100.000.000, en pesos enteros.'],
      [{ ...FLETE, cargos: Array.from({ length: 21 }, () => FLETE.cargos[0]) }, 'Agregue entre 1 y 20 cargos.'],
      [{ ...FLETE, cargos: [] }, 'Agregue entre 1 y 20 cargos.'],
      [{ ...FLETE, motivo: '  ' }, 'Escriba el motivo de la nota débito (entre 3 y 200 caracteres).'],
      [{ ...FLETE, concepto: 5 }, 'Elija el concepto de la nota débito.'],
      [{ ...FLETE, cargos: [{ ...FLETE.cargos[0], impuesto: 'bolsa' }] }, 'Elija el impuesto de cada cargo.'],
      [{ ...FLETE, cargos: [{ ...FLETE.cargos[0], descripcion: 'x'.repeat(101) }] }, 'Escriba qué se cobra en cada cargo (hasta 100 caracteres).'],
    ] as const) {
      const r = await emitir(s, v.id, cuerpo);
      expect(r.statusCode, JSON.stringify(cuerpo).slice(0, 80)).toBe(400);
      expect(JSON.stringify(r.json())).toContain(mensaje);
    }
    await t.database.db.update(dianConfiguracion).set({ habilitado: false }).where(eq(dianConfiguracion.tiendaId, s.id));
    const apagado = await emitir(s, v.id);
    expect([apagado.statusCode, apagado.json().error.message]).toEqual([422, 'La tienda no tiene activo el documento electrónico: no se pueden emitir notas débito.']);
    expect(await t.database.db.select().from(documentoDian).where(eq(documentoDian.tipo, '92')).then((f) => f.filter((d) => d.tiendaId === s.id))).toEqual([]);
    // Another store's sale answers as missing.
    const otra = await ferreteria();
    expect((await emitir(otra, v.id)).statusCode).toBe(404);
  });
});
