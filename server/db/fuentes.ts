import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { archivosGenerados } from './resumenes-sql';

/**
 * The database's own code as source files (issue #54 point 1, ADR 040): `functions/<name>.sql` holds
 * each PL/pgSQL or SQL function's current text, `triggers/<table>.sql` each table's triggers. After the
 * numbered migrations, `migrate()` applies them under the lock it already holds, in one transaction:
 * a file is run again only when its hash differs from the one recorded in `drizzle.fuente_aplicada`
 * (so an ordinary start reads the files and one small table, and runs nothing), or when a numbered
 * migration ran in this start (it may have dropped a trigger with its column or table). Functions are
 * made with CREATE OR REPLACE before the triggers; a trigger file drops and makes its triggers again.
 * Statements a numbered migration left in `drizzle.fuente_despues` (a summary's rebuild after its
 * meaning changed) run last, with the new functions in place, once.
 * The summaries' functions are not files: their one source is the declaration (`resumenes.ts`) and its
 * generator (`resumenes-sql.ts`), read here as `functions/<name>.sql` like the others (ADR 066, ADR 081).
 */

export interface Fuente {
  /** `functions/<name>.sql` or `triggers/<table>.sql`, as recorded in drizzle.fuente_aplicada. */
  archivo: string;
  tipo: 'funcion' | 'disparadores';
  texto: string;
  huella: string;
}

/** What the applier needs of a connection inside a transaction: one script, one query. */
export interface Ejecutor {
  exec(sql: string): Promise<unknown>;
  query<T>(sql: string): Promise<T[]>;
}

/** Beside the migrations: `server/db/` in the source tree, `dist/server/` beside the bundle. */
export function fuentesFolders(migrationsFolder: string): { functions: string; triggers: string } {
  const base = path.dirname(migrationsFolder);
  return { functions: path.join(base, 'functions'), triggers: path.join(base, 'triggers') };
}

/** Every source, functions first (the files and the generated ones), each group in name order. */
export function leerFuentes(migrationsFolder: string): Fuente[] {
  const folders = fuentesFolders(migrationsFolder);
  const fuente = (archivo: string, tipo: Fuente['tipo'], texto: string): Fuente => ({ archivo, tipo, texto, huella: createHash('sha256').update(texto).digest('hex') });
  const leer = (dir: string, sub: 'functions' | 'triggers', tipo: Fuente['tipo']): Fuente[] =>
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => fuente(`${sub}/${f}`, tipo, fs.readFileSync(path.join(dir, f), 'utf8')));
  const archivos = leer(folders.functions, 'functions', 'funcion');
  const generadas = Object.entries(archivosGenerados()).map(([f, texto]) => fuente(`functions/${f}`, 'funcion', texto));
  const ambas = generadas.filter((g) => archivos.some((a) => a.archivo === g.archivo));
  if (ambas.length) throw new Error(`server/db/${ambas[0]!.archivo}: generated from server/db/resumenes.ts, remove the file`);
  const porNombre = (a: Fuente, b: Fuente) => (a.archivo < b.archivo ? -1 : a.archivo > b.archivo ? 1 : 0);
  return [...[...archivos, ...generadas].sort(porNombre), ...leer(folders.triggers, 'triggers', 'disparadores').sort(porNombre)];
}

/** A hash of every source file (the tests' template database is named by it and the migrations'). */
export function huellaFuentes(migrationsFolder: string): string {
  const hash = createHash('sha256');
  for (const f of leerFuentes(migrationsFolder)) hash.update(f.archivo).update(f.huella);
  return hash.digest('hex');
}

/** How many numbered migrations the database has recorded (0 before the first). */
export async function migracionesAplicadas(ej: Ejecutor): Promise<number> {
  const [tabla] = await ej.query<{ t: string | null }>("select to_regclass('drizzle.__drizzle_migrations')::text as t");
  if (!tabla?.t) return 0;
  const [fila] = await ej.query<{ n: number | string }>('select count(*) as n from drizzle.__drizzle_migrations');
  return Number(fila?.n ?? 0);
}

/**
 * Runs the files whose hash changed (all of them when `todas`), records their hashes and runs the
 * statements left for after them. Call inside a transaction, after the numbered migrations.
 * Answers the files it ran.
 */
export async function aplicarFuentes(ej: Ejecutor, fuentes: Fuente[], opciones: { todas: boolean }): Promise<string[]> {
  const filas = await ej.query<{ archivo: string; huella: string }>('select archivo, huella from drizzle.fuente_aplicada');
  const aplicada = new Map(filas.map((f) => [f.archivo, f.huella]));
  const cambiadas = fuentes.filter((f) => opciones.todas || aplicada.get(f.archivo) !== f.huella);
  const despues = await ej.query<{ id: number; sentencia: string }>('select id, sentencia from drizzle.fuente_despues order by id');
  const sobran = filas.filter((f) => !fuentes.some((x) => x.archivo === f.archivo));
  if (cambiadas.length === 0 && despues.length === 0 && sobran.length === 0) return [];
  // A function's body is checked when it is called, not when it is made (as pg_dump does): the files
  // need no order among themselves.
  await ej.exec('set local check_function_bodies = off');
  for (const f of cambiadas) {
    try {
      await ej.exec(f.texto);
    } catch (err) {
      throw Object.assign(new Error(`server/db/${f.archivo}: ${(err as Error).message}`), { cause: err });
    }
  }
  await ej.exec('set local check_function_bodies = on');
  for (const f of cambiadas) {
    await ej.exec(
      `insert into drizzle.fuente_aplicada (archivo, huella) values (${literal(f.archivo)}, ${literal(f.huella)})
       on conflict (archivo) do update set huella = excluded.huella, aplicada_en = now()`,
    );
  }
  for (const f of sobran) await ej.exec(`delete from drizzle.fuente_aplicada where archivo = ${literal(f.archivo)}`);
  for (const d of despues) {
    await ej.exec(d.sentencia);
    await ej.exec(`delete from drizzle.fuente_despues where id = ${Number(d.id)}`);
  }
  return cambiadas.map((f) => f.archivo);
}

/** A file's name or hash as an SQL literal (names are this repository's, but quote them anyway). */
function literal(s: string): string {
  return `'${s.replaceAll("'", "''")}'`;
}
