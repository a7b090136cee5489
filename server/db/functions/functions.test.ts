import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentoConLista, listaDisparadores } from '../fuentes-doc';
import { archivosGenerados } from '../resumenes-sql';

/**
 * The database's functions and triggers are source files (issue #54 point 1, ADR 040): one function per
 * file here (the summaries' ones generated instead, ADR 081), one table's triggers per file in
 * ../triggers, applied by migrate() after the numbered migrations (server/db/fuentes.ts). These checks need no database; server/db/fuentes.test.ts compares
 * a migrated database with the files on both databases.
 */
const FUNCIONES = import.meta.dirname;
const DISPARADORES = join(import.meta.dirname, '../triggers');
const MIGRACIONES = join(import.meta.dirname, '../migrations');
const sqls = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
const leer = (dir: string, f: string) => readFileSync(join(dir, f), 'utf8');
/** The text without its comments (a comment may name a function or a trigger). */
const sinComentarios = (s: string) => s.replace(/--[^\n]*/g, '');

/** The migration that made the files the source: every later migration carries no function or trigger. */
const PRIMERA_CON_FUENTES = '0054_fuentes_aplicadas';

describe('database functions and triggers: one source file each', () => {
  // The files and the summaries' generated functions (ADR 081), as migrate() reads them.
  const funciones = new Map([...sqls(FUNCIONES).map((f) => [f, leer(FUNCIONES, f)] as const), ...Object.entries(archivosGenerados())]);
  it.each([...funciones.keys()].sort())('%s makes the function it is named after, and only it, with CREATE OR REPLACE', (archivo) => {
    const texto = sinComentarios(funciones.get(archivo)!);
    const hechas = [...texto.matchAll(/CREATE\s+(OR\s+REPLACE\s+)?FUNCTION\s+(\w+)\s*\(/gi)];
    expect(hechas.map((m) => m[2])).toEqual([archivo.replace(/\.sql$/, '')]);
    expect(hechas[0]![1], 'CREATE OR REPLACE FUNCTION: migrate() runs the file again on a database that has it').toBeTruthy();
    expect(texto).not.toMatch(/\bCREATE\s+(OR\s+REPLACE\s+)?TRIGGER\b/i);
  });

  it.each(sqls(DISPARADORES))('%s makes triggers on its table only, each dropped first', (archivo) => {
    const tabla = archivo.replace(/\.sql$/, '');
    const texto = sinComentarios(leer(DISPARADORES, archivo));
    const creados = [...texto.matchAll(/CREATE\s+TRIGGER\s+(\w+)\s[\s\S]*?\sON\s+(\w+)\s/gi)];
    expect(creados.length).toBeGreaterThan(0);
    for (const [, nombre, en] of creados) {
      expect(en, `${nombre} is on ${en}: it belongs in ${en}.sql`).toBe(tabla);
      expect(texto, `${nombre} is made again on a database that has it: drop it first`).toContain(`DROP TRIGGER IF EXISTS ${nombre} ON ${tabla};`);
    }
    expect(texto).not.toMatch(/\bFUNCTION\s+\w+\s*\([^)]*\)\s*RETURNS/i);
  });

  it('no migration after the files took over makes a function or a trigger: they go in server/db/functions and server/db/triggers', () => {
    const journal = JSON.parse(leer(MIGRACIONES, 'meta/_journal.json')) as { entries: { idx: number; tag: string }[] };
    const desde = journal.entries.find((e) => e.tag === PRIMERA_CON_FUENTES)!.idx;
    const culpables = journal.entries
      .filter((e) => e.idx > desde)
      .filter((e) => /\bCREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|TRIGGER)\b/i.test(sinComentarios(leer(MIGRACIONES, `${e.tag}.sql`))))
      .map((e) => e.tag);
    expect(culpables).toEqual([]);
  });

  it('the journal lists its migrations in idx order with rising when: drizzle skips an entry older than the last one applied', () => {
    const journal = JSON.parse(leer(MIGRACIONES, 'meta/_journal.json')) as { entries: { idx: number; when: number; tag: string }[] };
    const idx = journal.entries.map((e) => e.idx);
    expect(idx).toEqual([...idx].sort((a, b) => a - b));
    const desordenadas = journal.entries.filter((e, i) => i > 0 && e.when <= journal.entries[i - 1]!.when).map((e) => e.tag);
    expect(desordenadas).toEqual([]);
  });

  it('docs/architecture.md lists the triggers of the files (npm run docs:triggers)', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../../docs/architecture.md'), 'utf8');
    expect(documentoConLista(doc, listaDisparadores(MIGRACIONES)), 'run npm run docs:triggers').toBe(doc);
  });
});
