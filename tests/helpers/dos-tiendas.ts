import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { producto } from '../../server/db/schema';
import { abrirCaja, crearTienda, peticion } from './factories';
import type { TestApp } from './test-app';

/**
 * An empresa of two stores for the owner's consolidated views (issue #56 point 4): 'Surtidor La Ceiba'
 * sells four rice at 2 800 (a till opened with 50 000, two cash sales), its branch 'La Ceiba Norte'
 * (opened from Sucursales, the catalogue copied) sells two at its own price of 3 000; the rice costs
 * 2 000 in both. `enNorte` is the owner's token switched to the branch; `arrozNorte` the branch's row.
 */
export async function dosTiendas(t: TestApp) {
  const req = peticion(t);
  const s = await crearTienda(t, { nombreTienda: 'Surtidor La Ceiba' });
  const arroz = await req('POST', '/api/productos', s.token, { nombre: 'Arroz 500 g', precio: 2_800, cantidad: 50 });
  expect(arroz.statusCode, arroz.body).toBe(201);
  const arrozId = arroz.json().producto.id as number;
  const norte = await req('POST', '/api/sucursales', s.token, { nombreTienda: 'La Ceiba Norte' });
  expect(norte.statusCode, norte.body).toBe(201);
  const idNorte = norte.json().idTienda as number;
  const cambio = await req('POST', '/api/sesion/tienda', s.token, { idTienda: idNorte });
  expect(cambio.statusCode, cambio.body).toBe(200);
  const enNorte = cambio.json().token as string;
  const [arrozNorte] = await t.database.db.select().from(producto).where(and(eq(producto.tiendaId, idNorte), eq(producto.nombre, 'Arroz 500 g')));
  expect((await req('PUT', `/api/productos/${arrozNorte!.idProducto}`, enNorte, { nombre: 'Arroz 500 g', precio: 3_000, precioPropio: true, stock: 20, stockMin: 0, estado: 1 })).statusCode).toBe(200);
  // Its average cost (kept by purchases, issue #32) in both stores' rows, for the margin.
  await t.database.db.update(producto).set({ costoPromedio: 2_000 }).where(inArray(producto.idProducto, [arrozId, arrozNorte!.idProducto]));
  // The first store: a till opened with 50 000, three rice paid cash and one more.
  await abrirCaja(t, s.token, 50_000);
  const v1 = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: arrozId, cantidad: 3 }], metodoPagoId: 5, montoRecibido: 10_000 });
  expect(v1.statusCode, v1.body).toBe(201);
  const v2 = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: arrozId, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 5_000 });
  expect(v2.statusCode, v2.body).toBe(201);
  // The branch: its own till and a sale of two at its own price.
  await abrirCaja(t, enNorte, 20_000);
  const v3 = await req('POST', '/api/ventas', enNorte, { lineas: [{ productoId: arrozNorte!.idProducto, cantidad: 2 }], metodoPagoId: 5, montoRecibido: 10_000 });
  expect(v3.statusCode, v3.body).toBe(201);
  return { s, idNorte, enNorte, arrozId, arrozNorte: arrozNorte!.idProducto, ventaNorte: v3.json().id as number };
}
