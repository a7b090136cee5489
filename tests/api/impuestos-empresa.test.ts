import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import type { TDatosSinRed } from '#shared/schemas/sin-red';
import type { TClasificacion } from '#shared/schemas/impuestos';
import { actividad, categoriaImpuesto, factura, producto, tienda } from '../../server/db/schema';
import { abrirSucursal, perfilLaCeiba, productoEn } from '../helpers/dos-tiendas';
import { abrirCaja, crearEmpleado, crearTienda, peticion, peticionOk } from '../helpers/factories';
import { usarApp } from '../helpers/test-app';

/**
 * A category's tax is the empresa's (issue #56 point 2, ADR 063): set once by the owner, every store of
 * the empresa charges it at the till (online and offline) and discounts it when receiving a purchase; a
 * branch's administrator cannot change it; a lone store's administrator keeps doing it as before.
 * On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const t = usarApp();
const req = peticion(t);
const db = () => t.database.db;

const PERFIL = perfilLaCeiba(false);

const ok = peticionOk(t);

/** The owner's store with a soda and rice without a tax of their own, and a branch opened from Sucursales. */
async function empresaConSucursal() {
  const s = await crearTienda(t, { nombreTienda: 'Surtidor La Ceiba' });
  const gaseosa = (await ok('POST', '/api/productos', s.token, { nombre: 'Gaseosa 400 ml', precio: 2_380, cantidad: 50, categoria: 'Bebidas' })).producto.id as number;
  const arroz = (await ok('POST', '/api/productos', s.token, { nombre: 'Arroz 500 g', precio: 2_100, cantidad: 50, categoria: 'Granos' })).producto.id as number;
  await ok('PUT', '/api/tienda/perfil-fiscal', s.token, PERFIL);
  const norte = await abrirSucursal(t, s.token, { nombreTienda: 'La Ceiba Norte', direccion: 'Carrera 15 # 93-40', telefono: '6017654321' });
  const deNorte = (nombre: string) => productoEn(t, norte.idTienda, nombre);
  const gaseosaN = await deNorte('Gaseosa 400 ml');
  const arrozN = await deNorte('Arroz 500 g');
  await db().update(producto).set({ stock: 20 }).where(eq(producto.tiendaId, norte.idTienda));
  await db().update(tienda).set({ aprobarEmpleados: false }).where(eq(tienda.idTienda, norte.idTienda));
  return { s, gaseosa, arroz, norte: { id: norte.idTienda, token: norte.token, codigo: norte.codigoInvitacion }, gaseosaN, arrozN };
}

const vender = async (token: string, productoId: number) => (await ok('POST', '/api/ventas', token, { lineas: [{ productoId, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 10_000 })).id as number;
const impuestoVendido = async (ventaId: number) => (await db().select({ i: factura.impuesto }).from(factura).where(eq(factura.ventaId, ventaId)))[0]!.i;
const datosSinRed = async (token: string, query = '') => (await ok('GET', `/api/sin-red/datos${query}`, token)) as TDatosSinRed;

describe('el impuesto de una categoría es de la empresa', () => {
  it('el dueño lo fija una vez: las dos tiendas lo cobran en caja y sin red, y la recepción de la sucursal descuenta ese IVA', async () => {
    const e = await empresaConSucursal();
    const asignado = await ok('PUT', '/api/impuestos/categorias', e.s.token, { categoria: 'Bebidas', impuesto: 'iva19' });
    expect(asignado).toEqual({ actualizados: 1, sinClasificar: 1 });
    await ok('PUT', '/api/impuestos/categorias', e.s.token, { categoria: 'Granos', impuesto: 'iva5' });
    // One row for the empresa, none per store.
    const [{ empresaId }] = (await db().select({ empresaId: tienda.empresaId }).from(tienda).where(eq(tienda.idTienda, e.s.id))) as [{ empresaId: number }];
    const filas = await db().select().from(categoriaImpuesto).where(eq(categoriaImpuesto.empresaId, empresaId));
    expect(filas.map((f) => [f.categoria, f.impuesto]).sort()).toEqual([['Bebidas', 'iva19'], ['Granos', 'iva5']]);
    // Each store's screen sees it, and nothing left to classify in either.
    for (const token of [e.s.token, e.norte.token]) {
      const c = (await ok('GET', '/api/impuestos/clasificacion', token)) as TClasificacion;
      expect(c.categorias.map((x) => [x.categoria, x.impuesto, x.diferia])).toEqual([['Bebidas', 'iva19', false], ['Granos', 'iva5', false]]);
      expect([c.totalSinImpuesto, c.tiendas]).toEqual([0, 2]);
    }
    // The branch logs what changed for its products, by the owner.
    expect(await db().select().from(actividad).where(and(eq(actividad.tiendaId, e.norte.id), eq(actividad.tipo, 'impuesto')))).toHaveLength(2);

    // Both stores responsible for IVA (the owner's profile reaches the branch): a sale in each charges the category's tax.
    await ok('PUT', '/api/tienda/perfil-fiscal', e.s.token, { ...PERFIL, responsableIva: true });
    await abrirCaja(t, e.norte.token);
    expect(await impuestoVendido(await vender(e.s.token, e.gaseosa))).toBe('iva19');
    expect(await impuestoVendido(await vender(e.norte.token, e.gaseosaN))).toBe('iva19');
    expect(await impuestoVendido(await vender(e.norte.token, e.arrozN))).toBe('iva5');
    // The branch's offline till has the same tax table.
    const sinRed = await datosSinRed(e.norte.token);
    expect(new Map(sinRed.productos.map((p) => [p.id, p.impuesto]))).toEqual(new Map([[e.gaseosaN, 'iva19'], [e.arrozN, 'iva5']]));

    // Receiving in the branch: the cost is without the category's deductible IVA.
    const prov = (await ok('POST', '/api/proveedores', e.norte.token, { nombre: 'Postobón', telefono: '3104567890', email: 'pedidos@postobon.co' })).proveedor.id as number;
    const r = await req('POST', '/api/compras/recepciones', e.norte.token, {
      proveedorId: prov,
      lineas: [
        { productoId: e.gaseosaN, cantidad: 2, costoUnit: 1_190 },
        { productoId: e.arrozN, cantidad: 2, costoUnit: 1_050 },
      ],
    });
    expect(r.statusCode, r.body).toBe(201);
    const costos = await db().select({ id: producto.idProducto, costo: producto.costo }).from(producto).where(eq(producto.tiendaId, e.norte.id));
    expect(new Map(costos.map((c) => [c.id, c.costo]))).toEqual(new Map([[e.gaseosaN, 1_000], [e.arrozN, 1_000]]));
  });

  it('un cambio del dueño en una tienda llega a la caja sin red de la otra en su siguiente descarga', async () => {
    const e = await empresaConSucursal();
    await ok('PUT', '/api/impuestos/categorias', e.s.token, { categoria: 'Bebidas', impuesto: 'iva19' });
    const primera = await datosSinRed(e.norte.token);
    expect(primera.productos.find((p) => p.id === e.gaseosaN)!.impuesto).toBe('iva19');
    await ok('PUT', '/api/impuestos/categorias', e.s.token, { categoria: 'Bebidas', impuesto: 'iva5' });
    const cambios = await datosSinRed(e.norte.token, `?desde=${encodeURIComponent(primera.cursor!)}`);
    expect(cambios.productos.map((p) => [p.id, p.impuesto])).toEqual([[e.gaseosaN, 'iva5']]);
  });

  it('en una empresa de varias tiendas solo el dueño lo cambia; el administrador de una sucursal recibe 403 y nada cambia', async () => {
    const e = await empresaConSucursal();
    await ok('PUT', '/api/impuestos/categorias', e.s.token, { categoria: 'Bebidas', impuesto: 'iva19' });
    const admin = await crearEmpleado(t, e.norte.codigo, { rol: ROL.ADMIN, sinCaja: true });
    const r = await req('PUT', '/api/impuestos/categorias', admin.token, { categoria: 'Bebidas', impuesto: 'iva5' });
    expect(r.statusCode).toBe(403);
    expect(r.json().error.message).toBe(M.impuestos.categoriaSoloDueno);
    const c = (await ok('GET', '/api/impuestos/clasificacion', admin.token)) as TClasificacion;
    expect([c.editaCatalogo, c.categorias.find((x) => x.categoria === 'Bebidas')!.impuesto]).toEqual([false, 'iva19']);
    // The owner, from the branch too.
    expect(((await ok('GET', '/api/impuestos/clasificacion', e.norte.token)) as TClasificacion).editaCatalogo).toBe(true);
    await ok('PUT', '/api/impuestos/categorias', e.norte.token, { categoria: 'Bebidas', impuesto: 'iva5' });
    expect((await ok('GET', '/api/impuestos/clasificacion', e.s.token)).categorias.find((x: { categoria: string }) => x.categoria === 'Bebidas').impuesto).toBe('iva5');
  });

  it('una tienda sola sigue igual: su administrador fija el impuesto de una categoría; otra empresa no lo ve', async () => {
    const s = await crearTienda(t);
    const gaseosa = (await ok('POST', '/api/productos', s.token, { nombre: 'Gaseosa', precio: 2_380, cantidad: 5, categoria: 'Bebidas' })).producto.id as number;
    const admin = await crearEmpleado(t, s.codigo, { rol: ROL.ADMIN, sinCaja: true });
    expect(await ok('PUT', '/api/impuestos/categorias', admin.token, { categoria: 'Bebidas', impuesto: 'iva19' })).toEqual({ actualizados: 1, sinClasificar: 0 });
    const c = (await ok('GET', '/api/impuestos/clasificacion', admin.token)) as TClasificacion;
    expect([c.tiendas, c.editaCatalogo, c.categorias]).toEqual([1, true, [{ categoria: 'Bebidas', impuesto: 'iva19', diferia: false, productos: 1, sinImpuesto: 0 }]]);
    await ok('PUT', '/api/tienda/perfil-fiscal', s.token, { ...PERFIL, responsableIva: true });
    expect(await impuestoVendido(await vender(s.token, gaseosa))).toBe('iva19');
    // Another empresa's product of that category inherits nothing from it.
    const otra = await crearTienda(t);
    await ok('POST', '/api/productos', otra.token, { nombre: 'Gaseosa', precio: 2_380, cantidad: 5, categoria: 'Bebidas' });
    expect(((await ok('GET', '/api/impuestos/clasificacion', otra.token)) as TClasificacion).categorias[0]!.impuesto).toBeNull();
  });
});
