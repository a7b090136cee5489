import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { toAppError } from '../../plugins/errors';
import { crearTienda, peticion } from '../../../tests/helpers/factories';
import type { TestApp } from '../../../tests/helpers/test-app';
import { crearTiendaCompleta } from '../../../tests/helpers/tienda-completa';
import { client, createCrudTestApp, operadorToken, type Client } from './crud.fixtures';

/** Issue #49 point 4: the operator's deletes refused by the store's own history answer a Spanish 409, on both databases. */

let t: TestApp;
let operador: Client;
beforeAll(async () => {
  t = await createCrudTestApp();
  operador = client(t, await operadorToken(t));
});
afterAll(() => t?.close());

/** A store with a supplier that has a purchase order (sent, nothing received) and another with a receipt. */
async function tiendaConCompras() {
  const s = await crearTienda(t);
  const req = peticion(t);
  const nuevoProveedor = async (nombre: string) => {
    const r = await req('POST', '/api/proveedores', s.token, { nombre, telefono: '3104567890', email: `${nombre.length}@prov.co` });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().proveedor.id as number;
  };
  const conOrden = await nuevoProveedor('Distribuidora El Sol');
  const conRecepcion = await nuevoProveedor('Abarrotes Ana');
  const p = await req('POST', '/api/productos', s.token, { nombre: 'Arroz', precio: 3000, cantidad: 1, idProveedor: conOrden });
  expect(p.statusCode, p.body).toBe(201);
  const productoId = p.json().producto.id as number;
  const orden = await req('POST', '/api/compras/ordenes', s.token, { proveedorId: conOrden, lineas: [{ productoId, cantidad: 5, costoUnit: 2000 }] });
  expect(orden.statusCode, orden.body).toBe(201);
  const rec = await req('POST', '/api/compras/recepciones', s.token, { proveedorId: conRecepcion, lineas: [{ productoId, cantidad: 2, costoUnit: 2000 }] });
  expect(rec.statusCode, rec.body).toBe(201);
  return { s, conOrden, conRecepcion };
}

describe('el operador borra una tienda o un proveedor con historia', () => {
  it('un proveedor con una orden de compra no se borra: 409 en español, y sigue ahí', async () => {
    const { conOrden } = await tiendaConCompras();
    const r = await operador.del(`/proveedor/${conOrden}`);
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    expect(r.body.error.message).toBe(M.proveedores.conEntregas);
    expect((await operador.get(`/proveedor/${conOrden}`)).status).toBe(200);
  });

  it('cerrar una tienda con toda su historia (compras, fiado, devolución, pacas, ventas por peso) se lleva todo lo suyo', async () => {
    const s = await crearTiendaCompleta(t);
    const r = await operador.del(`/tienda/${s.id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await operador.get(`/tienda/${s.id}`)).status).toBe(404);
    expect((await operador.get(`/proveedor/${s.proveedores.conRecepcion}`)).status).toBe(404);
  });

  it('una clave RESTRICT que otra fila nombra (23001 en PGlite, 23503 en PostgreSQL) es un 409 en español', () => {
    for (const code of ['23001', '23503']) {
      const e = toAppError(new Error('Failed query', { cause: Object.assign(new Error('violates RESTRICT setting'), { code }) }));
      expect(e?.status, code).toBe(409);
      expect(e?.message).toBe(M.generic.relacionado);
    }
  });
});
