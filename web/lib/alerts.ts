import Swal from 'sweetalert2';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { NetworkError } from './api-client';

const base = {
  confirmButtonText: M.generic.accept,
  cancelButtonText: M.generic.cancel,
  confirmButtonColor: '#0f766e',
  heightAuto: false,
};

export const alertWarning = (title: string, text?: string) => Swal.fire({ ...base, icon: 'warning', title, text });
export const alertError = (title: string, text?: string) => Swal.fire({ ...base, icon: 'error', title, text });
export const alertSuccess = (title: string, text?: string, confirmButtonText: string = M.generic.accept) =>
  Swal.fire({ ...base, icon: 'success', title, text, confirmButtonText });
export const alertInfo = (title: string, text?: string) => Swal.fire({ ...base, icon: 'info', title, text });

export async function confirmAction(title: string, text?: string, confirmButtonText = 'Sí, continuar'): Promise<boolean> {
  const r = await Swal.fire({ ...base, icon: 'question', title, text, showCancelButton: true, confirmButtonText });
  return r.isConfirmed;
}

/** Asks for a short text (may be left empty); null when the person cancels. */
export async function promptText(title: string, options: { label: string; placeholder?: string; confirmButtonText: string; maxLength?: number }): Promise<string | null> {
  const r = await Swal.fire({
    ...base,
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
