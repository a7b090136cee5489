import type { SweetAlertIcon, SweetAlertOptions, SweetAlertResult } from 'sweetalert2';
import { AppError } from '#shared/errors';
import { comun, generic } from '#shared/messages/comun';
import { NetworkError } from './api-client';
import '../styles/dialogs.css';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, generic };

/*
 * Every dialog and toast of the application goes through this module: it gives SweetAlert2 the
 * design system's card, buttons, icons and focus ring (web/styles/dialogs.css), so no call site
 * passes colours or classes. Keyboard: Enter confirms (the confirm button has the focus), Esc
 * cancels, and the focus goes back to what had it when the dialog closes.
 */

/** The app's classes on SweetAlert2's parts; its own button styling is off. */
const customClass = {
  container: 'app-dialog-backdrop',
  popup: 'app-dialog',
  icon: 'app-dialog__icon',
  title: 'app-dialog__title',
  htmlContainer: 'app-dialog__text',
  input: 'app-dialog__input',
  inputLabel: 'app-dialog__label',
  validationMessage: 'app-dialog__validation',
  actions: 'app-dialog__actions',
  confirmButton: 'btn app-dialog__confirm',
  denyButton: 'btn btn--danger app-dialog__deny',
  cancelButton: 'btn btn--ghost app-dialog__cancel',
} satisfies SweetAlertOptions['customClass'];

const base = {
  confirmButtonText: M.generic.accept,
  cancelButtonText: M.generic.cancel,
  buttonsStyling: false,
  // Cancel first, the main action last (on the right; on top on a phone).
  reverseButtons: true,
  heightAuto: false,
  customClass,
} satisfies SweetAlertOptions;

/**
 * A dialog in the app's look. For the few that need more than the helpers below (three buttons,
 * no focus return); the options carry content and behaviour only, never styling.
 */
export function showDialog(options: Omit<SweetAlertOptions, 'customClass' | 'buttonsStyling' | 'confirmButtonColor' | 'denyButtonColor' | 'cancelButtonColor' | 'iconColor'>): Promise<SweetAlertResult> {
  const single = !options.showCancelButton && !options.showDenyButton;
  let release = () => {};
  // SweetAlert2 (20 KB gzipped) loads with the first dialog, not with every screen (issue #20).
  return import('sweetalert2').then(({ default: Swal }) => Swal.fire({
    ...base,
    ...options,
    customClass: single ? { ...customClass, popup: 'app-dialog app-dialog--single' } : customClass,
    willOpen: (popup) => {
      release = keepFocusIn(popup);
      options.willOpen?.(popup);
    },
    willClose: (popup) => {
      release();
      options.willClose?.(popup);
    },
  } as SweetAlertOptions));
}

/**
 * A modal keeps the focus: SweetAlert2 listens to the keyboard on its popup only, so a screen that
 * moves the focus to a field behind the dialog while it opens (a form pointing at the field to fix)
 * would leave Enter and Esc without effect. The focus goes back into the dialog instead.
 */
function keepFocusIn(popup: HTMLElement): () => void {
  const onFocusIn = (e: FocusEvent) => {
    const target = e.target instanceof Element ? e.target : null;
    // Before SweetAlert2 shows the popup and gives the focus to its button, nothing to keep.
    if (!target || !popup.isConnected || popup.contains(target) || target.closest('.app-toasts')) return;
    const input = popup.querySelector<HTMLElement>('.swal2-input');
    (input && input.offsetParent !== null ? input : (popup.querySelector<HTMLElement>('.swal2-confirm') ?? popup)).focus();
  };
  document.addEventListener('focusin', onFocusIn);
  return () => document.removeEventListener('focusin', onFocusIn);
}

const alert = (icon: SweetAlertIcon, title: string, text?: string, confirmButtonText: string = M.generic.accept) =>
  showDialog({ icon, title, text, confirmButtonText });

export const alertWarning = (title: string, text?: string) => alert('warning', title, text);
export const alertError = (title: string, text?: string) => alert('error', title, text);
/** A success the person must acknowledge (the spec's 'Registro exitoso', a new code to note). Otherwise use `toastSuccess`. */
export const alertSuccess = (title: string, text?: string, confirmButtonText: string = M.generic.accept) => alert('success', title, text, confirmButtonText);
export const alertInfo = (title: string, text?: string) => alert('info', title, text);

export async function confirmAction(title: string, text?: string, confirmButtonText: string = M.comun.confirmar, cancelButtonText?: string): Promise<boolean> {
  const r = await showDialog({ icon: 'question', title, text, showCancelButton: true, confirmButtonText, ...(cancelButtonText ? { cancelButtonText } : {}) });
  return r.isConfirmed;
}

/** Asks for a short text (may be left empty); null when the person cancels. */
export async function promptText(title: string, options: { label: string; placeholder?: string; confirmButtonText: string; maxLength?: number }): Promise<string | null> {
  const r = await showDialog({
    title,
    input: 'text',
    inputLabel: options.label,
    inputPlaceholder: options.placeholder,
    inputAttributes: { maxlength: String(options.maxLength ?? 40), autocomplete: 'off' },
    showCancelButton: true,
    confirmButtonText: options.confirmButtonText,
  });
  return r.isConfirmed ? String(r.value ?? '').trim() : null;
}

/** Shows any failure as the spec says: connection, the server's Spanish message, or the generic error. */
export function alertFailure(err: unknown, fallbackTitle: string = M.generic.errorTitle) {
  if (err instanceof NetworkError) return alertError(M.generic.connectionTitle, M.generic.connectionText);
  if (err instanceof AppError) {
    if (err.status >= 500) return alertError(M.generic.errorTitle, err.message || M.generic.errorText);
    return alertWarning(err.title ?? fallbackTitle, err.message);
  }
  return alertError(M.generic.errorTitle, M.generic.errorText);
}

/* Toasts: a success that needs no answer. Non-blocking, announced politely, gone after a few seconds. */

/**
 * How long a toast stays: 3 s, a little more for a longer text (at most 6 s); paused while its close
 * button has the focus. The pointer goes through a toast (only its close button takes clicks): it
 * never hides what is under it for longer than that.
 */
export const toastDuration = (title: string, text = '') => Math.min(6000, 3000 + Math.max(0, title.length + text.length - 40) * 40);

let region: HTMLElement | null = null;

/** The live region the toasts go in: one for the page, kept in the body so it outlives a navigation. */
function toastRegion(): { el: HTMLElement; fresh: boolean } {
  if (region?.isConnected) return { el: region, fresh: false };
  region = document.createElement('div');
  region.className = 'app-toasts';
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  document.body.append(region);
  return { el: region, fresh: true };
}

const CHECK_ICON =
  '<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="11" fill="currentColor"/><path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/></svg>';

/** Shows a success toast (title and optional text) and returns at once: the screen goes on. */
export function toastSuccess(title: string, text?: string): void {
  const { el: host, fresh } = toastRegion();
  const toast = document.createElement('div');
  toast.className = 'app-toast app-toast--success';

  const icon = document.createElement('span');
  icon.className = 'app-toast__icon';
  icon.innerHTML = CHECK_ICON;
  const body = document.createElement('div');
  body.className = 'app-toast__body';
  const strong = document.createElement('p');
  strong.className = 'app-toast__title';
  strong.textContent = title;
  body.append(strong);
  if (text) {
    const p = document.createElement('p');
    p.className = 'app-toast__text';
    p.textContent = text;
    body.append(p);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'app-toast__close';
  close.setAttribute('aria-label', M.comun.cerrarAviso);
  close.textContent = '×';
  toast.append(icon, body, close);

  let timer: ReturnType<typeof setTimeout> | undefined;
  let gone = false;
  const dismiss = () => {
    if (gone) return;
    gone = true;
    clearTimeout(timer);
    toast.classList.add('app-toast--leaving');
    setTimeout(() => {
      toast.remove();
      // No live region left behind once empty: the page's own status messages stay the only ones.
      if (!host.hasChildNodes()) host.remove();
    }, 150);
  };
  const start = () => {
    clearTimeout(timer);
    timer = setTimeout(dismiss, toastDuration(title, text));
  };
  const pause = () => clearTimeout(timer);
  close.addEventListener('click', dismiss);
  toast.addEventListener('focusin', pause);
  toast.addEventListener('focusout', start);
  // A live region just added to the page is not listened to yet: fill it a moment later.
  const show = () => {
    host.append(toast);
    start();
  };
  if (fresh) setTimeout(show, 50);
  else show();
}
