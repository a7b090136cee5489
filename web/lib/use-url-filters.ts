import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's filters kept in the address (a reload or coming back keeps them).
 * `update` starts from the address as it is now, not from the copy of the last render: a debounced
 * search that settles in the same instant as a select changes would otherwise put back the old
 * value of the other (React Router's setter does not queue like React's). Any change but the page
 * itself sends the list back to its first page.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: Record<string, string>) => {
      const next = new URLSearchParams(window.location.search);
      for (const [k, v] of Object.entries({ ...changes, page: changes.page ?? '' })) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return [params, update] as const;
}
