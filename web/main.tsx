// First: what React does and Preact's compat (behind `react`, ADR 082) does not.
import './lib/compat-react';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { arranque } from '#shared/messages/arranque';
import { preloadable } from './lib/preloadable';
import { escucharInstalacion, pedirAlmacenamientoPersistente } from './lib/instalacion';
import { paths } from './config/paths';
import './styles/global.css';

/*
 * The entry holds the renderer (Preact behind `react`, ADR 082) and this boot code only. The public
 * landing page (at `/` and at every unknown path, spec §2) is its own small chunk and renders without
 * React Router; the router, the data layer, the guards and the application screens load only for the
 * application's paths (the landing page's budget is 80 KB gzipped).
 */
const LandingPage = lazy(() => import('./features/landing/landing-page'));
const App = preloadable(async () => {
  const [{ AppProviders }, { AppRouter, precargarPantalla }] = await Promise.all([import('./app/providers'), import('./app/router')]);
  // The first screen's chunk too: the application then renders it without suspending (issue #20).
  await precargarPantalla(window.location.pathname);
  return {
    default: function App() {
      return (
        <AppProviders>
          <AppRouter />
        </AppProviders>
      );
    },
  };
});

// The application's own paths; every other path is the landing page, exactly as the router decides
// (React Router matches without regard to letter case or a trailing slash; /crud/* is one subtree).
const routesOf = (node: string | object): string[] =>
  typeof node === 'string' ? [node] : Object.values(node).flatMap((child: string | object) => routesOf(child));
const appPaths = new Set(
  routesOf(paths)
    .filter((p) => p !== paths.landing && p !== paths.index)
    .map((p) => p.toLowerCase()),
);

function isAppPath(pathname: string): boolean {
  let p = pathname;
  try {
    p = decodeURI(pathname);
  } catch {
    // A malformed address is none of the application's.
  }
  p = p.toLowerCase().replace(/\/+$/, '') || '/';
  return appPaths.has(p) || p === '/crud' || p.startsWith('/crud/') || /^\/caja\/turnos\/\d+$/.test(p) || /^\/ordenes_compra\/\d+$/.test(p) || /^\/conteos\/\d+$/.test(p) || /^\/reportes\/[a-z-]+$/.test(p);
}

function Loading() {
  return (
    <div className="state" role="status">
      {arranque.cargando}
    </div>
  );
}

const onLanding = !isAppPath(window.location.pathname);

// The application's shell from the browser's cache on the next visit (vite.config.ts, issue #20).
// Only on the application's paths (a visitor of the landing page does not download the app), once
// the page has loaded, and only where the browser allows it (HTTPS or localhost).
// Installing the app and keeping its stored data (issue #34 point 2): the install offer is caught
// before React renders (it fires once, early); persistence is asked on the application's paths.
if (!onLanding) {
  escucharInstalacion();
  void pedirAlmacenamientoPersistente();
}

if (!onLanding && import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

const root = document.getElementById('root')!;
// The built index.html carries the landing page already rendered (vite.config.ts, issue #20): React
// takes it over where it is, keeping it on screen while the page's chunk loads.
if (onLanding) {
  const landing = (
    <StrictMode>
      <Suspense fallback={null}>
        <LandingPage />
      </Suspense>
    </StrictMode>
  );
  if (root.firstChild) hydrateRoot(root, landing);
  else createRoot(root).render(landing);
} else {
  // "Cargando…" until the application's chunks are in (index.html asked for them with the entry),
  // then the application, which then need not suspend: React holds content revealed soon after a
  // Suspense fallback back by up to 300 ms, which a warm start would have paid (issue #20).
  const app = createRoot(root);
  const render = () =>
    app.render(
      <StrictMode>
        <Suspense fallback={<Loading />}>
          <App />
        </Suspense>
      </StrictMode>,
    );
  app.render(<Loading />);
  App.preload().then(render, render);
}
