// Bundles the server into dist/server/main.js (dependencies stay in node_modules) and copies the migrations, functions and triggers.
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';

const dist = process.env.DIST_DIR ?? 'dist';

rmSync(`${dist}/server`, { recursive: true, force: true });
// One ESM bundle a program, its dependencies left in node_modules.
const empaquetar = (entrada, salida, sourcemap = false) =>
  build({ entryPoints: [entrada], bundle: true, platform: 'node', target: 'node20', format: 'esm', packages: 'external', outfile: `${dist}/server/${salida}`, sourcemap, logLevel: 'warning' });
await empaquetar('server/main.ts', 'main.js', true);
// The loopback fake DIAN (issue #31): the journeys' serve.mjs starts it beside the server.
await empaquetar('server/modules/dian/fake-dian.ts', 'fake-dian.js');
// The journeys' twins (issue #56, ADR 067/072): serve.mjs writes them before the server starts.
await empaquetar('tests/e2e/support/semilla-gemelos.ts', 'semilla-gemelos.js');
cpSync('server/db/migrations', `${dist}/server/migrations`, { recursive: true });
// The database's functions and triggers, applied by migrate() after the migrations (issue #54 point 1).
cpSync('server/db/functions', `${dist}/server/functions`, { recursive: true, filter: (f) => !f.endsWith('.ts') });
cpSync('server/db/triggers', `${dist}/server/triggers`, { recursive: true });
// The embedded database's thread (ADR 009): plain JavaScript, loaded beside main.js.
cpSync('server/db/pglite-worker.mjs', `${dist}/server/pglite-worker.mjs`);
// The thread that reads an import's spreadsheet within its caps (issue #49 point 1, server/modules/importacion/leer-archivo.ts).
cpSync('server/modules/importacion/leer-archivo-worker.mjs', `${dist}/server/leer-archivo-worker.mjs`);
// The thread that opens a store's .p12 off the event loop (issue #49, server/modules/dian/p12.ts).
cpSync('server/modules/dian/p12-worker.mjs', `${dist}/server/p12-worker.mjs`);
console.log(`servidor compilado en ${dist}/server/main.js`);
