import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dian as D } from '#shared/messages/dian';
import { METODO, ROL } from '#shared/roles';
import { actividad, dianHabilitacionTipo, documentoDian, empresaDian, empresaDianTipo, producto, tienda } from '../../server/db/schema';
import { generarCertificadoPrueba } from '../../server/modules/dian/certificado-prueba';
import { EMPRESA, hoy, SOFTWARE, usarFerreteria, type Ferreteria } from '../../server/modules/dian/ferreteria.fixtures';
import { validarContraXsd } from '../../server/modules/dian/validar-xsd';
import { verificarConXmlsec } from '../../server/modules/dian/verificar-xmlsec';
import { abrirCaja, crearEmpleado, crearTienda } from '../helpers/factories';
import { usarApp } from '../helpers/test-app';

/**
 * One DIAN certificate and software per empresa (ADR 069, designed in ADR 067 §5): a branch signs its
 * POS documents and invoices with the empresa's certificate without loading one; in an empresa of two
 * or more stores only the owner changes the certificate or the software (403 for a branch's
 * administrator, nothing changed) and each store's activity log says so; a lone store's administrator
 * changes them as before. The software of the invoice and of the documento soporte likewise (ADR 069's
 * addendum). On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const t = usarApp();
const { req, dian, ferreteria, facturar } = usarFerreteria(t, 906_900_000);

const empresaDe = async (tiendaId: number) => (await t.database.db.select({ e: tienda.empresaId }).from(tienda).where(eq(tienda.idTienda, tiendaId)))[0]!.e;
const filaEmpresa = async (tiendaId: number) => (await t.database.db.select().from(empresaDian).where(eq(empresaDian.empresaId, await empresaDe(tiendaId))))[0];
const softwareDeTipos = async (tiendaId: number) => (await t.database.db.select().from(empresaDianTipo).where(eq(empresaDianTipo.empresaId, await empresaDe(tiendaId)))).sort((a, b) => a.tipo.localeCompare(b.tipo));
const tiposDeTienda = async (tiendaId: number) => t.database.db.select().from(dianHabilitacionTipo).where(eq(dianHabilitacionTipo.tiendaId, tiendaId));
const FACTURA_SW = { softwareId: 'a1b2c3d4-0000-4000-8000-000000000001', softwarePin: '54321' };
const SOPORTE_SW = { softwareId: 'a1b2c3d4-0000-4000-8000-000000000002', softwarePin: '67890' };
type Tipo = { tipo: string; softwareId: string | null; pinGuardado: boolean; testSetId: string | null; estado: string };
const tipoDe = (cuerpo: { tipos: Tipo[] }, tipo: string) => cuerpo.tipos.find((x) => x.tipo === tipo)!;

/** A documento soporte in a store: its DS range, a supplier who does not invoice, and a reception of 20 screws. */
async function documentoSoporte(s: Ferreteria): Promise<string> {
  const vigencia = { fechaDesde: hoy(-10), fechaHasta: hoy(300) };
  expect((await req('POST', `/api/numeracion/cajas/${s.caja}/rangos`, s.token, { ...vigencia, resolucion: '18760000009', prefijo: 'DSN', desde: 1, hasta: 100, tipo: 'soporte', claveTecnica: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' })).statusCode).toBe(201);
  const prov = await req('POST', '/api/proveedores', s.token, { nombre: 'Pedro Campesino', telefono: '3001234567', email: 'pedro@example.com', obligadoFacturar: false, tipoIdentificacion: 'CC', documento: '1020304050', direccion: 'Vereda El Rosal', municipio: '25899' });
  expect(prov.statusCode, prov.body).toBe(201);
  const r = await req('POST', '/api/compras/recepciones', s.token, { proveedorId: prov.json().proveedor.id, facturaNumero: null, cufe: null, lineas: [{ productoId: s.productoId, cantidad: 20, costoUnit: 4_550, vence: null, lote: null }] });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().soporte.documento.numero as string;
}

/** The software each document the store sent to the (fake) DIAN since `desde` carried, by its type code. */
async function enviadosCon(s: Ferreteria, desde: number): Promise<string[][]> {
  expect((await req('POST', '/api/dian/documentos/enviar', s.token)).statusCode).toBe(200);
  return dian.fake.peticiones
    .slice(desde)
    .filter((p) => p.operacion === 'SendBillSync' && p.tipoDocumento !== '20')
    .map((p) => [p.tipoDocumento!, p.softwareId!])
    .sort();
}

const registros = async (tiendaId: number, accion: string) =>
  (await t.database.db.select().from(actividad).where(and(eq(actividad.tiendaId, tiendaId), eq(actividad.tipo, 'documento_electronico')))).filter((a) => (a.detalle as { accion?: string }).accion === accion);

/** The hardware store (owner) and a branch it opens: its own till and ranges (other prefixes), its own product, the electronic document on without a certificate of its own. */
async function conSucursal(): Promise<{ s: Ferreteria; norte: Ferreteria; codigoNorte: string }> {
  const s = await ferreteria();
  const abierta = await req('POST', '/api/sucursales', s.token, { nombreTienda: 'El Tornillo Norte', direccion: 'Carrera 15 # 93-40', telefono: '6017654321' });
  expect(abierta.statusCode, abierta.body).toBe(201);
  const id = abierta.json().idTienda as number;
  const token = (await req('POST', '/api/sesion/tienda', s.token, { idTienda: id })).json().token as string;
  const [p] = await t.database.db.insert(producto).values({ tiendaId: id, nombre: 'Tornillo drywall x100', precioUnit: 11_900, stock: 1000, estado: 1, impuesto: 'iva19' }).returning();
  const caja = (await req('POST', '/api/numeracion/cajas', token, { nombre: 'Caja Norte', ubicacion: 'Mostrador' })).json().id as number;
  const vigencia = { fechaDesde: hoy(-10), fechaHasta: hoy(300) };
  expect((await req('POST', `/api/numeracion/cajas/${caja}/rangos`, token, { ...vigencia, resolucion: '18760000003', prefijo: 'POSN', desde: 1, hasta: 1000 })).statusCode).toBe(201);
  const fe = await req('POST', `/api/numeracion/cajas/${caja}/rangos`, token, { ...vigencia, resolucion: '18760000004', prefijo: 'FEN', desde: 1, hasta: 1000, tipo: 'factura', claveTecnica: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c' });
  expect(fe.statusCode, fe.body).toBe(201);
  await abrirCaja(t, token);
  // The branch's own settings only: no certificate, no software typed.
  const config = await req('PUT', '/api/dian/configuracion', token, { habilitado: true, ambiente: 'habilitacion', transporte: 'dian' });
  expect(config.statusCode, config.body).toBe(200);
  expect(config.json()).toMatchObject({ habilitado: true, softwareId: SOFTWARE.softwareId, pinGuardado: true, tiendasEmpresa: 2 });
  expect(config.json().certificado.sujeto).toContain('Minimercado La Esquina');
  return { s, norte: { ...s, id, token, productoId: p!.idProducto, caja }, codigoNorte: abierta.json().codigoInvitacion as string };
}

describe('un certificado DIAN por empresa (ADR 069)', { timeout: 240_000 }, () => {
  it('la sucursal firma su documento POS y su factura con el certificado de la empresa sin cargar uno; la DIAN los acepta', async () => {
    const { norte } = await conSucursal();
    const pos = await req('POST', '/api/ventas', norte.token, { lineas: [{ productoId: norte.productoId, cantidad: 1 }], metodoPagoId: METODO.EFECTIVO, montoRecibido: 20_000 });
    expect(pos.statusCode, pos.body).toBe(201);
    const factura = await facturar(norte);
    expect(factura.documento.numero).toBe('FEN1');
    const docs = await t.database.db.select().from(documentoDian).where(eq(documentoDian.tiendaId, norte.id));
    expect(docs.map((d) => [d.tipo, d.numero]).sort()).toEqual([
      ['01', 'FEN1'],
      ['20', 'POSN1'],
    ]);
    for (const d of docs) {
      // Signed with the empresa's certificate: xmlsec1 verifies it with that certificate, and the signed document validates.
      expect((await verificarConXmlsec(d.xmlFirmado, dian.cert.certificadoPem)).salida).toMatch(/^OK/m);
      expect((await validarContraXsd(d.xmlFirmado)).errores).toBe('');
    }
    expect((await req('POST', '/api/dian/documentos/enviar', norte.token)).statusCode).toBe(200);
    const panel = (await req('GET', '/api/dian/documentos', norte.token)).json().items as { numero: string; estado: string }[];
    expect(panel.map((d) => [d.numero, d.estado]).sort()).toEqual([
      ['FEN1', 'aceptado'],
      ['POSN1', 'aceptado'],
    ]);
  });

  it('solo el dueño cambia el certificado o el software de una empresa de varias tiendas: el administrador de la sucursal recibe 403 y nada cambia', async () => {
    const { s, norte, codigoNorte } = await conSucursal();
    await t.database.db.update(tienda).set({ aprobarEmpleados: false }).where(eq(tienda.idTienda, norte.id));
    const admin = await crearEmpleado(t, codigoNorte, { rol: ROL.ADMIN, sinCaja: true });
    const antes = await filaEmpresa(norte.id);
    const otro = await generarCertificadoPrueba('/CN=Otra Empresa SAS/O=Pruebas/C=CO');

    const cert = await req('POST', '/api/dian/certificado', admin.token, { p12: otro.p12.toString('base64'), clave: otro.clave });
    expect(cert.statusCode, cert.body).toBe(403);
    expect(cert.json().error.message).toBe(D.dianDeEmpresa);
    // Even with a wrong password: refused before the file is read.
    expect((await req('POST', '/api/dian/certificado', admin.token, { p12: otro.p12.toString('base64'), clave: 'mala' })).statusCode).toBe(403);
    const base = { habilitado: true, ambiente: 'habilitacion', transporte: 'dian' };
    const software = await req('PUT', '/api/dian/configuracion', admin.token, { ...base, softwareId: '11111111-2222-4333-8444-555555555555' });
    expect(software.statusCode, software.body).toBe(403);
    expect(software.json().error.message).toBe(D.dianDeEmpresa);
    const pin = await req('PUT', '/api/dian/configuracion', admin.token, { ...base, softwarePin: '99999' });
    expect(pin.statusCode).toBe(403);
    expect(await filaEmpresa(norte.id)).toEqual(antes);
    // The branch's own settings, with the empresa's software as the screen sends it back: yes.
    const propia = await req('PUT', '/api/dian/configuracion', admin.token, { ...base, softwareId: SOFTWARE.softwareId, testSetId: '4a1c2a44-5b6d-4e7f-8a9b-0c1d2e3f4a5b' });
    expect(propia.statusCode, propia.body).toBe(200);
    expect(propia.json()).toMatchObject({ testSetId: '4a1c2a44-5b6d-4e7f-8a9b-0c1d2e3f4a5b', softwareId: SOFTWARE.softwareId, tiendasEmpresa: 2 });
    expect(await filaEmpresa(norte.id)).toEqual(antes);

    // The owner, acting for the branch: the new certificate is the empresa's, and each store's log says so.
    const antesPrincipal = (await registros(s.id, 'certificado')).length;
    const delDueno = await req('POST', '/api/dian/certificado', norte.token, { p12: otro.p12.toString('base64'), clave: otro.clave });
    expect(delDueno.statusCode, delDueno.body).toBe(200);
    expect((await req('GET', '/api/dian/configuracion', s.token)).json().certificado.sujeto).toContain('Otra Empresa');
    expect((await registros(s.id, 'certificado')).length).toBe(antesPrincipal + 1);
    expect((await registros(norte.id, 'certificado')).at(-1)!.detalle).toMatchObject({ desde: 'El Tornillo Norte' });
    const log = (await req('GET', '/api/actividad?tipo=documento_electronico', s.token)).json().items as { detalle: unknown }[];
    expect(log.length).toBeGreaterThan(0);
    // The owner changes the software: every store's log says so.
    const nuevoSoftware = '11111111-2222-4333-8444-555555555555';
    const sw = await req('PUT', '/api/dian/configuracion', s.token, { ...base, softwareId: nuevoSoftware, softwarePin: '54321' });
    expect(sw.statusCode, sw.body).toBe(200);
    expect((await req('GET', '/api/dian/configuracion', norte.token)).json().softwareId).toBe(nuevoSoftware);
    expect((await registros(norte.id, 'software_empresa')).at(-1)!.detalle).toMatchObject({ campos: [D.softwareId, D.softwarePin], desde: (await t.database.db.select().from(tienda).where(eq(tienda.idTienda, s.id)))[0]!.nombreTienda });
    // The main store's next document is signed with the new certificate.
    const v = await req('POST', '/api/ventas/factura-electronica', s.token, { venta: { lineas: [{ productoId: s.productoId, cantidad: 1 }], metodoPagoId: METODO.EFECTIVO, montoRecibido: 50_000 }, adquirente: EMPRESA });
    expect(v.statusCode, v.body).toBe(201);
    const [doc] = await t.database.db.select().from(documentoDian).where(and(eq(documentoDian.tiendaId, s.id), eq(documentoDian.numero, v.json().documento.numero)));
    expect((await verificarConXmlsec(doc!.xmlFirmado, otro.certificadoPem)).ok).toBe(true);
    expect((await verificarConXmlsec(doc!.xmlFirmado, dian.cert.certificadoPem)).ok).toBe(false);
  });

  it('el software de la factura y del documento soporte es de la empresa: la sucursal firma con él; su administrador recibe 403 y nada cambia; el cambio del dueño llega a todas con su registro', async () => {
    const { s, norte, codigoNorte } = await conSucursal();
    // The owner saves each type's software in the main store: the empresa's.
    expect((await req('PUT', '/api/dian/habilitacion/tipos/factura', s.token, FACTURA_SW)).statusCode).toBe(200);
    expect((await req('PUT', '/api/dian/habilitacion/tipos/soporte', s.token, SOPORTE_SW)).statusCode).toBe(200);
    // The branch, never configured, shows them as its own (its habilitación still to do).
    const vista = (await req('GET', '/api/dian/configuracion', norte.token)).json();
    expect(tipoDe(vista, 'factura')).toMatchObject({ softwareId: FACTURA_SW.softwareId, pinGuardado: true, estado: 'sin_configurar' });
    expect(tipoDe(vista, 'soporte')).toMatchObject({ softwareId: SOPORTE_SW.softwareId, pinGuardado: true, estado: 'sin_configurar' });
    // The branch's invoice and documento soporte carry the empresa's software of each type; DIAN accepts them.
    const antes = dian.fake.peticiones.length;
    expect((await facturar(norte)).documento.numero).toBe('FEN1');
    expect(await documentoSoporte(norte)).toBe('DSN1');
    expect(await enviadosCon(norte, antes)).toEqual([
      ['01', FACTURA_SW.softwareId],
      ['05', SOPORTE_SW.softwareId],
    ]);
    expect(dian.fake.peticiones.slice(antes).every((p) => p.firmaValida)).toBe(true);
    const panel = (await req('GET', '/api/dian/documentos', norte.token)).json().items as { numero: string; estado: string }[];
    expect(panel.filter((d) => d.numero !== 'POSN1').map((d) => [d.numero, d.estado]).sort()).toEqual([
      ['DSN1', 'aceptado'],
      ['FEN1', 'aceptado'],
    ]);

    // The branch's administrator: 403 for another software id or PIN of a type, nothing changed.
    await t.database.db.update(tienda).set({ aprobarEmpleados: false }).where(eq(tienda.idTienda, norte.id));
    const admin = await crearEmpleado(t, codigoNorte, { rol: ROL.ADMIN, sinCaja: true });
    const empresaAntes = await softwareDeTipos(norte.id);
    const norteAntes = await tiposDeTienda(norte.id);
    const otroId = await req('PUT', '/api/dian/habilitacion/tipos/factura', admin.token, { softwareId: '11111111-2222-4333-8444-555555555555', testSetId: '4a1c2a44-5b6d-4e7f-8a9b-0c1d2e3f4a5b' });
    expect(otroId.statusCode, otroId.body).toBe(403);
    expect(otroId.json().error.message).toBe(D.dianDeEmpresa);
    expect((await req('PUT', '/api/dian/habilitacion/tipos/soporte', admin.token, { softwarePin: '99999' })).statusCode).toBe(403);
    expect(await softwareDeTipos(norte.id)).toEqual(empresaAntes);
    expect(await tiposDeTienda(norte.id)).toEqual(norteAntes);
    // Its own test set id, with the empresa's software as the screen sends it back: yes.
    const propia = await req('PUT', '/api/dian/habilitacion/tipos/factura', admin.token, { softwareId: FACTURA_SW.softwareId, testSetId: '4a1c2a44-5b6d-4e7f-8a9b-0c1d2e3f4a5b' });
    expect(propia.statusCode, propia.body).toBe(200);
    expect(tipoDe(propia.json(), 'factura')).toMatchObject({ softwareId: FACTURA_SW.softwareId, testSetId: '4a1c2a44-5b6d-4e7f-8a9b-0c1d2e3f4a5b', estado: 'en_pruebas' });
    expect(await softwareDeTipos(norte.id)).toEqual(empresaAntes);

    // The owner changes the factura's software: every store's, each one's log says so, and the branch's next invoice carries it.
    const nuevo = { softwareId: '11111111-2222-4333-8444-555555555555', softwarePin: '24680' };
    expect((await req('PUT', '/api/dian/habilitacion/tipos/factura', s.token, nuevo)).statusCode).toBe(200);
    expect(tipoDe((await req('GET', '/api/dian/configuracion', norte.token)).json(), 'factura')).toMatchObject({ softwareId: nuevo.softwareId, estado: 'en_pruebas' });
    const principal = (await t.database.db.select().from(tienda).where(eq(tienda.idTienda, s.id)))[0]!.nombreTienda;
    expect((await registros(norte.id, 'software_empresa')).at(-1)!.detalle).toMatchObject({ campos: [D.softwareId, D.softwarePin], documento: D.tiposHabilitacion.factura, desde: principal });
    expect((await registros(s.id, 'tipo_configuracion')).at(-1)!.detalle).toMatchObject({ campos: [D.softwareId, D.softwarePin], documento: D.tiposHabilitacion.factura });
    const log = (await req('GET', '/api/actividad?tipo=documento_electronico', norte.token)).json().items.map((e: { descripcion: string }) => e.descripcion);
    expect(log).toContain(`Cambió el software de «${D.tiposHabilitacion.factura}» de la empresa en la DIAN, desde «${principal}»: ${D.softwareId}, ${D.softwarePin}`);
    const despues = dian.fake.peticiones.length;
    expect((await facturar(norte)).documento.numero).toBe('FEN2');
    expect(await enviadosCon(norte, despues)).toEqual([['01', nuevo.softwareId]]);
  });

  it('una tienda sola sigue como antes: su administrador carga el certificado y cambia el software', async () => {
    const s = await crearTienda(t, { sinCaja: true });
    const admin = await crearEmpleado(t, s.codigo, { rol: ROL.ADMIN, sinCaja: true });
    const cert = await req('POST', '/api/dian/certificado', admin.token, { p12: dian.cert.p12.toString('base64'), clave: dian.cert.clave });
    expect(cert.statusCode, cert.body).toBe(200);
    expect(cert.json()).toMatchObject({ tiendasEmpresa: 1 });
    const sw = await req('PUT', '/api/dian/configuracion', admin.token, { habilitado: false, ambiente: 'habilitacion', transporte: 'dian', ...SOFTWARE });
    expect(sw.statusCode, sw.body).toBe(200);
    expect(sw.json()).toMatchObject({ softwareId: SOFTWARE.softwareId, pinGuardado: true });
    // A type's software too, as before: its own store only.
    const tipo = await req('PUT', '/api/dian/habilitacion/tipos/factura', admin.token, { ...FACTURA_SW, testSetId: '4a1c2a44-5b6d-4e7f-8a9b-0c1d2e3f4a5b' });
    expect(tipo.statusCode, tipo.body).toBe(200);
    expect(tipoDe(tipo.json(), 'factura')).toMatchObject({ softwareId: FACTURA_SW.softwareId, pinGuardado: true, estado: 'en_pruebas' });
    // One log entry each, as before (no "whole empresa" wording).
    expect((await registros(s.id, 'certificado')).map((a) => (a.detalle as { desde?: string }).desde)).toEqual([undefined]);
    expect((await registros(s.id, 'tipo_configuracion')).map((a) => a.detalle)).toEqual([{ accion: 'tipo_configuracion', documento: D.tiposHabilitacion.factura, campos: [D.softwareId, D.softwarePin, D.testSetId] }]);
    expect(await registros(s.id, 'software_empresa')).toEqual([]);
  });
});
