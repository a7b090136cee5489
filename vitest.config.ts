import { defineConfig } from 'vitest/config';

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
    // Two projects in one run: `npx vitest run` and scripts/test-all.sh run and count both.
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'tests/api/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The web app's units and components, in a simulated browser (happy-dom: localStorage, history, events).
        extends: true,
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['web/test/setup.ts'],
        },
      },
    ],
  },
});
