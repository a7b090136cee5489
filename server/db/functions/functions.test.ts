import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A database function written by hand lives in one source file here (issue #29); a migration that
 * changes it copies that file whole. The database runs the latest migration's text, so that text must
 * be exactly the file's: edit the file, then paste it into a new migration (after its comment).
 */
const MIGRATIONS = join(import.meta.dirname, '../migrations');
const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };

/** The function's text in the latest migration that creates it: from its CREATE to the end of its body. */
function ultimaDefinicion(nombre: string): { migracion: string; texto: string } | null {
  const inicio = `CREATE OR REPLACE FUNCTION ${nombre}(`;
  for (const { tag } of [...journal.entries].sort((a, b) => b.idx - a.idx)) {
    const sql = readFileSync(join(MIGRATIONS, `${tag}.sql`), 'utf8');
    const desde = sql.lastIndexOf(inicio);
    if (desde < 0) continue;
    const fin = sql.indexOf('END $$;', desde);
    return { migracion: tag, texto: sql.slice(desde, fin + 'END $$;'.length) };
  }
  return null;
}

describe('database functions: one source file each', () => {
  const archivos = readdirSync(import.meta.dirname).filter((f) => f.endsWith('.sql'));

  it('has the checkout function', () => {
    expect(archivos).toContain('venta_registrar.sql');
  });

  it.each(archivos)('the latest migration creating %s holds exactly its text', (archivo) => {
    const nombre = archivo.replace(/\.sql$/, '');
    const fuente = readFileSync(join(import.meta.dirname, archivo), 'utf8').trimEnd();
    const ultima = ultimaDefinicion(nombre);
    expect(ultima, `no migration creates ${nombre}`).not.toBeNull();
    expect(ultima!.texto, `${ultima!.migracion}.sql differs from server/db/functions/${archivo}: copy the file whole into a new migration`).toBe(fuente);
  });
});
