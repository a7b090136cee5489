import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFormatoBalanza } from '#shared/balanza';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { tienda } from '../../db/schema';
import { crearEmpleado, crearTienda } from '../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

/**
 * The layouts of the store's label scales (issue #33 point 4, GET/PUT /api/tienda/balanzas): role 1
 * keeps them, ZFormatosBalanza validates them in Spanish, and a refused request changes nothing.
 */
const B = M.ajustesTienda.balanzas;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const URL = '/api/tienda/balanzas';
const PESO: TFormatoBalanza = { prefijo: '20', largoCodigo: 5, contenido: 'peso', decimales: 3, digitoPrecio: false };
const PRECIO: TFormatoBalanza = { prefijo: '23', largoCodigo: 4, contenido: 'precio', decimales: 0, digitoPrecio: true };
const leer = async (token: string) => (await t.request({ method: 'GET', url: URL, token })).json();
const guardar = (token: string, payload: unknown) => t.request({ method: 'PUT', url: URL, token, payload: payload as Record<string, unknown> });
const enBd = async (id: number) => (await t.database.db.select({ f: tienda.formatosBalanza }).from(tienda).where(eq(tienda.idTienda, id)))[0]!.f;

describe('formatos de balanza de la tienda', { timeout: 60_000 }, () => {
  it('una tienda nueva no tiene; el rol 1 guarda dos formatos y los lee; quitarlos deja la lista vacía', async () => {
    const s = await crearTienda(t, { sinCaja: true });
    expect(await leer(s.token)).toEqual({ formatos: [] });
    const r = await guardar(s.token, { formatos: [PESO, PRECIO] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ formatos: [PESO, PRECIO] });
    expect(await leer(s.token)).toEqual({ formatos: [PESO, PRECIO] });
    expect(await enBd(s.id)).toEqual([PESO, PRECIO]);
    expect((await guardar(s.token, { formatos: [] })).json()).toEqual({ formatos: [] });
  });

  it('cada formato mal hecho se rechaza (400) con su mensaje en español y nada cambia', async () => {
    const s = await crearTienda(t, { sinCaja: true });
    await guardar(s.token, { formatos: [PESO] });
    const casos: [unknown, string][] = [
      [{ formatos: [{ ...PESO, prefijo: '30' }] }, B.prefijoInvalido],
      [{ formatos: [{ ...PESO, prefijo: 20 }] }, B.prefijoInvalido],
      [{ formatos: [{ ...PESO, largoCodigo: 7 }] }, B.largoInvalido],
      [{ formatos: [{ ...PESO, largoCodigo: 4.5 }] }, B.largoInvalido],
      [{ formatos: [{ ...PESO, contenido: 'volumen' }] }, B.contenidoInvalido],
      [{ formatos: [{ ...PESO, decimales: 4 }] }, B.decimalesInvalidos],
      [{ formatos: [{ ...PESO, digitoPrecio: 'si' }] }, B.digitoInvalido],
      // Six item digits leave a three-digit value: no price check digit exists for it.
      [{ formatos: [{ ...PESO, largoCodigo: 6, digitoPrecio: true }] }, B.digitoSoloCuatroOCinco],
      [{ formatos: [PESO, { ...PRECIO, prefijo: '20' }] }, B.prefijoRepetido('20')],
      [{ formatos: Array.from({ length: 11 }, (_, i) => ({ ...PESO, prefijo: `2${i % 10}` })) }, B.maximo(10)],
      [{ formatos: 'todos' }, B.invalidos],
    ];
    for (const [payload, mensaje] of casos) {
      const r = await guardar(s.token, payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.json().error.message, JSON.stringify(payload)).toBe(mensaje);
    }
    // An unknown key (a layout of another app) is refused too, in Spanish.
    const extra = await guardar(s.token, { formatos: [{ ...PESO, marca: 'Dibal' }] });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.message).not.toMatch(/\b(Invalid|expected|Unrecognized|received)\b/);
    expect(await enBd(s.id)).toEqual([PESO]);
  });

  it('solo el rol 1 los cambia (403 con su mensaje); todos los leen; cada tienda tiene los suyos', async () => {
    const s = await crearTienda(t, { sinCaja: true });
    const otra = await crearTienda(t, { sinCaja: true });
    await guardar(s.token, { formatos: [PESO] });
    for (const rol of [ROL.EMPLEADO, ROL.ENCARGADO]) {
      const e = await crearEmpleado(t, s.codigo, { sinCaja: true, rol });
      const r = await guardar(e.token, { formatos: [PRECIO] });
      expect(r.statusCode).toBe(403);
      expect(r.json().error.message).toBe(B.soloAdministrador);
      expect(await leer(e.token)).toEqual({ formatos: [PESO] });
    }
    const admin = await crearEmpleado(t, s.codigo, { sinCaja: true, rol: ROL.ADMIN });
    expect((await guardar(admin.token, { formatos: [PESO, PRECIO] })).statusCode).toBe(200);
    expect(await enBd(s.id)).toEqual([PESO, PRECIO]);
    expect(await enBd(otra.id)).toEqual([]);
    expect(await leer(otra.token)).toEqual({ formatos: [] });
  });
});
