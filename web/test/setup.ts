// React's behaviours that Preact's compat lacks, as in the built app (web/main.tsx, ADR 082).
import '../lib/compat-react';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

/**
 * The test files of a worker share one copy of the app's modules (vitest.config.ts, `isolate: false`), so
 * each test starts from a clean page here: empty body, localStorage and sessionStorage (the cart, the
 * sale's key, the session), the page's first address, real timers and globals, no spies. What one test
 * left behind (a toast's live region appended to the body, an address a router pushed, a stubbed fetch)
 * reached the next file. Testing Library unmounts on its own only when Vitest's globals are on; they
 * are off here.
 */
const DIRECCION = 'http://localhost:3000/';
function paginaLimpia() {
  cleanup();
  document.body.replaceChildren();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // Something a test started and left running can still navigate the page after it ends (happy-dom then
  // leaves it at about:blank, where a router cannot build a URL): the next test gets the first address back.
  if (window.location.href !== DIRECCION) (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(DIRECCION);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}
paginaLimpia();
afterEach(paginaLimpia);
