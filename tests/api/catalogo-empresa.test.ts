import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { actividad, historialPrecio, producto, productoUnidadVenta, tienda } from '../../server/db/schema';
import { comprobarConsistencia } from '../../server/db/consistencia';
import { abrirSucursal, productoEn } from '../helpers/dos-tiendas';
import { abrirCaja, crearEmpleado, crearTienda, peticion, peticionOk } from '../helpers/factories';
import { usarApp } from '../helpers/test-app';

/**
 * The empresa's catalogue with a price per store (issue #56 point 2, ADR 043 §2 and its addendum): a
 * product is the same catalogue entry in every store of the empresa; the owner's change of a catalogue
 * field reaches every store's row in the same transaction, the price too unless a store set its own; each
 * store keeps its stock, minimum, on/off and own price; a store's staff change only what the store owns.
 * On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const t = usarApp();
const req = peticion(t);
const C = M.catalogoEmpresa;

const ok = peticionOk(t);

/** The owner's main store with coffee, and a branch opened from Sucursales (its copy, stock 0). */
async function empresaConSucursal() {
  const s = await crearTienda(t, { nombreTienda: 'El Sol' });
  const cafe = (await ok('POST', '/api/productos', s.token, { nombre: 'Café Sello Rojo 250 g', precio: 10_000, cantidad: 20, codigoBarras: '7702032000017' })).producto.id as number;
  const norte = await abrirSucursal(t, s.token, { nombreTienda: 'El Sol Norte', direccion: 'Cra 7 # 45-10', telefono: '6014567890', zonaHoraria: 'America/Bogota' });
  return { s, cafe, norte: { id: norte.idTienda, token: norte.token, codigo: norte.codigoInvitacion }, cafeN: await productoEn(t, norte.idTienda, 'Café Sello Rojo 250 g') };
}

/** The product form: what it shows, with some fields changed. */
async function editar(token: string, id: number, cambios: Record<string, unknown>) {
  const d = await ok('GET', `/api/productos/${id}`, token);
  return req('PUT', `/api/productos/${id}`, token, { nombre: d.nombre, precio: d.precio, stock: d.stock, stockAnterior: d.stock, stockMin: d.stockMin, estado: d.estado, ...cambios });
}
const fila = async (id: number) => (await t.database.db.select().from(producto).where(eq(producto.idProducto, id)))[0]!;
const enCaja = async (token: string, q: string) => (await ok('GET', `/api/ventas/productos?q=${encodeURIComponent(q)}`, token)).items as { id: number; precio: number }[];
const vender = async (token: string, productoId: number, cantidad: number) =>
  ok('POST', '/api/ventas', token, { lineas: [{ productoId, cantidad }], metodoPagoId: 5, montoRecibido: 100_000 });

describe('el catálogo de la empresa con precio por tienda', () => {
  it('la sucursal fija su propio precio: la caja de cada tienda lo busca y lo cobra; la copia es la misma referencia', async () => {
    const e = await empresaConSucursal();
    expect((await fila(e.cafeN)).catalogoId).toBe((await fila(e.cafe)).catalogoId);
    const antes = await ok('GET', `/api/productos/${e.cafeN}`, e.norte.token);
    expect(antes.catalogo).toEqual({ tiendas: 2, precioPropio: false, precioEmpresa: 10_000, editaCatalogo: true });
    const r = await editar(e.norte.token, e.cafeN, { precio: 11_500, precioPropio: true, stock: 8 });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().producto.catalogo).toEqual({ tiendas: 2, precioPropio: true, precioEmpresa: 10_000, editaCatalogo: true });

    expect((await enCaja(e.s.token, 'Sello Rojo')).map((p) => p.precio)).toEqual([10_000]);
    expect((await enCaja(e.norte.token, 'Sello Rojo')).map((p) => p.precio)).toEqual([11_500]);
    await abrirCaja(t, e.norte.token);
    const v1 = await vender(e.s.token, e.cafe, 2);
    const v2 = await vender(e.norte.token, e.cafeN, 2);
    expect([v1.total, v2.total]).toEqual([20_000, 23_000]);
    // Each store's stock is its own.
    expect([(await fila(e.cafe)).stock, (await fila(e.cafeN)).stock]).toEqual([18, 6]);
    expect(await comprobarConsistencia(t.app.db)).toEqual([]);
  });

  it('un cambio central de nombre y precio llega a las dos tiendas; el precio propio se queda; volver al precio de la empresa lo toma', async () => {
    const e = await empresaConSucursal();
    const otra = await crearTienda(t, { nombreTienda: 'Otra empresa' });
    const ajeno = (await ok('POST', '/api/productos', otra.token, { nombre: 'Café Sello Rojo 250 g', precio: 10_000, cantidad: 3, codigoBarras: '7702032000017' })).producto.id as number;
    const tercera = await ok('POST', '/api/sucursales', e.s.token, { nombreTienda: 'El Sol Sur', direccion: 'Cl 1 # 2-3', telefono: '6010000000', zonaHoraria: 'America/Bogota' });
    const [cafeS] = await t.database.db.select().from(producto).where(and(eq(producto.tiendaId, tercera.idTienda), eq(producto.catalogoId, (await fila(e.cafe)).catalogoId)));
    expect((await editar(e.norte.token, e.cafeN, { precio: 11_500, precioPropio: true })).statusCode).toBe(200);

    // The owner, in the main store: a new name and a new price of the empresa.
    const r = await editar(e.s.token, e.cafe, { nombre: 'Café Sello Rojo tradicional 250 g', precio: 10_500 });
    expect(r.statusCode, r.body).toBe(200);
    const [main, norte, sur] = [await fila(e.cafe), await fila(e.cafeN), await fila(cafeS!.idProducto)];
    expect([main.nombre, norte.nombre, sur.nombre]).toEqual(Array(3).fill('Café Sello Rojo tradicional 250 g'));
    expect([main.precioUnit, norte.precioUnit, sur.precioUnit]).toEqual([10_500, 11_500, 10_500]);
    // The third store's price change is in its own price history and activity log.
    const hist = await t.database.db.select().from(historialPrecio).where(eq(historialPrecio.productoId, sur.idProducto));
    expect(hist.map((h) => [h.anterior, h.nuevo])).toEqual([[10_000, 10_500]]);
    const log = await t.database.db.select().from(actividad).where(and(eq(actividad.tiendaId, tercera.idTienda), eq(actividad.tipo, 'precio')));
    expect(log).toHaveLength(1);
    // Another empresa's product of the same name and barcode is untouched.
    expect(await fila(ajeno)).toMatchObject({ nombre: 'Café Sello Rojo 250 g', precioUnit: 10_000 });

    // The branch goes back to the empresa's price.
    const atras = await editar(e.norte.token, e.cafeN, { precioPropio: false });
    expect(atras.statusCode, atras.body).toBe(200);
    expect(atras.json().producto).toMatchObject({ precio: 10_500, catalogo: { precioPropio: false, precioEmpresa: 10_500 } });
    expect(await comprobarConsistencia(t.app.db)).toEqual([]);
  });

  it('el administrador de una sucursal cambia su precio, mínimo y disponibilidad, no el catálogo; el dueño crea en todas las tiendas', async () => {
    const e = await empresaConSucursal();
    // The branch approves new employees by default; this one signs in at once.
    await t.database.db.update(tienda).set({ aprobarEmpleados: false }).where(eq(tienda.idTienda, e.norte.id));
    const admin = await crearEmpleado(t, e.norte.codigo, { rol: ROL.ADMIN, sinCaja: true });
    const nombre = await editar(admin.token, e.cafeN, { nombre: 'Otro café' });
    expect(nombre.statusCode).toBe(403);
    expect(nombre.json().error.message).toBe(C.soloDueno);
    expect((await fila(e.cafeN)).nombre).toBe('Café Sello Rojo 250 g');
    // Its price is the store's own, without saying so; minimum and on/off are the store's.
    const propio = await editar(admin.token, e.cafeN, { precio: 9_900, stockMin: 4, estado: 0 });
    expect(propio.statusCode, propio.body).toBe(200);
    expect(await fila(e.cafeN)).toMatchObject({ precioUnit: 9_900, precioPropio: true, stockMin: 4, estado: 0 });
    expect(await fila(e.cafe)).toMatchObject({ precioUnit: 10_000, precioPropio: false, stockMin: 0, estado: 1 });
    const alta = await req('POST', '/api/productos', admin.token, { nombre: 'Azúcar 1 kg', precio: 4_000, cantidad: 0 });
    expect(alta.statusCode).toBe(403);
    expect(alta.json().error.message).toBe(C.altaSoloDueno);

    // The owner creates: the branch gets it at stock 0 and the empresa's price.
    const nuevo = await ok('POST', '/api/productos', e.s.token, { nombre: 'Azúcar 1 kg', precio: 4_000, cantidad: 12, codigoBarras: '7702000000011' });
    const enNorte = await t.database.db.select().from(producto).where(and(eq(producto.tiendaId, e.norte.id), eq(producto.nombre, 'Azúcar 1 kg')));
    expect(enNorte).toHaveLength(1);
    expect(enNorte[0]).toMatchObject({ stock: 0, precioUnit: 4_000, codigoBarras: '7702000000011', catalogoId: (await fila(nuevo.producto.id)).catalogoId });
    // A barcode that another product of the branch has is refused, naming the branch; nothing changes.
    const [suyo] = await t.database.db.insert(producto).values({ tiendaId: e.norte.id, nombre: 'Panela', precioUnit: 3_000, codigoBarras: '7700000000999' }).returning();
    const choque = await editar(e.s.token, e.cafe, { codigoBarras: '7700000000999' });
    expect(choque.statusCode).toBe(409);
    expect(choque.json().error.message).toBe(C.codigoEnOtraTienda('El Sol Norte'));
    expect((await fila(e.cafe)).codigoBarras).toBe('7702032000017');
    expect(suyo!.codigoBarras).toBe('7700000000999');
  });

  it('la comprobación de consistencia nombra la copia de una tienda que difiere de su hermana', async () => {
    const e = await empresaConSucursal();
    await t.database.db.update(producto).set({ nombre: 'Café cambiado a mano' }).where(eq(producto.idProducto, e.cafeN));
    const fallas = (await comprobarConsistencia(t.app.db, { tiendaId: e.norte.id })).filter((f) => f.regla === 'catálogo = hermanas');
    expect(fallas).toHaveLength(1);
    expect(fallas[0]!.detalle).toContain('nombre');
    // Put back: the database is shared by the file's tests on PostgreSQL.
    await t.database.db.update(producto).set({ nombre: 'Café Sello Rojo 250 g' }).where(eq(producto.idProducto, e.cafeN));
  });
});

describe('las presentaciones son del catálogo', () => {
  const packs = async (productoId: number) =>
    (await t.database.db.select().from(productoUnidadVenta).where(eq(productoUnidadVenta.productoId, productoId))).map((u) => [u.nombre, u.factor, u.codigoBarras, u.precio]);

  it('el dueño agrega, cambia y quita una presentación: llega a la sucursal; su precio solo donde sigue el precio de la empresa', async () => {
    const e = await empresaConSucursal();
    const alta = await ok('POST', `/api/productos/${e.cafe}/presentaciones`, e.s.token, { nombre: 'Caja x12', factor: 12, codigoBarras: '7702032000024', precio: 110_000 });
    expect(await packs(e.cafeN)).toEqual([['Caja x12', 12, '7702032000024', 110_000]]);
    // The branch sets its own price: a central change of the pack keeps the branch's pack price.
    expect((await editar(e.norte.token, e.cafeN, { precio: 11_500, precioPropio: true })).statusCode).toBe(200);
    const [suya] = await t.database.db.select().from(productoUnidadVenta).where(eq(productoUnidadVenta.productoId, e.cafeN));
    expect((await req('PUT', `/api/productos/${e.cafeN}/presentaciones/${suya!.idUnidadVenta}`, e.norte.token, { nombre: 'Caja x12', factor: 12, codigoBarras: '7702032000024', precio: 125_000 })).statusCode).toBe(200);
    await ok('PUT', `/api/productos/${e.cafe}/presentaciones/${alta.presentacion.id}`, e.s.token, { nombre: 'Caja x10', factor: 10, codigoBarras: '7702032000031', precio: 95_000 });
    expect(await packs(e.cafe)).toEqual([['Caja x10', 10, '7702032000031', 95_000]]);
    expect(await packs(e.cafeN)).toEqual([['Caja x10', 10, '7702032000031', 125_000]]);
    // The branch's till finds the new barcode.
    const codigo = await req('GET', `/api/ventas/productos/codigo/7702032000031`, e.norte.token);
    expect(codigo.statusCode, codigo.body).toBeLessThan(500);
    expect((await req('DELETE', `/api/productos/${e.cafe}/presentaciones/${alta.presentacion.id}`, e.s.token)).statusCode).toBeLessThan(300);
    expect(await packs(e.cafeN)).toEqual([]);
    expect(await comprobarConsistencia(t.app.db)).toEqual([]);
  });

  it('el personal de una sucursal no agrega presentaciones; un código de otra tienda se rechaza sin cambiar nada', async () => {
    const e = await empresaConSucursal();
    await t.database.db.update(tienda).set({ aprobarEmpleados: false }).where(eq(tienda.idTienda, e.norte.id));
    const admin = await crearEmpleado(t, e.norte.codigo, { rol: ROL.ADMIN, sinCaja: true });
    const r = await req('POST', `/api/productos/${e.cafeN}/presentaciones`, admin.token, { nombre: 'Caja x12', factor: 12, codigoBarras: '7702032000024', precio: 110_000 });
    expect(r.statusCode).toBe(403);
    expect(r.json().error.message).toBe(C.soloDueno);
    await t.database.db.insert(producto).values({ tiendaId: e.norte.id, nombre: 'Panela', precioUnit: 3_000, codigoBarras: '7700000000888' });
    const choque = await req('POST', `/api/productos/${e.cafe}/presentaciones`, e.s.token, { nombre: 'Caja x12', factor: 12, codigoBarras: '7700000000888', precio: 110_000 });
    expect(choque.statusCode).toBe(409);
    expect(choque.json().error.message).toBe(C.codigoEnOtraTienda('El Sol Norte'));
    expect([await packs(e.cafe), await packs(e.cafeN)]).toEqual([[], []]);
  });
});

describe('una tienda sola, como antes', () => {
  it('su administrador y su encargado crean productos y presentaciones y cambian el catálogo; el precio nunca es propio', async () => {
    const s = await crearTienda(t, { nombreTienda: 'Tienda sola' });
    const admin = await crearEmpleado(t, s.codigo, { rol: ROL.ADMIN, sinCaja: true });
    const nuevo = await ok('POST', '/api/productos', admin.token, { nombre: 'Arroz 500 g', precio: 2_500, cantidad: 5 });
    const id = nuevo.producto.id as number;
    expect(nuevo.producto.catalogo).toBeUndefined();
    const r = await editar(admin.token, id, { nombre: 'Arroz Diana 500 g', precio: 2_700, precioPropio: true });
    expect(r.statusCode, r.body).toBe(200);
    expect(await fila(id)).toMatchObject({ nombre: 'Arroz Diana 500 g', precioUnit: 2_700, precioPropio: false, catalogoId: id });
    await ok('POST', `/api/productos/${id}/presentaciones`, admin.token, { nombre: 'Paca x6', factor: 6, codigoBarras: 'SOLA-PACA-6', precio: 15_000 });
    expect(await comprobarConsistencia(t.app.db, { tiendaId: s.id })).toEqual([]);
  });
});

describe('el dueño crea en las tiendas que elige', () => {
  it('solo en las tiendas nombradas; una tienda de otra empresa se rechaza', async () => {
    const e = await empresaConSucursal();
    const sur = await ok('POST', '/api/sucursales', e.s.token, { nombreTienda: 'El Sol Sur', direccion: 'Cl 1 # 2-3', telefono: '6010000000', zonaHoraria: 'America/Bogota' });
    await ok('POST', '/api/productos', e.s.token, { nombre: 'Sal 1 kg', precio: 1_800, cantidad: 4, tiendas: [sur.idTienda] });
    const donde = await t.database.db.select({ t: producto.tiendaId }).from(producto).where(eq(producto.nombre, 'Sal 1 kg'));
    expect(donde.map((d) => d.t).sort((a, b) => a - b)).toEqual([e.s.id, sur.idTienda].sort((a, b) => a - b));
    const otra = await crearTienda(t, { nombreTienda: 'Ajena' });
    const r = await req('POST', '/api/productos', e.s.token, { nombre: 'Azúcar 2 kg', precio: 7_000, cantidad: 0, tiendas: [otra.id] });
    expect(r.statusCode).toBe(400);
    expect((await t.database.db.select().from(producto).where(eq(producto.nombre, 'Azúcar 2 kg')))).toEqual([]);
  });
});

describe('el catálogo de la empresa en un archivo', () => {
  it('el dueño exporta las filas de cada tienda, cada una con su tienda y si vende a precio propio; nadie más lo exporta', async () => {
    const e = await empresaConSucursal();
    expect((await editar(e.norte.token, e.cafeN, { precio: 11_500, precioPropio: true, stock: 8 })).statusCode).toBe(200);
    const res = await req('GET', '/api/empresa/catalogo/exportar/csv', e.s.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="catalogo-empresa-\d{4}-\d{2}-\d{2}\.csv"/);
    const [cabecera, ...filas] = res.body.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    const E = M.exportacion.columnas;
    expect(cabecera!.split(';')[0]).toBe(E.tienda);
    expect(cabecera!.split(';').at(-1)).toBe(E.precioPropio);
    const precio = cabecera!.split(';').indexOf(E.productos.precio);
    const stock = cabecera!.split(';').indexOf(E.productos.stock);
    expect(filas.map((f) => f.split(';')).map((c) => [c[0], c[3], c[precio], c[stock], c.at(-1)])).toEqual([
      ['El Sol', 'Café Sello Rojo 250 g', '10000', '20', 'No'],
      ['El Sol Norte', 'Café Sello Rojo 250 g', '11500', '8', 'Sí'],
    ]);
    // The same from the branch's session of the owner; a store's staff and another empresa's owner get nothing.
    expect((await req('GET', '/api/empresa/catalogo/exportar/xlsx', e.norte.token)).statusCode).toBe(200);
    const cajero = await crearEmpleado(t, e.s.codigo);
    expect((await req('GET', '/api/empresa/catalogo/exportar/csv', cajero.token)).statusCode).toBe(403);
    const otra = await crearTienda(t, { nombreTienda: 'Otra empresa' });
    const suya = await req('GET', '/api/empresa/catalogo/exportar/csv', otra.token);
    expect(suya.statusCode).toBe(200);
    expect(suya.body).not.toContain('Sello Rojo');
  });
});
