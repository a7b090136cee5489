import { beforeAll, describe, expect, it } from 'vitest';
import { dian as D } from '#shared/messages/dian';
import { crearTienda, peticion } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { generarCertificadoPrueba, type CertificadoPrueba } from './certificado-prueba';
import { derivandoEnHilo } from './p12';

/**
 * Issue #49 points 2 and 7 through `POST /api/dian/certificado`: a .p12 that asks for a million
 * iterations is refused at once and never kept; while a store's certificate is opened the server
 * answers every other request; a store's wrong passwords are limited.
 */
const t = usarApp();
const req = peticion(t);
let normal: CertificadoPrueba;
let enorme: CertificadoPrueba;
let alLimite: CertificadoPrueba;

beforeAll(async () => {
  [normal, enorme, alLimite] = await Promise.all([
    generarCertificadoPrueba(),
    generarCertificadoPrueba(undefined, 30, { iteraciones: 1_000_000 }),
    generarCertificadoPrueba(undefined, 30, { iteraciones: 10_000 }),
  ]);
}, 120_000);

const subir = (token: string, c: CertificadoPrueba, clave = c.clave) => req('POST', '/api/dian/certificado', token, { p12: c.p12.toString('base64'), clave });

describe('el certificado que sube una tienda (issue #49 puntos 2 y 7)', { timeout: 300_000 }, () => {
  it('un .p12 con 1 000 000 de iteraciones se rechaza en seguida con su mensaje y no se guarda, aun con la contraseña correcta', async () => {
    const s = await crearTienda(t);
    const t0 = performance.now();
    const r = await subir(s.token, enorme);
    console.log(`-iter 1000000 con la contraseña correcta: ${r.statusCode} en ${(performance.now() - t0).toFixed(0)} ms`);
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toBe(D.certificadoIteraciones('10.000'));
    expect(r.json().error.fields.p12).toBe(D.certificadoIteraciones('10.000'));
    expect((await req('GET', '/api/dian/configuracion', s.token)).json().certificado).toBeNull();
    // Refusals of the cap are not wrong passwords: the store may still try its right file.
    for (let i = 0; i < 6; i++) expect((await subir(s.token, enorme, 'otra')).statusCode).toBe(400);
    expect((await subir(s.token, normal)).statusCode).toBe(200);
  });

  it('mientras una tienda abre su certificado (10 000 iteraciones, el máximo) el servidor sigue respondiendo a las demás', async () => {
    const s = await crearTienda(t);
    const t0 = performance.now();
    let terminado = false;
    const subida = subir(s.token, alLimite).finally(() => (terminado = true));
    let respondidas = 0;
    let duranteLaDerivacion = 0;
    let peor = 0;
    while (!terminado) {
      // A turn of the event loop between pings, as between a shop's requests (inject alone never yields).
      await new Promise((resolve) => setImmediate(resolve));
      const p0 = performance.now();
      const ping = await t.request({ method: 'GET', url: '/api/ping' });
      peor = Math.max(peor, performance.now() - p0);
      expect(ping.statusCode).toBe(200);
      respondidas++;
      // Answered while a worker thread was deriving this store's keys.
      if (derivandoEnHilo() > 0) duranteLaDerivacion++;
    }
    const r = await subida;
    console.log(
      `-iter 10000 aceptado en ${(performance.now() - t0).toFixed(0)} ms; mientras tanto ${respondidas} pings respondidos ` +
        `(${duranteLaDerivacion} durante la derivación), el más lento en ${peor.toFixed(1)} ms`,
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().certificado.sujeto).toBe('C=CO,O=Pruebas,CN=Minimercado La Esquina SAS');
    expect(duranteLaDerivacion).toBeGreaterThan(0);
  });

  it('cinco contraseñas erradas; la sexta prueba se rechaza por demasiados intentos, aun la correcta; otra tienda no se afecta', async () => {
    const s = await crearTienda(t);
    const otra = await crearTienda(t);
    for (let i = 0; i < 5; i++) {
      const r = await subir(s.token, normal, `errada-${i}`);
      expect(r.statusCode).toBe(400);
      expect(r.json().error.message).toBe(D.certificadoInvalido);
    }
    const sexta = await subir(s.token, normal);
    expect(sexta.statusCode).toBe(429);
    expect(sexta.json().error.message).toBe(D.certificadoDemasiadosIntentos(15));
    expect(Number(sexta.headers['retry-after'])).toBeGreaterThan(60);
    expect((await req('GET', '/api/dian/configuracion', s.token)).json().certificado).toBeNull();
    expect((await subir(otra.token, normal)).statusCode).toBe(200);
  });
});
