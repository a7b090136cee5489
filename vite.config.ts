import { defineConfig, type Plugin } from 'vite';
import path from 'node:path';
import { VitePWA } from 'vite-plugin-pwa';
import { CLAVE_LECTURA, lecturasAnticipadas } from './web/config/lecturas-anticipadas';
import { aliasRenderizador } from './web/config/renderizador';

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

type OutChunk = {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  isEntry: boolean;
  viteMetadata?: { importedCss: Set<string> };
};
type OutBundle = Record<string, OutChunk | { type: 'asset'; fileName: string; source: string | Uint8Array }>;

/**
 * The first paint without waiting for JavaScript (issue #20, a low-end phone on 3G):
 *
 * - The landing page is rendered at build time into index.html (web/main.tsx hydrates it), with the
 *   entry's and the landing page's CSS inline, so its largest paint needs the HTML alone.
 * - On the application's paths a small inline script removes that markup before it paints and asks,
 *   in the same round trip as the entry, for the chunks the path will need (the router, the data
 *   layer, and for /ventas the till), instead of one wave of requests after another.
 */
function firstPaint(): Plugin {
  return {
    name: 'adax-first-paint',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const bundle = ctx.bundle as unknown as OutBundle | undefined;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c): c is OutChunk => c.type === 'chunk');
        // The chunk holding a module (a group's chunk, see chunkGraph, holds several).
        const byModule = (suffix: string) => chunks.find((c) => c.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(suffix)));
        const closure = (roots: (OutChunk | undefined)[]) => {
          const seen = new Set<string>();
          const walk = (file: string) => {
            if (seen.has(file)) return;
            seen.add(file);
            const c = bundle[file];
            if (c?.type === 'chunk') c.imports.forEach(walk);
          };
          roots.forEach((r) => r && walk(r.fileName));
          return seen;
        };
        const entry = chunks.find((c) => c.isEntry)!;
        const loaded = closure([entry]);
        const cssOf = (files: Set<string>) => [...files].flatMap((f) => [...((bundle[f] as OutChunk | undefined)?.viteMetadata?.importedCss ?? [])]);
        const minus = (a: Set<string>, b: Set<string>) => new Set([...a].filter((x) => !b.has(x)));
        const shell = minus(closure([byModule('web/app/router.tsx'), byModule('web/app/providers.tsx')]), loaded);
        const ventas = minus(minus(closure([byModule('web/features/ventas/ventas-page.tsx')]), loaded), shell);
        const preload = { js: [...shell], css: cssOf(shell), ventasJs: [...ventas], ventasCss: cssOf(ventas) };

        // The landing page, rendered as web/main.tsx renders it (a Suspense boundary around it, which
        // lets the renderer hydrate it while its chunk loads), in a throwaway SSR server of this same
        // tree, with the same renderer behind `react` (ADR 082).
        const { createServer } = await import('vite');
        const server = await createServer({
          root: 'web',
          configFile: false,
          resolve: { alias: aliasRenderizador },
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
        });
        let markup: string;
        let appPaths: string[];
        const g = globalThis as { window?: unknown };
        const hadWindow = 'window' in g;
        try {
          g.window ??= {};
          // Preact from Node itself: the same copy the SSR modules import (dependencies stay external).
          const [{ createElement, Suspense }, { renderToString }, landing, { paths }] = (await Promise.all([
            import('preact/compat'),
            import('preact-render-to-string'),
            server.ssrLoadModule('/features/landing/landing-page.tsx'),
            server.ssrLoadModule('/config/paths.ts'),
          ])) as unknown as [typeof import('preact/compat'), typeof import('preact-render-to-string'), { default: () => null }, { paths: Record<string, unknown> }];
          markup = renderToString(createElement(Suspense, { fallback: null }, createElement(landing.default, null)));
          const routesOf = (node: unknown): string[] => (typeof node === 'string' ? [node] : Object.values(node as object).flatMap(routesOf));
          appPaths = routesOf(paths)
            .filter((p) => p !== paths.landing && p !== paths.index)
            .map((p) => p.toLowerCase());
        } finally {
          if (!hadWindow) delete g.window;
          await server.close();
        }

        // The SSR server names imported pictures by their source path (/features/…/x.svg), which the
        // built site does not serve: point them at the built files.
        markup = markup.replace(/\b(src|href)="\/([^"?#]+\.(?:svg|png|webp|jpe?g))"/g, (found, attr: string, file: string) => {
          const built = Object.values(bundle).find(
            (a) => a.type === 'asset' && (a as { originalFileNames?: string[] }).originalFileNames?.some((o) => o.replaceAll('\\', '/').endsWith(`/${file}`) || o === file),
          );
          return built ? `${attr}="/${built.fileName}"` : found;
        });

        // CSS inline: the entry's (every page) and the landing page's.
        const inlineCss = [...cssOf(loaded), ...cssOf(closure([byModule('web/features/landing/landing-page.tsx')]))];
        const cssText = [...new Set(inlineCss)].map((f) => {
          const a = bundle[f];
          return a && a.type === 'asset' ? String(typeof a.source === 'string' ? a.source : Buffer.from(a.source).toString('utf8')) : '';
        });
        // Their <link>s stay, disabled (never fetched): Vite's loader of lazy chunks looks for a
        // stylesheet <link> of each CSS file a chunk needs, and would otherwise fetch this one again.
        for (const f of cssOf(loaded))
          html = html.replace(new RegExp(`<link rel="stylesheet"([^>]*)href="/${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"([^>]*)>`), '<link rel="stylesheet"$1href="/' + f + '"$2 disabled>');

        // Which paths are the application's: exactly web/main.tsx's isAppPath.
        const boot = `(function(){var A=${JSON.stringify(appPaths)},P=${JSON.stringify(preload)},p=location.pathname;try{p=decodeURI(p)}catch(e){}p=p.toLowerCase().replace(/\\/+$/,'')||'/';` +
          `var app=A.indexOf(p)>=0||p==='/crud'||p.indexOf('/crud/')===0||/^\\/caja\\/turnos\\/\\d+$/.test(p)||/^\\/ordenes_compra\\/\\d+$/.test(p);document.documentElement.setAttribute('data-ruta',app?'app':'inicio');if(!app)return;` +
          // The screen's first API reads leave now, ahead of its JavaScript (web/config/lecturas-anticipadas.ts).
          // Each keeps a copy of its last answer on the device (CLAVE_LECTURA), shown until the new one arrives
          // (a head start, not offline selling: without a network the till says so, as before).
          `try{var L=${JSON.stringify(lecturasAnticipadas)}[p],t=localStorage.getItem('token');if(L&&t){var m=window.__lecturas={},h={accept:'application/json',authorization:'Bearer '+t},f=t.slice(-16);` +
          `L.forEach(function(u){var k=${JSON.stringify(CLAVE_LECTURA)}+u,s=null,r=fetch('/api'+u,{headers:h}),o=m[u]={token:t,at:Date.now(),res:r};try{s=JSON.parse(localStorage.getItem(k)||'null')}catch(e){}` +
          `if(s&&s.huella===f&&navigator.onLine!==false){o.data=s.data;o.dataAt=s.at;o.guardada=true}` +
          `r.then(function(x){if(x.ok)return x.clone().json().then(function(d){o.data=d;o.dataAt=o.at;o.guardada=false;try{localStorage.setItem(k,JSON.stringify({huella:f,at:o.at,data:d}))}catch(e){}})}).catch(function(){})})}}catch(e){}` +
          `var js=P.js,css=P.css;if(p==='/ventas'){js=js.concat(P.ventasJs);css=css.concat(P.ventasCss)}` +
          `js.forEach(function(f){var l=document.createElement('link');l.rel='modulepreload';l.href='/'+f;document.head.appendChild(l)});` +
          `css.forEach(function(f){var l=document.createElement('link');l.rel='preload';l.as='style';l.crossOrigin='';l.href='/'+f;document.head.appendChild(l)})})();`;
        html = html.replace('<head>', `<head>\n    <script>${boot}</script>`);
        // On the application's paths the landing page's markup is never laid out (nor its pictures
        // fetched) while the parser reaches the script below that removes it.
        cssText.push('html[data-ruta=app] #root{display:none}');
        html = html.replace('</head>', `    <style>${cssText.join('\n')}</style>\n  </head>`);
        html = html.replace(
          '<div id="root"></div>',
          `<div id="root">${markup}</div>\n    <script>if(document.documentElement.getAttribute('data-ruta')==='app'){document.getElementById('root').textContent='';document.documentElement.setAttribute('data-ruta','aplicacion')}</script>`,
        );
        return html;
      },
    },
  };
}

/**
 * Few files on the till's way (issue #20): on a phone over 3G every request waits its own round trip
 * (562 ms) and the browser opens six connections at once, so 21 small chunks cost four waves. From
 * the module graph (recorded once parsing ends), two groups: `app`, what every application screen
 * needs (the router, the data layer, the layout and what they import), and `till`, what the till adds
 * to it. Neither takes a module of the entry or the landing page (the renderer stays with the entry, and the
 * landing page loads neither); every other screen keeps its own chunk.
 */
const chunkGraph = (() => {
  const imports = new Map<string, readonly string[]>();
  const find = (suffix: string) => [...imports.keys()].filter((id) => id.replaceAll('\\', '/').endsWith(suffix));
  const closure = (roots: string[], minus: Set<string> = new Set()) => {
    const seen = new Set<string>();
    const walk = (id: string) => {
      if (seen.has(id) || minus.has(id)) return;
      seen.add(id);
      imports.get(id)?.forEach(walk);
    };
    roots.forEach(walk);
    return seen;
  };
  let sets: { shell: Set<string>; till: Set<string> } | undefined;
  const compute = () => {
    if (sets) return sets;
    const boot = closure([...find('web/main.tsx'), ...find('web/features/landing/landing-page.tsx')]);
    // The data layer's writes (useMutation and its observer) reach the shell only through the
    // library's index: no shell or till code writes, so they go with the screens that do (issue #55 point 4).
    const soloPantallas = new Set([...imports.keys()].filter((id) => /@tanstack[\\/](react-query[\\/].*[\\/]useMutation|query-core[\\/].*[\\/]mutationObserver)\.js$/.test(id)));
    const shell = closure([...find('web/app/router.tsx'), ...find('web/app/providers.tsx')], new Set([...boot, ...soloPantallas]));
    const till = closure(find('web/features/ventas/ventas-page.tsx'), new Set([...boot, ...shell]));
    return (sets = { shell, till });
  };
  return {
    plugin: (): Plugin => ({
      name: 'adax-chunk-graph',
      apply: 'build',
      buildStart() {
        imports.clear();
        sets = undefined;
      },
      buildEnd() {
        for (const id of this.getModuleIds()) imports.set(id, this.getModuleInfo(id)?.importedIds ?? []);
      },
    }),
    shell: () => compute().shell,
    till: () => compute().till,
  };
})();

/**
 * Shorter preload lists (issue #55 point 4). Vite writes, for each lazy import, every chunk the imported
 * one needs, including those the importing chunk itself already loaded statically (the entry, the
 * runtime, `app`): on the router, ~60 lazy screens, that list was ~4 KB gzip of `app`, which every
 * screen loads. Those files are in the page by the time the import runs (the browser would not fetch
 * them again), so they leave the lists; the CSS files and every other chunk stay.
 */
const preloadLists = (() => {
  let bundle: OutBundle | undefined;
  return {
    plugin: (): Plugin => ({
      name: 'adax-preload-lists',
      apply: 'build',
      // Before Vite's own generateBundle writes the lists (it calls resolveDependencies below).
      generateBundle: {
        order: 'pre',
        handler(_options, b) {
          bundle = b as unknown as OutBundle;
        },
      },
    }),
    resolveDependencies: (_file: string, deps: string[], { hostId, hostType }: { hostId: string; hostType: 'html' | 'js' }) => {
      if (hostType !== 'js' || !bundle) return deps;
      const loaded = new Set<string>();
      const walk = (f: string) => {
        if (loaded.has(f)) return;
        loaded.add(f);
        const c = bundle![f];
        if (c?.type === 'chunk') c.imports.forEach(walk);
      };
      walk(hostId);
      return deps.filter((d) => !loaded.has(d));
    },
  };
})();

/** The entry chunk (the boot code): always precached, whatever its size. */
const entryFile = (entries: { url: string }[]) => entries.find((e) => /^assets\/index-[\w-]+\.js$/.test(e.url))?.url;

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  // Preact stands behind `react` (ADR 082; web/config/renderizador.ts). JSX compiles as tsconfig.json
  // says, with the automatic runtime of `react/jsx-runtime` (aliased); there is no Fast Refresh, so an
  // edited component reloads the page in the dev server.
  resolve: { alias: aliasRenderizador },
  plugins: [
    chunkGraph.plugin(),
    preloadLists.plugin(),
    firstPaint(),
    // The application's shell from the browser's own cache (issue #20: a warm start on a slow phone
    // makes no request before the API's). Workbox precaches the built files and answers every
    // navigation of the application with the cached index.html; nothing of the API is cached.
    // web/main.tsx registers it on the application's paths; browsers allow it over HTTPS and on
    // localhost only, so a shop serving plain HTTP on its own network simply goes without it.
    VitePWA({
      injectRegister: null,
      registerType: 'autoUpdate',
      // Installable (issue #34 point 2): opens at the till's home, full screen, with the product's icons
      // (scripts/iconos.mjs draws them from web/public/logo.svg).
      manifest: {
        id: '/inicio',
        name: 'ADAX Store Manager',
        short_name: 'ADAX',
        description: 'Ventas, inventario, fiado y caja de su tienda.',
        lang: 'es-CO',
        dir: 'ltr',
        start_url: '/inicio',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#ffffff',
        theme_color: '#0f766e',
        categories: ['business', 'productivity', 'shopping'],
        icons: [
          { src: '/iconos/icono-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/iconos/icono-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/iconos/icono-mascara-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        shortcuts: [
          { name: 'Vender', short_name: 'Vender', url: '/ventas', icons: [{ src: '/iconos/icono-192.png', sizes: '192x192', type: 'image/png' }] },
          { name: 'Caja', short_name: 'Caja', url: '/caja', icons: [{ src: '/iconos/icono-192.png', sizes: '192x192', type: 'image/png' }] },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2}'],
        // Not the PDF and camera libraries (jsPDF, ZXing: each over 256 KiB; html2canvas, canvg and
        // DOMPurify, which jsPDF loads when it needs them): ~1 MB that only who prints a PDF or scans
        // with the camera needs.
        globIgnores: ['**/html2canvas-*.js', '**/index.es-*.js', '**/purify.es-*.js'],
        manifestTransforms: [async (entries) => ({ manifest: entries.filter((e) => e.size <= 256 * 1024 || e.url === entryFile(entries)), warnings: [] })],
        // Those, and any built file, are kept once fetched (their names change with their content).
        runtimeCaching: [{ urlPattern: /\/assets\/[^/]+$/, handler: 'CacheFirst', options: { cacheName: 'assets', expiration: { maxEntries: 200 } } }],
        navigateFallback: '/index.html',
        // The API and the old controller API are never pages; neither is any path with an extension.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/adx(\/|$)/, /\.[a-z0-9]+$/i],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  build: {
    // DIST_DIR lets parallel builds (e.g. several worktrees' e2e runs) keep apart.
    outDir: path.resolve(process.env.DIST_DIR ?? 'dist', 'web'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    modulePreload: { resolveDependencies: preloadLists.resolveDependencies },
    rolldownOptions: {
      // React Server Components' "use client" at the top of TanStack Query's modules means nothing in a
      // browser bundle (@vitejs/plugin-react, no longer in the config, used to say so).
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && /use (client|server)/.test(warning.message)) return;
        warn(warning);
      },
      output: {
        // SweetAlert2 loads with the first dialog (web/lib/alerts.ts): its own chunk, never merged
        // into one that every screen loads (issue #20).
        codeSplitting: {
          groups: [
            { name: 'sweetalert2', test: /node_modules[\\/]sweetalert2[\\/]/, priority: 3 },
            { name: 'app', test: (id: string) => chunkGraph.shell().has(id), includeDependenciesRecursively: false, priority: 2 },
            { name: 'till', test: (id: string) => chunkGraph.till().has(id), includeDependenciesRecursively: false, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/adx': api,
    },
  },
});
