import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/test-app';
import type { Database } from './client';
import { backupTables, DERIVED_TABLES, dumpDatabase, readBackupFile, restoreDatabase, writeBackupFile } from './backup';
import { seedDemo } from './demo';
import { producto, tienda, venta } from './schema';
import { seedCatalogos } from './setup';
import os from 'node:os';
import path from 'node:path';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
  await seedCatalogos(database.db);
  await seedDemo(database.db);
});
afterAll(() => database?.close());

const snapshot = async () => {
  const db = database.db;
  const [p] = await db.select({ n: count(), stock: sql<number>`sum(${producto.stock})::int` }).from(producto);
  const [v] = await db.select({ n: count(), total: sql<number>`sum(${venta.total})::bigint` }).from(venta);
  const [t] = await db.select().from(tienda).limit(1);
  return { productos: p!.n, stock: p!.stock, ventas: v!.n, total: Number(v!.total), tienda: t };
};

describe('respaldo y restauración', () => {
  it('un respaldo restaura exactamente los datos y los ids siguen después', async () => {
    const before = await snapshot();
    const file = writeBackupFile(await dumpDatabase(database.db), path.join(os.tmpdir(), `adax-bk-${Date.now()}.json.gz`));

    // Damage: change and delete things after the backup.
    await database.db.update(producto).set({ stock: 0 });
    await database.db.update(tienda).set({ nombreTienda: 'Cambiada' });
    await database.db.delete(venta).where(eq(venta.estado, 'Anulada'));
    expect(await snapshot()).not.toEqual(before);

    const counts = await restoreDatabase(database.db, readBackupFile(file));
    expect(counts.producto).toBe(before.productos);
    expect(await snapshot()).toEqual(before);

    // New rows get fresh ids after the restored ones.
    const [maxId] = await database.db.select({ m: sql<number>`max(${tienda.idTienda})::int` }).from(tienda);
    const [created] = await database.db
      .insert(tienda)
      .values({ nombreTienda: 'Nueva', correo: 'nueva@x.co', contrasenaHash: 'x', codigoInvitacion: 'NUEV-A123' })
      .returning({ id: tienda.idTienda });
    expect(created!.id).toBeGreaterThan(maxId!.m);
  });

  it('el respaldo es una foto consistente aunque se escriba mientras tanto', async () => {
    const initial = new Map((await database.db.select({ id: producto.idProducto, stock: producto.stock }).from(producto)).map((p) => [p.id, p.stock]));
    // Each write moves every product by one unit together.
    const writes = (async () => {
      for (let i = 0; i < 30; i++) await database.db.update(producto).set({ stock: sql`${producto.stock} + 1` });
    })();
    await new Promise((r) => setTimeout(r, 5));
    const dump = await dumpDatabase(database.db);
    await writes;
    const deltas = new Set(dump.tables.producto!.map((p) => Number(p.stock) - initial.get(Number(p.id_producto))!));
    expect(deltas.size).toBe(1);
  });

  it('rechaza un archivo que no es un respaldo', async () => {
    await expect(restoreDatabase(database.db, { format: 'otro' } as never)).rejects.toThrow(/no es un respaldo/);
  });

  it('respalda cada tabla del esquema salvo las derivadas, y la restauración deja cada una con sus filas', async () => {
    const db = database.db;
    type R = { rows: { t: string }[] };
    const all = ((await db.execute(sql`select tablename as t from pg_tables where schemaname = 'public' order by 1`)) as unknown as R).rows.map((r) => r.t);
    const tables = await backupTables(db);
    expect([...tables, ...DERIVED_TABLES].sort()).toEqual(all);
    // The ones a hand-kept list once forgot: shifts, the drawer's and the credit's ledgers.
    for (const t of ['turno', 'caja_movimiento', 'credito_movimiento']) expect(tables).toContain(t);
    // Parents before children.
    expect(tables.indexOf('tienda')).toBeLessThan(tables.indexOf('turno'));
    expect(tables.indexOf('turno')).toBeLessThan(tables.indexOf('caja_movimiento'));

    // The per-day summaries keep deltas that readers fold (ADR 028): their rows are compared folded.
    const plegadas: Record<string, string> = {
      resumen_venta_dia: 'select count(*)::int as n from (select tienda_id, dia, hora, usuario_id, turno_id, metodo_pago_id, sum(tickets), sum(bruto), sum(neto), sum(anuladas) from resumen_venta_dia group by 1, 2, 3, 4, 5, 6 having sum(tickets) <> 0 or sum(bruto) <> 0 or sum(neto) <> 0 or sum(anuladas) <> 0) x',
      resumen_producto_dia: 'select count(*)::int as n from (select tienda_id, dia, producto_id, sum(cantidad), sum(bruto) from resumen_producto_dia group by 1, 2, 3 having sum(cantidad) <> 0 or sum(bruto) <> 0) x',
      resumen_impuesto_dia: 'select count(*)::int as n from (select tienda_id, dia, punto_venta_id, turno_id, impuesto, sum(ventas), sum(lineas), sum(base), sum(valor) from resumen_impuesto_dia group by 1, 2, 3, 4, 5 having sum(ventas) <> 0 or sum(lineas) <> 0 or sum(base) <> 0 or sum(valor) <> 0) x',
    };
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(all.map(async (t) => [t, Number(((await db.execute(sql.raw(plegadas[t] ?? `select count(*)::int as n from "${t}"`))) as unknown as { rows: { n: number }[] }).rows[0]!.n)])),
      );
    const before = await counts();
    expect(before.movimiento).toBeGreaterThan(0);
    const dump = await dumpDatabase(db);
    // The ledger refuses a DELETE (migration 0032): the loss is a TRUNCATE, which only a restore does.
    await db.execute(sql`truncate movimiento`);
    await restoreDatabase(db, dump);
    expect(await counts()).toEqual(before);
  });
});
