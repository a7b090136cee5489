import { digitoVerificacion } from '#shared/impuestos';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, beforeAll, expect } from 'vitest';
import { METODO } from '#shared/roles';
import { producto } from '../../db/schema';
import { crearTienda, peticion, type Tienda } from '../../../tests/helpers/factories';
import type { TestApp } from '../../../tests/helpers/test-app';
import { generarCertificadoPrueba, type CertificadoPrueba } from './certificado-prueba';
import { ajustarContextoDian } from './contexto';
import { iniciarFakeDian, type FakeDian } from './fake-dian';
import { NS } from './xml';

/**
 * A hardware store that invoices (issue #57): its fiscal profile, one product at $ 11.900 with IVA
 * 19 %, a till with a POS range and an invoice range (FE, with its technical key), the signing
 * certificate and the electronic document on in habilitación against DIAN's (fake) web service.
 * Shared by the invoice's, its credit and debit notes' and the accountant's export's tests.
 */
export const PIN = '12345';
export const CLAVE_TECNICA = 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c';
export const SOFTWARE = { softwareId: '56f2ae4e-9812-4fad-9255-08fcfcd5ccb0', softwarePin: PIN, testSetId: '3f1c2a44-5b6d-4e7f-8a9b-0c1d2e3f4a5b' };
export const PERFIL = {
  razonSocial: 'Ferretería El Tornillo S.A.S.', tipoPersona: 'juridica', responsabilidades: ['O-13'], responsableIva: true,
  departamento: '11', municipio: '11001', direccion: 'Calle 45 # 13-20', telefono: '6013456789', correo: 'facturas@tornillo.co', documentoInformativo: true, valorIncBolsa: 66,
};
export const EMPRESA = { tipoPersona: 1, tipoDocumento: '31', numero: '860034313', dv: '7', nombre: 'Constructora Andina S.A.S.', email: 'compras@andina.co', responsabilidades: ['O-13'], responsableIva: true };
export const hoy = (dias = 0) => new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10);
export const textoXml = (xml: string, local: string) => new DOMParser().parseFromString(xml, 'text/xml').getElementsByTagNameNS(NS.cbc, local)[0]?.textContent ?? '';

export type Ferreteria = Tienda & { productoId: number; caja: number; nit: string };

/** The (fake) DIAN web service and a signing certificate for one test file: started before its tests, closed after them. */
export function usarDianFalsa(): { readonly fake: FakeDian; readonly cert: CertificadoPrueba } {
  const dian = {} as { fake: FakeDian; cert: CertificadoPrueba };
  beforeAll(async () => {
    dian.fake = await iniciarFakeDian();
    dian.cert = await generarCertificadoPrueba();
    ajustarContextoDian({ url: () => dian.fake.url, tiempoMaximoMs: 5_000, aviso: (err, m) => console.error(m, err) });
  }, 60_000);
  afterAll(() => dian.fake?.cerrar());
  return dian;
}

/** Where the till's invoice range (FE) starts and ends; `false`: the till has none. */
export type RangoFactura = { desde: number; hasta: number } | false;

let n = 0;
/** The fake DIAN for the file (see usarDianFalsa) and its stores: each with its own NIT from `nitBase`. */
export function usarFerreteria(t: TestApp, nitBase: number) {
  const req = peticion(t);
  const dian = usarDianFalsa();
  async function ferreteria(rangoFactura: RangoFactura = { desde: 1, hasta: 1000 }): Promise<Ferreteria> {
    const nit = String(nitBase + n++ * 7);
    const s = await crearTienda(t);
    expect((await req('PUT', '/api/tienda/perfil-fiscal', s.token, { ...PERFIL, nit, dv: digitoVerificacion(nit) })).statusCode).toBe(200);
    const [p] = await t.database.db.insert(producto).values({ tiendaId: s.id, nombre: 'Tornillo drywall x100', precioUnit: 11_900, stock: 1000, estado: 1, impuesto: 'iva19' }).returning();
    const caja = (await req('POST', '/api/numeracion/cajas', s.token, { nombre: 'Caja 1', ubicacion: 'Mostrador' })).json().id as number;
    const vigencia = { fechaDesde: hoy(-10), fechaHasta: hoy(300) };
    expect((await req('POST', `/api/numeracion/cajas/${caja}/rangos`, s.token, { ...vigencia, resolucion: '18760000001', prefijo: 'POS', desde: 1, hasta: 1000 })).statusCode).toBe(201);
    if (rangoFactura) {
      const rf = await req('POST', `/api/numeracion/cajas/${caja}/rangos`, s.token, { ...vigencia, resolucion: '18760000002', prefijo: 'FE', ...rangoFactura, tipo: 'factura', claveTecnica: CLAVE_TECNICA });
      expect(rf.statusCode, rf.body).toBe(201);
    }
    expect((await req('POST', '/api/dian/certificado', s.token, { p12: dian.cert.p12.toString('base64'), clave: dian.cert.clave })).statusCode).toBe(200);
    expect((await req('PUT', '/api/dian/configuracion', s.token, { habilitado: true, ambiente: 'habilitacion', transporte: 'dian', ...SOFTWARE })).statusCode).toBe(200);
    return { ...s, productoId: p!.idProducto, caja, nit };
  }
  /** Three screws invoiced to the company: $ 35.700, IVA 19 % included. */
  async function facturar(s: Ferreteria) {
    const r = await req('POST', '/api/ventas/factura-electronica', s.token, { venta: { lineas: [{ productoId: s.productoId, cantidad: 3 }], metodoPagoId: METODO.EFECTIVO, montoRecibido: 50_000 }, adquirente: EMPRESA });
    expect(r.statusCode, r.body).toBe(201);
    return r.json() as { id: number; documento: { numero: string; cude: string } };
  }
  return { req, dian, ferreteria, facturar };
}
