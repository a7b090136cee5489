import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/**
 * Runs an action (moving the focus, scrolling) right after the render that the state changes made with
 * it commit, in that same commit: `tras(() => campo.focus())` beside `setModo(…)`. Not a frame later
 * (`requestAnimationFrame`): a busy or headless browser delays frames, and a focus that moved late took
 * the caret from a field the person had already gone on to, so what they typed there landed in the
 * other one (a journey's flake in CI: the next field's text appended to the first invalid one).
 */
export function useTrasRender(): (accion: () => void) => void {
  const pendiente = useRef<(() => void) | null>(null);
  const [turno, setTurno] = useState(0);
  useLayoutEffect(() => {
    const accion = pendiente.current;
    pendiente.current = null;
    accion?.();
  }, [turno]);
  return useCallback((accion: () => void) => {
    pendiente.current = accion;
    setTurno((n) => n + 1);
  }, []);
}
