/*
 * Testing Library's React API for the renderer that ships (ADR 082): `@testing-library/react` renders
 * with the React that Node finds, never the one web/config/renderizador.ts puts behind `react`, so the
 * web tests' `@testing-library/react` is this file (vitest.config.ts). The same API as far as the
 * tests use it: render (rerender, unmount, asFragment, the queries), renderHook, act, cleanup, and
 * `@testing-library/dom`'s queries, `screen`, `waitFor` and events, each event run inside Preact's
 * `act` (renders and effects done when it returns), user-event's too.
 *
 * Like Testing Library's React API, `fireEvent.focus`/`blur` also send `focusin`/`focusout` (what
 * `onFocus`/`onBlur` hear), and `fireEvent.change` on a text field also sends `input`: React's
 * `onChange` there hears both, compat's only `input` (what a browser and Playwright's `fill` send).
 */
import { configure, fireEvent as fireEventDom, getQueriesForElement, prettyDOM } from '@testing-library/dom';
import { render as pintar, type ComponentChild } from 'preact';
import { act as actPreact } from 'preact/test-utils';
import type { ComponentType, ReactNode } from 'react';

export * from '@testing-library/dom';

type Callback = () => void | Promise<void>;

/** Preact's `act`: the callback, then every render and effect it caused. */
export function act(cb: Callback): Promise<void> {
  return actPreact(cb);
}

configure({
  eventWrapper: (cb) => {
    let resultado: unknown;
    void act(() => {
      resultado = cb();
    });
    return resultado;
  },
});

const base = fireEventDom;
type FireEvent = typeof fireEventDom;
export const fireEvent = ((...args: Parameters<FireEvent>) => base(...args)) as FireEvent;
for (const k of Object.keys(base) as (keyof FireEvent)[]) {
  (fireEvent as unknown as Record<string, unknown>)[k] = base[k];
}
// As Testing Library's React API: an enter or leave also sends its bubbling twin, focus and blur their
// focusin/focusout first (React listens to those).
const pares: [keyof FireEvent, keyof FireEvent, keyof FireEvent][] = [
  ['mouseEnter', 'mouseEnter', 'mouseOver'],
  ['mouseLeave', 'mouseLeave', 'mouseOut'],
  ['pointerEnter', 'pointerEnter', 'pointerOver'],
  ['pointerLeave', 'pointerLeave', 'pointerOut'],
  ['focus', 'focusIn', 'focus'],
  ['blur', 'focusOut', 'blur'],
];
for (const [nombre, primero, segundo] of pares) {
  (fireEvent as unknown as Record<string, unknown>)[nombre] = (...args: Parameters<FireEvent['focus']>) => {
    base[primero](...args);
    return base[segundo](...args);
  };
}
fireEvent.change = (el, init) => {
  const r = base.change(el, init);
  // compat's onChange on a text field listens to `input` (its rule: not file, checkbox or radio).
  if (el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && !/fil|che|rad/.test(el.type))) base.input(el);
  return r;
};

interface Montado {
  container: HTMLElement;
  propio: boolean;
}
const montados = new Set<Montado>();

interface Opciones {
  container?: HTMLElement;
  baseElement?: HTMLElement;
  wrapper?: ComponentType<{ children: ReactNode }>;
}

export function render(ui: ReactNode, opciones: Opciones = {}) {
  const baseElement = opciones.baseElement ?? opciones.container ?? document.body;
  const propio = !opciones.container;
  const container = opciones.container ?? baseElement.appendChild(document.createElement('div'));
  const Envoltura = opciones.wrapper;
  const envolver = (el: ReactNode) => (Envoltura ? <Envoltura>{el}</Envoltura> : el) as ComponentChild;
  const montado = { container, propio };
  montados.add(montado);
  void act(() => pintar(envolver(ui), container));
  return {
    container,
    baseElement,
    rerender: (el: ReactNode) => void act(() => pintar(envolver(el), container)),
    unmount: () => {
      void act(() => pintar(null, container));
    },
    asFragment: () => document.createRange().createContextualFragment(container.innerHTML),
    debug: (el: Element = baseElement) => console.log(prettyDOM(el)),
    ...getQueriesForElement(baseElement),
  };
}

export function renderHook<R, P>(callback: (props: P) => R, opciones: Opciones & { initialProps?: P } = {}) {
  const result = { current: undefined as R };
  function Prueba({ props }: { props: P }) {
    result.current = callback(props);
    return null;
  }
  const { rerender, unmount } = render(<Prueba props={opciones.initialProps as P} />, opciones);
  return { result, rerender: (props?: P) => rerender(<Prueba props={props as P} />), unmount };
}

/** Unmounts what each render mounted and removes the containers it added (setup.ts, after each test). */
export function cleanup(): void {
  for (const m of montados) {
    void act(() => pintar(null, m.container));
    if (m.propio) m.container.remove();
  }
  montados.clear();
}
