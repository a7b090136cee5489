import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { dian as D } from '#shared/messages/dian';
import { permitirDestino } from '../../lib/salida.js';
import { TransporteApidian } from './apidian.js';
import { FallaTransporte } from './transporte.js';

/** A provider answering like APIDIAN: DIAN's result nested in ResponseDian. */
let servidor: http.Server;
let base = '';
let modo: 'aceptar' | 'rechazar' | '503' | 'token' | 'ajeno' = 'aceptar';
let revocar = () => {};
const recibidos: { ruta: string; auth: string; cuerpo: Record<string, unknown> }[] = [];

function resultado(op: string, valido: boolean, codigo: string, errores: string[]) {
  return {
    ResponseDian: {
      Envelope: {
        Body: {
          [`${op}Response`]: {
            [`${op}Result`]: { IsValid: String(valido), StatusCode: codigo, StatusDescription: valido ? 'Procesado Correctamente.' : 'Documento con errores', ErrorMessage: { string: errores.length === 1 ? errores[0] : errores } },
          },
        },
      },
    },
  };
}

beforeAll(async () => {
  servidor = http.createServer((req, res) => {
    let texto = '';
    req.on('data', (t: Buffer) => (texto += t.toString('utf8')));
    req.on('end', () => {
      const cuerpo = JSON.parse(texto || '{}') as Record<string, unknown>;
      recibidos.push({ ruta: req.url ?? '', auth: req.headers.authorization ?? '', cuerpo });
      const json = (s: number, o: unknown) => res.writeHead(s, { 'content-type': 'application/json' }).end(JSON.stringify(o));
      if (modo === '503') return json(503, { message: 'Service Unavailable' });
      if (modo === 'token') return json(401, { message: 'Unauthenticated.' });
      if (modo === 'ajeno') return json(200, { message: 'no soy la DIAN', datos: [1, 2, 3] });
      if (req.url!.startsWith('/api/ubl2.1/status/document/')) return json(200, resultado('GetStatus', true, '00', []));
      if (modo === 'rechazar') return json(200, resultado('SendBillSync', false, '99', ['Regla: FAD06, Rechazo: El valor del CUDE no está calculado correctamente.']));
      return json(200, resultado('SendBillSync', true, '00', []));
    });
  });
  await new Promise<void>((ok) => servidor.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`;
  // The outbound client calls https public addresses only: this loopback stand-in is allowlisted.
  revocar = permitirDestino(base);
});
afterAll(() => {
  revocar();
  return new Promise<void>((ok) => servidor.close(() => ok()));
});

const doc = { numero: 'SETP990000001', cude: 'a'.repeat(96), nitEmisor: '900373076', xmlFirmado: '<Invoice>firmado</Invoice>' };

describe('APIDIAN-compatible provider transport', () => {
  it('sends the zipped signed document with the Bearer token and reads DIAN\'s nested answer', async () => {
    modo = 'aceptar';
    const t = new TransporteApidian({ base, token: 'tok-123' });
    const r = await t.enviar(doc);
    expect(r.estado).toBe('aceptado');
    // Only DIAN's fields are kept, not the provider's whole answer.
    expect(JSON.parse(r.cuerpo)).toEqual({ IsValid: 'true', StatusCode: '00', StatusDescription: 'Procesado Correctamente.', ErrorMessage: [] });
    const ultimo = recibidos.at(-1)!;
    expect(ultimo.auth).toBe('Bearer tok-123');
    const zip = unzipSync(new Uint8Array(Buffer.from(String(ultimo.cuerpo.contentFile), 'base64')));
    expect(strFromU8(zip['SETP990000001.xml']!)).toBe(doc.xmlFirmado);
  });

  it('a rule is a rejection with its code; status by CUDE uses the documented path', async () => {
    modo = 'rechazar';
    const t = new TransporteApidian({ base, token: 'tok' });
    const r = await t.enviar(doc);
    expect(r.estado).toBe('rechazado');
    expect(r.reglas[0]).toEqual({ codigo: 'FAD06', mensaje: 'El valor del CUDE no está calculado correctamente.' });
    expect((await t.consultar(doc.cude)).estado).toBe('aceptado');
    expect(recibidos.at(-1)!.ruta).toBe(`/api/ubl2.1/status/document/${doc.cude}`);
    expect(recibidos.at(-1)!.cuerpo.is_eqdoc).toBe(true);
  });

  it('503 is a transport failure (contingency); a bad token is a refusal, not a contingency', async () => {
    modo = '503';
    const t = new TransporteApidian({ base, token: 'tok' });
    await expect(t.enviar(doc)).rejects.toBeInstanceOf(FallaTransporte);
    modo = 'token';
    const r = await t.enviar(doc);
    expect(r.estado).toBe('rechazado');
    // The owner reads the status in Spanish, never the provider's own text.
    expect(r.descripcion).toBe(D.salida.rechazoProveedor(401));
    expect(r.cuerpo).toBe('');
    modo = 'aceptar';
  });

  it('a 200 that is not DIAN\'s answer is a transport failure with a short message, its body not kept', async () => {
    modo = 'ajeno';
    const t = new TransporteApidian({ base, token: 'tok' });
    const e = await t.enviar(doc).then(
      () => null,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(FallaTransporte);
    expect((e as FallaTransporte).message).toBe(D.salida.inesperada(D.salida.proveedor, 200));
    modo = 'aceptar';
  });
});
