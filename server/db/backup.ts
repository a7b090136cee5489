import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { M } from '#shared/messages';
import type { Db, Tx } from './client';

/**
 * Tables kept by triggers from others (ADR 017): never dumped; emptied on restore and rebuilt by their
 * triggers as the invoice lines go back in.
 */
export const DERIVED_TABLES = ['producto_palabra', 'producto_vocablo', 'venta_producto_resumen', 'venta_resumen_cantidad', 'venta_conteo', 'resumen_venta_dia', 'resumen_producto_dia', 'resumen_producto_mes', 'resumen_lista_dia', 'resumen_impuesto_dia', 'resumen_pago_dia', 'resumen_venta_mes', 'resumen_pago_mes'] as const;

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
export async function backupTables(db: Db | Tx): Promise<string[]> {
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

type Rows<T> = { rows: T[] };
const R = M.operacion.respaldo;

/**
 * The backup file (format 2, issue #50): gzip of NDJSON, one JSON value a line, written and read as a
 * stream so that neither side ever holds more than one batch of rows:
 *
 *     {"format":"adax-backup","version":2,"createdAt":…,"migrations":49,"tables":["tienda",…]}   header
 *     ["table","tienda"]                                                                         a table starts
 *     {"id_tienda":1,…}                                                                          its rows, row_to_json
 *     …
 *     ["end",{"rows":{"tienda":1,…},"sha256":"…"}]                                               trailer
 *
 * The trailer's SHA-256 covers every byte before it (header and sections), and its counts are the rows
 * of each table. A restore reads the whole file once to check header, sections, counts and checksum
 * before it touches a row: a file cut short has no trailer (or a broken gzip), flipped bytes break the
 * gzip CRC or the checksum, a missing section breaks the checksum and the table list.
 */
export const BACKUP_FORMAT = 'adax-backup';
export const BACKUP_VERSION = 2;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** Number of migrations applied: a backup restores only into the same schema. */
  migrations: number;
  /** Every table in the file, in load order (parents first). */
  tables: string[];
}

export interface BackupManifest extends BackupHeader {
  rows: Record<string, number>;
  sha256: string;
}

/** Format 1 (until issue #50): the whole database as one JSON object, gzipped. Still restored. */
export interface BackupFile {
  format: 'adax-backup';
  version: 1;
  createdAt: string;
  migrations: number;
  tables: Record<string, Record<string, unknown>[]>;
}

async function migrationCount(db: Db | Tx): Promise<number> {
  const res = (await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as Rows<{ n: number }>;
  return Number(res.rows[0]?.n ?? 0);
}

/** Heap pages read per batch: 16 pages of 8 kB are ~1 000–2 000 rows of a sale line, ~0.3 MB of JSON. */
const PAGES_PER_BATCH = 16;

export interface BackupSummary {
  file: string;
  rows: Record<string, number>;
  bytes: number;
}

/** A JSON text on one line: row_to_json copies a json column's own text, newlines included. */
const oneLine = (j: string) => (j.includes('\n') ? JSON.stringify(JSON.parse(j)) : j);

const fsyncDir = (dir: string) => {
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Some systems cannot open or fsync a folder; the file itself was synced.
  }
};

/**
 * A consistent logical dump written to `file` as it is read: every table inside one REPEATABLE READ,
 * READ ONLY transaction (one snapshot for all while sales keep being written on PostgreSQL), read in
 * batches of heap pages (a TID range scan: no index, no sort, any table) and written through gzip to
 * `file.tmp`, synced, then renamed, so a backup on disk is always whole. The event loop gets a turn
 * between batches. The file is private (0600) in a private folder (0700): it holds password hashes.
 *
 * On the embedded database the snapshot is the one connection's transaction: other statements wait
 * for it (BENCHMARKS.md has how long).
 */
export async function writeBackup(
  db: Db,
  file: string,
  options: {
    onBatch?: () => void;
    pagesPerBatch?: number;
    /**
     * Stops the backup between two batches (the server's shutdown, issue #50 point 5): its read-only
     * transaction ends, the partial file goes, and the promise rejects with the signal's reason.
     */
    signal?: AbortSignal;
  } = {},
): Promise<BackupSummary> {
  const step = options.pagesPerBatch ?? PAGES_PER_BATCH;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.tmp`;
  // A partial file a dead process left is replaced: the stream creates the file anew, private. The
  // stream owns its descriptor (closing one it was handed could close another's: a failed backup
  // answered EBADF instead of its own error); the data is synced through a descriptor of our own below.
  fs.rmSync(tmp, { force: true });
  const out = fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600 });
  const gzip = zlib.createGzip();
  gzip.pipe(out);
  const done = new Promise<void>((resolve, reject) => {
    out.once('finish', resolve);
    out.once('error', reject);
    gzip.once('error', reject);
  });
  done.catch(() => undefined);
  const hash = createHash('sha256');
  const put = async (text: string) => {
    hash.update(text);
    if (!gzip.write(text)) await Promise.race([once(gzip, 'drain'), done]);
  };
  try {
    const rows = await db.transaction(
      async (tx) => {
        // The first statement takes the snapshot: every size read after it covers every row it sees.
        options.signal?.throwIfAborted();
        const migrations = await migrationCount(tx);
        const tables = await backupTables(tx);
        const header: BackupHeader = { format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: new Date().toISOString(), migrations, tables };
        await put(`${JSON.stringify(header)}\n`);
        const counts: Record<string, number> = {};
        for (const t of tables) {
          await put(`${JSON.stringify(['table', t])}\n`);
          const size = (await tx.execute(
            sql`select (pg_relation_size(${`"${t}"`}::regclass) / current_setting('block_size')::int)::int as n`,
          )) as unknown as Rows<{ n: number }>;
          const pages = Number(size.rows[0]?.n ?? 0);
          let n = 0;
          for (let from = 0; from < pages; from += step) {
            const res = (await tx.execute(
              sql.raw(`select row_to_json(x)::text as j from "${t}" x where x.ctid >= '(${from},0)'::tid and x.ctid < '(${from + step},0)'::tid`),
            )) as unknown as Rows<{ j: string }>;
            if (res.rows.length > 0) {
              await put(`${res.rows.map((r) => oneLine(r.j)).join('\n')}\n`);
              n += res.rows.length;
            }
            options.onBatch?.();
            // Let the server answer what arrived meanwhile before the next batch.
            await new Promise((r) => setImmediate(r));
            options.signal?.throwIfAborted();
          }
          counts[t] = n;
        }
        return counts;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    gzip.end(`${JSON.stringify(['end', { rows, sha256: hash.digest('hex') }])}\n`);
    await done;
    const fd = fs.openSync(tmp, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
    fsyncDir(path.dirname(file));
    return { file, rows, bytes: fs.statSync(file).size };
  } catch (err) {
    gzip.destroy();
    out.destroy();
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}

class BackupRefused extends Error {}
const refuse = (message: string) => new BackupRefused(message);
const damaged = (detail: string) => refuse(R.danado(detail));

const isGzip = (file: string) => {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(2);
    return fs.readSync(fd, head, 0, 2, 0) === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    fs.closeSync(fd);
  }
};

/** The file's content, decompressed when it is gzip; zlib's errors become a Spanish refusal. */
async function* content(file: string): AsyncGenerator<Buffer> {
  if (fs.statSync(file).size === 0) throw refuse(R.vacio(file));
  const input = fs.createReadStream(file);
  const source = isGzip(file) ? pipeline(input, zlib.createGunzip(), () => undefined) : input;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) yield chunk;
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'Z_BUF_ERROR' || /unexpected end/i.test(e.message)) throw refuse(R.incompleto);
    if (e.code?.startsWith('Z_')) throw damaged(`la compresión no se puede leer: ${e.message}`);
    throw err;
  } finally {
    input.destroy();
    (source as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
  }
}

/** The longest line accepted: a row of format 2 is far shorter; anything longer is not one. */
const MAX_LINE = 64 * 1024 * 1024;

/** The content line by line (bytes, without the newline). A last line without its newline means the file was cut. */
async function* lines(file: string): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of content(file)) {
    let start = 0;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, i);
      yield pending.length > 0 ? Buffer.concat([...pending, piece]) : piece;
      pending = [];
      pendingBytes = 0;
      start = i + 1;
    }
    if (start < chunk.length) {
      pending.push(chunk.subarray(start));
      pendingBytes += chunk.length - start;
      if (pendingBytes > MAX_LINE) throw refuse(R.noEsRespaldo);
    }
  }
  if (pendingBytes > 0) throw refuse(R.incompleto);
}

const V1_PREFIX = '{"format":"adax-backup","version":1,';
const V2_PREFIX = '{"format":"adax-backup",';

/** Which format a file holds, from its first bytes: 1 (one JSON object), 2 (NDJSON), or a refusal. */
export async function backupFormat(file: string): Promise<1 | 2> {
  let head = Buffer.alloc(0);
  for await (const chunk of content(file)) {
    head = Buffer.concat([head, chunk]);
    if (head.length >= 64) break;
  }
  const text = head.toString('utf8');
  if (text.startsWith(V1_PREFIX)) return 1;
  if (text.startsWith(V2_PREFIX)) return 2;
  throw refuse(R.noEsRespaldo);
}

const parseLine = (line: Buffer): unknown => {
  try {
    return JSON.parse(line.toString('utf8'));
  } catch {
    throw damaged('una línea no es JSON');
  }
};

function parseHeader(line: Buffer): BackupHeader {
  const h = parseLine(line) as Partial<BackupHeader> | null;
  if (!h || h.format !== BACKUP_FORMAT || typeof h.version !== 'number') throw refuse(R.noEsRespaldo);
  if (h.version > BACKUP_VERSION) throw refuse(R.formatoNuevo(h.version));
  if (h.version !== BACKUP_VERSION || !Array.isArray(h.tables) || typeof h.migrations !== 'number') throw refuse(R.noEsRespaldo);
  return h as BackupHeader;
}

type Trailer = { rows?: Record<string, number>; sha256?: string };
const NL = Buffer.from('\n');
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;

/**
 * Reads a format 2 file through once and checks it whole, without a database: header, one section per
 * table of the header in its order, rows, the trailer last, its counts and its SHA-256.
 */
export async function verifyBackupFile(file: string): Promise<BackupManifest> {
  const hash = createHash('sha256');
  let header: BackupHeader | undefined;
  let trailer: Trailer | undefined;
  let current: string | undefined;
  const counted: Record<string, number> = {};
  for await (const line of lines(file)) {
    if (trailer) throw damaged('hay datos después del final');
    if (!header) {
      header = parseHeader(line);
    } else if (line[0] === OPEN_BRACE) {
      if (current === undefined) throw damaged('una fila fuera de una tabla');
      counted[current]! += 1;
    } else if (line[0] === OPEN_BRACKET) {
      const mark = parseLine(line) as unknown[];
      if (mark[0] === 'end' && mark[1] && typeof mark[1] === 'object') {
        trailer = mark[1] as Trailer;
        continue;
      }
      const t = mark[0] === 'table' && typeof mark[1] === 'string' ? mark[1] : undefined;
      if (t === undefined || !header.tables.includes(t) || t in counted) throw damaged('una sección de tabla que no corresponde');
      current = t;
      counted[t] = 0;
    } else {
      throw damaged('una línea que no se reconoce');
    }
    hash.update(line);
    hash.update(NL);
  }
  if (!header) throw refuse(R.noEsRespaldo);
  if (!trailer) throw refuse(R.incompleto);
  if (hash.digest('hex') !== trailer.sha256) throw damaged(R.sumaDistinta);
  for (const t of header.tables) {
    if (!(t in counted)) throw damaged(`falta la tabla ${t}`);
    if (trailer.rows?.[t] !== counted[t]) throw damaged(`la tabla ${t} tiene ${counted[t]} filas y el final del archivo dice ${String(trailer.rows?.[t])}`);
  }
  return { ...header, rows: counted, sha256: trailer.sha256 };
}

/** The backup fits this database: same schema version, the same tables. */
async function checkFits(db: Db | Tx, migrations: number, tables: string[]): Promise<string[]> {
  const current = await migrationCount(db);
  if (current !== migrations) throw refuse(R.otroEsquema(migrations, current));
  const here = await backupTables(db);
  const missing = here.filter((t) => !tables.includes(t));
  if (missing.length > 0) throw refuse(R.faltanTablas(missing.join(', ')));
  const extra = tables.filter((t) => !here.includes(t));
  if (extra.length > 0) throw refuse(R.tablasDeMas(extra.join(', ')));
  return here;
}

/** Triggers that give a new row its number, by table: a restored row keeps the one it was saved with. */
const NUMERADORES: readonly (readonly [string, string])[] = [['venta', 'venta_numerar']];

/**
 * Triggers that write a new row's consequences into another table the backup carries itself: a
 * person's home store into `usuario_tienda` (issue #56), a ledger row's units into its lots and
 * `lote_movimiento` (ADR 051). Run during a load they would write those rows a second time (the
 * first restore after they came refused on `usuario_tienda`'s key): off for the load only.
 */
const COPIADORES: readonly (readonly [string, string])[] = [
  ['usuario', 'usuario_tienda'],
  ['movimiento', 'movimiento_lotes'],
];

/** Empties every table (the derived ones too) and switches off the triggers a load must not run. */
async function beginLoad(tx: Tx, tables: string[]) {
  // The sales summary is derived: emptied here, rebuilt by its triggers as the invoice lines go back in.
  await tx.execute(sql.raw(`truncate ${[...tables, ...DERIVED_TABLES].map((t) => `"${t}"`).join(', ')} restart identity cascade`));
  // The sales go back with the numbers they had: the trigger that numbers a new sale (ADR 026, 027)
  // would give each restored one the store's next number and move the counters past them. Off for the
  // load only, inside this transaction (undone with it on any failure).
  for (const [tabla, trigger] of [...NUMERADORES, ...COPIADORES, ...RESUMEN_DIA]) await tx.execute(sql.raw(`alter table "${tabla}" disable trigger "${trigger}"`));
}

/** Rows given as a JSON array's text go into `table` with the ids they had. */
async function insertRows(tx: Tx, table: string, jsonArray: string) {
  await tx.execute(sql`insert into ${sql.identifier(table)} overriding system value select * from json_populate_recordset(null::${sql.identifier(table)}, ${jsonArray}::json)`);
}

/** Identity columns continue after the highest restored id. */
async function afterTable(tx: Tx, t: string) {
  const idCol = (await tx.execute(
    sql`select a.attname as col from pg_attribute a where a.attrelid = ${`"${t}"`}::regclass and a.attidentity <> '' limit 1`,
  )) as unknown as Rows<{ col: string }>;
  const col = idCol.rows[0]?.col;
  if (col) {
    await tx.execute(
      sql.raw(`select setval(pg_get_serial_sequence('"${t}"', '${col}'), coalesce((select max("${col}") from "${t}"), 1), (select count(*) > 0 from "${t}"))`),
    );
  }
}

async function endLoad(tx: Tx) {
  for (const [tabla, trigger] of [...NUMERADORES, ...COPIADORES, ...RESUMEN_DIA]) await tx.execute(sql.raw(`alter table "${tabla}" enable trigger "${trigger}"`));
  await tx.execute(sql`select resumen_bloquear(id_tienda) from tienda`);
  await tx.execute(sql`select resumen_dia_reconstruir(id_tienda) from tienda`);
}

/** Every table holds as many rows as the backup says, or the load is undone. */
async function checkCounts(tx: Tx, expected: Record<string, number>) {
  for (const [t, n] of Object.entries(expected)) {
    const res = (await tx.execute(sql.raw(`select count(*)::int as n from "${t}"`))) as unknown as Rows<{ n: number }>;
    const loaded = Number(res.rows[0]?.n ?? 0);
    if (loaded !== n) throw refuse(R.conteoDistinto(t, loaded, n));
  }
}

/** Rows sent to the database per statement while restoring, and the most text per statement. */
const LOAD_ROWS = 2000;
const LOAD_BYTES = 4 * 1024 * 1024;

/**
 * Restores a backup file of either format: the whole file is checked first (format 2: checksum,
 * sections, counts; both: schema version and tables), then every row of the database is replaced in
 * one transaction, and the counts are compared before it commits. Any refusal or failure leaves the
 * current data as it was, and its message says so.
 */
export async function restoreBackupFile(db: Db, file: string): Promise<Record<string, number>> {
  try {
    if ((await backupFormat(file)) === 1) return await restoreDatabase(db, readBackupFile(file));
    const manifest = await verifyBackupFile(file);
    await checkFits(db, manifest.migrations, manifest.tables);
    await db.transaction(async (tx) => {
      await checkFits(tx, manifest.migrations, manifest.tables);
      await beginLoad(tx, manifest.tables);
      // The file is read again: its checksum is computed again, in case it changed since the check.
      const hash = createHash('sha256');
      let current: string | undefined;
      let batch: string[] = [];
      let batchBytes = 0;
      const flush = async () => {
        if (current === undefined || batch.length === 0) return;
        await insertRows(tx, current, `[${batch.join(',')}]`);
        batch = [];
        batchBytes = 0;
      };
      let first = true;
      for await (const line of lines(file)) {
        if (!first && line[0] === OPEN_BRACE) {
          batch.push(line.toString('utf8'));
          batchBytes += line.length;
          if (batch.length >= LOAD_ROWS || batchBytes >= LOAD_BYTES) await flush();
        } else if (!first) {
          const mark = parseLine(line) as unknown[];
          await flush();
          if (current !== undefined) await afterTable(tx, current);
          if (mark[0] === 'end') {
            if (hash.digest('hex') !== manifest.sha256) throw damaged(R.sumaDistinta);
            current = undefined;
            break;
          }
          current = String(mark[1]);
        }
        first = false;
        hash.update(line);
        hash.update(NL);
      }
      await endLoad(tx);
      await checkCounts(tx, manifest.rows);
    });
    return manifest.rows;
  } catch (err) {
    if (err instanceof BackupRefused) throw new Error(`${err.message} ${R.intacto}`, { cause: err });
    throw new Error(`${(err as Error).message} ${R.intacto}`, { cause: err });
  }
}

/** Replaces every row of the database with a format 1 backup's, in one transaction (all or nothing). */
export async function restoreDatabase(db: Db, backup: BackupFile): Promise<Record<string, number>> {
  if (backup?.format !== BACKUP_FORMAT || backup.version !== 1 || !backup.tables || typeof backup.tables !== 'object') throw refuse(R.noEsRespaldo);
  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    const tables = await checkFits(tx, backup.migrations, Object.keys(backup.tables));
    await beginLoad(tx, tables);
    for (const t of tables) {
      const rows = backup.tables[t] ?? [];
      counts[t] = rows.length;
      for (let i = 0; i < rows.length; i += LOAD_ROWS) await insertRows(tx, t, JSON.stringify(rows.slice(i, i + LOAD_ROWS)));
      await afterTable(tx, t);
    }
    await endLoad(tx);
    await checkCounts(tx, counts);
  });
  return counts;
}

/** Reads a format 1 file whole (such files were written whole, by small shops: the big ones never got one). */
export function readBackupFile(file: string): BackupFile {
  const raw = fs.readFileSync(file);
  const text = raw[0] === 0x1f && raw[1] === 0x8b ? zlib.gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  try {
    return JSON.parse(text) as BackupFile;
  } catch {
    throw damaged('no es JSON');
  }
}

/** A format 2 file's rows, table by table, without a database (tests and inspection): streamed. */
export async function* backupRows(file: string): AsyncGenerator<{ table: string; row: Record<string, unknown> }> {
  let current: string | undefined;
  let first = true;
  for await (const line of lines(file)) {
    if (!first && line[0] === OPEN_BRACE && current !== undefined) yield { table: current, row: parseLine(line) as Record<string, unknown> };
    else if (!first) {
      const mark = parseLine(line) as unknown[];
      current = mark[0] === 'table' ? String(mark[1]) : undefined;
    }
    first = false;
  }
}

export const backupFileName = (dir: string) => path.join(dir, `adax-${new Date().toISOString().replace(/[:.]/g, '-')}.json.gz`);
