import { useLayoutEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';

const GUARD = 'atrasAlInicio';

/**
 * The browser's back button on the sales screens returns to /inicio (spec §2). `onBack` runs first
 * (the receipt completes its sale on the way out); `preguntar`, when given, may keep the person on the
 * screen (the till asks before a Back gesture empties a full cart).
 *
 * On entering the screen a copy of the current history entry is pushed, so that Back first lands
 * on the same route: the screen stays mounted, hears the popstate and replaces that entry with
 * /inicio. (Had Back gone straight to another route, the router would already have unmounted the
 * screen by the time its listener ran.)
 *
 * Both happen in the commit itself (layout effects, not passive ones): a Back pressed right after the
 * first product is added must already hear the question, and one pressed right after the screen appears
 * must already find the guard entry. Passive effects may run after the browser has handled more input:
 * a journey on a loaded machine pressed Back in between and left a full cart without the question.
 */
export function useAtrasAlInicio(onBack?: () => void, preguntar?: () => Promise<boolean>) {
  const navigate = useNavigate();
  const onBackRef = useRef(onBack);
  const preguntarRef = useRef(preguntar);
  useLayoutEffect(() => {
    onBackRef.current = onBack;
    preguntarRef.current = preguntar;
  });
  useLayoutEffect(() => {
    const state = (window.history.state ?? {}) as Record<string, unknown>;
    if (!state[GUARD]) window.history.pushState({ ...state, [GUARD]: true }, '', window.location.href);
    const handler = async () => {
      // Asked first (a full cart): staying puts the guard entry back, so the next Back asks again.
      if (preguntarRef.current && !(await preguntarRef.current())) {
        window.history.pushState({ ...((window.history.state ?? {}) as Record<string, unknown>), [GUARD]: true }, '', window.location.href);
        return;
      }
      onBackRef.current?.();
      navigate(paths.inicio, { replace: true });
    };
    window.addEventListener('popstate', handler);
    return () => window.removeEventListener('popstate', handler);
  }, [navigate]);
}
