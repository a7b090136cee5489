import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { lote, movimiento, producto, traslado } from '../../server/db/schema';
import { tiendaConProveedor } from '../../server/modules/compras/compras.fixtures';
import { usarLotes } from '../../server/modules/lote/lote.fixtures';
import { abrirSucursal, productoEn } from '../helpers/dos-tiendas';
import { usarApp } from '../helpers/test-app';

/**
 * Lots travel with a transfer (issue #56, ADR 056 addendum): the origin's unexpired lots leave first to
 * expire first (an expired lot never travels), each lot's code and expiry ride on the line, and the
 * receipt enters them at the destination under the same code and expiry, in parts, as the person says or
 * in that order; what never arrives is recorded per lot. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const t = usarApp();
const { req, db, fecha, productoConLotes, lotesDe } = usarLotes(t);
const T = M.traslados;
const AMOX = 'Amoxicilina 500 mg';

const ok = async (method: 'GET' | 'POST', url: string, token: string, body?: unknown, status = 200) => {
  const r = await req(method, url, token, body);
  expect(r.statusCode, r.body).toBe(status);
  return r.json();
};

/**
 * A droguería whose amoxicillin tracks lots: VIEJO expired (3), CORTO in 20 days (4), LARGO in 200 (6);
 * a branch opened from it whose copy tracks lots too (unless `sucursalSinLotes`).
 */
async function drogueriaConSucursal(opciones: { sucursalSinLotes?: boolean } = {}) {
  const s = await tiendaConProveedor(t, 'Distribuidora Salud', 'pedidos@salud.co');
  const amox = await productoConLotes(s, AMOX);
  const vence = { viejo: await fecha(-10), corto: await fecha(20), largo: await fecha(200) };
  const compra = await req('POST', '/api/compras/recepciones', s.token, {
    proveedorId: s.proveedor,
    lineas: [
      {
        productoId: amox,
        cantidad: 13,
        costoUnit: 1_000,
        lotes: [
          { codigo: 'VIEJO', vence: vence.viejo, cantidad: 3 },
          { codigo: 'CORTO', vence: vence.corto, cantidad: 4 },
          { codigo: 'LARGO', vence: vence.largo, cantidad: 6 },
        ],
      },
    ],
  });
  expect(compra.statusCode, compra.body).toBe(201);
  const norte = await abrirSucursal(t, s.token, { nombreTienda: 'Droguería Norte' });
  const amoxN = await productoEn(t, norte.idTienda, AMOX);
  await db().update(producto).set({ manejaLotes: !opciones.sucursalSinLotes }).where(eq(producto.idProducto, amoxN));
  return { s, norte, amox, amoxN, vence };
}

const venceDe = async (productoId: number) =>
  Object.fromEntries((await db().select({ codigo: lote.codigo, vence: lote.vence }).from(lote).where(and(eq(lote.productoId, productoId), isNotNull(lote.codigo)))).map((l) => [l.codigo, l.vence]));

describe('traslados de productos con lotes', () => {
  it('salen los lotes sin vencer, el que vence antes primero; llegan con su código y su fecha, en partes, y lo que no llega queda por lote', async () => {
    const e = await drogueriaConSucursal();
    const tr = (await ok('POST', '/api/traslados', e.s.token, { origenId: e.s.id, destinoId: e.norte.idTienda, lineas: [{ productoId: e.amox, cantidad: 7 }] }, 201)).traslado;
    const desp = (await ok('POST', `/api/traslados/${tr.id}/despachar`, e.s.token, { version: tr.version })).traslado;
    // CORTO whole, then 3 of LARGO; the expired lot stays.
    expect(desp.detalle[0].lotes).toMatchObject([
      { codigo: 'CORTO', vence: e.vence.corto, despachada: 4, enTransito: 4 },
      { codigo: 'LARGO', vence: e.vence.largo, despachada: 3, enTransito: 3 },
    ]);
    expect(await lotesDe(e.amox)).toEqual({ lotes: { VIEJO: 3, LARGO: 3 }, stock: 6 });
    // One ledger row per lot that left, naming it.
    const salidas = await db().select({ salidas: movimiento.salidas, loteId: movimiento.loteId }).from(movimiento).where(and(eq(movimiento.productoId, e.amox), eq(movimiento.motivo, T.motivoSalida(1, 'Droguería Norte')))).orderBy(asc(movimiento.idMovimiento));
    expect(salidas.map((m) => m.salidas)).toEqual([4, 3]);
    expect(salidas.every((m) => m.loteId != null)).toBe(true);

    // The branch receives 5 without naming lots: CORTO's 4 and 1 of LARGO, with their dates.
    const lineaId = desp.detalle[0].id;
    const parcial = (await ok('POST', `/api/traslados/${tr.id}/recibir`, e.norte.token, { version: desp.version, lineas: [{ lineaId, cantidad: 5 }] })).traslado;
    expect(parcial.estado).toBe('parcial');
    expect(parcial.detalle[0].lotes).toMatchObject([
      { codigo: 'CORTO', recibida: 4, enTransito: 0 },
      { codigo: 'LARGO', recibida: 1, enTransito: 2 },
    ]);
    expect(await lotesDe(e.amoxN)).toEqual({ lotes: { CORTO: 4, LARGO: 1 }, stock: 5 });
    expect(await venceDe(e.amoxN)).toEqual({ CORTO: e.vence.corto, LARGO: e.vence.largo });

    // Then 1 more and closed: LARGO's last unit is the difference, with its reason.
    const cierre = (
      await ok('POST', `/api/traslados/${tr.id}/recibir`, e.norte.token, { version: parcial.version, lineas: [{ lineaId, cantidad: 1 }], cerrar: true, motivo: 'Una caja llegó mojada' })
    ).traslado;
    expect(cierre).toMatchObject({ estado: 'recibido', detalle: [{ recibida: 6, faltante: 1, enTransito: 0 }] });
    expect(cierre.detalle[0].lotes).toMatchObject([
      { codigo: 'CORTO', recibida: 4, faltante: 0 },
      { codigo: 'LARGO', recibida: 2, faltante: 1, enTransito: 0 },
    ]);
    expect(await lotesDe(e.amoxN)).toEqual({ lotes: { CORTO: 4, LARGO: 2 }, stock: 6 });
  });

  it('sin lotes vigentes suficientes no se despacha: el mensaje dice cuánto falta y nada se mueve', async () => {
    const e = await drogueriaConSucursal();
    const tr = (await ok('POST', '/api/traslados', e.s.token, { origenId: e.s.id, destinoId: e.norte.idTienda, lineas: [{ productoId: e.amox, cantidad: 12 }] }, 201)).traslado;
    const r = await req('POST', `/api/traslados/${tr.id}/despachar`, e.s.token, { version: tr.version });
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json().error.message).toBe(T.sinStockVigente(AMOX, '2'));
    expect(await lotesDe(e.amox)).toEqual({ lotes: { VIEJO: 3, CORTO: 4, LARGO: 6 }, stock: 13 });
    expect((await ok('GET', `/api/traslados/${tr.id}`, e.s.token)).estado).toBe('pedido');
  });

  it('la sucursal dice qué llegó de cada lote; un lote de más, ajeno o que no suma se rechaza sin mover nada', async () => {
    const e = await drogueriaConSucursal();
    const tr = (await ok('POST', '/api/traslados', e.s.token, { origenId: e.s.id, destinoId: e.norte.idTienda, lineas: [{ productoId: e.amox, cantidad: 7 }] }, 201)).traslado;
    const desp = (await ok('POST', `/api/traslados/${tr.id}/despachar`, e.s.token, { version: tr.version })).traslado;
    const lineaId = desp.detalle[0].id;
    const [corto, largo] = desp.detalle[0].lotes as { id: number }[];
    const recibir = (lineas: object[]) => req('POST', `/api/traslados/${tr.id}/recibir`, e.norte.token, { version: desp.version, lineas });
    const malos: [object[], string][] = [
      [[{ lineaId, cantidad: 5, lotes: [{ loteId: largo!.id, cantidad: 5 }] }], T.masQueEnTransitoLote(AMOX, 'LARGO')],
      [[{ lineaId, cantidad: 3, lotes: [{ loteId: largo!.id, cantidad: 2 }] }], T.sumaLotes(AMOX)],
      [[{ lineaId, cantidad: 1, lotes: [{ loteId: 999_999, cantidad: 1 }] }], T.loteNoViaja],
      [[{ lineaId, cantidad: 2, lotes: [{ loteId: largo!.id, cantidad: 1 }, { loteId: largo!.id, cantidad: 1 }] }], T.loteNoViaja],
    ];
    for (const [lineas, mensaje] of malos) {
      const r = await recibir(lineas);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().error.message).toBe(mensaje);
    }
    expect(await lotesDe(e.amoxN)).toEqual({ lotes: {}, stock: 0 });
    const [v] = await db().select({ version: traslado.version }).from(traslado).where(eq(traslado.idTraslado, tr.id));
    expect(v!.version).toBe(desp.version);

    // LARGO's 3 arrived first; CORTO stays in transit.
    const bien = (await ok('POST', `/api/traslados/${tr.id}/recibir`, e.norte.token, { version: desp.version, lineas: [{ lineaId, cantidad: 3, lotes: [{ loteId: largo!.id, cantidad: 3 }] }] })).traslado;
    expect(bien.detalle[0].lotes).toMatchObject([
      { id: corto!.id, codigo: 'CORTO', recibida: 0, enTransito: 4 },
      { id: largo!.id, codigo: 'LARGO', recibida: 3, enTransito: 0 },
    ]);
    expect(await lotesDe(e.amoxN)).toEqual({ lotes: { LARGO: 3 }, stock: 3 });
  });

  it('un lote que la sucursal ya tiene con otra fecha se rechaza con su fecha; nada entra', async () => {
    const e = await drogueriaConSucursal();
    await db().insert(lote).values({ tiendaId: e.norte.idTienda, productoId: e.amoxN, codigo: 'CORTO', vence: await fecha(25) });
    const tr = (await ok('POST', '/api/traslados', e.s.token, { origenId: e.s.id, destinoId: e.norte.idTienda, lineas: [{ productoId: e.amox, cantidad: 2 }] }, 201)).traslado;
    const desp = (await ok('POST', `/api/traslados/${tr.id}/despachar`, e.s.token, { version: tr.version })).traslado;
    const r = await req('POST', `/api/traslados/${tr.id}/recibir`, e.norte.token, { version: desp.version, lineas: [{ lineaId: desp.detalle[0].id, cantidad: 2 }] });
    expect(r.statusCode, r.body).toBe(400);
    const [a, m, d] = (await fecha(25)).split('-');
    expect(r.json().error.message).toBe(M.lotes.loteOtraFecha(AMOX, 'CORTO', `${d}/${m}/${a}`));
    expect(await lotesDe(e.amoxN)).toEqual({ lotes: {}, stock: 0 });
    expect((await ok('GET', `/api/traslados/${tr.id}`, e.norte.token)).detalle[0].enTransito).toBe(2);
  });

  it('si la sucursal no maneja lotes, las unidades entran sin lote; el remitente sigue sabiendo qué lotes salieron', async () => {
    const e = await drogueriaConSucursal({ sucursalSinLotes: true });
    const tr = (await ok('POST', '/api/traslados', e.s.token, { origenId: e.s.id, destinoId: e.norte.idTienda, lineas: [{ productoId: e.amox, cantidad: 5 }] }, 201)).traslado;
    const desp = (await ok('POST', `/api/traslados/${tr.id}/despachar`, e.s.token, { version: tr.version })).traslado;
    const rec = (await ok('POST', `/api/traslados/${tr.id}/recibir`, e.norte.token, { version: desp.version, lineas: [{ lineaId: desp.detalle[0].id, cantidad: 5 }] })).traslado;
    expect(rec.detalle[0].lotes).toMatchObject([
      { codigo: 'CORTO', recibida: 4 },
      { codigo: 'LARGO', recibida: 1 },
    ]);
    const [n] = await db().select({ stock: producto.stock }).from(producto).where(eq(producto.idProducto, e.amoxN));
    expect(n!.stock).toBe(5);
    expect(await db().select().from(lote).where(eq(lote.productoId, e.amoxN))).toEqual([]);
  });
});
