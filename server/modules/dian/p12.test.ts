import forge from 'node-forge';
import { beforeAll, describe, expect, it } from 'vitest';
import { dian as D } from '#shared/messages/dian';
import { generarCertificadoPrueba, type CertificadoPrueba } from './certificado-prueba';
import { leerP12, leerP12EnHilo } from './firma';
import { iteracionesP12 } from './p12';

/**
 * Issue #49 point 2: the .p12 chooses how many times its password is hashed. A file above the cap is
 * refused from its structure, before any key derivation, with the same message on both paths (the
 * upload's worker thread and the cached opening on the event loop).
 */
const SOBRE_EL_LIMITE = D.certificadoIteraciones('10.000');

/** A copy of a .p12 whose MAC asks for `n` iterations (the MAC no longer verifies: never reached). */
function conMacIteraciones(p12: Buffer, n: number): Buffer {
  const pfx = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
  const macData = (pfx.value as forge.asn1.Asn1[])[2]!;
  const iter = (macData.value as forge.asn1.Asn1[])[2]!;
  iter.value = forge.asn1.integerToDer(n).getBytes();
  return Buffer.from(forge.asn1.toDer(pfx).getBytes(), 'binary');
}

async function medir<T>(f: () => Promise<T> | T): Promise<{ ms: number; error: unknown; valor?: T }> {
  const t0 = performance.now();
  try {
    const valor = await f();
    return { ms: performance.now() - t0, error: undefined, valor };
  } catch (error) {
    return { ms: performance.now() - t0, error };
  }
}

let normal: CertificadoPrueba;
let enorme: CertificadoPrueba;
let tresDes: CertificadoPrueba;

beforeAll(async () => {
  [normal, enorme, tresDes] = await Promise.all([
    generarCertificadoPrueba(),
    generarCertificadoPrueba(undefined, 30, { iteraciones: 1_000_000 }),
    generarCertificadoPrueba(undefined, 30, { iteraciones: 200_000, pbe: '3des' }),
  ]);
}, 120_000);

describe('un .p12 que pide demasiadas iteraciones (issue #49 punto 2)', { timeout: 60_000 }, () => {
  it('con 1 000 000 de iteraciones se rechaza sin derivar, con su mensaje, con la contraseña errada o la correcta', async () => {
    expect(iteracionesP12(enorme.p12)).toEqual([1_000_000, 1_000_000, 1_000_000]);
    for (const clave of ['otra', enorme.clave]) {
      const enHilo = await medir(() => leerP12EnHilo(enorme.p12, clave));
      const aqui = await medir(() => leerP12(enorme.p12, clave));
      console.log(`-iter 1000000, clave ${clave === 'otra' ? 'errada' : 'correcta'}: rechazado en ${enHilo.ms.toFixed(1)} ms (hilo) y ${aqui.ms.toFixed(1)} ms (este hilo)`);
      expect((enHilo.error as Error).message).toBe(SOBRE_EL_LIMITE);
      expect((aqui.error as Error).message).toBe(SOBRE_EL_LIMITE);
    }
  });

  it('el contador del MAC se lee del archivo: 1 000 000 o 2^31 − 1 se rechaza aunque las bolsas pidan 2048', async () => {
    for (const n of [1_000_000, 2 ** 31 - 1]) {
      const p12 = conMacIteraciones(normal.p12, n);
      expect(iteracionesP12(p12)[0]).toBe(n);
      const r = await medir(() => leerP12(p12, 'otra'));
      console.log(`MAC de ${n} iteraciones: rechazado en ${r.ms.toFixed(1)} ms`);
      expect((r.error as Error).message).toBe(SOBRE_EL_LIMITE);
    }
  });

  it('también en el cifrado antiguo PKCS#12 (3DES, MAC SHA-1), como exportan algunos Windows', async () => {
    expect(iteracionesP12(tresDes.p12)).toEqual([200_000, 200_000, 200_000]);
    const r = await medir(() => leerP12EnHilo(tresDes.p12, tresDes.clave));
    expect((r.error as Error).message).toBe(SOBRE_EL_LIMITE);
  });

  it('un .p12 normal (2048 iteraciones, el valor de OpenSSL) se abre igual en un hilo y en este', async () => {
    expect(iteracionesP12(normal.p12)).toEqual([2048, 2048, 2048]);
    const enHilo = await medir(() => leerP12EnHilo(normal.p12, normal.clave));
    const aqui = await medir(() => leerP12(normal.p12, normal.clave));
    console.log(`-iter 2048, clave correcta: ${enHilo.ms.toFixed(0)} ms (hilo, con su arranque) y ${aqui.ms.toFixed(0)} ms (este hilo)`);
    expect(enHilo.valor!.sujeto).toBe('C=CO,O=Pruebas,CN=Minimercado La Esquina SAS');
    expect(aqui.valor).toEqual(enHilo.valor);
    // A wrong password is told apart from a file above the cap.
    await expect(leerP12EnHilo(normal.p12, 'otra')).rejects.toThrow(D.certificadoInvalido);
  });
});
