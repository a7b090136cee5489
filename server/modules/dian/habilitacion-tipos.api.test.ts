import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dian as D } from '#shared/messages/dian';
import { documentoDian, venta } from '../../db/schema';
import { usarApp } from '../../../tests/helpers/test-app';
import { ajustarContextoDian } from './contexto';
import { EMPRESA, usarFerreteria, type Ferreteria } from './ferreteria.fixtures';
import { configuracionParaTipo, conSoftwareDelTipo, documentosDelSet } from './habilitacion-tipos';
import { leerPerfilFiscal } from '../fiscal/perfil-fiscal';
import { validarContraXsd } from './validar-xsd';
import { firmarDocumento } from './firma';
import { verificarConXmlsec } from './verificar-xmlsec';
import { credencialDe } from './configuracion.domain';
import { filaConfiguracion } from './configuracion.domain';
import { METODO } from '#shared/roles';

/**
 * Issue #57 point 5: DIAN enables each document type separately, with its own software and TestSetId.
 * The factura's set (2 invoices, a credit and a debit note) and the documento soporte's (2 DS and an
 * adjustment note) go to the (fake) DIAN by SendTestSetAsync with each type's id and come back by
 * GetStatusZip; its state is shown per type; in producción a type DIAN has not enabled is refused.
 */
const t = usarApp();
const { req, dian, ferreteria } = usarFerreteria(t, 902_200_000);

const FACTURA = { softwareId: 'a1b2c3d4-0000-4000-8000-000000000001', softwarePin: '54321', testSetId: 'a1b2c3d4-0000-4000-8000-0000000000f1' };
const SOPORTE = { softwareId: 'a1b2c3d4-0000-4000-8000-000000000002', softwarePin: '67890', testSetId: 'a1b2c3d4-0000-4000-8000-0000000000d5' };

beforeAll(() => {
  ajustarContextoDian({ esperaSetPruebas: { rondas: 3, pausaMs: 20 } });
  // Each set DIAN gave takes only its own type's documents.
  dian.fake.sets.set(FACTURA.testSetId, ['01', '91', '92']);
  dian.fake.sets.set(SOPORTE.testSetId, ['05', '95']);
});

type Tipo = { tipo: string; estado: string; softwareId: string | null; pinGuardado: boolean; resultado: { aceptado: boolean; documentos: { numero: string; estado: string; descripcion: string; reglas: { codigo: string }[] }[] } | null };
const tipoDe = (cuerpo: { tipos: Tipo[] }, tipo: string) => cuerpo.tipos.find((x) => x.tipo === tipo)!;

async function configurar(s: Ferreteria, tipo: 'factura' | 'soporte', datos: object) {
  const r = await req('PUT', `/api/dian/habilitacion/tipos/${tipo}`, s.token, datos);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

describe('habilitación por tipo de documento (issue #57 punto 5)', { timeout: 180_000 }, () => {
  it('cada tipo guarda su software y su set; su set va con su TestSetId y la DIAN lo acepta: habilitado', async () => {
    const s = await ferreteria();
    const inicio = (await req('GET', '/api/dian/configuracion', s.token)).json();
    expect(inicio.tipos.map((x: Tipo) => [x.tipo, x.estado])).toEqual([
      ['factura', 'sin_configurar'],
      ['soporte', 'sin_configurar'],
    ]);
    const c = await configurar(s, 'factura', FACTURA);
    expect(tipoDe(c, 'factura')).toMatchObject({ estado: 'en_pruebas', softwareId: FACTURA.softwareId, pinGuardado: true });
    // The PIN is never answered.
    expect(JSON.stringify(c)).not.toContain(FACTURA.softwarePin);
    await configurar(s, 'soporte', SOPORTE);

    for (const [tipo, datos, codigos] of [
      ['factura', FACTURA, ['01', '01', '91', '92']],
      ['soporte', SOPORTE, ['05', '05', '95']],
    ] as const) {
      const antes = dian.fake.peticiones.length;
      const r = await req('POST', `/api/dian/habilitacion/tipos/${tipo}/enviar`, s.token);
      expect(r.statusCode, r.body).toBe(200);
      const h = tipoDe(r.json(), tipo);
      expect(h.estado).toBe('habilitado');
      expect(h.resultado!.aceptado).toBe(true);
      expect(h.resultado!.documentos.map((d) => d.estado)).toEqual(codigos.map(() => 'aceptado'));
      const envios = dian.fake.peticiones.slice(antes).filter((p) => p.operacion === 'SendTestSetAsync');
      expect(envios.map((p) => p.testSetId)).toEqual(codigos.map(() => datos.testSetId));
      expect(envios.map((p) => p.tipoDocumento)).toEqual([...codigos]);
      expect(dian.fake.peticiones.slice(antes).some((p) => p.operacion === 'GetStatusZip')).toBe(true);
    }
    // The POS document's own habilitación is untouched.
    const fin = (await req('GET', '/api/dian/configuracion', s.token)).json();
    expect(fin.habilitacionSuperadaEn).toBeNull();
    // Each in the activity log, named by its type.
    const log = (await req('GET', '/api/actividad?tipo=documento_electronico', s.token)).json().items.map((e: { descripcion: string }) => e.descripcion);
    expect(log).toContain('Envió el set de pruebas de «Factura electrónica de venta, notas crédito y notas débito» a la DIAN: aceptado');
  });

  it('los documentos de cada set validan con los XSD de la DIAN y su firma verifica con xmlsec1', async () => {
    const s = await ferreteria();
    const f = (await filaConfiguracion(t.database.db, s.id))!;
    const perfil = (await leerPerfilFiscal(t.database.db, s.id))!;
    const conFactura = conSoftwareDelTipo(f, FACTURA);
    const ahora = new Date();
    for (const tipo of ['factura', 'soporte'] as const) {
      const docs = documentosDelSet(tipo, conFactura, perfil, 1, ahora);
      expect(docs).toHaveLength(tipo === 'factura' ? 4 : 3);
      for (const g of docs) {
        const xml = firmarDocumento(g.xml, credencialDe(f), { instante: ahora });
        const raiz = xml.includes('<CreditNote') ? { raiz: 'maindoc/UBL-CreditNote-2.1.xsd' } : xml.includes('<DebitNote') ? { raiz: 'maindoc/UBL-DebitNote-2.1.xsd' } : {};
        expect((await validarContraXsd(xml, raiz)).errores, `${tipo} ${g.numero}`).toBe('');
        expect((await verificarConXmlsec(xml, dian.cert.certificadoPem)).ok).toBe(true);
      }
      if (tipo === 'factura') expect(docs[0]!.xml).toContain(`>${FACTURA.softwareId}<`);
    }
  });

  it('rechazado con las razones de la DIAN; un set de otro tipo no sirve; datos que faltan o inválidos, en español y sin cambios', async () => {
    const s = await ferreteria();
    // Nothing saved: its set cannot be sent.
    const sin = await req('POST', '/api/dian/habilitacion/tipos/soporte/enviar', s.token);
    expect(sin.statusCode).toBe(422);
    expect(sin.json().error.message).toBe(D.setTipoFalta(D.tiposHabilitacion.soporte!));
    const mal = await req('PUT', '/api/dian/habilitacion/tipos/soporte', s.token, { softwareId: 'no-es-uuid', softwarePin: '12', testSetId: SOPORTE.testSetId });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().error.fields).toMatchObject({ softwareId: D.softwareIdInvalido, softwarePin: D.softwarePinInvalido });
    expect((await req('PUT', '/api/dian/habilitacion/tipos/otro', s.token, SOPORTE)).json().error.fields.tipo).toBe(D.tipoHabilitacionInvalido);
    expect((await req('PUT', '/api/dian/habilitacion/tipos/soporte', s.token, {})).json().error.message).toBe(D.tipoSinDatos);
    expect(tipoDe((await req('GET', '/api/dian/configuracion', s.token)).json(), 'soporte').estado).toBe('sin_configurar');

    // DIAN refuses a document: rechazado, with its rule and message.
    await configurar(s, 'soporte', SOPORTE);
    dian.fake.modo = 'rechazar';
    try {
      const r = await req('POST', '/api/dian/habilitacion/tipos/soporte/enviar', s.token);
      expect(r.statusCode, r.body).toBe(200);
      const h = tipoDe(r.json(), 'soporte');
      expect(h.estado).toBe('rechazado');
      expect(h.resultado!.documentos[0]!.reglas[0]!.codigo).toBe('FAD06');
    } finally {
      dian.fake.modo = 'aceptar';
    }
    // The factura's software sent with the soporte's set id: DIAN's set takes only its own type.
    await configurar(s, 'factura', { ...FACTURA, testSetId: SOPORTE.testSetId });
    const otro = tipoDe((await req('POST', '/api/dian/habilitacion/tipos/factura/enviar', s.token)).json(), 'factura');
    expect(otro.estado).toBe('rechazado');
    expect(otro.resultado!.documentos[0]!.descripcion).toContain('no corresponde al set de pruebas');
    // Sent again right: habilitado.
    expect(tipoDe((await req('POST', '/api/dian/habilitacion/tipos/soporte/enviar', s.token)).json(), 'soporte').estado).toBe('habilitado');
    // A new PIN: back to pruebas.
    expect(tipoDe(await configurar(s, 'soporte', { softwarePin: '11111' }), 'soporte').estado).toBe('en_pruebas');
  });

  it('en producción solo se emiten los tipos habilitados: la factura sin habilitar se rechaza en español y no se vende', async () => {
    const s = await ferreteria();
    // The POS document's set, then producción.
    expect((await req('POST', '/api/dian/habilitacion', s.token)).json().habilitacion.aceptado).toBe(true);
    await configurar(s, 'factura', FACTURA);
    expect((await req('PUT', '/api/dian/configuracion', s.token, { habilitado: true, ambiente: 'produccion', transporte: 'dian' })).statusCode).toBe(200);

    const ventas = async () => (await t.database.db.select({ id: venta.idVenta }).from(venta).where(eq(venta.tiendaId, s.id))).length;
    const cuerpo = { venta: { lineas: [{ productoId: s.productoId, cantidad: 3 }], metodoPagoId: METODO.EFECTIVO, montoRecibido: 50_000 }, adquirente: EMPRESA };
    const r = await req('POST', '/api/ventas/factura-electronica', s.token, cuerpo);
    expect(r.statusCode).toBe(422);
    expect(r.json().error.message).toBe(D.tipoNoHabilitado(D.tiposHabilitacion.factura!));
    expect(await ventas()).toBe(0);
    // The POS document still sells.
    const pos = await req('POST', '/api/ventas', s.token, cuerpo.venta);
    expect(pos.statusCode, pos.body).toBe(201);
    expect(pos.json().documento).toMatchObject({ tipo: '20' });
    // The documento soporte, not enabled either: refused too.
    const f = (await filaConfiguracion(t.database.db, s.id))!;
    await expect(configuracionParaTipo(t.database.db, f, '05')).rejects.toThrow(D.tipoNoHabilitado(D.tiposHabilitacion.soporte!));
  });

  it('un tipo habilitado se emite en producción con su propio software', async () => {
    const s = await ferreteria();
    expect((await req('POST', '/api/dian/habilitacion', s.token)).json().habilitacion.aceptado).toBe(true);
    await configurar(s, 'factura', FACTURA);
    expect(tipoDe((await req('POST', '/api/dian/habilitacion/tipos/factura/enviar', s.token)).json(), 'factura').estado).toBe('habilitado');
    expect((await req('PUT', '/api/dian/configuracion', s.token, { habilitado: true, ambiente: 'produccion', transporte: 'dian' })).statusCode).toBe(200);
    const r = await req('POST', '/api/ventas/factura-electronica', s.token, { venta: { lineas: [{ productoId: s.productoId, cantidad: 3 }], metodoPagoId: METODO.EFECTIVO, montoRecibido: 50_000 }, adquirente: EMPRESA });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().documento).toMatchObject({ tipo: '01' });
    const [d] = await t.database.db.select().from(documentoDian).where(and(eq(documentoDian.ventaId, r.json().id), eq(documentoDian.tiendaId, s.id)));
    // The invoice names the factura's software, not the POS document's.
    expect(d!.xmlFirmado).toContain(`>${FACTURA.softwareId}<`);
    expect(d!.ambiente).toBe(1);
  });
});
