import { useCallback, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';

export type FilterUpdate = (changes: Record<string, string>) => void;

/** Applies changes to a copy of `from`: an empty value leaves the address; any change but the page itself resets the page. */
function applyChanges(from: string, changes: Record<string, string>) {
  const next = new URLSearchParams(from);
  for (const [k, v] of Object.entries({ ...changes, page: changes.page ?? '' })) {
    if (v) next.set(k, v);
    else next.delete(k);
  }
  return next;
}

/**
 * A list's filters kept in the address (a reload or coming back keeps them), through React Router's
 * `useSearchParams`, so it works under any router (BrowserRouter in the app, MemoryRouter in tests).
 * `update` starts from the address as this hook last wrote it, not from the copy of the last render:
 * a debounced search that settles in the same instant as a select changes would otherwise put back
 * the old value of the other (React Router's setter does not queue like React's). Any change but
 * the page itself sends the list back to its first page. Filtering replaces the history entry.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const rendered = params.toString();
  // What this hook last wrote, until the router renders another address (Back, a link).
  const live = useRef({ rendered, pending: rendered, pathname });
  if (live.current.rendered !== rendered) live.current = { rendered, pending: rendered, pathname };
  live.current.pathname = pathname;
  // Under a router that drives the browser's address (the app's BrowserRouter), a link already left
  // this page while the next one loads: a search settling now must not bring the person back.
  const drivesBrowser = useRef(typeof window !== 'undefined' && window.location.pathname === pathname).current;
  const update = useCallback<FilterUpdate>(
    (changes) => {
      if (drivesBrowser && window.location.pathname !== live.current.pathname) return;
      const next = applyChanges(live.current.pending, changes);
      live.current.pending = next.toString();
      setParams(next, { replace: true });
    },
    [setParams, drivesBrowser],
  );
  return [params, update] as const;
}

/** The same state kept in memory: a list inside a page whose address belongs to another list (a side panel). */
export function useMemoryFilters() {
  const [search, setSearch] = useState('');
  const update = useCallback<FilterUpdate>((changes) => setSearch((from) => applyChanges(from, changes).toString()), []);
  return [new URLSearchParams(search), update] as const;
}
