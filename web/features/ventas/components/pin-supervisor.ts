import { ventas } from '#shared/messages/ventas';
import type { TAutorizacionPin, TSupervisor } from '#shared/schemas/venta';
import { showDialog } from '../../../lib/alerts';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { ventas };

const V = M.ventas;
const PIN_RE = /^[0-9]{4,6}$/;

/** What a try with a PIN ended in: a wrong PIN (the dialog stays open with it) or anything else. */
export type IntentoPin<T> = { pinError: string } | { hecho: T };

/**
 * The supervisor's PIN at the till (issue #16 point 4): a role-2 cashier's discount is sent with the
 * supervisor chosen here (the store's roles 1 and 3 with a PIN) and the PIN they type. `intentar`
 * sends it while the dialog waits: a wrong PIN keeps the dialog open with the server's message and
 * the PIN field empty (issue #36 point 11); anything else closes it and is answered. Null when the
 * cashier cancels. The supervisor's names are set as text, never as HTML.
 */
export async function pedirPinSupervisor<T>(
  supervisores: readonly TSupervisor[],
  intentar: (a: TAutorizacionPin) => Promise<IntentoPin<T>>,
  /** Why the PIN is asked: a discount by default; a sale past stock (issue #36 point 7). */
  motivo: 'descuento' | 'sinStock' = 'descuento',
): Promise<T | null> {
  const cuerpo = document.createElement('div');
  const texto = document.createElement('p');
  texto.textContent = motivo === 'sinStock' ? V.pinTextSinStock : V.pinText;
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
    inputAttributes: { inputmode: 'numeric', maxlength: '6', autocomplete: 'off', pattern: '[0-9]*' },
    inputValidator: (value: string) => (!select.value ? V.supervisorRequerido : PIN_RE.test(String(value ?? '')) ? null : V.pinInvalido),
    showCancelButton: true,
    confirmButtonText: V.pinAutorizar,
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
