/**
 * Which renderer stands behind `react` (issue #55 point 4, ADR 082): Preact through `preact/compat`,
 * ~8 KB gzip where React DOM and React weighed ~58. The code keeps importing React's names and types;
 * these aliases send every `react`, `react-dom` and JSX-runtime import (the app's and its libraries')
 * to Preact. One list for the build and its dev server (vite.config.ts) and for the web unit tests
 * (vitest.config.ts), so what is tested is what ships.
 *
 * To go back to React: empty this list and follow ADR 082's "How to go back".
 */
export const aliasRenderizador: { find: RegExp; replacement: string }[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
];
