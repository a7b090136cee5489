import { options } from 'preact';
import 'preact/compat';

/*
 * What React does and Preact's compat does not, given back (ADR 082). Preact stands behind `react`
 * (web/config/renderizador.ts); web/main.tsx and the web tests' setup load this module first.
 *
 * - `autoFocus` focuses the element when it mounts, as React does (Preact only writes the attribute,
 *   which a browser honours while the page loads and never again): the till's search box, the
 *   payment's amount, the cash drawer's float, the receipt's «Nueva venta».
 * - A controlled field (`value`, `checked`) shows what was rendered: after an input or change event
 *   whose handlers kept the state, the field gets the rendered value back (a money field given a
 *   letter still shows "5.000"). React restores it right after its own synchronous re-render of the
 *   event; Preact re-renders from its render queue, later. So the value is given back only once no
 *   component above the field is waiting to re-render: at once if none is, or else right after the
 *   commit that re-rendered them. Given back earlier, it would be the previous render's text, and a
 *   key typed before the re-render would land on it.
 * - The effects of a render have run when the next event's handler runs. React runs them right after
 *   a render caused by a click or a key; Preact after the next frame (a busy machine paints late), so a
 *   handler could meet a ref that an effect had not yet updated, and the effect then undid what the
 *   handler did: `FechaInput`'s, from the render before the key, put its old text back and the key was
 *   lost (a date typed 15032030 read "15/32/030", ADR 082). Pending effects now run before the handler
 *   of such an event.
 *
 * Preact's internals read here by their built names (the ones its own compat and devtools use): a
 * vnode's element `__e`, its parent `__`, its component `__c`, a component's flags `__g` (8: waiting
 * to re-render), and the commit hook `options.__c`. web/lib/compat-react.test.tsx fails if a Preact
 * release renames them.
 */

interface VNodeInterno {
  type: unknown;
  props: Record<string, unknown>;
  /** The element (Preact's `_dom`). */
  __e?: Element | null;
  /** The parent vnode (`_parent`). */
  __?: VNodeInterno | null;
  /** The component instance (`_component`), with its flags (`_bits`). */
  __c?: { __g?: number } | null;
}

interface OpcionesInternas {
  diffed?: (vnode: VNodeInterno) => void;
  event?: (e: Event) => Event;
  /** How Preact's hooks wait for the next frame to run effects (they pass the same flush each time). */
  requestAnimationFrame?: (flush: () => void) => void;
  /** After each render's commit (Preact's `_commit`): the root vnode and the components it commits. */
  __c?: (root: VNodeInterno, cola: unknown[]) => void;
}

const o = options as unknown as OpcionesInternas;

/** Preact's COMPONENT_DIRTY: the component is in the render queue. */
const PENDIENTE = 8;
/** The elements React focuses on mount when they carry `autoFocus`. */
const ENFOCABLES = new Set(['input', 'select', 'textarea', 'button']);
const CONTROLABLES = new Set(['input', 'select', 'textarea']);

/** Each field's vnode as last rendered: its props (the value to give back) and its ancestors. */
const renderizado = new WeakMap<Element, VNodeInterno>();
/** Focusable elements already mounted: `autoFocus` acts once, on mount. */
const montados = new WeakSet<Element>();
let porEnfocar: HTMLElement[] = [];
/** Fields that had an input or change event and may need their rendered value back. */
const porRestaurar = new Set<Element>();
let revisionPendiente = false;

/** Whether a component above this vnode (its owner included) waits in the render queue. */
function esperaRender(vnode: VNodeInterno): boolean {
  for (let v: VNodeInterno | null | undefined = vnode; v; v = v.__) if (((v.__c?.__g ?? 0) & PENDIENTE) !== 0) return true;
  return false;
}

function devolverValor(campo: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, valor: unknown): void {
  if (valor == null || (campo instanceof HTMLSelectElement && campo.multiple)) return;
  // A number field keeps "5." while it reads as the rendered number (React compares loosely there).
  if (campo.type === 'number' && typeof valor === 'number') {
    if (campo.value !== '' && Number(campo.value) === valor) return;
  } else if (campo.value === String(valor)) return;
  campo.value = String(valor);
}

function devolverMarca(campo: HTMLInputElement, props: Record<string, unknown>): void {
  if (props.checked != null && campo.checked !== Boolean(props.checked)) campo.checked = Boolean(props.checked);
}

function restaurar(campo: Element, vnode: VNodeInterno): void {
  if (campo instanceof HTMLInputElement && (campo.type === 'checkbox' || campo.type === 'radio')) {
    devolverMarca(campo, vnode.props);
    // A radio checked by hand unchecked the group's checked one: each gets its rendered state back.
    if (campo.type === 'radio' && campo.name) {
      const raiz = campo.form ?? campo.ownerDocument;
      for (const otro of raiz.querySelectorAll('input[type="radio"]')) {
        const suyo = renderizado.get(otro);
        if (otro !== campo && otro instanceof HTMLInputElement && otro.name === campo.name && suyo && !esperaRender(suyo)) devolverMarca(otro, suyo.props);
      }
    }
    return;
  }
  if (campo instanceof HTMLInputElement || campo instanceof HTMLTextAreaElement || campo instanceof HTMLSelectElement) devolverValor(campo, vnode.props.value);
}

/** Gives back the rendered value of each field whose re-render, if any was due, has happened. */
function revisar(): void {
  revisionPendiente = false;
  for (const campo of porRestaurar) {
    const vnode = renderizado.get(campo);
    if (!vnode || !campo.isConnected) {
      porRestaurar.delete(campo);
    } else if (!esperaRender(vnode)) {
      porRestaurar.delete(campo);
      restaurar(campo, vnode);
    }
    // Otherwise its owner re-renders soon (Preact writes the new value then): looked at again after that commit.
  }
}

const diffedPrevio = o.diffed;
o.diffed = (vnode) => {
  const tipo = vnode.type;
  const el = vnode.__e;
  if (typeof tipo === 'string' && el) {
    if (CONTROLABLES.has(tipo)) renderizado.set(el, vnode);
    if (ENFOCABLES.has(tipo) && !montados.has(el)) {
      montados.add(el);
      if (vnode.props.autoFocus) porEnfocar.push(el as HTMLElement);
    }
  }
  diffedPrevio?.(vnode);
};

const commitPrevio = o.__c;
o.__c = (root, cola) => {
  commitPrevio?.(root, cola);
  // The elements are in the document now (React focuses in its commit too).
  if (porEnfocar.length) {
    const lista = porEnfocar;
    porEnfocar = [];
    for (const el of lista) if (el.isConnected) el.focus();
  }
  if (porRestaurar.size) revisar();
};

/** The events after which React has run a render's effects (its discrete events). */
const DISCRETOS = new Set(['beforeinput', 'input', 'change', 'keydown', 'keypress', 'keyup', 'click', 'dblclick', 'contextmenu', 'mousedown', 'mouseup', 'pointerdown', 'pointerup', 'touchstart', 'touchend', 'submit', 'reset', 'paste', 'cut', 'copy', 'drop', 'compositionstart', 'compositionend']);
/** Preact's flush of pending effects while one is waiting for its frame. */
let efectosPendientes: (() => void) | null = null;
let corriendoEfectos = false;

function correrEfectos(): void {
  const flush = efectosPendientes;
  if (!flush || corriendoEfectos) return;
  efectosPendientes = null;
  corriendoEfectos = true;
  try {
    flush();
  } finally {
    corriendoEfectos = false;
  }
}

// As Preact's hooks wait by default (the next frame, or 35 ms without one), keeping the flush at hand.
o.requestAnimationFrame = (flush) => {
  efectosPendientes = flush;
  let raf = 0;
  const listo = () => {
    clearTimeout(espera);
    if (raf) cancelAnimationFrame(raf);
    setTimeout(correrEfectos);
  };
  const espera = setTimeout(listo, 35);
  if (typeof requestAnimationFrame === 'function') raf = requestAnimationFrame(listo);
};

const eventoPrevio = o.event;
o.event = (e) => {
  const ev = eventoPrevio ? eventoPrevio(e) : e;
  if (DISCRETOS.has(ev.type)) correrEfectos();
  if ((ev.type === 'input' || ev.type === 'change') && ev.target instanceof Element && renderizado.has(ev.target)) {
    porRestaurar.add(ev.target);
    // After the handler (this hook runs just before it): a microtask, which a trusted event's runs
    // right after its listener returns.
    if (!revisionPendiente) {
      revisionPendiente = true;
      queueMicrotask(revisar);
    }
  }
  return ev;
};
