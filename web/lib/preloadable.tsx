import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` that does not suspend once its module has arrived (issue #20).
 *
 * A lazy component suspends on its first render even when its chunk was already fetched by a
 * prefetch, and React then holds the revealed content back for up to 300 ms after the fallback
 * appeared (its Suspense throttle): on the till that was ~300 ms of "Cargando…" with everything
 * already in the browser. Here, once `load()` has resolved (by a prefetch calling `preload`, or by a
 * previous render), the component renders the module's export directly, with no Suspense at all.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (err: unknown) => {
        // A failed chunk may be asked for again (the next render retries through React.lazy).
        pending = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(preload);
  function Preloadable(props: P) {
    const Component = (loaded ?? Lazy) as ComponentType<P>;
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
