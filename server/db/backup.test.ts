import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { backupRows, backupTables, DERIVED_TABLES, restoreBackupFile, restoreDatabase, verifyBackupFile, writeBackup } from './backup';
import { baseDemo } from './demo.fixtures';
import { ajustarStock } from '../modules/movimiento/ledger';
import { producto, tienda, venta } from './schema';

const demo = baseDemo('adax-bk-');

let n = 0;
const fileName = () => path.join(demo.dir, `adax-${++n}.json.gz`);

const snapshot = async () => {
  const db = demo.database.db;
  const [p] = await db.select({ n: count(), stock: sql<number>`sum(${producto.stock})::int` }).from(producto);
  const [v] = await db.select({ n: count(), total: sql<number>`sum(${venta.total})::bigint` }).from(venta);
  const [t] = await db.select().from(tienda).limit(1);
  return { productos: p!.n, stock: p!.stock, ventas: v!.n, total: Number(v!.total), tienda: t };
};

/** Every backed-up table's whole content, one digest per table (rows compared as jsonb, in a fixed order). */
const contents = async () => {
  const out: Record<string, string> = {};
  for (const t of await backupTables(demo.database.db)) {
    const res = (await demo.database.db.execute(
      sql.raw(`select count(*)::int as n, coalesce(md5(string_agg(j, E'\\n' order by j)), '') as h from (select row_to_json(x)::jsonb::text as j from "${t}" x) y`),
    )) as unknown as { rows: { n: number; h: string }[] };
    out[t] = `${res.rows[0]!.n}:${res.rows[0]!.h}`;
  }
  return out;
};

/** A backup's content rewritten by `edit` (lines without the trailer); `reseal` recomputes counts and checksum as a careful forger would. */
function rewrite(file: string, edit: (lines: string[]) => string[], reseal = false): string {
  const lines = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n');
  lines.pop();
  const trailer = lines.pop()!;
  let body = edit(lines);
  let end = trailer;
  if (reseal) {
    const rows: Record<string, number> = {};
    let current = '';
    for (const l of body.slice(1)) {
      if (l.startsWith('["table"')) rows[(current = (JSON.parse(l) as string[])[1]!)] = 0;
      else rows[current]! += 1;
    }
    body = [...body];
    const sha256 = createHash('sha256').update(body.map((l) => `${l}\n`).join('')).digest('hex');
    end = JSON.stringify(['end', { rows, sha256 }]);
  }
  const out = fileName();
  fs.writeFileSync(out, zlib.gzipSync(`${[...body, end].join('\n')}\n`));
  return out;
}

describe('respaldo y restauración', () => {
  it('un respaldo restaura exactamente los datos y los ids siguen después', async () => {
    const before = await snapshot();
    const everything = await contents();
    const { file, rows } = await writeBackup(demo.database.db, fileName());
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(`${file}.tmp`)).toBe(false);

    // Damage: change and delete things after the backup.
    await demo.database.db.update(producto).set({ stock: 0 });
    await demo.database.db.update(tienda).set({ nombreTienda: 'Cambiada' });
    // Completed sales are never deleted (migration 0050); annulling one changes it.
    await demo.database.db.update(venta).set({ estado: 'Anulada' }).where(eq(venta.estado, 'Completada'));
    expect(await snapshot()).not.toEqual(before);

    const counts = await restoreBackupFile(demo.database.db, file);
    expect(counts).toEqual(rows);
    expect(counts.producto).toBe(before.productos);
    expect(await snapshot()).toEqual(before);
    expect(await contents()).toEqual(everything);

    // New rows get fresh ids after the restored ones.
    const [maxId] = await demo.database.db.select({ m: sql<number>`max(${tienda.idTienda})::int` }).from(tienda);
    const [created] = await demo.database.db
      .insert(tienda)
      .values({ nombreTienda: 'Nueva', correo: 'nueva@x.co', contrasenaHash: 'x', codigoInvitacion: 'NUEV-A123' })
      .returning({ id: tienda.idTienda });
    expect(created!.id).toBeGreaterThan(maxId!.m);
    await demo.database.db.delete(tienda).where(eq(tienda.idTienda, created!.id));
  });

  it('el respaldo es una foto consistente aunque se escriba mientras tanto', async () => {
    const initial = new Map((await demo.database.db.select({ id: producto.idProducto, stock: producto.stock }).from(producto)).map((p) => [p.id, p.stock]));
    // Each write moves every product by one unit together.
    const writes = (async () => {
      for (let i = 0; i < 30; i++) await demo.database.db.update(producto).set({ stock: sql`${producto.stock} + 1` });
    })();
    await new Promise((r) => setTimeout(r, 5));
    // Small batches: many turns of the event loop, with writes arriving between them.
    const { file } = await writeBackup(demo.database.db, fileName(), { pagesPerBatch: 1 });
    await writes;
    const deltas = new Set<number>();
    for await (const { table, row } of backupRows(file)) if (table === 'producto') deltas.add(Number(row.stock) - initial.get(Number(row.id_producto))!);
    expect(deltas.size).toBe(1);
  });

  it('respalda cada tabla del esquema salvo las derivadas, y la restauración deja cada una con sus filas', async () => {
    const db = demo.database.db;
    // A product that tracks lots with a ledger row spread over them (ADR 051), and every person's role
    // per store (issue #56): rows that triggers write when their source row goes in, which a load
    // must not write a second time.
    const [conStock] = await db.select({ id: producto.idProducto, tiendaId: producto.tiendaId }).from(producto).where(sql`${producto.stock} > 2`).limit(1);
    await db.update(producto).set({ manejaLotes: true }).where(eq(producto.idProducto, conStock!.id));
    await ajustarStock(db, { tiendaId: conStock!.tiendaId, productoId: conStock!.id, delta: -1, motivo: 'Prueba del respaldo' });
    expect(Number(((await db.execute(sql`select count(*)::int as n from lote_movimiento`)) as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBeGreaterThan(0);
    expect(Number(((await db.execute(sql`select count(*)::int as n from usuario_tienda`)) as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBeGreaterThan(0);
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
      resumen_producto_mes: 'select count(*)::int as n from (select tienda_id, mes, producto_id, sum(cantidad), sum(bruto) from resumen_producto_mes group by 1, 2, 3 having sum(cantidad) <> 0 or sum(bruto) <> 0) x',
      resumen_lista_dia: 'select count(*)::int as n from (select tienda_id, dia, clave, sum(ventas), sum(lineas), sum(bruto) from resumen_lista_dia group by 1, 2, 3 having sum(ventas) <> 0 or sum(lineas) <> 0 or sum(bruto) <> 0) x',
      resumen_impuesto_dia: 'select count(*)::int as n from (select tienda_id, dia, punto_venta_id, turno_id, impuesto, sum(ventas), sum(lineas), sum(base), sum(valor) from resumen_impuesto_dia group by 1, 2, 3, 4, 5 having sum(ventas) <> 0 or sum(lineas) <> 0 or sum(base) <> 0 or sum(valor) <> 0) x',
    };
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(all.map(async (t) => [t, Number(((await db.execute(sql.raw(plegadas[t] ?? `select count(*)::int as n from "${t}"`))) as unknown as { rows: { n: number }[] }).rows[0]!.n)])),
      );
    const before = await counts();
    expect(before.movimiento).toBeGreaterThan(0);
    const { file } = await writeBackup(db, fileName());
    const manifest = await verifyBackupFile(file);
    expect(manifest.tables).toEqual(tables);
    // The ledger refuses a DELETE (migration 0032): the loss is a TRUNCATE, which only a restore does
    // (with the lots' share of each row, which refers to it).
    await db.execute(sql`truncate movimiento cascade`);
    await restoreBackupFile(db, file);
    expect(await counts()).toEqual(before);
  });

  it('restaura un respaldo del formato anterior (un solo JSON)', async () => {
    const everything = await contents();
    // Format 1 as the previous versions wrote it: every table as an array of rows in one object.
    const tables: Record<string, unknown[]> = {};
    for (const t of await backupTables(demo.database.db)) {
      const res = (await demo.database.db.execute(sql.raw(`select row_to_json(x) as r from "${t}" x`))) as unknown as { rows: { r: unknown }[] };
      tables[t] = res.rows.map((r) => (typeof r.r === 'string' ? JSON.parse(r.r) : r.r) as unknown);
    }
    const migrations = ((await demo.database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const file = fileName();
    fs.writeFileSync(file, zlib.gzipSync(JSON.stringify({ format: 'adax-backup', version: 1, createdAt: new Date().toISOString(), migrations, tables })));
    await demo.database.db.update(producto).set({ stock: 0 });
    await restoreBackupFile(demo.database.db, file);
    expect(await contents()).toEqual(everything);
    await expect(restoreDatabase(demo.database.db, { format: 'otro' } as never)).rejects.toThrow(/no es un respaldo/);
  });

  describe('un respaldo dañado se rechaza entero y los datos quedan como estaban', () => {
    let good: string;
    beforeAll(async () => {
      good = (await writeBackup(demo.database.db, fileName())).file;
      // After the backup the data moves on: a refused restore must leave this, not the backup's.
      await demo.database.db.update(tienda).set({ nombreTienda: 'Después del respaldo' });
    });
    const damaged = (name: string, make: () => string, message: RegExp) =>
      it(name, async () => {
        const before = await contents();
        const file = make();
        await expect(restoreBackupFile(demo.database.db, file)).rejects.toThrow(message);
        await expect(restoreBackupFile(demo.database.db, file)).rejects.toThrow(/Los datos actuales no se tocaron/);
        expect(await contents()).toEqual(before);
      });

    damaged(
      'cortado a la mitad',
      () => {
        const out = fileName();
        const bytes = fs.readFileSync(good);
        fs.writeFileSync(out, bytes.subarray(0, Math.floor(bytes.length / 2)));
        return out;
      },
      /incompleto/,
    );
    damaged(
      'cortado antes del final, con la compresión entera',
      () => {
        const out = fileName();
        const text = zlib.gunzipSync(fs.readFileSync(good)).toString('utf8');
        fs.writeFileSync(out, zlib.gzipSync(text.slice(0, Math.floor(text.length * 0.7))));
        return out;
      },
      /incompleto/,
    );
    damaged(
      'con bytes cambiados en el archivo comprimido',
      () => {
        const out = fileName();
        const bytes = Buffer.from(fs.readFileSync(good));
        for (let i = Math.floor(bytes.length / 2); i < Math.floor(bytes.length / 2) + 8; i++) bytes[i] = bytes[i]! ^ 0xff;
        fs.writeFileSync(out, bytes);
        return out;
      },
      /dañado/,
    );
    damaged(
      'con un valor cambiado dentro (y la compresión rehecha)',
      () => rewrite(good, (lines) => lines.map((l) => (l.includes('"nombre_tienda"') ? l.replace(/"nombre_tienda":"[^"]*"/, '"nombre_tienda":"Otra"') : l))),
      /suma de verificación/,
    );
    damaged('sin una tabla', () => rewrite(good, (lines) => dropTable(lines, 'producto')), /dañado/);
    damaged('sin una tabla, con el final recalculado', () => rewrite(good, (lines) => dropTable(lines, 'producto'), true), /falta la tabla producto/);
    damaged(
      'sin una tabla, con la cabecera y el final recalculados',
      () =>
        rewrite(
          good,
          (lines) => {
            const header = JSON.parse(lines[0]!) as { tables: string[] };
            return [JSON.stringify({ ...header, tables: header.tables.filter((t) => t !== 'producto') }), ...dropTable(lines, 'producto').slice(1)];
          },
          true,
        ),
      /faltan tablas que esta base tiene: producto/,
    );
    damaged(
      'de otra versión del esquema',
      () => rewrite(good, (lines) => [JSON.stringify({ ...JSON.parse(lines[0]!), migrations: 3 }), ...lines.slice(1)], true),
      /otra versión del esquema \(3 migraciones/,
    );
    damaged(
      'de un formato más nuevo',
      () => rewrite(good, (lines) => [JSON.stringify({ ...JSON.parse(lines[0]!), version: 3 }), ...lines.slice(1)], true),
      /formato más nuevo \(versión 3\)/,
    );
    damaged(
      'vacío',
      () => {
        const out = fileName();
        fs.writeFileSync(out, '');
        return out;
      },
      /está vacío/,
    );
    damaged(
      'de otro formato',
      () => {
        const out = fileName();
        fs.writeFileSync(out, zlib.gzipSync(JSON.stringify({ productos: [{ nombre: 'Arroz' }] })));
        return out;
      },
      /no es un respaldo/,
    );
    damaged(
      'que no es ni JSON ni gzip',
      () => {
        const out = fileName();
        fs.writeFileSync(out, 'nombre;precio\nArroz;2500\n');
        return out;
      },
      /no es un respaldo/,
    );
    damaged(
      'que pasa la revisión pero falla al cargar (una fila que la base rechaza): se deshace entero',
      () => rewrite(good, (lines) => lines.map((l) => (l.includes('"nombre_tienda"') ? l.replace(/"nombre_tienda":"[^"]*"/, '"nombre_tienda":null') : l)), true),
      /nombre_tienda|null/,
    );
  });
});

/** The lines without one table's section. */
function dropTable(lines: string[], table: string): string[] {
  const out: string[] = [];
  let skip = false;
  for (const l of lines) {
    if (l.startsWith('["table"')) skip = (JSON.parse(l) as string[])[1] === table;
    if (!skip) out.push(l);
  }
  return out;
}
