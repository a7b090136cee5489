// React's behaviours that Preact's compat lacks, as in the built app (web/main.tsx, ADR 082).
import '../lib/compat-react';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Each test starts from an empty page and an empty localStorage (the cart, the sale's key, the session).
// Testing Library unmounts on its own only when Vitest's globals are on; they are off here.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
