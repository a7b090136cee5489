import { digitoVerificacion } from '#shared/impuestos';
import { eq } from 'drizzle-orm';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dian as D } from '#shared/messages/dian';
import { METODO } from '#shared/roles';
import { dianConfiguracion, producto } from '../../db/schema';
import { crearTienda, peticion, type Tienda } from '../../../tests/helpers/factories';
import { perfilFiscal } from '../../../tests/helpers/perfil-fiscal';
import { usarApp } from '../../../tests/helpers/test-app';
import { permitirDestino } from '../../lib/salida';
import { generarCertificadoPrueba, type CertificadoPrueba } from './certificado-prueba';
import { ajustarContextoDian } from './contexto';

/**
 * Issue #49 point 3, as the store's owner meets it: the provider's address refused when saved and
 * when called; a provider answering a redirect to an internal service is not followed (the owner
 * reads a Spanish error, the internal service receives nothing); and no answer of an unexpected
 * shape is kept, so nothing of it can be downloaded from the archive.
 *
 * `externo` stands for a provider on the Internet: its loopback port is allowlisted (as the fake
 * DIAN's is). `interno` stands for a service on the machine's network: never allowlisted.
 */
const t = usarApp();
const req = peticion(t);
let cert: CertificadoPrueba;
let externo: http.Server;
let interno: http.Server;
let origenExterno = '';
let puertoInterno = 0;
let revocar: () => void;
let modo: 'aceptar' | '307' | '302' | 'ajeno' = 'aceptar';
const internas = { conexiones: 0 };
const SECRETO = 'SECRETO-INTERNO-7f3a';

const SOFTWARE = { softwareId: '56f2ae4e-9812-4fad-9255-08fcfcd5ccb0', softwarePin: '12345', testSetId: '3f1c2a44-5b6d-4e7f-8a9b-0c1d2e3f4a5b' };
const hoy = (dias = 0) => new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10);

function resultadoDian(op: string) {
  return { [`${op}Response`]: { [`${op}Result`]: { IsValid: 'true', StatusCode: '00', StatusDescription: 'Procesado Correctamente.', ErrorMessage: { string: [] } } } };
}

async function escuchar(s: http.Server): Promise<number> {
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  return (s.address() as AddressInfo).port;
}

beforeAll(async () => {
  cert = await generarCertificadoPrueba();
  ajustarContextoDian({ tiempoMaximoMs: 5_000, esperaSetPruebas: { rondas: 1, pausaMs: 10 } });
  // An internal service: answers a POST with its own message, a GET with its own data.
  interno = http.createServer((r, res) => {
    const json = (s: number, o: unknown) => res.writeHead(s, { 'content-type': 'application/json' }).end(JSON.stringify(o));
    if (r.method === 'POST') return json(422, { message: SECRETO });
    return json(200, { ResponseDian: { secreto: SECRETO }, StatusCode: '99', StatusDescription: SECRETO });
  });
  interno.on('connection', () => internas.conexiones++);
  puertoInterno = await escuchar(interno);
  externo = http.createServer((r, res) => {
    r.resume();
    r.on('end', () => {
      const json = (s: number, o: unknown) => res.writeHead(s, { 'content-type': 'application/json' }).end(JSON.stringify(o));
      if (modo === '307' || modo === '302') return res.writeHead(Number(modo), { location: `http://127.0.0.1:${puertoInterno}/interno` }).end();
      // 200, JSON, but not DIAN's answer: nothing of it may be kept.
      if (modo === 'ajeno') return json(200, { message: SECRETO, datos: { clave: SECRETO } });
      const op = r.url!.includes('/status/document/') ? 'GetStatus' : 'SendBillSync';
      // DIAN's answer, and beside it something that is not: only DIAN's fields are kept.
      return json(200, { ResponseDian: { Envelope: { Body: resultadoDian(op) } }, depuracion: SECRETO });
    });
  });
  origenExterno = `http://127.0.0.1:${await escuchar(externo)}`;
  revocar = permitirDestino(origenExterno);
}, 60_000);

afterAll(async () => {
  revocar?.();
  for (const s of [externo, interno]) {
    s?.closeAllConnections();
    await new Promise((ok) => (s ? s.close(ok) : ok(undefined)));
  }
});

let tiendas = 0;

/** A store with its fiscal profile, a till with a range, its certificate, and the electronic POS on through a provider at `url`. */
async function tiendaConProveedor(url: string): Promise<Tienda & { productoId: number }> {
  const n = tiendas++;
  const nit = String(901_490_000 + n);
  const s = await crearTienda(t);
  const perfil = perfilFiscal('Minimercado La Esquina S.A.S.', nit, digitoVerificacion(nit)!, 'facturas@esquina.co', true);
  expect((await req('PUT', '/api/tienda/perfil-fiscal', s.token, perfil)).statusCode).toBe(200);
  const [p] = await t.database.db.insert(producto).values({ tiendaId: s.id, nombre: 'Gaseosa', precioUnit: 11_900, stock: 1000, estado: 1, impuesto: 'iva19' }).returning();
  const c = await req('POST', '/api/numeracion/cajas', s.token, { nombre: 'Caja 1', ubicacion: 'Mostrador' });
  expect(c.statusCode, c.body).toBe(201);
  const desde = 990_500_000 + n * 10_000;
  const rr = await req('POST', `/api/numeracion/cajas/${c.json().id}/rangos`, s.token, { prefijo: 'SETP', desde, hasta: 995000000, resolucion: '18760000001', fechaDesde: hoy(-10), fechaHasta: hoy(300) });
  expect(rr.statusCode, rr.body).toBe(201);
  expect((await req('POST', '/api/dian/certificado', s.token, { p12: cert.p12.toString('base64'), clave: cert.clave })).statusCode).toBe(200);
  const r = await req('PUT', '/api/dian/configuracion', s.token, { habilitado: true, ambiente: 'habilitacion', transporte: 'dian', ...SOFTWARE });
  expect(r.statusCode, r.body).toBe(200);
  // The provider's address as if it had been saved (an allowlisted stand-in for a public provider,
  // or an internal address saved before the check existed).
  await t.database.db.update(dianConfiguracion).set({ transporte: 'proveedor', proveedorUrl: url, proveedorToken: 'token-del-proveedor-123' }).where(eq(dianConfiguracion.tiendaId, s.id));
  return { ...s, productoId: p!.idProducto };
}

type Doc = { numero: string; estado: string; mensaje: string | null };
const documentos = async (s: Tienda) => (await req('GET', '/api/dian/documentos', s.token)).json().items as Doc[];

/** Every file of the store's archive, by name. */
async function archivo(s: Tienda): Promise<Record<string, string>> {
  const r = await req('GET', `/api/dian/archivo?desde=${hoy(-1)}&hasta=${hoy(1)}`, s.token);
  expect(r.statusCode).toBe(200);
  return Object.fromEntries(Object.entries(unzipSync(new Uint8Array(r.rawPayload))).map(([k, v]) => [k, strFromU8(v)]));
}

describe('la dirección del proveedor tecnológico no alcanza la red interna (issue #49 punto 3)', { timeout: 120_000 }, () => {
  it('guardar una dirección interna (en cualquiera de sus formas) se rechaza con un 422 en español', async () => {
    const s = await crearTienda(t);
    const base = { habilitado: false, ambiente: 'habilitacion', transporte: 'proveedor', proveedorToken: 'token-del-proveedor-123' };
    for (const proveedorUrl of [
      'https://127.0.0.1',
      'https://[::1]',
      'https://2130706433',
      'https://127.1',
      'https://0x7f.1',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.8',
      'https://192.168.0.1:8443',
      'https://[::ffff:127.0.0.1]',
      'https://[fd00::1]',
      'https://localhost:5432',
    ]) {
      const r = await req('PUT', '/api/dian/configuracion', s.token, { ...base, proveedorUrl });
      expect(r.statusCode, proveedorUrl).toBe(422);
      expect(r.json().error.fields, proveedorUrl).toMatchObject({ proveedorUrl: D.proveedorUrlNoPublica });
    }
    expect((await req('GET', '/api/dian/configuracion', s.token)).json().proveedorUrl).toBeNull();
  });

  it('una dirección interna ya guardada se rechaza al conectar: el set de pruebas lo dice y nada llega al servicio interno', async () => {
    const antes = internas.conexiones;
    const s = await tiendaConProveedor(origenExterno);
    for (const url of [`https://127.0.0.1:${puertoInterno}`, `https://2130706433:${puertoInterno}`, `https://[::ffff:127.0.0.1]:${puertoInterno}`]) {
      await t.database.db.update(dianConfiguracion).set({ proveedorUrl: url }).where(eq(dianConfiguracion.tiendaId, s.id));
      const r = await req('POST', '/api/dian/habilitacion', s.token);
      expect(r.statusCode, r.body).toBe(200);
      const docs = r.json().habilitacion.documentos as { estado: string; descripcion: string }[];
      expect(docs.length).toBeGreaterThan(0);
      for (const d of docs) expect(d, url).toMatchObject({ estado: 'sin_respuesta', descripcion: D.salida.destino(D.salida.proveedor) });
    }
    expect(internas.conexiones).toBe(antes);
  });

  it('un 307 hacia un servicio interno no se sigue: el dueño lee un error en español, nunca el mensaje del servicio', async () => {
    const s = await tiendaConProveedor(origenExterno);
    const antes = internas.conexiones;
    modo = '307';
    try {
      const r = await req('POST', '/api/dian/habilitacion', s.token);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.body).not.toContain(SECRETO);
      for (const d of r.json().habilitacion.documentos) expect(d).toMatchObject({ estado: 'sin_respuesta', descripcion: D.salida.redireccion(D.salida.proveedor, 307) });
      expect((await req('GET', '/api/dian/configuracion', s.token)).body).not.toContain(SECRETO);
    } finally {
      modo = 'aceptar';
    }
    expect(internas.conexiones).toBe(antes);
  });

  it('un 302 o una respuesta ajena no se guardan: el documento queda en contingencia con el motivo, y el archivo no trae nada de ellas', async () => {
    const s = await tiendaConProveedor(origenExterno);
    const antes = internas.conexiones;
    try {
      modo = '302';
      const v = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: s.productoId, cantidad: 1 }], metodoPagoId: METODO.EFECTIVO, montoRecibido: 20_000 });
      expect(v.statusCode, v.body).toBe(201);
      expect((await req('POST', '/api/dian/documentos/enviar', s.token)).statusCode).toBe(200);
      let [doc] = await documentos(s);
      expect(doc).toMatchObject({ estado: 'contingencia', mensaje: D.salida.redireccion(D.salida.proveedor, 302) });
      let zip = await archivo(s);
      expect(Object.keys(zip).filter((k) => k.endsWith('-respuesta-dian.xml'))).toEqual([]);
      for (const [nombre, contenido] of Object.entries(zip)) expect(contenido, nombre).not.toContain(SECRETO);

      // 200 with JSON that is not DIAN's answer.
      modo = 'ajeno';
      expect((await req('POST', '/api/dian/documentos/enviar', s.token)).statusCode).toBe(200);
      [doc] = await documentos(s);
      expect(doc).toMatchObject({ estado: 'contingencia', mensaje: D.salida.inesperada(D.salida.proveedor, 200) });
      zip = await archivo(s);
      for (const [nombre, contenido] of Object.entries(zip)) expect(contenido, nombre).not.toContain(SECRETO);

      // DIAN's answer is kept, but only its fields: not what the provider put beside it.
      modo = 'aceptar';
      expect((await req('POST', '/api/dian/documentos/enviar', s.token)).statusCode).toBe(200);
      [doc] = await documentos(s);
      expect(doc!.estado).toBe('aceptado');
      zip = await archivo(s);
      const respuestas = Object.entries(zip).filter(([k]) => k.endsWith('-respuesta-dian.xml'));
      expect(respuestas).toHaveLength(1);
      expect(respuestas[0]![1]).toContain('Procesado Correctamente.');
      for (const [nombre, contenido] of Object.entries(zip)) expect(contenido, nombre).not.toContain(SECRETO);
      expect((await req('GET', '/api/dian/documentos', s.token)).body).not.toContain(SECRETO);
    } finally {
      modo = 'aceptar';
    }
    expect(internas.conexiones).toBe(antes);
  });
});
