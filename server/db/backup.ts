import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Tables kept by triggers from others (ADR 017): never dumped; emptied on restore and rebuilt by their
 * triggers as the invoice lines go back in.
 */
export const DERIVED_TABLES = ['venta_producto_resumen', 'venta_resumen_cantidad', 'venta_conteo', 'resumen_venta_dia', 'resumen_producto_dia', 'resumen_producto_mes', 'resumen_impuesto_dia', 'resumen_pago_dia'] as const;

/**
 * The per-day summaries (ADR 028 resumen diario, ADR 031 the taxes', ADR 032 the payments') are rebuilt whole after the load, not fed row by
 * row: their triggers are off while the rows go back, then `resumen_dia_reconstruir` runs per store
 * (the bench's bulk load does the same, scripts/bench-data.ts).
 */
export const RESUMEN_DIA: readonly (readonly [string, string])[] = [
  ['venta', 'venta_resumen_dia_ins'],
  ['venta', 'venta_resumen_dia_upd'],
  ['venta', 'venta_resumen_dia_del'],
  ['factura', 'factura_resumen_dia_ins'],
  ['factura', 'factura_resumen_dia_upd'],
  ['factura', 'factura_resumen_dia_del'],
  ['venta', 'venta_resumen_impuesto_ins'],
  ['venta', 'venta_resumen_impuesto_upd'],
  ['venta', 'venta_resumen_impuesto_del'],
  ['factura', 'factura_resumen_impuesto_ins'],
  ['factura', 'factura_resumen_impuesto_upd'],
  ['factura', 'factura_resumen_impuesto_del'],
  ['venta', 'venta_resumen_pago_ins'],
  ['venta', 'venta_resumen_pago_upd'],
  ['venta', 'venta_resumen_pago_del'],
  ['credito_movimiento', 'credito_resumen_pago_ins'],
  ['credito_movimiento', 'credito_resumen_pago_upd'],
  ['credito_movimiento', 'credito_resumen_pago_del'],
];

/**
 * Every table of the product but the derived ones, parents before children (restore order), read from
 * the database's own catalogue: a table added by a migration is in the next backup without anyone
 * remembering to list it (a hand-kept list once left out the shifts, the credit ledger and the activity
 * log).
 */
export async function backupTables(db: Db | Parameters<Parameters<Db['transaction']>[0]>[0]): Promise<string[]> {
  const res = (await db.execute(sql`
    select c.relname as t,
      array(select distinct p.relname::text from pg_constraint k join pg_class p on p.oid = k.confrelid
            where k.conrelid = c.oid and k.contype = 'f' and p.oid <> c.oid) as deps
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    order by c.relname`)) as unknown as Rows<{ t: string; deps: string[] | string }>;
  const derived = new Set<string>(DERIVED_TABLES);
  const deps = new Map(
    res.rows.filter((r) => !derived.has(r.t)).map((r) => [r.t, (Array.isArray(r.deps) ? r.deps : String(r.deps).replace(/[{}]/g, '').split(',').filter(Boolean)).filter((d) => !derived.has(d))]),
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (placed.size < deps.size) {
    const ready = [...deps.keys()].filter((t) => !placed.has(t) && deps.get(t)!.every((d) => placed.has(d) || !deps.has(d)));
    if (ready.length === 0) throw new Error('Las tablas se refieren unas a otras en círculo: no hay un orden para restaurarlas.');
    for (const t of ready) {
      ordered.push(t);
      placed.add(t);
    }
  }
  return ordered;
}

export interface BackupFile {
  format: 'adax-backup';
  version: 1;
  createdAt: string;
  /** Number of migrations applied: a backup restores only into the same schema. */
  migrations: number;
  tables: Record<string, Record<string, unknown>[]>;
}

type Rows<T> = { rows: T[] };

async function migrationCount(db: Db | Parameters<Parameters<Db['transaction']>[0]>[0]): Promise<number> {
  const res = (await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as Rows<{ n: number }>;
  return Number(res.rows[0]?.n ?? 0);
}

/**
 * A consistent logical dump: every table read inside one REPEATABLE READ, READ ONLY transaction,
 * so the snapshot is the same for all of them while sales keep being written.
 * PostgreSQL itself turns each row into JSON, so dates, amounts and text survive exactly.
 */
export async function dumpDatabase(db: Db): Promise<BackupFile> {
  return db.transaction(
    async (tx) => {
      const tables: BackupFile['tables'] = {};
      for (const t of await backupTables(tx)) {
        const res = (await tx.execute(sql.raw(`select row_to_json(x) as r from "${t}" x`))) as unknown as Rows<{ r: unknown }>;
        tables[t] = res.rows.map((row) => (typeof row.r === 'string' ? JSON.parse(row.r) : row.r) as Record<string, unknown>);
      }
      return { format: 'adax-backup', version: 1, createdAt: new Date().toISOString(), migrations: await migrationCount(tx), tables };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Triggers that give a new row its number, by table: a restored row keeps the one it was saved with. */
const NUMERADORES: readonly (readonly [string, string])[] = [['venta', 'venta_numerar']];

/** Replaces every row of the database with the backup's, in one transaction (all or nothing). */
export async function restoreDatabase(db: Db, backup: BackupFile): Promise<Record<string, number>> {
  if (backup.format !== 'adax-backup' || backup.version !== 1) throw new Error('El archivo no es un respaldo de ADAX Store Manager.');
  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    const current = await migrationCount(tx);
    if (current !== backup.migrations)
      throw new Error(`El respaldo es de otra versión del esquema (${backup.migrations} migraciones; esta base tiene ${current}).`);
    // The sales summary is derived: emptied here, rebuilt by its triggers as the invoice lines go back in.
    const tables = await backupTables(tx);
    await tx.execute(sql.raw(`truncate ${[...tables, ...DERIVED_TABLES].map((t) => `"${t}"`).join(', ')} restart identity cascade`));
    // The sales go back with the numbers they had: the trigger that numbers a new sale (ADR 026, 027)
    // would give each restored one the store's next number and move the counters past them. Off for the
    // load only, inside this transaction (undone with it on any failure).
    for (const [tabla, trigger] of [...NUMERADORES, ...RESUMEN_DIA]) await tx.execute(sql.raw(`alter table "${tabla}" disable trigger "${trigger}"`));
    for (const t of tables) {
      const rows = backup.tables[t] ?? [];
      counts[t] = rows.length;
      for (let i = 0; i < rows.length; i += 2000) {
        const chunk = JSON.stringify(rows.slice(i, i + 2000));
        await tx.execute(sql`insert into ${sql.identifier(t)} overriding system value select * from json_populate_recordset(null::${sql.identifier(t)}, ${chunk}::json)`);
      }
      // Identity columns continue after the highest restored id.
      const idCol = (await tx.execute(
        sql`select a.attname as col from pg_attribute a where a.attrelid = ${t}::regclass and a.attidentity <> '' limit 1`,
      )) as unknown as Rows<{ col: string }>;
      const col = idCol.rows[0]?.col;
      if (col) {
        await tx.execute(
          sql.raw(`select setval(pg_get_serial_sequence('"${t}"', '${col}'), coalesce((select max("${col}") from "${t}"), 1), (select count(*) > 0 from "${t}"))`),
        );
      }
    }
    for (const [tabla, trigger] of [...NUMERADORES, ...RESUMEN_DIA]) await tx.execute(sql.raw(`alter table "${tabla}" enable trigger "${trigger}"`));
    await tx.execute(sql`select resumen_bloquear(id_tienda) from tienda`);
    await tx.execute(sql`select resumen_dia_reconstruir(id_tienda) from tienda`);
  });
  return counts;
}

export function writeBackupFile(backup: BackupFile, file: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, zlib.gzipSync(JSON.stringify(backup)));
  fs.renameSync(tmp, file);
  return file;
}

export function readBackupFile(file: string): BackupFile {
  const raw = fs.readFileSync(file);
  const text = raw[0] === 0x1f && raw[1] === 0x8b ? zlib.gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  return JSON.parse(text) as BackupFile;
}

export const backupFileName = (dir: string) => path.join(dir, `adax-${new Date().toISOString().replace(/[:.]/g, '-')}.json.gz`);
