import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { facturaElectronica as FE } from '#shared/messages/factura-electronica';
import { METODO } from '#shared/roles';
import { cliente, documentoDian, rangoNumeracion, tienda, venta } from '../../db/schema';
import { crearTienda, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { cufe } from '../dian/cude';
import { validarContraXsd } from '../dian/validar-xsd';
import { verificarConXmlsec } from '../dian/verificar-xmlsec';
import { CLAVE_TECNICA as CLAVE, EMPRESA as EMPRESA_ANDINA, hoy, textoXml, usarFerreteria } from '../dian/ferreteria.fixtures';

/**
 * Issue #57 point 1 (ADR 044): a buyer who asks for a factura at the till gets a factura electrónica
 * de venta (type 01, CUFE by the till's invoice range's technical key, buyer identified) instead of
 * the POS document, numbered from that range, queued and accepted by the (fake) DIAN; a sale already
 * made is not swapped afterwards.
 */
const t = usarApp();
const { req, dian, ferreteria: tiendaQueFactura } = usarFerreteria(t, 901_100_000);
const EMPRESA = { ...EMPRESA_ANDINA, responsabilidades: ['O-13', 'O-23'] };

let n = 0;
/** A store with the electronic document on, a till with a POS range and (unless told) an invoice range from 100 + 1 000 × its order. */
function ferreteria(opciones: { rangoFactura?: boolean } = {}) {
  const i = n++;
  return tiendaQueFactura(opciones.rangoFactura !== false && { desde: 100 + i * 1000, hasta: 5000 + i * 1000 });
}
const ventaDe = (s: { productoId: number }, extra: object = {}) => ({ lineas: [{ productoId: s.productoId, cantidad: 3 }], metodoPagoId: METODO.EFECTIVO, montoRecibido: 50_000, ...extra });
const facturar = (s: Tienda & { productoId: number }, cuerpo: object = {}) => req('POST', '/api/ventas/factura-electronica', s.token, { venta: ventaDe(s), adquirente: EMPRESA, ...cuerpo });
const texto = textoXml;

describe('factura electrónica de venta en la caja (issue #57 punto 1)', { timeout: 180_000 }, () => {
  it('una venta facturada a una empresa: número del rango de facturas, tipo 01 con CUFE, firmada, válida, aceptada por la DIAN', async () => {
    const s = await ferreteria();
    const pos = await req('POST', '/api/ventas', s.token, ventaDe(s));
    expect(pos.statusCode, pos.body).toBe(201);
    expect(pos.json().documento).toMatchObject({ tipo: '20', numero: 'POS1' });

    const r = await facturar(s);
    expect(r.statusCode, r.body).toBe(201);
    const recibo = r.json();
    const primero = 100 + (n - 1) * 1000;
    expect(recibo.documento).toMatchObject({ tipo: '01', numero: `FE${primero}`, estado: 'pendiente', adquirente: { nombre: 'Constructora Andina S.A.S.', documento: 'NIT 860034313-7' } });
    expect(FE.titulo(recibo.documento.numero)).toBe(`Factura electrónica de venta N.º FE${primero}`);
    expect(recibo.documento.url).toContain(recibo.documento.cude);
    expect(recibo.total).toBe(35_700);
    // Read again, the receipt says the same.
    expect((await req('GET', `/api/ventas/${recibo.id}`, s.token)).json().documento).toMatchObject({ tipo: '01', numero: `FE${primero}` });
    // The POS range did not move; the sale keeps its buyer.
    const [v] = await t.database.db.select().from(venta).where(eq(venta.idVenta, recibo.id));
    expect(v!.numeroFiscal).toBe(primero);
    expect(v!.adquirente).toMatchObject({ numero: '860034313', dv: '7', nombre: 'Constructora Andina S.A.S.' });
    expect((await req('POST', '/api/ventas', s.token, ventaDe(s))).json().documento.numero).toBe('POS2');

    const [d] = await t.database.db.select().from(documentoDian).where(and(eq(documentoDian.ventaId, recibo.id), eq(documentoDian.tiendaId, s.id)));
    expect(d!.tipo).toBe('01');
    expect(texto(d!.xmlFirmado, 'InvoiceTypeCode')).toBe('01');
    expect((await validarContraXsd(d!.xmlFirmado)).errores).toBe('');
    expect((await verificarConXmlsec(d!.xmlFirmado, dian.cert.certificadoPem)).ok).toBe(true);
    // The CUFE recomputes with the range's technical key; the key is nowhere in the XML.
    expect(
      cufe({
        numero: `FE${primero}`, fecha: texto(d!.xmlFirmado, 'IssueDate'), hora: texto(d!.xmlFirmado, 'IssueTime'), valorBruto: texto(d!.xmlFirmado, 'LineExtensionAmount'),
        iva: '5700.00', inc: '0.00', ica: '0.00', valorTotal: '35700.00', nitEmisor: s.nit, numeroAdquirente: '860034313', claveTecnica: CLAVE, ambiente: 2,
      }),
    ).toBe(d!.cude);
    expect(d!.xmlFirmado).not.toContain(CLAVE);

    // The worker sends it by SendBillSync to the (fake) DIAN: accepted once.
    const antes = dian.fake.peticiones.length;
    const e = await req('POST', '/api/dian/documentos/enviar', s.token);
    expect(e.statusCode, e.body).toBe(200);
    expect(dian.fake.peticiones.slice(antes).filter((p) => p.operacion === 'SendBillSync').length).toBeGreaterThanOrEqual(1);
    expect((await req('GET', `/api/ventas/${recibo.id}`, s.token)).json().documento.estado).toBe('aceptado');
  });

  it('la clave técnica se guarda sellada y nunca se responde', async () => {
    const s = await ferreteria();
    const [r] = await t.database.db.select().from(rangoNumeracion).where(and(eq(rangoNumeracion.tiendaId, s.id), eq(rangoNumeracion.tipo, 'factura')));
    expect(r!.claveTecnica).toMatch(/^k1\./);
    expect(r!.claveTecnica).not.toContain(CLAVE);
    const lista = await req('GET', '/api/numeracion', s.token);
    expect(lista.json().puntos[0].rangoFactura).toMatchObject({ prefijo: 'FE', estado: 'vigente' });
    expect(lista.json().puntos[0].rango).toMatchObject({ prefijo: 'POS' });
    expect(lista.body).not.toContain(CLAVE);
    // A factura range without its key is refused, in Spanish, in its field.
    const sin = await req('POST', `/api/numeracion/cajas/${s.caja}/rangos`, s.token, { prefijo: 'FX', desde: 1, hasta: 10, resolucion: '1', fechaDesde: hoy(-1), fechaHasta: hoy(10), tipo: 'factura' });
    expect(sin.statusCode).toBe(400);
    expect(sin.json().error.fields.claveTecnica).toBe(FE.claveTecnicaInvalida);
  });

  it('valida los datos del comprador (DV del NIT, correo, responsabilidades) y no cambia nada', async () => {
    const s = await ferreteria();
    const ventas = async () => (await t.database.db.select({ id: venta.idVenta }).from(venta).where(eq(venta.tiendaId, s.id))).length;
    const malDv = await facturar(s, { adquirente: { ...EMPRESA, dv: '3' } });
    expect(malDv.statusCode).toBe(400);
    expect(malDv.json().error.fields['adquirente.dv'] ?? JSON.stringify(malDv.json().error.fields)).toContain(FE.dvIncorrecto('7'));
    const sinDv = await facturar(s, { adquirente: { ...EMPRESA, dv: null } });
    expect(JSON.stringify(sinDv.json().error.fields)).toContain(FE.dvFalta);
    const correo = await facturar(s, { adquirente: { ...EMPRESA, email: 'no-es-correo' } });
    expect(JSON.stringify(correo.json().error.fields)).toContain(FE.emailInvalido);
    const resp = await facturar(s, { adquirente: { ...EMPRESA, responsabilidades: [] } });
    expect(JSON.stringify(resp.json().error.fields)).toContain(FE.responsabilidadesInvalidas);
    const largo = await facturar(s, { adquirente: { ...EMPRESA, nombre: 'x'.repeat(121) } });
    expect(largo.statusCode).toBe(400);
    expect(await ventas()).toBe(0);
  });

  it('sin rango de facturas en la caja, la venta se rechaza en español y no se registra', async () => {
    const s = await ferreteria({ rangoFactura: false });
    const r = await facturar(s);
    expect(r.statusCode).toBeGreaterThanOrEqual(400);
    expect(r.statusCode).toBeLessThan(500);
    expect(r.json().error.message).toBe(FE.cajaSinRangoFactura);
    expect((await t.database.db.select().from(venta).where(eq(venta.tiendaId, s.id))).length).toBe(0);
  });

  it('un cliente recuerda los datos fiscales; una venta ya hecha no se cambia por factura (ADR 044)', async () => {
    const s = await ferreteria();
    await t.database.db.insert(cliente).values({ tiendaId: s.id, documento: '860034313', nombre: 'Constructora', apellido: 'Andina' });
    expect((await req('GET', '/api/ventas/clientes/860034313/datos-fiscales', s.token)).json()).toEqual({ datosFiscales: null });
    const r = await facturar(s, { venta: ventaDe(s, { documentoCliente: '860034313' }), recordar: true });
    expect(r.statusCode, r.body).toBe(201);
    expect((await req('GET', '/api/ventas/clientes/860034313/datos-fiscales', s.token)).json().datosFiscales).toMatchObject({ numero: '860034313', dv: '7', email: 'compras@andina.co' });
    expect((await req('GET', '/api/ventas/clientes/999/datos-fiscales', s.token)).statusCode).toBe(404);

    const pos = await req('POST', '/api/ventas', s.token, ventaDe(s));
    const despues = await req('POST', `/api/ventas/${pos.json().id}/factura-electronica`, s.token);
    expect(despues.statusCode).toBe(409);
    expect(despues.json().error.message).toBe(FE.yaTieneDocumentoPos(pos.json().documento.numero));
    const yaFactura = await req('POST', `/api/ventas/${r.json().id}/factura-electronica`, s.token);
    expect(yaFactura.json().error.message).toBe(FE.yaEsFactura(r.json().documento.numero));
    // Another store's sale is not found.
    const otra = await crearTienda(t);
    expect((await req('POST', `/api/ventas/${pos.json().id}/factura-electronica`, otra.token)).statusCode).toBe(404);
  });

  it('recordar los datos del comprador los guarda solo en el cliente de la venta, no en su gemelo de documento repetido de otra tienda (issue #56)', async () => {
    const s = await ferreteria();
    const sucursal = await req('POST', '/api/sucursales', s.token, { nombreTienda: 'Ferretería Norte', direccion: 'Cl 80 # 10-20', telefono: '6014567890', zonaHoraria: 'America/Bogota' });
    expect(sucursal.statusCode, sucursal.body).toBe(201);
    const db = t.database.db;
    const [e] = await db.select({ id: tienda.empresaId }).from(tienda).where(eq(tienda.idTienda, s.id));
    // Two customers of one documento, each store's, as migration 0090 kept them (flagged).
    const [uno, dos] = await db
      .insert(cliente)
      .values([
        { tiendaId: s.id, empresaId: e!.id, documento: '860034313', nombre: 'Constructora', apellido: 'Andina', documentoRepetido: true },
        { tiendaId: sucursal.json().idTienda as number, empresaId: e!.id, documento: '860034313', nombre: 'Constructora', apellido: 'Andina Norte', documentoRepetido: true },
      ])
      .returning({ id: cliente.idCliente });
    const r = await facturar(s, { venta: ventaDe(s, { documentoCliente: '860034313' }), recordar: true });
    expect(r.statusCode, r.body).toBe(201);
    const [v] = await db.select({ clienteId: venta.clienteId }).from(venta).where(eq(venta.idVenta, r.json().id));
    expect(v!.clienteId).toBe(uno!.id);
    const datos = async (id: number) => (await db.select({ d: cliente.datosFiscales }).from(cliente).where(eq(cliente.idCliente, id)))[0]!.d;
    expect(await datos(uno!.id)).toMatchObject({ numero: '860034313', email: 'compras@andina.co' });
    // The other store's customer keeps what it had: nothing.
    expect(await datos(dos!.id)).toBeNull();
  });
});
