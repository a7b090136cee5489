/**
 * The dialogs and toasts of web/lib/alerts.ts for the till, loaded with its first dialog: the till's
 * first paint does not carry them (issue #55 point 4). Same functions, same behaviour. A dialog asks
 * for SweetAlert2 (which web/lib/alerts.ts loads with the first dialog anyway) at the same time as
 * this module, so the first dialog waits for no more round trips than before; a toast needs only
 * this module.
 */
type Alerts = typeof import('./alerts');
let cargando: Promise<Alerts> | undefined;
const cargar = (dialogo: boolean) => {
  if (dialogo) void import('sweetalert2').catch(() => undefined);
  return (cargando ??= import('./alerts').catch((e: unknown) => {
    cargando = undefined;
    throw e;
  }));
};

/** Asks for the dialogs now (e.g. together with a dialog's own texts), so that they arrive together. */
export const precargarDialogos = () => void cargar(true).catch(() => undefined);

export const alertWarning = (...a: Parameters<Alerts['alertWarning']>) => cargar(true).then((m) => m.alertWarning(...a));
export const confirmAction = (...a: Parameters<Alerts['confirmAction']>) => cargar(true).then((m) => m.confirmAction(...a));
export const promptText = (...a: Parameters<Alerts['promptText']>) => cargar(true).then((m) => m.promptText(...a));
export const alertFailure = (...a: Parameters<Alerts['alertFailure']>) => cargar(true).then((m) => m.alertFailure(...a));
export const toastSuccess = (...a: Parameters<Alerts['toastSuccess']>): void => void cargar(false).then((m) => m.toastSuccess(...a));
