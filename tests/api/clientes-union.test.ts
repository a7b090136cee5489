import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { formatPesos } from '#shared/money';
import { ROL } from '#shared/roles';
import { actividad, cliente, creditoMovimiento, listaPrecio, listaPrecioCliente, puntoMovimiento, tienda, usuario } from '../../server/db/schema';
import { createCrudTestApp, client } from '../../server/modules/crud/crud.fixtures';
import { legacy, type Legacy } from '../../server/legacy/test-client';
import { laCatorceYCentro } from '../helpers/dos-tiendas';
import { crearEmpleado, crearTienda } from '../helpers/factories';
import type { TestApp } from '../helpers/test-app';

/**
 * Merging two customers of one empresa that share a documento (issue #56, ADR 067): migration 0090 kept
 * both, flagged. The owner or a store's administrator merges them: the ledgers are not rewritten, a
 * pair of 'union' movements per store moves the fiado balance and the points, the merged customer is
 * archived naming the survivor, whose balance, debt age and statement carry both; the price list moves;
 * an abono and an annulment afterwards land on the survivor; the offline catalogue sees the merged one
 * gone; a cashier is refused; the back-office and the legacy API cannot write around it. PGlite, and
 * PostgreSQL with TEST_DATABASE_URL.
 */
let t: TestApp;
let L: Legacy;
beforeAll(async () => {
  t = await createCrudTestApp();
  L = legacy(t);
});
afterAll(() => t?.close());

const req = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) => t.request({ method, url, token, ...(payload ? { payload } : {}) });

let seq = 0;
const documento = () => String(61_000_000 + ++seq * 13);
const HACE_40_DIAS = new Date(Date.UTC(2026, 0, 15, 15, 0, 0));

/** An owner with two stores (the one that signed up, a branch), a product and an open till in each, and two flagged customers of one documento. */
async function gemelos() {
  const { a, idB, tokenB, prodA, prodB } = await laCatorceYCentro(t, { arrozEnCentro: true });
  const db = t.database.db;
  const doc = documento();
  const [e] = await db.select({ id: tienda.empresaId }).from(tienda).where(eq(tienda.idTienda, a.id));
  const [uno, dos] = (
    await db
      .insert(cliente)
      .values([
        { tiendaId: a.id, empresaId: e!.id, documento: doc, nombre: 'Luz', apellido: 'Uno', fiado: true, cupo: 200_000, documentoRepetido: true },
        { tiendaId: idB, empresaId: e!.id, documento: doc, nombre: 'Luz', apellido: 'Dos', fiado: true, cupo: 200_000, telefono: '3001234567', documentoRepetido: true },
      ])
      .returning({ id: cliente.idCliente })
  ).map((f) => f.id);
  return { a, idB, tokenB, doc, uno: uno!, dos: dos!, prodA, prodB };
}

const venderFiado = (token: string, doc: string, productoId: number, cantidad: number) =>
  req('POST', '/api/ventas', token, { lineas: [{ productoId, cantidad }], metodoPagoId: 7, montoRecibido: 0, aCredito: true, documentoCliente: doc });
const cuenta = async (token: string, id: number) => (await req('GET', `/api/clientes/${id}/cuenta`, token)).json();

describe('unir dos clientes con el mismo documento (issue #56, ADR 067)', { timeout: 240_000 }, () => {
  it('el saldo, la edad de la deuda, los puntos y la lista pasan al que queda; los libros no se reescriben; un abono y una anulación después caen en él', async () => {
    const g = await gemelos();
    const db = t.database.db;
    // Each store's till finds its own: 10 000 fiado to Uno in store 1, 30 000 to Dos in store 2.
    expect((await venderFiado(g.a.token, g.doc, g.prodA, 1)).statusCode).toBe(201);
    const ventaDos = await venderFiado(g.tokenB, g.doc, g.prodB, 3);
    expect(ventaDos.statusCode, ventaDos.body).toBe(201);
    // Dos's oldest debt, from before (a charge of 5 000 in store 2 on 15 January).
    await db.insert(creditoMovimiento).values({ tiendaId: g.idB, clienteId: g.dos, tipo: 'cargo', monto: 5_000, fecha: HACE_40_DIAS, nota: 'antigua' });
    // Dos has 40 points in store 2 and store 2's price list.
    await db.insert(puntoMovimiento).values({ tiendaId: g.idB, clienteId: g.dos, tipo: 'ganado', puntos: 40 });
    const [lista] = await db.insert(listaPrecio).values({ tiendaId: g.idB, nombre: 'Mayoristas', porcentaje: 10 }).returning({ id: listaPrecio.idListaPrecio });
    await db.insert(listaPrecioCliente).values({ clienteId: g.dos, tiendaId: g.idB, listaId: lista!.id });
    const lineasAntes = await db.select().from(creditoMovimiento).where(eq(creditoMovimiento.clienteId, g.dos));

    const r = await req('POST', `/api/clientes/${g.uno}/unir`, g.a.token, { clienteId: g.dos });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toBe(M.clientes.unir.hecho('Luz Uno'));
    expect(r.json().cliente.documentoRepetido).toBeUndefined();
    // The survivor took the phone it had not.
    expect(r.json().cliente.telefono).toBe('3001234567');

    // One balance of 45 000 in either store, the debt as old as Dos's charge of 15 January.
    for (const token of [g.a.token, g.tokenB]) {
      const c = await cuenta(token, g.uno);
      expect(c.credito).toMatchObject({ saldo: 45_000, deudaDesde: HACE_40_DIAS.toISOString() });
      // The statement shows Dos's lines, not the pair that moved them, and ends at the balance.
      expect(c.movimientos.map((m: { tipo: string; monto: number }) => [m.tipo, m.monto])).toEqual([
        ['cargo', 5_000],
        ['cargo', 10_000],
        ['cargo', 30_000],
      ]);
      expect(c.movimientos.at(-1).saldo).toBe(45_000);
    }
    // Dos owes nothing, and its statement shows the pair's half that took its balance.
    const dos = await cuenta(g.a.token, g.dos);
    expect(dos.credito.saldo).toBe(0);
    expect(dos.movimientos.at(-1)).toMatchObject({ tipo: 'union', monto: -35_000, saldo: 0, tienda: 'Surtidor Centro' });
    // Nothing rewritten: Dos's lines are all still there, and one pair was appended, in store 2 only.
    const union = await db.select().from(creditoMovimiento).where(eq(creditoMovimiento.tipo, 'union'));
    const delPar = union.filter((m) => m.clienteId === g.uno || m.clienteId === g.dos);
    expect(delPar.map((m) => [m.tiendaId, m.clienteId, m.monto]).sort()).toEqual([
      [g.idB, g.dos, -35_000],
      [g.idB, g.uno, 35_000],
    ].sort());
    const lineasDespues = await db.select().from(creditoMovimiento).where(eq(creditoMovimiento.clienteId, g.dos));
    expect(lineasDespues.filter((m) => m.tipo !== 'union')).toEqual(lineasAntes);
    // Points: 40 in store 2, now Uno's.
    expect((await req('GET', `/api/puntos/clientes/${g.uno}`, g.tokenB)).json().saldo).toBe(40);
    expect((await req('GET', `/api/puntos/clientes/${g.dos}`, g.tokenB)).json().saldo).toBe(0);
    // The price list in store 2 is Uno's.
    expect(await db.select({ c: listaPrecioCliente.clienteId }).from(listaPrecioCliente).where(eq(listaPrecioCliente.listaId, lista!.id))).toEqual([{ c: g.uno }]);
    // Dos: archived, naming Uno; the list and both tills find Uno only.
    const [fila] = await db.select().from(cliente).where(eq(cliente.idCliente, g.dos));
    expect(fila).toMatchObject({ activo: false, unidoA: g.uno, documentoRepetido: false });
    expect((await req('GET', `/api/clientes?q=${g.doc}`, g.tokenB)).json().items.map((c: { id: number }) => c.id)).toEqual([g.uno]);
    expect((await req('GET', `/api/ventas/clientes/${g.doc}`, g.tokenB)).json()).toMatchObject({ id: g.uno, credito: { saldo: 45_000 } });

    // The activity log of store 1 (where it was done) and store 2 (whose balances moved), with before → after.
    const entradas = await db.select().from(actividad).where(eq(actividad.tipo, 'union_clientes'));
    const deEste = entradas.filter((x) => (x.detalle as { unidoId: number }).unidoId === g.dos);
    expect(deEste.map((x) => x.tiendaId).sort()).toEqual([g.a.id, g.idB].sort());
    const enB = deEste.find((x) => x.tiendaId === g.idB)!.detalle as { cambios: { campo: string; antes: string; despues: string }[] };
    expect(enB.cambios).toEqual(
      expect.arrayContaining([
        { campo: 'saldo de fiado de «Luz Uno»', antes: formatPesos(0), despues: formatPesos(35_000) },
        { campo: 'saldo de fiado de «Luz Dos»', antes: formatPesos(35_000), despues: formatPesos(0) },
        { campo: 'puntos de «Luz Uno»', antes: '0', despues: '40' },
      ]),
    );

    // Annulling Dos's sale of store 2 afterwards reverses its charge on Uno, who carries it.
    const anulada = await req('POST', `/api/ventas/${ventaDos.json().id}/anular`, g.tokenB);
    expect(anulada.statusCode, anulada.body).toBe(200);
    expect((await cuenta(g.a.token, g.uno)).credito.saldo).toBe(15_000);
    expect((await cuenta(g.a.token, g.dos)).credito.saldo).toBe(0);
    // An abono of 5 000 pays the oldest charge first: the debt is now as old as Uno's sale of today.
    const abono = await req('POST', `/api/clientes/${g.uno}/abonos`, g.tokenB, { monto: 5_000, metodoPagoId: 1 });
    expect(abono.statusCode, abono.body).toBe(201);
    const tras = await cuenta(g.a.token, g.uno);
    expect(tras.credito.saldo).toBe(10_000);
    expect(tras.credito.deudaDesde).not.toBe(HACE_40_DIAS.toISOString());
    expect(Date.parse(tras.credito.deudaDesde)).toBeGreaterThan(HACE_40_DIAS.getTime());
    // More than the balance is refused, as always; the merged customer has nothing to pay.
    expect((await req('POST', `/api/clientes/${g.uno}/abonos`, g.a.token, { monto: 10_001, metodoPagoId: 1 })).statusCode).toBe(422);
    expect((await req('POST', `/api/clientes/${g.dos}/abonos`, g.a.token, { monto: 1_000, metodoPagoId: 1 })).statusCode).toBe(422);
    // Paid in full: no debt, no age.
    const todo = await req('POST', `/api/clientes/${g.uno}/abonos`, g.a.token, { monto: 10_000, metodoPagoId: 1 });
    expect(todo.statusCode, todo.body).toBe(201);
    expect((await cuenta(g.tokenB, g.uno)).credito).toMatchObject({ saldo: 0, deudaDesde: null });
  });

  it('el catálogo de los equipos sin red ve al unido archivado y al que queda con el saldo de los dos', async () => {
    const g = await gemelos();
    expect((await venderFiado(g.tokenB, g.doc, g.prodB, 2)).statusCode).toBe(201);
    const primera = await req('GET', '/api/sin-red/datos', g.tokenB);
    expect(primera.statusCode, primera.body).toBe(200);
    const cursor = primera.json().cursor as string;
    expect((await req('POST', `/api/clientes/${g.uno}/unir`, g.tokenB, { clienteId: g.dos })).statusCode).toBe(200);
    const cambios = await req('GET', `/api/sin-red/datos?desde=${encodeURIComponent(cursor)}`, g.tokenB);
    expect(cambios.statusCode, cambios.body).toBe(200);
    const clientes = cambios.json().clientes as { id: number; activo: boolean; saldo: number }[];
    expect(clientes.find((c) => c.id === g.dos)).toMatchObject({ activo: false, saldo: 0 });
    expect(clientes.find((c) => c.id === g.uno)).toMatchObject({ activo: true, saldo: 20_000 });
  });

  it('solo el dueño o el administrador: un cajero y un encargado reciben 403; solo se unen dos marcados del mismo documento; otra empresa no los ve', async () => {
    const g = await gemelos();
    const cajero = await crearEmpleado(t, g.a.codigo);
    const encargado = await crearEmpleado(t, g.a.codigo);
    await t.database.db.update(usuario).set({ rolId: ROL.ENCARGADO }).where(eq(usuario.correo, encargado.email));
    for (const token of [cajero.token, encargado.token]) {
      const r = await req('POST', `/api/clientes/${g.uno}/unir`, token, { clienteId: g.dos });
      expect(r.statusCode).toBe(403);
      expect(r.json().error.message).toBe(M.clientes.unir.sinPermiso);
    }
    const otra = await crearTienda(t);
    expect((await req('POST', `/api/clientes/${g.uno}/unir`, otra.token, { clienteId: g.dos })).statusCode).toBe(404);
    // Itself, or a customer that is not its twin: refused with a Spanish message, nothing changed.
    const consigo = await req('POST', `/api/clientes/${g.uno}/unir`, g.a.token, { clienteId: g.uno });
    expect(consigo.statusCode).toBe(422);
    expect(consigo.json().error.message).toBe(M.clientes.unir.mismo);
    const ajeno = await req('POST', '/api/clientes', g.a.token, { documento: documento(), tipoDocumento: 'CC', nombre: 'Otro', apellido: 'Cliente' });
    const noGemelo = await req('POST', `/api/clientes/${g.uno}/unir`, g.a.token, { clienteId: ajeno.json().cliente.id });
    expect(noGemelo.statusCode).toBe(409);
    expect(noGemelo.json().error.message).toBe(M.clientes.unir.soloRepetidos);
    expect((await req('POST', `/api/clientes/${g.uno}/unir`, g.a.token, { clienteId: 'dos' })).statusCode).toBe(400);
    const [sigue] = await t.database.db.select().from(cliente).where(eq(cliente.idCliente, g.dos));
    expect(sigue).toMatchObject({ activo: true, unidoA: null, documentoRepetido: true });
    // Done once, a second time says who it went to.
    expect((await req('POST', `/api/clientes/${g.uno}/unir`, g.a.token, { clienteId: g.dos })).statusCode).toBe(200);
    const otraVez = await req('POST', `/api/clientes/${g.dos}/unir`, g.a.token, { clienteId: g.uno });
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json().error.message).toBe(M.clientes.unir.yaUnido('Luz Uno'));
  });

  it('la administración y la API heredada no escriben sobre el unido: lo rechazan o llegan al que queda', async () => {
    const g = await gemelos();
    expect((await req('POST', `/api/clientes/${g.uno}/unir`, g.a.token, { clienteId: g.dos })).statusCode).toBe(200);
    const db = t.database.db;
    const [antes] = await db.select().from(cliente).where(eq(cliente.idCliente, g.dos));
    const datos = { documento: g.doc, tipoDocumento: 'CC', nombre: 'Luz', apellido: 'Dos Editada', correo: 'luz@correo.example' };
    // The store's screen and the back-office: a merged customer is refused, naming the survivor.
    for (const r of [await req('PUT', `/api/clientes/${g.dos}`, g.tokenB, datos), await req('PUT', `/api/crud/cliente/${g.dos}`, g.a.token, datos)]) {
      expect(r.statusCode).toBe(409);
      expect(r.json().error.message).toBe(M.clientes.unir.yaUnido('Luz Uno'));
    }
    const borrar = await client(t, g.a.token).del(`/cliente/${g.dos}`);
    expect(borrar.status).toBe(409);
    // The legacy API names a customer by its documento: it reaches the survivor, never the merged one.
    const heredada = await L.json('PUT', 'cliente', { actualizar: true, Documento: g.doc, Tipo_documento: 'CC', NombreCliente: 'Luz', ApellidoCliente: 'Uno Heredada', Correo: 'luz@correo.example' }, g.tokenB);
    expect(heredada.status, JSON.stringify(heredada.body)).toBe(200);
    const [uno] = await db.select({ apellido: cliente.apellido }).from(cliente).where(eq(cliente.idCliente, g.uno));
    expect(uno!.apellido).toBe('Uno Heredada');
    const [despues] = await db.select().from(cliente).where(eq(cliente.idCliente, g.dos));
    expect(despues).toEqual(antes);
    // A new customer with the documento is refused: it is Uno's.
    expect((await req('POST', '/api/clientes', g.a.token, { documento: g.doc, tipoDocumento: 'CC', nombre: 'Luz', apellido: 'Tres' })).statusCode).toBe(409);
    expect(await db.select({ id: cliente.idCliente }).from(cliente).where(and(eq(cliente.documento, g.doc), eq(cliente.activo, true)))).toEqual([{ id: g.uno }]);
  });
});
