// The test files of CI's PostgreSQL pass (scripts/test-all.sh; issue #54 point 7): what can differ
// between the two engines. Every file runs on PGlite in the first pass; this pass runs again, on the
// server engine, the files whose outcome can depend on it:
// - the database's own code and the money paths' locks, triggers and summaries (the folders below);
// - every file that runs work concurrently (`Promise.all`: PGlite serialises what PostgreSQL runs at
//   once, so races, locks and queues only happen there) or asks which engine it runs on;
// - the whole route table read and fuzzed on a store with data (SQL that only PostgreSQL 15 refuses),
//   and the integrity property over random sequences through the three faces.
// What it leaves out (the DIAN document's XML and transport, parsing of imported files, the
// authorization matrix, rate limits, settings, CRUD forms) runs the same statements on both engines.
// `TEST_DATABASE_URL=… npx vitest run --project node` still runs every file there.
// Prints one path a line.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const CARPETAS =
  /^server\/(db|modules\/(venta|devolucion|fiado|caja|numeracion|compras|traslado|conteo|reportes|inventario|lote|movimiento|analisis|sin-red|impuestos|lista-precio|promocion|puntos))\//;
const CONTENIDO = /Promise\.all(Settled)?\(|TEST_DATABASE_URL|\.kind\s*===/;
const SIEMPRE = new Set([
  'tests/api/fuzz.test.ts',
  'tests/api/fuzz-datos.test.ts',
  'tests/api/integridad.property.test.ts',
  'server/modules/importacion/importacion.test.ts',
]);

const archivos = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'server', 'tests/api'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => f.endsWith('.test.ts') && fs.existsSync(f));
for (const f of archivos) {
  if (SIEMPRE.has(f) || CARPETAS.test(f) || CONTENIDO.test(fs.readFileSync(f, 'utf8'))) console.log(f);
}
