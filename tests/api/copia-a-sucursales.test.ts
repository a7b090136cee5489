import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { actividad, listaPrecio, producto, promocion, tienda } from '../../server/db/schema';
import { abrirSucursal, productoEn } from '../helpers/dos-tiendas';
import { abrirCaja, crearEmpleado, crearTienda, peticion } from '../helpers/factories';
import { usarApp } from '../helpers/test-app';

/**
 * Price lists and promotions per store of an empresa (issue #59 point 1, ADR 043/047/052): each store
 * has its own; a list of one store never prices another's till nor shows to its staff; the owner (the
 * empresa's login) copies a list or a promotion to other stores of the empresa, matched to each store's
 * own products (barcode, else name), with an activity-log entry in each store; another empresa's store
 * cannot be a target. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const t = usarApp();
const req = peticion(t);
const C = M.sucursales.copia;
let seq = 0;

const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string, body?: unknown, status = 200) => {
  const r = await req(method, url, token, body);
  expect(r.statusCode, r.body).toBe(status);
  return r.json();
};

/**
 * A store with rice (a barcode), soda and panela; a branch opened from it (rice and soda carried, the
 * panela made afterwards for this store only, so the branch has none); the owner's token in each, and a cashier of the branch.
 */
async function empresa() {
  const n = ++seq;
  const s = { ...(await crearTienda(t, { nombreTienda: `Minimercado Copia ${n}` })), nombre: `Minimercado Copia ${n}` };
  const crear = async (tok: string, body: object) => (await ok('POST', '/api/productos', tok, body, 201)).producto.id as number;
  const arroz = await crear(s.token, { nombre: 'Arroz Diana 500 g', precio: 2_800, cantidad: 100, codigoBarras: `77020${n}0001` });
  const gaseosa = await crear(s.token, { nombre: 'Gaseosa Colombiana 400 ml', precio: 2_500, cantidad: 100 });
  const norte = await abrirSucursal(t, s.token, { nombreTienda: `Copia Norte ${n}` });
  const panela = await crear(s.token, { nombre: 'Panela 500 g', precio: 1_800, cantidad: 100, tiendas: [] });
  // The branch's rice and soda have stock to sell, and the soda is renamed with other accents and case: still its pair.
  const arrozN = await productoEn(t, norte.idTienda, 'Arroz Diana 500 g');
  const gaseosaN = await productoEn(t, norte.idTienda, 'Gaseosa Colombiana 400 ml');
  await t.database.db.update(producto).set({ stock: 100 }).where(eq(producto.tiendaId, norte.idTienda));
  await t.database.db.update(producto).set({ nombre: 'GASEOSA COLOMBIÁNA 400 ML' }).where(eq(producto.idProducto, gaseosaN));
  // The branch's cashier signs in at once (as the factories' stores do).
  await t.database.db.update(tienda).set({ aprobarEmpleados: false }).where(eq(tienda.idTienda, norte.idTienda));
  const cajeroN = (await crearEmpleado(t, norte.codigoInvitacion)).token;
  // Each sells in its own open shift (issue #18).
  await abrirCaja(t, norte.token);
  await abrirCaja(t, cajeroN);
  return { n, s, norte: { id: norte.idTienda, nombre: `Copia Norte ${n}`, token: norte.token, cajero: cajeroN }, arroz, gaseosa, panela, arrozN, gaseosaN };
}

const cliente = async (token: string, documento: string) => ok('POST', '/api/clientes', token, { documento, tipoDocumento: 'CC', nombre: 'Don', apellido: 'Mayorista' }, 201);
const vender = async (token: string, lineas: object[], documentoCliente?: string) =>
  (await ok('POST', '/api/ventas', token, { lineas, metodoPagoId: 5, montoRecibido: 1_000_000, ...(documentoCliente ? { documentoCliente } : {}) }, 201)) as { total: number; ahorros?: { nombre: string; ahorro: number }[] };
const registro = async (tiendaId: number, tipo: 'lista_precio' | 'promocion') =>
  (await t.database.db.select().from(actividad).where(and(eq(actividad.tiendaId, tiendaId), eq(actividad.tipo, tipo)))).map((a) => a.detalle as { accion: string; cambios: { campo: string; antes: string | null; despues: string | null }[] });

describe('listas de precios por tienda de una empresa', () => {
  it('una lista de la tienda A no cobra en la caja de B ni la ve su personal; copiada, B cobra los mismos precios con sus productos', async () => {
    const e = await empresa();
    const doc = String(80_000_000 + e.n);
    const lista = (await ok('POST', '/api/listas-precios', e.s.token, { nombre: 'Mayorista', porcentaje: 5 }, 201)).lista as { id: number };
    await ok('PUT', `/api/listas-precios/${lista.id}/precios`, e.s.token, { productoId: e.arroz, precio: 2_300 });
    await ok('PUT', `/api/listas-precios/${lista.id}/precios`, e.s.token, { productoId: e.gaseosa, desde: 12, precio: 2_000 });
    await ok('PUT', `/api/listas-precios/${lista.id}/precios`, e.s.token, { productoId: e.panela, precio: 1_500 });
    await cliente(e.s.token, doc);
    await ok('PUT', `/api/listas-precios/${lista.id}/clientes`, e.s.token, { documento: doc, asignado: true });
    expect((await vender(e.s.token, [{ productoId: e.arroz, cantidad: 2 }], doc)).total).toBe(4_600);

    // Store B: the same customer (the empresa's, ADR 043's addendum: created once, found in B by document) pays
    // the base price there, since a customer's list is per store; B's staff see no list, A's is not found.
    expect((await req('POST', '/api/clientes', e.norte.token, { documento: doc, tipoDocumento: 'CC', nombre: 'Don', apellido: 'Mayorista' })).statusCode).toBe(409);
    expect((await vender(e.norte.token, [{ productoId: e.arrozN, cantidad: 2 }], doc)).total).toBe(5_600);
    expect(await ok('GET', '/api/listas-precios', e.norte.token)).toEqual([]);
    expect((await req('GET', `/api/listas-precios/${lista.id}`, e.norte.token)).statusCode).toBe(404);
    expect((await req('PUT', `/api/listas-precios/${lista.id}/clientes`, e.norte.token, { documento: doc, asignado: true })).statusCode).toBe(404);

    // The owner, in A, copies it to B: rice and soda by B's own rows, panela has no pair there.
    const copia = await ok('POST', `/api/listas-precios/${lista.id}/copiar`, e.s.token, { tiendas: [e.norte.id] });
    expect(copia.message).toBe(C.hecha(1, 0));
    expect(copia.tiendas).toEqual([{ idTienda: e.norte.id, nombreTienda: e.norte.nombre, resultado: 'creada', id: expect.any(Number), productos: 2, sinPar: ['Panela 500 g'] }]);
    const enB = await ok('GET', '/api/listas-precios', e.norte.token);
    expect(enB).toEqual([{ id: copia.tiendas[0].id, nombre: 'Mayorista', porcentaje: 5, productos: 2, clientes: 0 }]);
    const detalle = await ok('GET', `/api/listas-precios/${copia.tiendas[0].id}`, e.norte.token);
    expect(detalle.precios.map((p: { productoId: number; desde: number; precio: number }) => [p.productoId, p.desde, p.precio]).sort()).toEqual(
      [
        [e.arrozN, 1, 2_300],
        [e.gaseosaN, 12, 2_000],
      ].sort(),
    );
    // B gives its customer the list: B's till charges what A's does; 12 sodas take the break, others the list's 5 %.
    await ok('PUT', `/api/listas-precios/${copia.tiendas[0].id}/clientes`, e.norte.token, { documento: doc, asignado: true });
    expect((await vender(e.norte.token, [{ productoId: e.arrozN, cantidad: 2 }], doc)).total).toBe(4_600);
    expect((await vender(e.norte.token, [{ productoId: e.gaseosaN, cantidad: 12 }], doc)).total).toBe(24_000);
    expect((await vender(e.s.token, [{ productoId: e.gaseosa, cantidad: 12 }], doc)).total).toBe(24_000);
    // B's cashier sees B's list only (the list screen is role 1's; its till prices with it, as above).
    expect((await req('GET', '/api/listas-precios', e.norte.cajero)).statusCode).toBe(403);

    // Each store's log: B says where it came from and what it carried; A says where it went.
    expect((await registro(e.norte.id, 'lista_precio')).find((d) => d.accion === 'copiada')!.cambios).toEqual([
      { campo: C.campoDesde, antes: null, despues: e.s.nombre },
      { campo: M.precios.campos.porcentaje, antes: null, despues: '5 %' },
      { campo: C.campoProductos, antes: null, despues: '2' },
      { campo: C.campoSinPar, antes: null, despues: 'Panela 500 g' },
    ]);
    expect((await registro(e.s.id, 'lista_precio')).filter((d) => d.accion === 'copiada').map((d) => d.cambios[0])).toEqual([{ campo: C.campoHacia, antes: null, despues: e.norte.nombre }]);
    const texto = (await ok('GET', '/api/actividad?tipo=lista_precio', e.norte.token)).items.map((i: { descripcion: string }) => i.descripcion);
    expect(texto).toContainEqual(expect.stringContaining('Copió la lista de precios «Mayorista»'));

    // A changes its rice price and copies again: B's same-named list is replaced, its customer stays.
    await ok('PUT', `/api/listas-precios/${lista.id}/precios`, e.s.token, { productoId: e.arroz, precio: 2_200 });
    const otra = await ok('POST', `/api/listas-precios/${lista.id}/copiar`, e.s.token, { tiendas: [e.norte.id] });
    expect(otra.tiendas[0]).toMatchObject({ resultado: 'actualizada', id: copia.tiendas[0].id, productos: 2 });
    expect((await ok('GET', '/api/listas-precios', e.norte.token))[0]).toMatchObject({ productos: 2, clientes: 1 });
    expect((await vender(e.norte.token, [{ productoId: e.arrozN, cantidad: 2 }], doc)).total).toBe(4_400);
  });

  it('solo el dueño copia, a tiendas de su empresa: otra empresa 404, la misma tienda 400, un cajero 403; nada se copia', async () => {
    const e = await empresa();
    const ajena = await crearTienda(t);
    const lista = (await ok('POST', '/api/listas-precios', e.s.token, { nombre: 'Mayorista', porcentaje: 0 }, 201)).lista as { id: number };
    const contar = async () => (await t.database.db.select().from(listaPrecio)).filter((l) => [e.norte.id, ajena.id].includes(l.tiendaId)).length;

    const otraEmpresa = await req('POST', `/api/listas-precios/${lista.id}/copiar`, e.s.token, { tiendas: [e.norte.id, ajena.id] });
    expect([otraEmpresa.statusCode, otraEmpresa.json().error.message]).toEqual([404, C.noEsDeEmpresa]);
    const misma = await req('POST', `/api/listas-precios/${lista.id}/copiar`, e.s.token, { tiendas: [e.s.id] });
    expect([misma.statusCode, misma.json().error.message]).toEqual([400, C.mismaTienda]);
    const vacia = await req('POST', `/api/listas-precios/${lista.id}/copiar`, e.s.token, { tiendas: [] });
    expect([vacia.statusCode, vacia.json().error.message]).toEqual([400, C.tiendasRequeridas]);
    // Another empresa's owner naming this list, and the owner switched to B naming A's list: not found.
    expect((await req('POST', `/api/listas-precios/${lista.id}/copiar`, ajena.token, { tiendas: [e.norte.id] })).statusCode).toBe(404);
    expect((await req('POST', `/api/listas-precios/${lista.id}/copiar`, e.norte.token, { tiendas: [e.s.id] })).statusCode).toBe(404);
    // A store's administrator of role 1 (not the owner) and a cashier: 403.
    const admin = (await crearEmpleado(t, e.s.codigo, { rol: ROL.ADMIN })).token;
    for (const tok of [admin, e.norte.cajero]) {
      const r = await req('POST', `/api/listas-precios/${lista.id}/copiar`, tok, { tiendas: [e.norte.id] });
      expect([r.statusCode, r.json().error.message]).toEqual([403, C.soloDueno]);
    }
    expect(await contar()).toBe(0);
  });
});

describe('promociones por tienda de una empresa', () => {
  it('copiada a B aplica en su caja con sus productos; sin un producto allí, no se copia y lo dice', async () => {
    const e = await empresa();
    const tresPorDos = (await ok('POST', '/api/promociones', e.s.token, { nombre: '3×2 Arroz', tipo: 'nxm', lleve: 3, pague: 2, productoId: e.arroz }, 201)).promocion as { id: number };
    const combo = (await ok('POST', '/api/promociones', e.s.token, { nombre: 'Combo onces', tipo: 'combo', precio: 4_000, productos: [{ productoId: e.arroz }, { productoId: e.gaseosa }] }, 201)).promocion as { id: number };
    const panela = (await ok('POST', '/api/promociones', e.s.token, { nombre: 'Panela 10 %', tipo: 'porcentaje', porcentaje: 10, productoId: e.panela }, 201)).promocion as { id: number };
    // B's till: no promotion of A's.
    expect(await ok('GET', '/api/promociones', e.norte.token)).toEqual([]);
    expect((await vender(e.norte.token, [{ productoId: e.arrozN, cantidad: 3 }])).total).toBe(8_400);

    const copia = await ok('POST', `/api/promociones/${tresPorDos.id}/copiar`, e.s.token, { tiendas: [e.norte.id] });
    expect(copia.tiendas).toEqual([{ idTienda: e.norte.id, nombreTienda: e.norte.nombre, resultado: 'creada', id: expect.any(Number), productos: 1, sinPar: [] }]);
    await ok('POST', `/api/promociones/${combo.id}/copiar`, e.s.token, { tiendas: [e.norte.id] });
    const enB = (await ok('GET', '/api/promociones', e.norte.token)) as { nombre: string; productoId: number | null; productos: { productoId: number }[] }[];
    expect(enB.map((p) => [p.nombre, p.productoId, p.productos.map((x) => x.productoId).sort()])).toEqual([
      ['3×2 Arroz', e.arrozN, []],
      ['Combo onces', null, [e.arrozN, e.gaseosaN].sort()],
    ]);
    // B's cashier sells three rice: the copy applies there, as in A.
    const venta = await vender(e.norte.cajero, [{ productoId: e.arrozN, cantidad: 3 }]);
    expect([venta.total, venta.ahorros]).toEqual([5_600, [{ nombre: '3×2 Arroz', ahorro: 2_800 }]]);

    // The panela's promotion: B has no panela, nothing is copied and the answer names it.
    const sin = await ok('POST', `/api/promociones/${panela.id}/copiar`, e.s.token, { tiendas: [e.norte.id] });
    expect(sin).toEqual({ message: C.hecha(0, 1), tiendas: [{ idTienda: e.norte.id, nombreTienda: e.norte.nombre, resultado: 'omitida', id: null, productos: 0, sinPar: ['Panela 500 g'] }] });
    expect((await t.database.db.select().from(promocion).where(eq(promocion.tiendaId, e.norte.id))).length).toBe(2);

    // Copied again after A made it a 2×1: B's is replaced, its log says what changed.
    await ok('PUT', `/api/promociones/${tresPorDos.id}`, e.s.token, { nombre: '3×2 Arroz', tipo: 'nxm', lleve: 2, pague: 1, productoId: e.arroz });
    expect((await ok('POST', `/api/promociones/${tresPorDos.id}/copiar`, e.s.token, { tiendas: [e.norte.id] })).tiendas[0]).toMatchObject({ resultado: 'actualizada', id: copia.tiendas[0].id });
    const log = (await registro(e.norte.id, 'promocion')).filter((d) => d.accion === 'copiada');
    expect(log).toHaveLength(3);
    expect(log[2]!.cambios).toEqual([
      { campo: C.campoDesde, antes: null, despues: e.s.nombre },
      { campo: M.promociones.campos.lleve, antes: '3', despues: '2' },
      { campo: M.promociones.campos.pague, antes: '2', despues: '1' },
    ]);
    expect((await registro(e.s.id, 'promocion')).filter((d) => d.accion === 'copiada')).toHaveLength(3);

    // Another empresa's store is never a target; a cashier cannot copy.
    const ajena = await crearTienda(t);
    expect((await req('POST', `/api/promociones/${tresPorDos.id}/copiar`, e.s.token, { tiendas: [ajena.id] })).statusCode).toBe(404);
    expect((await req('POST', `/api/promociones/${tresPorDos.id}/copiar`, e.norte.cajero, { tiendas: [e.s.id] })).statusCode).toBe(403);
    expect((await t.database.db.select().from(promocion).where(eq(promocion.tiendaId, ajena.id))).length).toBe(0);
  });
});


