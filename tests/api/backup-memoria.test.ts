import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyBackupFile, writeBackup } from '../../server/db/backup';
import type { Database } from '../../server/db/client';
import { productosDeTienda, tiendaConEmpresa } from '../../server/db/carga-directa';
import { seedCatalogos } from '../../server/db/setup';
import { createTestDatabase } from '../helpers/test-app';

/**
 * Issue #50: the first scheduled backup of a busy shop read every table into JavaScript objects at
 * once and took the server past its 256 MB heap. A backup now streams: the heap it needs does not grow
 * with the shop. 100 000 sale lines here (the old dump held ~100 MB more heap for them); the bound is
 * generous, the old way is far past it.
 */
const LINES = 100_000;
let database: Database;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adax-bkmem-'));

beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
  await seedCatalogos(database.db);
  await seedStore(database, LINES);
}, 600_000);
afterAll(async () => {
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A store with `lines` invoice lines, set-based as scripts/bench-data.ts does, with every trigger off
 * for the load (session_replication_role, inside its transaction): the derived tables are not backed
 * up, and the sales get their numbers here.
 */
async function seedStore({ db }: Database, lines: number) {
  await db.transaction(async (tx) => {
    const ex = (q: ReturnType<typeof sql>) => tx.execute(q);
    await ex(sql`set local session_replication_role = replica`);
    const t = (
      (await tx.execute(
        // Triggers are off here: the store's empresa (issue #56) is written with it.
        tiendaConEmpresa({ nombre: 'Tienda grande', correo: 'grande@respaldo.co', codigo: 'GRAN-0001' }),
      )) as unknown as {
        rows: { id_tienda: number }[];
      }
    ).rows[0]!.id_tienda;
    await ex(sql`select setseed(0.5)`);
    // With triggers off, each product is given what producto_catalogo would: its own catalogue entry (its id).
    await ex(
      productosDeTienda(t, 2000, {
        nombre: "'Producto de prueba con un nombre largo ' || g",
        precio_unit: '(500 + floor(random() * 60) * 500)::bigint',
        descripcion: "'Descripción ' || g",
        categoria: "'Granos'",
        presentacion: "'Bolsa'",
        stock: '100',
        stock_min: '5',
        estado: '1',
        codigo_barras: '(7700000000000 + g)::text',
      }),
    );
    await ex(sql`insert into venta (tienda_id, numero, fecha, estado, metodo_pago_id, total, monto_recibido)
      select ${t}, g, now() - (random() * interval '365 days'), 'Completada', 1, 7500, 7500 from generate_series(1, ${Math.ceil(lines / 3)}) g`);
    await ex(sql`with p as (select min(id_producto) as lo, max(id_producto) as hi from producto where tienda_id = ${t}),
        v as (select id_venta, row_number() over (order by id_venta) as rn from venta where tienda_id = ${t})
      insert into factura (tienda_id, venta_id, producto_id, cantidad, precio, estado)
      select ${t}, v.id_venta, p.lo + floor(random() * (p.hi - p.lo + 1))::int, 1, 2500, 'Pagado'
      from v cross join p cross join generate_series(1, 3) k where (v.rn - 1) * 3 + k <= ${lines}`);
  });
}

/**
 * The heap that is alive, garbage collected first: what a backup holds, not what the collector has not
 * reached yet (sampling heapUsed as it came read 68 MB on a busy machine for the same backup that reads
 * far less live, and failed CI once).
 */
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const vivo = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

describe('respaldo de una tienda grande', () => {
  it(`escribe ${LINES} líneas de factura sin que el heap crezca con ellas`, { timeout: 600_000 }, async () => {
    const base = vivo();
    let peak = base;
    let batches = 0;
    // Between two batches: what the backup keeps from one to the next (the old dump kept every row).
    const { file, rows } = await writeBackup(database.db, path.join(dir, 'grande.json.gz'), {
      onBatch: () => {
        batches++;
        if (batches % 5 === 0) peak = Math.max(peak, vivo());
      },
    });
    peak = Math.max(peak, vivo());
    expect(rows.factura).toBe(LINES);
    expect((await verifyBackupFile(file)).rows.factura).toBe(LINES);
    // Many batches, each a turn of the event loop.
    expect(batches).toBeGreaterThan(50);
    const growthMb = (peak - base) / 1_048_576;
    console.log(`respaldo de ${LINES} líneas: heap ${(base / 1_048_576).toFixed(0)} MB → pico ${(peak / 1_048_576).toFixed(0)} MB (+${growthMb.toFixed(1)} MB), ${batches} lotes`);
    // The live heap grows ~1 MB here; the old dump kept ~100 MB of rows alive.
    expect(growthMb).toBeLessThan(20);
  });
});
