import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { producto } from '../../server/db/schema';
import { abrirCaja, crearTienda, peticion, type Tienda } from './factories';
import type { TestApp } from './test-app';

/** A branch as Sucursales answers it, and the owner's token switched to it. */
export interface Sucursal {
  idTienda: number;
  token: string;
  codigoInvitacion: string;
}

/** The owner of `token` opens a branch from Sucursales (issue #56; the catalogue copied at stock 0) and switches to it. */
export async function abrirSucursal(t: TestApp, token: string, datos: { nombreTienda: string; direccion?: string; telefono?: string; zonaHoraria?: string }): Promise<Sucursal> {
  const req = peticion(t);
  const r = await req('POST', '/api/sucursales', token, datos);
  expect(r.statusCode, r.body).toBe(201);
  const { idTienda, codigoInvitacion } = r.json() as { idTienda: number; codigoInvitacion: string };
  const cambio = await req('POST', '/api/sesion/tienda', token, { idTienda });
  expect(cambio.statusCode, cambio.body).toBe(200);
  return { idTienda, token: cambio.json().token as string, codigoInvitacion };
}

/** The id of a store's product by its name (a branch's copy of the first store's). */
export async function productoEn(t: TestApp, tiendaId: number, nombre: string): Promise<number> {
  const [fila] = await t.database.db.select({ id: producto.idProducto }).from(producto).where(and(eq(producto.tiendaId, tiendaId), eq(producto.nombre, nombre)));
  expect(fila, `${nombre} in store ${tiendaId}`).toBeDefined();
  return fila!.id;
}

/**
 * The owner of 'Surtidor La 14', selling 'Aceite 1 L' at 10 000 (50 in stock), and its branch 'Surtidor
 * Centro'; a till open in each. For the empresa's shared customers and suppliers (issue #56 point 2).
 * `prodB` is the branch's copy of the oil (stock 0) or, with `arrozEnCentro`, its own 'Arroz 1 kg' at
 * 10 000 with 50 in stock.
 */
export async function laCatorceYCentro(t: TestApp, opciones: { arrozEnCentro?: boolean } = {}): Promise<{ a: Tienda; tokenB: string; idB: number; prodA: number; prodB: number }> {
  const req = peticion(t);
  const a = await crearTienda(t, { nombreTienda: 'Surtidor La 14' });
  const p = await req('POST', '/api/productos', a.token, { nombre: 'Aceite 1 L', precio: 10_000, cantidad: 50 });
  expect(p.statusCode, p.body).toBe(201);
  const b = await abrirSucursal(t, a.token, { nombreTienda: 'Surtidor Centro', direccion: 'Cl 10 # 4-20', telefono: '6024567890', zonaHoraria: 'America/Bogota' });
  let prodB: number;
  if (opciones.arrozEnCentro) {
    const pb = await req('POST', '/api/productos', b.token, { nombre: 'Arroz 1 kg', precio: 10_000, cantidad: 50 });
    expect(pb.statusCode, pb.body).toBe(201);
    prodB = pb.json().producto.id as number;
  } else {
    prodB = await productoEn(t, b.idTienda, 'Aceite 1 L');
  }
  await abrirCaja(t, a.token);
  await abrirCaja(t, b.token);
  return { a, tokenB: b.token, idB: b.idTienda, prodA: p.json().producto.id as number, prodB };
}

/** The fiscal profile of 'Surtidor La Ceiba S.A.S.' (PUT /api/tienda/perfil-fiscal), responsible for IVA or not. */
export const perfilLaCeiba = (responsableIva: boolean) => ({
  razonSocial: 'Surtidor La Ceiba S.A.S.',
  tipoPersona: 'juridica',
  nit: '800197268',
  dv: 4,
  responsabilidades: ['O-13'],
  responsableIva,
  departamento: '11',
  municipio: '11001',
  direccion: 'Calle 10 # 5-23',
  telefono: '6013456789',
  correo: 'facturas@laceiba.co',
  documentoInformativo: false,
  valorIncBolsa: 66,
});

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
  const { idTienda: idNorte, token: enNorte } = await abrirSucursal(t, s.token, { nombreTienda: 'La Ceiba Norte' });
  const arrozNorte = await productoEn(t, idNorte, 'Arroz 500 g');
  expect((await req('PUT', `/api/productos/${arrozNorte}`, enNorte, { nombre: 'Arroz 500 g', precio: 3_000, precioPropio: true, stock: 20, stockMin: 0, estado: 1 })).statusCode).toBe(200);
  // Its average cost (kept by purchases, issue #32) in both stores' rows, for the margin.
  await t.database.db.update(producto).set({ costoPromedio: 2_000 }).where(inArray(producto.idProducto, [arrozId, arrozNorte]));
  // The first store: a till opened with 50 000, three rice paid cash and one more.
  await abrirCaja(t, s.token, 50_000);
  const v1 = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: arrozId, cantidad: 3 }], metodoPagoId: 5, montoRecibido: 10_000 });
  expect(v1.statusCode, v1.body).toBe(201);
  const v2 = await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: arrozId, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 5_000 });
  expect(v2.statusCode, v2.body).toBe(201);
  // The branch: its own till and a sale of two at its own price.
  await abrirCaja(t, enNorte, 20_000);
  const v3 = await req('POST', '/api/ventas', enNorte, { lineas: [{ productoId: arrozNorte, cantidad: 2 }], metodoPagoId: 5, montoRecibido: 10_000 });
  expect(v3.statusCode, v3.body).toBe(201);
  return { s, idNorte, enNorte, arrozId, arrozNorte, ventaNorte: v3.json().id as number };
}
