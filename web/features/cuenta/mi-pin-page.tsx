import { z } from 'zod';
import { comun, generic } from '#shared/messages/comun';
import { ventas } from '#shared/messages/ventas';
import { ROL } from '#shared/roles';
import { ZEstablecerPinRequest } from '#shared/schemas/venta';
import { PageHeader } from '../../components/page-header';
import { Field } from '../../components/ui/field';
import { paths } from '../../config/paths';
import { alertFailure, toastSuccess } from '../../lib/alerts';
import { fieldErrorsOf } from '../../lib/form-errors';
import { useSession } from '../../lib/session';
import { useValidatedForm } from '../../lib/use-validated-form';
import { useEstablecerPin, useEstadoPin } from './api/pin';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, generic, ventas };

const V = M.ventas;

const VACIO = { pin: '', confirmar: '', contrasena: '' };
/** The request's schema, and the PIN typed twice alike (told once the PIN itself is valid). */
const ZPinForm = ZEstablecerPinRequest.extend({ confirmar: z.string() }).refine((v) => v.pin === v.confirmar, {
  path: ['confirmar'],
  message: V.miPinNoCoincide,
  when: (p) => !p.issues.some((i) => i.path?.[0] === 'pin'),
});

/**
 * /mi_pin: a supervisor (role 1 or 3, employee or store account) sets or changes the PIN that authorises a
 * cashier's discounts at the till (issue #16 point 4), with their current password.
 */
export default function MiPinPage() {
  const session = useSession();
  // The store account (role 1) has its own PIN too (issue #36 point 5).
  const supervisor = session?.rol === ROL.ADMIN || session?.rol === ROL.ENCARGADO;
  return (
    <>
      <PageHeader title={V.miPinTitle} backTo={paths.inicio} backLabel={M.comun.volverInicio} />
      {supervisor ? <PinForm /> : <p className="card" style={{ maxWidth: '36rem' }}>{V.miPinSoloSupervisor}</p>}
    </>
  );
}

function PinForm() {
  const estado = useEstadoPin();
  const guardar = useEstablecerPin();
  const { formRef, setValues, bind, onSubmit } = useValidatedForm({
    schema: ZPinForm,
    initial: VACIO,
    submit: async ({ pin, contrasena }) => {
      await guardar.mutateAsync({ pin, contrasena });
      setValues(VACIO);
      toastSuccess(V.miPinGuardado);
    },
    onFailure: (err) => (Object.keys(fieldErrorsOf(err)).length ? undefined : alertFailure(err)),
  });
  const pinProps = { type: 'password', inputMode: 'numeric' as const, autoComplete: 'off', maxLength: 8, pattern: '[0-9]*' };
  return (
    <form ref={formRef} className="card" onSubmit={onSubmit} noValidate aria-label={V.miPinTitle} style={{ maxWidth: '36rem', display: 'grid', gap: '0.75rem' }}>
      <p>{V.miPinText}</p>
      <p role="status" data-testid="pin-estado">
        {estado.data ? V.miPinEstado(estado.data.tienePin) : estado.isError ? M.generic.errorText : M.comun.cargando}
      </p>
      {estado.data?.bloqueado && (
        <p role="alert" className="field__error">
          {V.miPinBloqueado}
        </p>
      )}
      {!estado.data?.bloqueado && !!estado.data?.fallos && <p role="alert">{V.miPinFallos(estado.data.fallos)}</p>}
      <Field label={V.miPinNuevo} {...pinProps} {...bind('pin')} />
      <Field label={V.miPinConfirmar} {...pinProps} {...bind('confirmar')} />
      <Field label={V.miPinContrasena} type="password" autoComplete="current-password" {...bind('contrasena')} />
      <button type="submit" className="btn" disabled={guardar.isPending}>
        {V.miPinGuardar}
      </button>
    </form>
  );
}
