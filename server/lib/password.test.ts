import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, parametrosHash, PARAMS_PRODUCCION, verifyPassword } from './password';

describe('contraseñas: el factor de trabajo', () => {
  it('un servidor (sin VITEST) usa el de OWASP, N=2^15, r=8, p=3, aunque NODE_ENV diga test', () => {
    expect(parametrosHash({ NODE_ENV: 'production' })).toEqual({ N: 2 ** 15, r: 8, p: 3 });
    expect(parametrosHash({ NODE_ENV: 'test' })).toEqual(PARAMS_PRODUCCION);
    expect(parametrosHash({ VITEST: 'true', NODE_ENV: 'production' })).toEqual(PARAMS_PRODUCCION);
    expect(parametrosHash({ HASH_LIGERO_PRUEBAS: '1', NODE_ENV: 'production' })).toEqual(PARAMS_PRODUCCION);
    expect(parametrosHash({ HASH_LIGERO_PRUEBAS: '0' })).toEqual(PARAMS_PRODUCCION);
  });

  it('el servidor de los recorridos (HASH_LIGERO_PRUEBAS=1, fuera de producción) baja N como Vitest', () => {
    expect(parametrosHash({ HASH_LIGERO_PRUEBAS: '1' }).N).toBe(2 ** 10);
    expect(parametrosHash({ HASH_LIGERO_PRUEBAS: '1', NODE_ENV: 'development' }).N).toBe(2 ** 10);
  });

  it('solo dentro de Vitest baja N, y un hash dice su propio N: se verifica con cualquiera', async () => {
    expect(parametrosHash({ VITEST: 'true', NODE_ENV: 'test' }).N).toBe(2 ** 10);
    const hash = await hashPassword('Clave1234');
    expect(hash).toMatch(/^scrypt\$1024\$8\$3\$/);
    expect(await verifyPassword('Clave1234', hash)).toBe(true);
    expect(await verifyPassword('Clave12345', hash)).toBe(false);
    // A hash made at the production factor (a data folder's users) still verifies.
    const sal = Buffer.alloc(16, 7);
    const clave = scryptSync('Clave1234', sal, 32, { N: 2 ** 15, r: 8, p: 3, maxmem: 256 * 2 ** 15 * 8 });
    const produccion = `scrypt$32768$8$3$${sal.toString('base64')}$${clave.toString('base64')}`;
    expect(await verifyPassword('Clave1234', produccion)).toBe(true);
    expect(await verifyPassword('Clave1235', produccion)).toBe(false);
  });
});
