import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { formatPesos } from '#shared/money';
import { cliente, creditoMovimiento, tienda } from '../../server/db/schema';
import { comprobarConsistencia } from '../../server/db/consistencia';
import { laCatorceYCentro } from '../helpers/dos-tiendas';
import { abrirCaja, crearTienda, peticion } from '../helpers/factories';
import { usarApp } from '../helpers/test-app';

/**
 * Customers and their fiado are the empresa's (issue #56 point 2, ADR 043 step "customers shared"):
 * a customer created in one store is found and sold to on credit in another of the owner's stores, an
 * abono paid in either lowers the one balance (its cash in that store's till), the statement names
 * the store of each line, the limit counts every store's charges; another empresa sees and pays
 * nothing. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const t = usarApp();
const req = peticion(t);

let seq = 0;
const documento = () => String(52_000_000 + ++seq * 11);

/** An owner with two stores, a product in stock in each. */
const dosTiendas = () => laCatorceYCentro(t, { arrozEnCentro: true });

const venderFiado = (token: string, doc: string, productoId: number, cantidad: number) =>
  req('POST', '/api/ventas', token, { lineas: [{ productoId, cantidad }], metodoPagoId: 7, montoRecibido: 0, aCredito: true, documentoCliente: doc });

describe('un cliente de la empresa en sus dos tiendas', () => {
  it('creado en la tienda 1, se busca y fía en la 2; el abono en la 1 baja el único saldo; el estado de cuenta nombra las dos tiendas; el cupo cuenta las dos', async () => {
    const { a, tokenB, idB, prodA, prodB } = await dosTiendas();
    const doc = documento();
    const creado = await req('POST', '/api/clientes', a.token, { documento: doc, tipoDocumento: 'CC', nombre: 'Marleny', apellido: 'Ospina', fiado: true, cupo: 50_000 });
    expect(creado.statusCode, creado.body).toBe(201);
    const id = creado.json().cliente.id as number;

    // The till of store 2 finds her, with her limit, and the store's customer list too.
    const enCaja = await req('GET', `/api/ventas/clientes/${doc}`, tokenB);
    expect(enCaja.statusCode, enCaja.body).toBe(200);
    expect(enCaja.json()).toMatchObject({ id, credito: { cupo: 50_000, saldo: 0, disponible: 50_000 } });
    expect((await req('GET', `/api/clientes?q=${doc}`, tokenB)).json().items.map((c: { id: number }) => c.id)).toEqual([id]);
    // The same documento is one customer of the empresa: store 2 cannot create her again.
    const otra = await req('POST', '/api/clientes', tokenB, { documento: doc, tipoDocumento: 'CC', nombre: 'Otra', apellido: 'Persona' });
    expect(otra.statusCode).toBe(409);
    expect(otra.json().error.message).toBe(M.clientes.documentoDuplicado);

    // 30 000 on credit in store 2, 10 000 in store 1: one balance of 40 000.
    expect((await venderFiado(tokenB, doc, prodB, 3)).statusCode).toBe(201);
    expect((await venderFiado(a.token, doc, prodA, 1)).statusCode).toBe(201);
    // The limit counts both stores: 10 000 left, so 20 000 more is refused in either.
    const pasa = await venderFiado(a.token, doc, prodA, 2);
    expect(pasa.statusCode).toBe(422);
    expect(pasa.json().error.message).toBe(M.ventas.cupoInsuficiente(formatPesos(10_000)));
    expect((await venderFiado(tokenB, doc, prodB, 2)).statusCode).toBe(422);
    const saldo = async (token: string) => (await req('GET', `/api/clientes/${id}/cuenta`, token)).json().credito.saldo as number;
    expect(await saldo(a.token)).toBe(40_000);
    expect(await saldo(tokenB)).toBe(40_000);

    // An abono of 25 000 in store 1 lowers the one balance, seen from both stores.
    const abono = await req('POST', `/api/clientes/${id}/abonos`, a.token, { monto: 25_000, metodoPagoId: 5 });
    expect(abono.statusCode, abono.body).toBe(201);
    expect(abono.json().saldo).toBe(15_000);
    expect(await saldo(tokenB)).toBe(15_000);

    // The statement, from store 2, names the store of each line.
    const cuenta = (await req('GET', `/api/clientes/${id}/cuenta`, tokenB)).json();
    expect(cuenta.tienda).toBe('Surtidor Centro');
    expect(cuenta.movimientos.map((m: { tipo: string; monto: number; tienda: string; saldo: number }) => [m.tipo, m.monto, m.tienda, m.saldo])).toEqual([
      ['cargo', 30_000, 'Surtidor Centro', 30_000],
      ['cargo', 10_000, 'Surtidor La 14', 40_000],
      ['abono', -25_000, 'Surtidor La 14', 15_000],
    ]);
    // The abono's line is store 1's, in its open till; store 2's ledger lines stay its own.
    const lineas = await t.database.db.select({ tienda: creditoMovimiento.tiendaId, tipo: creditoMovimiento.tipo, turno: creditoMovimiento.turnoId }).from(creditoMovimiento).where(eq(creditoMovimiento.clienteId, id));
    expect(lineas.filter((l) => l.tipo === 'abono')).toEqual([{ tienda: a.id, tipo: 'abono', turno: expect.any(Number) }]);
    expect(lineas.filter((l) => l.tienda === idB).map((l) => l.tipo)).toEqual(['cargo']);
    // Both stores' receivables list her with the one balance; the abono now may be paid in store 2 too.
    for (const token of [a.token, tokenB]) {
      const cxc = (await req('GET', '/api/cuentas-por-cobrar', token)).json();
      expect(cxc.items.map((i: { clienteId: number; saldo: number }) => [i.clienteId, i.saldo])).toEqual([[id, 15_000]]);
    }
    expect((await req('POST', `/api/clientes/${id}/abonos`, tokenB, { monto: 15_001, metodoPagoId: 5 })).statusCode).toBe(422);
    const resto = await req('POST', `/api/clientes/${id}/abonos`, tokenB, { monto: 15_000, metodoPagoId: 5 });
    expect(resto.statusCode, resto.body).toBe(201);
    expect(resto.json().saldo).toBe(0);
    expect(await saldo(a.token)).toBe(0);
    expect(await comprobarConsistencia(t.database.db)).toEqual([]);
  });

  it('otra empresa no ve, no busca, no fía ni cobra al cliente', async () => {
    const { a, tokenB } = await dosTiendas();
    const doc = documento();
    const creado = await req('POST', '/api/clientes', tokenB, { documento: doc, tipoDocumento: 'CC', nombre: 'Jairo', apellido: 'Muñoz', fiado: true, cupo: 80_000 });
    expect(creado.statusCode, creado.body).toBe(201);
    const id = creado.json().cliente.id as number;
    // Created in the branch, the first store sees him.
    expect((await req('GET', `/api/clientes?q=${doc}`, a.token)).json().total).toBe(1);
    const otra = await crearTienda(t);
    await abrirCaja(t, otra.token);
    const p = await req('POST', '/api/productos', otra.token, { nombre: 'Panela', precio: 3_000, cantidad: 10 });
    expect((await req('GET', `/api/clientes?q=${doc}`, otra.token)).json().total).toBe(0);
    expect((await req('GET', `/api/ventas/clientes/${doc}`, otra.token)).statusCode).toBe(404);
    expect((await req('GET', `/api/clientes/${id}/cuenta`, otra.token)).statusCode).toBe(404);
    expect((await req('POST', `/api/clientes/${id}/abonos`, otra.token, { monto: 1_000, metodoPagoId: 5 })).statusCode).toBe(404);
    expect((await req('PUT', `/api/clientes/${id}`, otra.token, { documento: doc, tipoDocumento: 'CC', nombre: 'X', apellido: 'Y' })).statusCode).toBe(404);
    expect((await venderFiado(otra.token, doc, p.json().producto.id as number, 1)).statusCode).toBe(404);
    // Another empresa may have a customer with the same documento: its own, apart.
    const suyo = await req('POST', '/api/clientes', otra.token, { documento: doc, tipoDocumento: 'CC', nombre: 'Jairo', apellido: 'Otro' });
    expect(suyo.statusCode, suyo.body).toBe(201);
    expect((await req('GET', `/api/clientes?q=${doc}`, a.token)).json().items.map((c: { id: number }) => c.id)).toEqual([id]);
  });

  it('dos clientes con el mismo documento en dos tiendas antes de compartirse quedan los dos, marcados, y cada tienda encuentra el suyo', async () => {
    const { a, idB, tokenB } = await dosTiendas();
    const doc = documento();
    const db = t.database.db;
    // As migration 0090 found them: each store had created the person (written straight, as before the change).
    const [empresa] = await db.select({ e: tienda.empresaId }).from(tienda).where(eq(tienda.idTienda, a.id));
    const filas = await db
      .insert(cliente)
      .values([
        { tiendaId: a.id, empresaId: empresa!.e, documento: doc, nombre: 'Luz', apellido: 'Uno', documentoRepetido: true },
        { tiendaId: idB, empresaId: empresa!.e, documento: doc, nombre: 'Luz', apellido: 'Dos', documentoRepetido: true },
      ])
      .returning({ id: cliente.idCliente });
    const [uno, dos] = filas.map((f) => f.id);
    expect((await req('GET', `/api/ventas/clientes/${doc}`, a.token)).json().id).toBe(uno);
    expect((await req('GET', `/api/ventas/clientes/${doc}`, tokenB)).json().id).toBe(dos);
    const lista = (await req('GET', `/api/clientes?q=${doc}`, a.token)).json().items as { id: number; documentoRepetido: boolean }[];
    expect(lista.map((c) => [c.id, c.documentoRepetido]).sort((x, y) => Number(x[0]) - Number(y[0]))).toEqual([
      [uno, true],
      [dos, true],
    ]);
    // Each stays editable with its documento; a new, free documento clears the flag.
    expect((await req('PUT', `/api/clientes/${uno}`, a.token, { documento: doc, tipoDocumento: 'CC', nombre: 'Luz', apellido: 'Uno Editada' })).statusCode).toBe(200);
    const nuevo = documento();
    const corregido = await req('PUT', `/api/clientes/${dos}`, tokenB, { documento: nuevo, tipoDocumento: 'CC', nombre: 'Luz', apellido: 'Dos' });
    expect(corregido.statusCode, corregido.body).toBe(200);
    const [fila] = await db.select({ r: cliente.documentoRepetido }).from(cliente).where(eq(cliente.idCliente, dos!));
    expect(fila!.r).toBe(false);
    // A third one with the flagged documento is refused: it is the empresa's.
    expect((await req('POST', '/api/clientes', tokenB, { documento: doc, tipoDocumento: 'CC', nombre: 'Luz', apellido: 'Tres' })).statusCode).toBe(409);
  });

  it('un cliente nuevo toma la empresa de su tienda, aunque lo escriba otro camino que el dominio', async () => {
    const { idB } = await dosTiendas();
    const db = t.database.db;
    const [c] = await db.insert(cliente).values({ tiendaId: idB, documento: documento(), nombre: 'Sin', apellido: 'Empresa' }).returning({ e: cliente.empresaId });
    const [b] = await db.select({ e: tienda.empresaId }).from(tienda).where(eq(tienda.idTienda, idB));
    expect(c!.e).toBe(b!.e);
  });
});
