import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import LargosPrimero from './tests/helpers/largos-primero.js';
import { aliasRenderizador } from './web/config/renderizador.js';

/** Files that replace a module with vi.mock: a module shared with other files would leak the mock. */
const AISLADOS = ['server/modules/venta/venta.pin-limites.test.ts'];

/**
 * What crosses the embedded database's thread (PGLITE_THREAD=worker, ADR 009), run a second time with it
 * there: a sale's transaction (whole, by card, weighed quantities as numeric), the legacy API's sale, a
 * folder backup, a killed server and the backup scripts. The other venta/producto files send the same
 * statements through the same transport (a whole second run cost ~6 minutes). Only on the embedded database.
 */
const EN_SU_HILO = [
  'server/modules/venta/venta.test.ts',
  'server/modules/venta/venta.una-vez.test.ts',
  'server/modules/venta/venta.pago.test.ts',
  'server/modules/venta/venta.peso.test.ts',
  'server/db/backup.test.ts',
  'server/legacy/legacy-venta.test.ts',
  'tests/api/crash.test.ts',
  'tests/api/backup-cli.test.ts',
];

/**
 * Files that never reach TEST_DATABASE_URL: pure units (shared/, the DIAN document's XML, signature
 * and transport, settings, exports) and the embedded database's own tests (its folder lock, crash
 * safety, backups of its folder, its thread). With TEST_DATABASE_URL set (the PostgreSQL pass of
 * scripts/test-all.sh) they are left out: they ran in the embedded pass and would only run again as they were.
 */
const SIN_BASE = [
  'shared/**/*.test.ts',
  'server/modules/dian/{custodia,qr,xml,soap,apidian,adaptador,nota,firma,cude}.test.ts',
  'server/modules/red-local/certificados.test.ts',
  'server/env.test.ts',
  'server/lib/exportar.test.ts',
  'server/lib/{password,salida}.test.ts',
  'server/legacy/legacy-docs.test.ts',
  'server/db/functions/functions.test.ts',
  'server/db/pglite-thread.test.ts',
  'tests/api/{backup-cli,backup-schedule,crash,data-dir-lock,red-local}.test.ts',
];

/** Web test files that replace a module with vi.mock: shared with other files, the mock would leak into them. */
const WEB_AISLADOS = [
  'web/features/clientes/components/puntos-cliente.test.tsx',
  'web/features/compras/soporte-recepcion.test.tsx',
  'web/features/dian/habilitacion-tipo.test.tsx',
  'web/features/inicio/components/resumen-dia.test.tsx',
  'web/features/proveedores/gestionar-proveedores-page.test.tsx',
  'web/features/puntos/puntos-page.test.tsx',
  'web/features/sin-red/conteo-local.test.ts',
  'web/features/sin-red/sincronizar.test.ts',
  'web/features/ventas/components/elegir-lote.test.tsx',
  'web/features/ventas/components/rejilla-productos.test.tsx',
];

/**
 * The web app's units and components, in a simulated browser (happy-dom: localStorage, history, events).
 * With the renderer that ships (ADR 082): the same aliases as the build, Testing Library's React API for
 * it (web/test/testing-library.tsx), and the libraries that import `react` run through Vite (inlined) so
 * that they get it too.
 */
function webProyecto(name: string, test: { include: string[]; exclude?: string[]; isolate?: boolean }): TestProjectInlineConfiguration {
  return {
    extends: true,
    resolve: {
      alias: [...aliasRenderizador, { find: /^@testing-library\/react$/, replacement: path.resolve('web/test/testing-library.tsx') }],
      // Their ES modules, as the build takes them (the `node` condition alone picks React Router's CommonJS, which Vite does not transform).
      conditions: ['module', 'browser', 'development|production'],
    },
    test: {
      name,
      environment: 'happy-dom',
      setupFiles: ['web/test/setup.ts'],
      server: { deps: { inline: ['react-router', '@tanstack/react-query', 'react-chartjs-2'] } },
      ...test,
    },
  };
}

export default defineConfig({
  test: {
    testTimeout: 30_000,
    // Setting up a store per face hashes several passwords (one at a time, by design): generous on a busy machine.
    hookTimeout: 180_000,
    // PGlite is single-threaded WebAssembly: a few files at a time keep a 2-core machine responsive.
    // (A whole-run setting: it covers both projects below.)
    maxWorkers: 2,
    // Every test database starts from one migrated template built per run (tests/helpers/plantilla.ts).
    globalSetup: ['tests/helpers/plantilla.ts'],
    // The files known to take a minute or more start first (tests/helpers/largos-primero.ts).
    sequence: { sequencer: LargosPrimero },
    // The projects of one run: `npx vitest run` and scripts/test-all.sh run and count them all.
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'tests/api/**/*.test.ts'],
          exclude: [...AISLADOS, ...(process.env.TEST_DATABASE_URL ? SIN_BASE : [])],
          environment: 'node',
          // Test files share their worker's modules instead of loading the whole server again for each
          // (every file still has its own database and app): a sample of 10 files took 160 CPU-s
          // isolated, 118 shared. A file that mocks a module (vi.mock) runs isolated, below.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'node-aislado',
          include: AISLADOS,
          environment: 'node',
        },
      },
      // The embedded database on its own thread (ADR 009): the same files a second time, beside the rest
      // of the run (it was a run of its own: its start and its last file alone cost about a minute of CI).
      ...(process.env.TEST_DATABASE_URL
        ? []
        : [{ extends: true, test: { name: 'node-hilo', include: EN_SU_HILO, environment: 'node', isolate: false, env: { TEST_PGLITE_THREAD: 'worker' } } } as const]),
      webProyecto('web', {
        include: ['web/**/*.test.{ts,tsx}'],
        exclude: WEB_AISLADOS,
        // One simulated page and one copy of the app's modules per worker, not per file: happy-dom's set-up
        // and the app's imports were 110 of the web files' 120 CPU-s (10 of them tests). Each test still
        // starts from an empty page and localStorage (web/test/setup.ts).
        isolate: false,
      }),
      webProyecto('web-aislado', { include: WEB_AISLADOS }),
    ],
  },
});
