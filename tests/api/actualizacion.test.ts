import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrationsFolder, type Database } from '../../server/db/client';
import { comprobarConsistencia } from '../../server/db/consistencia';
import { DEMO } from '../../server/db/demo';
import { empresa, tienda } from '../../server/db/schema';
import { login, peticion, PASSWORD } from '../helpers/factories';
import { basePostgres, createTestApp, type TestApp } from '../helpers/test-app';

/**
 * The upgrade test (issue #54's "Done when", issue #56 step 1, ADR 043): a database made by an earlier
 * `main` — migrated through 0061, with the demo store and a store of every shape (weighed and pack sales,
 * IVA by category, purchases, fiado and an abono, a return, an annulled sale, deletions that left
 * history) — is loaded as it was, then this checkout's server starts on it. Every later migration and
 * the functions' and triggers' files apply to real rows; the stores sign in, read what they read then,
 * and sell; the summaries still agree with the sales (server/db/consistencia.ts). On PGlite (a fresh
 * cluster, as a shop's data folder) and on PostgreSQL (a fresh database, as a server's).
 *
 * The fixture is made by tests/api/actualizacion.fixture.test.ts on that commit (its header says how).
 */
const FIXTURE = path.resolve('tests/fixtures/actualizacion/0061.sql.gz');
const esperado = JSON.parse(fs.readFileSync(FIXTURE.replace(/\.sql\.gz$/, '.json'), 'utf8')) as {
  tienda: { email: string; id: number };
  stock: Record<'queso' | 'gaseosa' | 'arroz', number>;
  productos: Record<'queso' | 'gaseosa' | 'arroz', number>;
  saldo: number;
  clienteId: number;
  ventas: Record<'peso' | 'conPaca' | 'fiado', { id: number; total: number; numero: number; lineas: number }>;
};

/** An empty database of the engine under test, with the old dump loaded as pg_dump wrote it. */
async function baseAntigua(): Promise<Database> {
  const volcado = zlib.gunzipSync(fs.readFileSync(FIXTURE)).toString('utf8');
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await createDb({});
    const client = (database.db as unknown as { $client: PGlite }).$client;
    await client.exec(volcado);
    // pg_dump empties the session's search_path to load; the server's connection is this same one.
    await client.exec('RESET search_path');
    return database;
  }
  return basePostgres(url, {
    antes: async (nueva) => {
      const carga = new pg.Client({ connectionString: nueva });
      await carga.connect();
      await carga.query(volcado);
      await carga.end();
    },
  });
}

let database: Database;
let t: TestApp;
beforeAll(async () => {
  database = await baseAntigua();
  // The server's start: every migration after 0061 and the functions' and triggers' files.
  t = await createTestApp({}, { database });
});
afterAll(async () => {
  await t?.close();
  await database?.close();
});

describe('una base de una versión anterior se actualiza al arrancar y sigue igual', () => {
  it('corren todas las migraciones nuevas, y los resúmenes siguen de acuerdo con las ventas', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const aplicadas = (await t.database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] };
    expect(aplicadas.rows[0]!.n).toBe(journal.entries.length);
    expect(await comprobarConsistencia(t.database.db)).toEqual([]);
    // Issue #56 step 1 (migration 0066): every store that existed is an empresa of one, its id and name.
    const tiendas = await t.database.db.select({ id: tienda.idTienda, nombre: tienda.nombreTienda, empresaId: tienda.empresaId, empresa: empresa.nombre }).from(tienda).innerJoin(empresa, eq(empresa.idEmpresa, tienda.empresaId));
    expect(tiendas.length).toBeGreaterThanOrEqual(2);
    for (const x of tiendas) expect({ empresaId: x.empresaId, empresa: x.empresa }).toEqual({ empresaId: x.id, empresa: x.nombre });
    // Issue #56 step 2 (migration 0069): every employee's store, role and approval are their row in usuario_tienda.
    const personas = (await t.database.db.execute(sql`select count(*)::int as con_tienda,
        count(*) filter (where not exists (select 1 from usuario_tienda ut where ut.usuario_id = u.id_usuario and ut.tienda_id = u.tienda_id and ut.rol_id = u.rol_id and ut.aprobado = u.aprobado))::int as sin_fila
      from usuario u where u.tienda_id is not null`)) as unknown as { rows: { con_tienda: number; sin_fila: number }[] };
    expect(personas.rows[0]!.con_tienda).toBeGreaterThan(0);
    expect(personas.rows[0]!.sin_fila).toBe(0);
    // Issue #56 point 2 (migration 0097, ADR 064): every supplier is its store's empresa's, flagged only when another
    // supplier of the empresa has its documento; a lone store's list answers as before (no "created in").
    const proveedores = (await t.database.db.execute(sql`select count(*)::int as total,
        count(*) filter (where p.empresa_id is distinct from t.empresa_id)::int as ajenos,
        count(*) filter (where p.documento_repetido <> (p.documento is not null and exists (select 1 from proveedor o
          where o.empresa_id = p.empresa_id and o.id_proveedor <> p.id_proveedor and split_part(o.documento, '-', 1) = split_part(p.documento, '-', 1))))::int as mal_marcados
      from proveedor p join tienda t on t.id_tienda = p.tienda_id`)) as unknown as { rows: { total: number; ajenos: number; mal_marcados: number }[] };
    expect(proveedores.rows[0]!.total).toBeGreaterThan(0);
    expect(proveedores.rows[0]).toMatchObject({ ajenos: 0, mal_marcados: 0 });
  });

  it('la tienda entra y ve lo que veía: existencias, saldo del fiado y sus ventas', async () => {
    const token = await login(t, 'tienda', esperado.tienda.email, PASSWORD);
    const req = peticion(t);
    for (const k of ['queso', 'gaseosa', 'arroz'] as const) {
      const p = await req('GET', `/api/productos/${esperado.productos[k]}`, token);
      expect(p.statusCode, p.body).toBe(200);
      expect(p.json().stock, k).toBe(esperado.stock[k]);
    }
    const lista = await req('GET', '/api/proveedores', token);
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json().total).toBeGreaterThan(0);
    expect(lista.json().items.some((p: { creadoEn?: string }) => p.creadoEn)).toBe(false);
    const cuenta = await req('GET', `/api/clientes/${esperado.clienteId}/cuenta`, token);
    expect(cuenta.json().credito.saldo).toBe(esperado.saldo);
    for (const v of Object.values(esperado.ventas)) {
      const r = await req('GET', `/api/ventas/${v.id}`, token);
      expect(r.statusCode, r.body).toBe(200);
      expect({ total: r.json().total, numero: r.json().numero, lineas: r.json().lineas.length }).toEqual({ total: v.total, numero: v.numero, lineas: v.lineas });
    }
  });

  it('la tienda sigue vendiendo: el número sigue, sale el stock, el fiado sube, y todo cuadra', async () => {
    const token = await login(t, 'tienda', esperado.tienda.email, PASSWORD);
    const req = peticion(t);
    const contado = await req('POST', '/api/ventas', token, { lineas: [{ productoId: esperado.productos.arroz, cantidad: 2 }], metodoPagoId: 5, montoRecibido: 10_000 });
    expect(contado.statusCode, contado.body).toBe(201);
    expect(contado.json().numero).toBeGreaterThan(esperado.ventas.fiado.numero);
    expect((await req('GET', `/api/productos/${esperado.productos.arroz}`, token)).json().stock).toBe(esperado.stock.arroz - 2);
    const cuenta = (await req('GET', `/api/clientes/${esperado.clienteId}/cuenta`, token)).json();
    const fiado = await req('POST', '/api/ventas', token, {
      lineas: [{ productoId: esperado.productos.queso, cantidad: 0.25 }],
      metodoPagoId: 7,
      montoRecibido: 0,
      aCredito: true,
      documentoCliente: cuenta.cliente?.documento ?? cuenta.documento,
    });
    expect(fiado.statusCode, fiado.body).toBe(201);
    expect((await req('GET', `/api/clientes/${esperado.clienteId}/cuenta`, token)).json().credito.saldo).toBe(esperado.saldo + fiado.json().total);
    expect(await comprobarConsistencia(t.database.db)).toEqual([]);
  });

  it('la tienda de demostración entra con su clave de siempre', async () => {
    const token = await login(t, 'tienda', DEMO.tienda.email, DEMO.tienda.contrasena);
    const r = await peticion(t)('GET', '/api/productos?pageSize=5', token);
    expect(r.statusCode, r.body).toBe(200);
  });
});
