import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { actividad, factura, movimiento, producto, tienda, trasladoLinea } from '../../server/db/schema';
import { abrirSucursal, productoEn } from '../helpers/dos-tiendas';
import { abrirCaja, crearEmpleado, crearTienda, peticion } from '../helpers/factories';
import { usarApp } from '../helpers/test-app';

/**
 * Transfers between stores of one empresa (issue #56 point 3, ADR 056): asked, dispatched (stock leaves
 * the origin into *en tránsito*), received in parts or at once with a difference recorded with who and
 * why, cancelled before dispatch; each leg a ledger row in the store it touches and an entry of its
 * activity log; two receipts of one transfer at once apply one. On PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
const t = usarApp();
const req = peticion(t);
const T = M.traslados;

/** A store with rice (40) and soda (24, with a barcode), and a branch opened from it (its copies at stock 0). */
async function empresaConSucursal() {
  const s = await crearTienda(t, { nombreTienda: 'Minimercado El Sol' });
  const crear = async (body: object) => {
    const r = await req('POST', '/api/productos', s.token, body);
    expect(r.statusCode, r.body).toBe(201);
    return r.json().producto.id as number;
  };
  const arroz = await crear({ nombre: 'Arroz Diana 500 g', precio: 2_800, cantidad: 40 });
  const gaseosa = await crear({ nombre: 'Gaseosa 400 ml', precio: 2_500, cantidad: 24, codigoBarras: '7702001000999' });
  const norte = await abrirSucursal(t, s.token, { nombreTienda: 'El Sol Norte' });
  return {
    s,
    norte: { id: norte.idTienda, codigo: norte.codigoInvitacion, token: norte.token },
    arroz,
    gaseosa,
    arrozN: await productoEn(t, norte.idTienda, 'Arroz Diana 500 g'),
    gaseosaN: await productoEn(t, norte.idTienda, 'Gaseosa 400 ml'),
  };
}

const stock = async (id: number) => (await t.database.db.select({ s: producto.stock }).from(producto).where(eq(producto.idProducto, id)))[0]!.s;
const ok = async (method: 'GET' | 'POST', url: string, token: string, body?: unknown, status = 200) => {
  const r = await req(method, url, token, body);
  expect(r.statusCode, r.body).toBe(status);
  return r.json();
};
const pedir = async (token: string, origenId: number, destinoId: number, lineas: { productoId: number; cantidad: number }[]) =>
  (await ok('POST', '/api/traslados', token, { origenId, destinoId, lineas }, 201)).traslado;
const ver = async (token: string, id: number) => ok('GET', `/api/traslados/${id}`, token);

describe('traslados entre tiendas de una empresa', () => {
  it('el dueño envía 10 de la principal a la sucursal; la sucursal recibe 9 con un motivo: existencias, libro y registro en las dos', async () => {
    const e = await empresaConSucursal();
    const tr = await pedir(e.s.token, e.s.id, e.norte.id, [{ productoId: e.arroz, cantidad: 10 }]);
    expect(tr).toMatchObject({ numero: 1, estado: 'pedido', origen: { idTienda: e.s.id, nombreTienda: 'Minimercado El Sol' }, destino: { idTienda: e.norte.id, nombreTienda: 'El Sol Norte' } });
    expect(tr.detalle).toMatchObject([{ productoOrigenId: e.arroz, productoDestinoId: e.arrozN, cantidad: 10, despachada: null, enTransito: 0 }]);
    expect(await stock(e.arroz)).toBe(40);

    const desp = await ok('POST', `/api/traslados/${tr.id}/despachar`, e.s.token, { version: tr.version });
    expect(desp.message).toBe(T.despachado(1));
    expect(desp.traslado).toMatchObject({ estado: 'despachado', detalle: [{ despachada: 10, enTransito: 10 }] });
    expect([await stock(e.arroz), await stock(e.arrozN)]).toEqual([30, 0]);

    // The owner switched to the branch receives 9 and closes it: one unit arrived broken.
    const lineaId = tr.detalle[0].id;
    const rec = await ok('POST', `/api/traslados/${tr.id}/recibir`, e.norte.token, { version: desp.traslado.version, lineas: [{ lineaId, cantidad: 9 }], cerrar: true, motivo: 'Una unidad llegó rota' });
    expect(rec.message).toBe(T.recibido(1, true));
    expect(rec.traslado).toMatchObject({ estado: 'recibido', detalle: [{ despachada: 10, recibida: 9, faltante: 1, enTransito: 0 }] });
    expect([await stock(e.arroz), await stock(e.arrozN)]).toEqual([30, 9]);
    expect(rec.traslado.eventos.map((x: { tipo: string; tienda: string; motivo: string | null; cara: string }) => [x.tipo, x.tienda, x.motivo, x.cara])).toEqual([
      ['pedido', 'Minimercado El Sol', null, 'tienda'],
      ['despacho', 'Minimercado El Sol', null, 'tienda'],
      ['recepcion', 'El Sol Norte', 'Una unidad llegó rota', 'tienda'],
    ]);
    expect(rec.traslado.eventos[2].lineas).toEqual([{ lineaId, cantidad: 9, faltante: 1 }]);

    // Each leg is one ledger row in the store it touched.
    const libro = async (tiendaId: number, productoId: number) =>
      (await t.database.db.select().from(movimiento).where(and(eq(movimiento.tiendaId, tiendaId), eq(movimiento.productoId, productoId))).orderBy(asc(movimiento.idMovimiento)))
        .filter((m) => m.motivo.startsWith('Traslado'))
        .map((m) => [m.stockAntes, m.entradas, m.salidas, m.cantidadDespues, m.motivo]);
    expect(await libro(e.s.id, e.arroz)).toEqual([[40, 0, 10, 30, T.motivoSalida(1, 'El Sol Norte')]]);
    expect(await libro(e.norte.id, e.arrozN)).toEqual([[0, 9, 0, 9, T.motivoEntrada(1, 'Minimercado El Sol')]]);

    // The activity log of each store says who did its leg, and the difference with its reason.
    const log = async (tiendaId: number) =>
      (await t.database.db.select().from(actividad).where(and(eq(actividad.tiendaId, tiendaId), eq(actividad.tipo, 'traslado'))).orderBy(asc(actividad.idActividad))).map((a) =>
        M.actividad.describir(a.tipo, a.detalle),
      );
    expect(await log(e.s.id)).toEqual([
      'Pidió el traslado TR-1 de Minimercado El Sol a El Sol Norte: 10 unidades',
      'Despachó el traslado TR-1 de Minimercado El Sol a El Sol Norte: 10 unidades',
    ]);
    expect(await log(e.norte.id)).toEqual(['Recibió el traslado TR-1 de Minimercado El Sol a El Sol Norte: 9 unidades; diferencia de 1. Motivo: Una unidad llegó rota']);

    // Both stores list it, received; a second receipt finds nothing in transit.
    expect((await ok('GET', '/api/traslados', e.norte.token)).items.map((x: { numero: number; estado: string }) => [x.numero, x.estado])).toEqual([[1, 'recibido']]);
    const otra = await req('POST', `/api/traslados/${tr.id}/recibir`, e.norte.token, { version: rec.traslado.version, lineas: [{ lineaId, cantidad: 1 }] });
    expect(otra.statusCode).toBe(409);
    expect(otra.json().error.message).toBe(T.noSePuede.recibir);
  });

  it('el traslado lleva el costo: la sucursal promedia lo recibido al costo con que salió, y vende con ese costo (ADR 056, adenda)', async () => {
    const e = await empresaConSucursal();
    const costo = async (id: number) => (await t.database.db.select({ c: producto.costoPromedio }).from(producto).where(eq(producto.idProducto, id)))[0]!.c;
    const prov = (await ok('POST', '/api/proveedores', e.s.token, { nombre: 'Distribuidora Andina', telefono: '3104567890', email: 'andina@example.com' }, 201)).proveedor.id as number;
    const recibir = (token: string, productoId: number, cantidad: number, costoUnit: number) =>
      ok('POST', '/api/compras/recepciones', token, { proveedorId: prov, facturaNumero: null, cufe: null, lineas: [{ productoId, cantidad, costoUnit, vence: null, lote: null }] }, 201);
    // The main store buys 20 at $ 1.000; the branch 5 at $ 1.400 from the same (the empresa's) supplier.
    await recibir(e.s.token, e.arroz, 20, 1_000);
    await recibir(e.norte.token, e.arrozN, 5, 1_400);
    expect([await costo(e.arroz), await costo(e.arrozN)]).toEqual([1_000, 1_400]);

    const tr = await pedir(e.s.token, e.s.id, e.norte.id, [{ productoId: e.arroz, cantidad: 10 }, { productoId: e.gaseosa, cantidad: 4 }]);
    const desp = (await ok('POST', `/api/traslados/${tr.id}/despachar`, e.s.token, { version: tr.version })).traslado;
    // Leaving changes no average; the answer shows no cost (an encargado may not see costs).
    expect(await costo(e.arroz)).toBe(1_000);
    expect(Object.keys(desp.detalle[0])).not.toContain('costoUnit');
    const [arrozL, gaseosaL] = tr.detalle as { id: number }[];
    // Half arrives today, the rest tomorrow: each receipt blends what arrived.
    const r1 = (await ok('POST', `/api/traslados/${tr.id}/recibir`, e.norte.token, { version: desp.version, lineas: [{ lineaId: arrozL!.id, cantidad: 5 }, { lineaId: gaseosaL!.id, cantidad: 4 }], cerrar: false, motivo: null })).traslado;
    expect(await costo(e.arrozN)).toBe(1_200); // (5 × 1.400 + 5 × 1.000) ÷ 10
    // The soda had no cost anywhere: none travels, none is invented.
    expect(await costo(e.gaseosaN)).toBeNull();
    await ok('POST', `/api/traslados/${tr.id}/recibir`, e.norte.token, { version: r1.version, lineas: [{ lineaId: arrozL!.id, cantidad: 5 }], cerrar: false, motivo: null });
    expect(await costo(e.arrozN)).toBe(1_133); // (10 × 1.200 + 5 × 1.000) ÷ 15 = 1.133,3
    expect(await stock(e.arrozN)).toBe(15);

    // A sale in the branch carries that cost, so its margin is the goods' real one.
    await abrirCaja(t, e.norte.token);
    const venta = await ok('POST', '/api/ventas', e.norte.token, { lineas: [{ productoId: e.arrozN, cantidad: 2 }], metodoPagoId: 5, montoRecibido: 10_000 }, 201);
    const [linea] = await t.database.db.select({ costo: factura.costoUnit }).from(factura).where(eq(factura.ventaId, venta.id));
    expect(linea!.costo).toBe(1_133);
  });

  it('un traslado despachado antes de llevar costo (migración 0109) se recibe sin tocar el costo de la sucursal', async () => {
    const e = await empresaConSucursal();
    const tr = await pedir(e.s.token, e.s.id, e.norte.id, [{ productoId: e.arroz, cantidad: 3 }]);
    const desp = (await ok('POST', `/api/traslados/${tr.id}/despachar`, e.s.token, { version: tr.version })).traslado;
    await t.database.db.update(trasladoLinea).set({ costoUnit: null }).where(eq(trasladoLinea.trasladoId, tr.id));
    await t.database.db.update(producto).set({ costoPromedio: 1_400 }).where(eq(producto.idProducto, e.arrozN));
    await ok('POST', `/api/traslados/${tr.id}/recibir`, e.norte.token, { version: desp.version, lineas: [{ lineaId: tr.detalle[0].id, cantidad: 3 }], cerrar: false, motivo: null });
    expect((await t.database.db.select({ c: producto.costoPromedio }).from(producto).where(eq(producto.idProducto, e.arrozN)))[0]!.c).toBe(1_400);
    expect(await stock(e.arrozN)).toBe(3);
  });

  it('recepciones parciales: lo demás sigue en tránsito; no se recibe más de lo que está en tránsito; una diferencia pide su motivo', async () => {
    const e = await empresaConSucursal();
    const tr = await pedir(e.s.token, e.s.id, e.norte.id, [
      { productoId: e.arroz, cantidad: 6 },
      { productoId: e.gaseosa, cantidad: 12 },
    ]);
    // Only 5 rice leave (what the shelf gave); the soda as asked.
    const [la, lg] = tr.detalle.map((l: { id: number }) => l.id);
    const d = (await ok('POST', `/api/traslados/${tr.id}/despachar`, e.s.token, { version: tr.version, lineas: [{ lineaId: la, cantidad: 5 }] })).traslado;
    expect(d.detalle.map((l: { despachada: number }) => l.despachada)).toEqual([5, 12]);
    expect([await stock(e.arroz), await stock(e.gaseosa)]).toEqual([35, 12]);

    const demasiado = await req('POST', `/api/traslados/${tr.id}/recibir`, e.norte.token, { version: d.version, lineas: [{ lineaId: la, cantidad: 6 }] });
    expect(demasiado.statusCode).toBe(400);
    expect(demasiado.json().error.message).toBe(T.masQueEnTransito('Arroz Diana 500 g'));
    const sinMotivo = await req('POST', `/api/traslados/${tr.id}/recibir`, e.norte.token, { version: d.version, lineas: [{ lineaId: la, cantidad: 5 }], cerrar: true });
    expect(sinMotivo.statusCode).toBe(400);
    expect(sinMotivo.json().error.message).toBe(T.motivoRequerido);
    expect([await stock(e.arrozN), await stock(e.gaseosaN)]).toEqual([0, 0]);

    const p1 = await ok('POST', `/api/traslados/${tr.id}/recibir`, e.norte.token, { version: d.version, lineas: [{ lineaId: la, cantidad: 5 }, { lineaId: lg, cantidad: 6 }] });
    expect(p1.message).toBe(T.recibido(1, false));
    expect(p1.traslado).toMatchObject({ estado: 'parcial', detalle: [{ recibida: 5, enTransito: 0 }, { recibida: 6, enTransito: 6 }] });
    const p2 = await ok('POST', `/api/traslados/${tr.id}/recibir`, e.norte.token, { version: p1.traslado.version, lineas: [{ lineaId: lg, cantidad: 6 }] });
    expect(p2.traslado).toMatchObject({ estado: 'recibido', detalle: [{ recibida: 5, faltante: 0 }, { recibida: 12, faltante: 0 }] });
    expect([await stock(e.arrozN), await stock(e.gaseosaN)]).toEqual([5, 12]);
  });

  it('dos recepciones del mismo traslado a la vez: se aplica una; dos despachos a la vez: sale una vez', async () => {
    const e = await empresaConSucursal();
    const tr = await pedir(e.s.token, e.s.id, e.norte.id, [{ productoId: e.arroz, cantidad: 10 }]);
    const despachos = await Promise.all([1, 2].map(() => req('POST', `/api/traslados/${tr.id}/despachar`, e.s.token, { version: tr.version })));
    expect(despachos.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stock(e.arroz)).toBe(30);
    const d = await ver(e.s.token, tr.id);
    const cuerpo = { version: d.version, lineas: [{ lineaId: d.detalle[0].id, cantidad: 10 }] };
    const recibos = await Promise.all([1, 2].map(() => req('POST', `/api/traslados/${tr.id}/recibir`, e.norte.token, cuerpo)));
    expect(recibos.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stock(e.arrozN)).toBe(10);
    // Partial receipts of one version at once: also one, so a double click never enters twice.
    const tr2 = await pedir(e.s.token, e.s.id, e.norte.id, [{ productoId: e.arroz, cantidad: 10 }]);
    const d2 = (await ok('POST', `/api/traslados/${tr2.id}/despachar`, e.s.token, { version: tr2.version })).traslado;
    const mitad = { version: d2.version, lineas: [{ lineaId: d2.detalle[0].id, cantidad: 5 }] };
    const parciales = await Promise.all([1, 2].map(() => req('POST', `/api/traslados/${tr2.id}/recibir`, e.norte.token, mitad)));
    expect(parciales.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(parciales.find((r) => r.statusCode === 409)!.json().error.message).toBe(T.cambio);
    expect([await stock(e.arroz), await stock(e.arrozN)]).toEqual([20, 15]);
    const entradas = await t.database.db.select().from(movimiento).where(and(eq(movimiento.tiendaId, e.norte.id), eq(movimiento.productoId, e.arrozN)));
    expect(entradas.map((m) => m.entradas)).toEqual([10, 5]);
  });

  it('se cancela antes de despachar, no después; sin stock no sale nada', async () => {
    const e = await empresaConSucursal();
    const tr = await pedir(e.s.token, e.s.id, e.norte.id, [{ productoId: e.arroz, cantidad: 10 }]);
    const c = await ok('POST', `/api/traslados/${tr.id}/cancelar`, e.norte.token, { version: tr.version });
    expect(c).toMatchObject({ message: T.cancelado(1), traslado: { estado: 'cancelado' } });
    const tarde = await req('POST', `/api/traslados/${tr.id}/despachar`, e.s.token, { version: c.traslado.version });
    expect(tarde.statusCode).toBe(409);
    expect(tarde.json().error.message).toBe(T.noSePuede.despachar);

    const mucho = await pedir(e.s.token, e.s.id, e.norte.id, [
      { productoId: e.gaseosa, cantidad: 5 },
      { productoId: e.arroz, cantidad: 41 },
    ]);
    const sin = await req('POST', `/api/traslados/${mucho.id}/despachar`, e.s.token, { version: mucho.version });
    expect(sin.statusCode).toBe(409);
    expect(sin.json().error.message).toBe(T.sinStock('Arroz Diana 500 g'));
    expect([await stock(e.arroz), await stock(e.gaseosa)]).toEqual([40, 24]);
    expect((await ver(e.s.token, mucho.id)).estado).toBe('pedido');
    const despachado = (await ok('POST', `/api/traslados/${mucho.id}/despachar`, e.s.token, { version: mucho.version, lineas: [{ lineaId: mucho.detalle[1].id, cantidad: 40 }] })).traslado;
    const cancelar = await req('POST', `/api/traslados/${mucho.id}/cancelar`, e.s.token, { version: despachado.version });
    expect(cancelar.statusCode).toBe(409);
    expect(cancelar.json().error.message).toBe(T.noSePuede.cancelar);
  });

  it('el producto se busca en la otra tienda por código de barras, si no por nombre sin tildes; sin par se rechaza; la sucursal pide desde Por pedir', async () => {
    const e = await empresaConSucursal();
    const db = t.database.db;
    // The branch renamed its soda (barcode kept) and typed the rice without accents or case.
    await db.update(producto).set({ nombre: 'Gaseosa personal' }).where(eq(producto.idProducto, e.gaseosaN));
    // Created in the main store only (`tiendas: []`; otherwise the catalogue carries it to the branch, ADR 043 §2).
    const nuevo = await req('POST', '/api/productos', e.s.token, { nombre: 'Café Águila Roja 250 g', precio: 9_000, cantidad: 5, tiendas: [] });
    const cafe = nuevo.json().producto.id as number;
    const sinPar = await req('POST', '/api/traslados', e.s.token, { origenId: e.s.id, destinoId: e.norte.id, lineas: [{ productoId: cafe, cantidad: 1 }] });
    expect(sinPar.statusCode).toBe(400);
    expect(sinPar.json().error.message).toBe(T.sinPar('Café Águila Roja 250 g', 'El Sol Norte'));
    const [cafeN] = await db.insert(producto).values({ tiendaId: e.norte.id, nombre: 'CAFE AGUILA ROJA 250 G', precioUnit: 9_000, stock: 0, stockMin: 4 }).returning();
    await db.update(producto).set({ stockMin: 6 }).where(eq(producto.idProducto, e.gaseosaN));

    // The branch asks from its own Por pedir: lines name its products, matched in the main store.
    const porPedir = await ok('GET', '/api/compras/por-pedir', e.norte.token);
    const faltan = porPedir.grupos.flatMap((g: { productos: { id: number; sugerido: number }[] }) => g.productos).map((p: { id: number; sugerido: number }) => ({ productoId: p.id, cantidad: p.sugerido }));
    expect(faltan.map((f: { productoId: number }) => f.productoId).sort()).toEqual([e.gaseosaN, cafeN!.idProducto].sort());
    const tr = await pedir(e.norte.token, e.s.id, e.norte.id, faltan);
    const pares = Object.fromEntries(tr.detalle.map((l: { productoDestinoId: number; productoOrigenId: number }) => [l.productoDestinoId, l.productoOrigenId]));
    expect(pares).toEqual({ [e.gaseosaN]: e.gaseosa, [cafeN!.idProducto]: cafe });
    // Neither side the session's store, the same store twice, another empresa's store: refused.
    const otra = await crearTienda(t);
    for (const [body, msg] of [
      [{ origenId: e.s.id, destinoId: e.s.id }, T.mismaTienda],
      [{ origenId: e.s.id, destinoId: otra.id }, T.otraEmpresa],
      [{ origenId: e.norte.id, destinoId: otra.id }, T.debeSerUnaDeLasDos],
    ] as const) {
      const r = await req('POST', '/api/traslados', e.s.token, { ...body, lineas: [{ productoId: e.arroz, cantidad: 1 }] });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().error.message).toBe(msg);
    }
  });

  it('quién: el dueño todo; el encargado de una tienda solo su lado; el cajero nada; otra empresa no lo ve', async () => {
    const e = await empresaConSucursal();
    await t.database.db.update(tienda).set({ aprobarEmpleados: false }).where(eq(tienda.idTienda, e.norte.id));
    const encargadoNorte = (await crearEmpleado(t, e.norte.codigo, { rol: ROL.ENCARGADO })).token;
    const cajero = (await crearEmpleado(t, e.s.codigo)).token;
    const tr = await pedir(e.s.token, e.s.id, e.norte.id, [{ productoId: e.arroz, cantidad: 3 }]);
    const noDespacha = await req('POST', `/api/traslados/${tr.id}/despachar`, encargadoNorte, { version: tr.version });
    expect(noDespacha.statusCode).toBe(403);
    expect(noDespacha.json().error.message).toBe(T.noEsSuTienda);
    expect((await ver(encargadoNorte, tr.id)).puede).toEqual({ despachar: false, recibir: false, cancelar: true });
    const c = await req('GET', '/api/traslados', cajero);
    expect(c.statusCode).toBe(403);
    expect(c.json().error.message).toBe(T.soloDuenoOEncargado);
    const ajena = await crearTienda(t);
    expect((await req('GET', `/api/traslados/${tr.id}`, ajena.token)).statusCode).toBe(404);
    expect((await ok('GET', '/api/traslados', ajena.token)).items).toEqual([]);
    const d = (await ok('POST', `/api/traslados/${tr.id}/despachar`, e.s.token, { version: tr.version })).traslado;
    const r = await ok('POST', `/api/traslados/${tr.id}/recibir`, encargadoNorte, { version: d.version, lineas: [{ lineaId: d.detalle[0].id, cantidad: 3 }] });
    expect(r.traslado.estado).toBe('recibido');
    expect(r.traslado.eventos.at(-1)).toMatchObject({ tipo: 'recepcion', usuario: 'Ana Pérez', tienda: 'El Sol Norte' });
  });
});
