import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dian as D } from '#shared/messages/dian';
import { permitirDestino } from '../../lib/salida.js';
import { construirDocumentoPos } from './xml.js';
import { documentoEjemplo } from './ejemplos.js';
import { firmarDocumento, leerP12, type Credencial } from './firma.js';
import { generarCertificadoPrueba } from './certificado-prueba.js';
import { iniciarFakeDian, verificarWsSecurity, type FakeDian } from './fake-dian.js';
import { sobreFirmado, TransporteSoapDian } from './soap.js';
import { FallaTransporte, type EnvioDocumento } from './transporte.js';

let credencial: Credencial;
let fake: FakeDian;
let consecutivo = 990000100;

beforeAll(async () => {
  const cert = await generarCertificadoPrueba();
  credencial = leerP12(cert.p12, cert.clave);
  fake = await iniciarFakeDian();
}, 60_000);
afterAll(() => fake?.cerrar());

function documento(): EnvioDocumento {
  const emision = new Date(Math.max(Date.now(), credencial.validoDesde.getTime() + 1000));
  const g = construirDocumentoPos(documentoEjemplo({ emision, consecutivo: consecutivo++ }));
  return { numero: g.numero, cude: g.cude, nitEmisor: '900373076', xmlFirmado: firmarDocumento(g.xml, credencial, { instante: emision }) };
}

const transporte = (tiempoMaximoMs = 15_000) => new TransporteSoapDian({ url: fake.url, credencial, tiempoMaximoMs });

describe('DIAN SOAP transport against the local fake', () => {
  it('SendBillSync of the zipped document is accepted (00) and GetStatus by CUDE then finds it', async () => {
    fake.modo = 'aceptar';
    const d = documento();
    const r = await transporte().enviar(d);
    expect(r.estado).toBe('aceptado');
    expect(r.codigo).toBe('00');
    expect(fake.aceptados.get(d.cude)).toBe(d.numero);
    expect(fake.peticiones.at(-1)!.firmaValida).toBe(true);
    expect((await transporte().consultar(d.cude)).estado).toBe('aceptado');
  });

  it('a document DIAN refuses comes back with its rule and message', async () => {
    fake.modo = 'rechazar';
    const r = await transporte().enviar(documento());
    expect(r.estado).toBe('rechazado');
    expect(r.reglas).toEqual([{ codigo: 'FAD06', mensaje: 'El valor del CUDE no está calculado correctamente.' }]);
  });

  it('sending an accepted CUDE again answers rule 90 (duplicate)', async () => {
    fake.modo = 'aceptar';
    const d = documento();
    await transporte().enviar(d);
    const r = await transporte().enviar(d);
    expect(r.estado).toBe('duplicado');
    expect(r.reglas[0]!.codigo).toBe('90');
    expect(fake.envios(d.cude)).toBe(2);
  });

  it('GetStatus of an unknown CUDE is not found', async () => {
    fake.modo = 'aceptar';
    expect((await transporte().consultar('a'.repeat(96))).estado).toBe('no_encontrado');
  });

  it('HTTP 503 and a slow answer are transport failures (contingency), not rejections', async () => {
    fake.modo = '503';
    await expect(transporte().enviar(documento())).rejects.toMatchObject({ tipo: 'no_disponible', status: 503 });
    fake.modo = 'lento';
    fake.retrasoMs = 3_000;
    const error = await transporte(300).enviar(documento()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FallaTransporte);
    expect((error as FallaTransporte).tipo).toBe('tiempo');
    fake.modo = 'aceptar';
  });

  it('the fake refuses an envelope whose signed wsa:To was changed, or that carries no signature', async () => {
    const sobre = sobreFirmado('GetStatus', `<wcf:GetStatus><wcf:trackId>${'b'.repeat(96)}</wcf:trackId></wcf:GetStatus>`, fake.url, credencial);
    expect(verificarWsSecurity(sobre)).toBeNull();
    const cambiado = sobre.replace(fake.url, 'https://otro.example/WcfDianCustomerServices.svc');
    expect(verificarWsSecurity(cambiado)).toMatch(/no verifica/);
    const r = await fetch(fake.url, { method: 'POST', body: cambiado, headers: { 'content-type': 'application/soap+xml' } });
    expect(r.status).toBe(500);
    expect(fake.peticiones.at(-1)!.firmaValida).toBe(false);
    expect(verificarWsSecurity(sobre.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, ''))).toMatch(/falta/);
  });

  it('a 200 that is not a SOAP answer, or a redirect, is a short failure: its body is never read as DIAN\'s answer', async () => {
    const secreto = 'SECRETO-DE-OTRO-SERVICIO';
    let status = 200;
    const ajeno = http.createServer((r, res) => {
      r.resume();
      r.on('end', () => (status === 302 ? res.writeHead(302, { location: '/otro' }).end() : res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ secreto }))));
    });
    await new Promise<void>((ok) => ajeno.listen(0, '127.0.0.1', ok));
    const url = `http://127.0.0.1:${(ajeno.address() as AddressInfo).port}/WcfDianCustomerServices.svc`;
    const revocar = permitirDestino(url);
    try {
      const t = new TransporteSoapDian({ url, credencial, tiempoMaximoMs: 5_000 });
      for (const [s, mensaje, tipo] of [
        [200, D.salida.inesperada(D.salida.dian, 200), 'no_disponible'],
        [302, D.salida.redireccion(D.salida.dian, 302), 'destino'],
      ] as const) {
        status = s;
        const e = await t.enviar(documento()).then(
          () => null,
          (err: unknown) => err,
        );
        expect(e).toBeInstanceOf(FallaTransporte);
        expect(e).toMatchObject({ message: mensaje, tipo });
      }
    } finally {
      revocar();
      ajeno.closeAllConnections();
      await new Promise((ok) => ajeno.close(ok));
    }
  });
});
