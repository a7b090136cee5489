import { ventas } from '#shared/messages/ventas';
import { ZPin, type TAutorizacionPin, type TSupervisor } from '#shared/schemas/venta';
import { alertFailure, alertWarning, showDialog } from './alerts';
import { api } from './api-client';
import { fuenteSinRed } from './fuente-venta';
import { sinRed } from '#shared/messages/sin-red';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { ventas };

const V = M.ventas;

/** The store's supervisors whose PIN works (issue #16 point 4); read when the dialog opens. Offline, those whose PIN the device can check (ADR 053). */
export const listarSupervisores = () => fuenteSinRed()?.supervisores() ?? api<TSupervisor[]>('/ventas/supervisores');

/**
 * The supervisors for the PIN dialog, or null after telling the person why there are none: the list
 * could not be read, or nobody has a PIN yet (`sinSupervisores`, the screen's words).
 */
export async function supervisoresParaPin(sinSupervisores: string): Promise<TSupervisor[] | null> {
  let supervisores: TSupervisor[];
  try {
    supervisores = await listarSupervisores();
  } catch (err) {
    void alertFailure(err);
    return null;
  }
  if (!supervisores.length) {
    void alertWarning(V.pinTitle, fuenteSinRed() ? sinRed.pinSinSupervisores : sinSupervisores);
    return null;
  }
  return supervisores;
}

/** What a try with a PIN ended in: a wrong PIN (the dialog stays open with it) or anything else. */
export type IntentoPin<T> = { pinError: string } | { hecho: T };

/**
 * The supervisor's PIN (issue #16 point 4): a role-2 cashier's discount at the till, or a cash
 * movement above the store's threshold on the caja screen (issue #27), is sent with the supervisor
 * chosen here (the store's roles 1 and 3 with a PIN) and the PIN they type. `intentar` sends it while
 * the dialog waits: a wrong PIN keeps the dialog open with the server's message and the PIN field
 * empty (issue #36 point 11); anything else closes it and is answered. Null when the cashier cancels.
 * The supervisor's names are set as text, never as HTML. `textos`: the dialog's words where it is not
 * the till's discount.
 */
export async function pedirPinSupervisor<T>(
  supervisores: readonly TSupervisor[],
  intentar: (a: TAutorizacionPin) => Promise<IntentoPin<T>>,
  textos: { texto?: string; autorizar?: string } = {},
): Promise<T | null> {
  const cuerpo = document.createElement('div');
  const texto = document.createElement('p');
  texto.textContent = textos.texto ?? V.pinText;
  const label = document.createElement('label');
  label.className = 'app-dialog__label';
  label.htmlFor = 'pin-supervisor';
  label.textContent = V.pinSupervisor;
  label.style.display = 'block';
  const select = document.createElement('select');
  select.id = 'pin-supervisor';
  select.name = 'supervisor';
  select.className = 'app-dialog__input';
  if (supervisores.length !== 1) select.append(new Option(V.pinElija, ''));
  for (const s of supervisores) select.append(new Option(s.nombre, String(s.id)));
  cuerpo.append(texto, label, select);

  const r = await showDialog({
    title: V.pinTitle,
    html: cuerpo,
    input: 'password',
    inputLabel: V.pinLabel,
    // SweetAlert2 sets these on each of its hidden inputs too: no name or label here (inputLabel labels it).
    inputAttributes: { inputmode: 'numeric', maxlength: '8', autocomplete: 'off', pattern: '[0-9]*' },
    inputValidator: (value: string) => (!select.value ? V.supervisorRequerido : ZPin.safeParse(String(value ?? '')).success ? null : V.pinInvalido),
    showCancelButton: true,
    confirmButtonText: textos.autorizar ?? V.pinAutorizar,
    showLoaderOnConfirm: true,
    allowOutsideClick: false,
    preConfirm: async (value: string) => {
      const intento = await intentar({ supervisorId: Number(select.value), pin: String(value) });
      if ('hecho' in intento) return intento;
      // A wrong PIN: the same dialog, its message, the PIN typed again.
      const { default: Swal } = await import('sweetalert2');
      Swal.showValidationMessage(intento.pinError);
      const input = Swal.getInput();
      if (input) {
        input.value = '';
        input.focus();
      }
      return false;
    },
    // One supervisor: straight to the PIN; several: choose first.
    didOpen: (popup) => (supervisores.length === 1 ? popup.querySelector<HTMLInputElement>('input.swal2-input') : select)?.focus(),
  });
  if (!r.isConfirmed) return null;
  return (r.value as { hecho: T }).hecho;
}
