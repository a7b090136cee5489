import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { abrirCertificado, CustodiaInvalida, resolverClaveCustodia, sellarCertificado } from './custodia.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dian-custodia-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('certificate custody (AES-256-GCM at rest)', () => {
  const p12 = randomBytes(2048);
  const clave = 'contraseña-del-p12';

  it('seals and opens a certificate; the blob shows neither the password nor the .p12', () => {
    const llave = resolverClaveCustodia(undefined, dir);
    const sellado = sellarCertificado({ p12, clave }, llave, 'tienda-1');
    expect(sellado.startsWith('v1.')).toBe(true);
    expect(sellado).not.toContain(clave);
    expect(Buffer.from(sellado.split('.')[3]!, 'base64url').includes(p12.subarray(0, 32))).toBe(false);
    const abierto = abrirCertificado(sellado, llave, 'tienda-1');
    expect(abierto.clave).toBe(clave);
    expect(abierto.p12.equals(p12)).toBe(true);
  });

  it('the data-folder key is created once, private (0600), and reused', () => {
    const a = resolverClaveCustodia(undefined, dir);
    const b = resolverClaveCustodia(undefined, dir);
    expect(a.equals(b)).toBe(true);
    const archivo = path.join(dir, 'secrets', 'dian-custodia.key');
    expect(fs.statSync(archivo).mode & 0o777).toBe(0o600);
  });

  it('another key, another store or a changed blob does not open it', () => {
    const llave = resolverClaveCustodia(undefined, dir);
    const sellado = sellarCertificado({ p12, clave }, llave, 'tienda-1');
    expect(() => abrirCertificado(sellado, randomBytes(32), 'tienda-1')).toThrow(CustodiaInvalida);
    expect(() => abrirCertificado(sellado, llave, 'tienda-2')).toThrow(CustodiaInvalida);
    const partes = sellado.split('.');
    const datos = Buffer.from(partes[3]!, 'base64url');
    datos[0] = datos[0]! ^ 1;
    expect(() => abrirCertificado([partes[0], partes[1], partes[2], datos.toString('base64url')].join('.'), llave, 'tienda-1')).toThrow(CustodiaInvalida);
  });

  it('a configured key must be 32 bytes', () => {
    expect(() => resolverClaveCustodia(Buffer.from('corta').toString('base64'), dir)).toThrow(/32 bytes/);
    expect(resolverClaveCustodia(randomBytes(32).toString('base64'), dir).length).toBe(32);
  });
});
