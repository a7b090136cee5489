import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4310);

/**
 * Debian's Chromium for the journeys: its headless shell when installed (`chromium-headless-shell`,
 * what Playwright's own headless runs use: no window system, no GPU process), else the full browser
 * in its headless mode. The browser was ~70 % of the journeys' CPU on the 2-core CI machine (issue #54
 * point 7); CHROMIUM_PATH picks another.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

/** End-to-end journeys in Debian's Chromium against the built app on a fresh embedded database. */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.PW_JSON ? [['list'], ['json', { outputFile: process.env.PW_JSON }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    // A trace of every journey, kept only when it fails, was recorded for all of them: its film strip and
    // DOM snapshots cost about a third of the journeys' CPU on the 2-core CI machine (issue #54 point 7),
    // and a CI run kept none (a fresh clone; nothing in .ci/run collects test-results/). CI records
    // none; the failure's screenshot and page snapshot stay. Locally, or to trace a CI failure:
    // `npx playwright test <spec> --trace retain-on-failure`.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    // The app's service worker (vite.config.ts) would answer requests before page.route() sees
    // them; journeys run without it, and tests/e2e/shell-cache.spec.ts turns it on to test it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: 'node tests/e2e/support/serve.mjs',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    // Building the demo data hashes passwords: on a loaded 2-core machine the start took 71 s.
    timeout: 180_000,
    env: { E2E_PORT: String(PORT), E2E_DIST: process.env.E2E_DIST ?? 'dist', E2E_DIR: process.env.E2E_DIR ?? '' },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
