import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AppError } from '#shared/errors';
import { login, registro } from '#shared/messages/auth';
import { comun, generic } from '#shared/messages/comun';
import { invitacion } from '#shared/messages/invitacion';
import { codigoInvitacion } from '#shared/messages/tienda';
import { TIPOS_DOC } from '#shared/roles';
import { ZRegistroTiendaRequest, ZRegistroUsuarioForm, type TTipoLogin } from '#shared/schemas/auth';
import { Field, SelectField } from '../../components/ui/field';
import { paths } from '../../config/paths';
import { alertError, alertFailure, alertInfo, alertSuccess, toastSuccess } from '../../lib/alerts';
import { NetworkError } from '../../lib/api-client';
import { useValidatedForm } from '../../lib/use-validated-form';
import { useRegistrarTienda, useRegistrarUsuario } from './api/registrar';
import { AuthCard, TipoToggle } from './components/auth-card';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { codigoInvitacion, comun, generic, invitacion, login, registro };

const F = M.registro.campos;

const EMPTY_USUARIO = {
  nombre: '',
  nombre2: '',
  apellido: '',
  apellido2: '',
  tipoDoc: 'CC',
  documento: '',
  email: '',
  contrasena: '',
  confirmarContrasena: '',
  codigo_invitacion: '',
};
const EMPTY_TIENDA = { nombreTienda: '', telefono: '', direccion: '', email: '', contrasena: '' };

function showServerFailure(err: unknown) {
  if (err instanceof NetworkError) return alertError(M.generic.errorTitle, M.generic.errorText);
  if (err instanceof AppError && err.status < 500) return alertError(M.generic.errorTitle, err.message);
  return alertFailure(err);
}

function UsuarioForm() {
  const navigate = useNavigate();
  const mutation = useRegistrarUsuario();
  const { formRef, bind, onSubmit } = useValidatedForm({
    schema: ZRegistroUsuarioForm,
    initial: EMPTY_USUARIO,
    onFailure: showServerFailure,
    submit: async (values) => {
      const { confirmarContrasena: _, ...body } = values;
      const res = await mutation.mutateAsync(body);
      // With the store's approval switch on, the account waits for its admin (issue #15): told in a dialog.
      if (res.pendiente) await alertInfo(M.invitacion.registroPendienteTitulo, res.message);
      else toastSuccess(M.registro.successTitle, M.registro.successText);
      // Sign-in opens ready for the new account.
      navigate(paths.iniciarSesion, { state: { tipo: 'empleado', email: body.email } });
    },
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={M.registro.formEmpleado}>
      <div className="form-grid">
        <Field label={F.nombre} autoComplete="given-name" {...bind('nombre')} />
        <Field label={F.nombre2} {...bind('nombre2')} />
        <Field label={F.apellido} autoComplete="family-name" {...bind('apellido')} />
        <Field label={F.apellido2} {...bind('apellido2')} />
        <SelectField label={F.tipoDoc} options={TIPOS_DOC} {...bind('tipoDoc')} />
        <Field label={F.documento} inputMode="numeric" {...bind('documento')} />
        <Field wrapperClassName="span-2" label={M.login.correo} type="email" autoComplete="email" {...bind('email')} />
        <Field label={M.login.contrasena} type="password" autoComplete="new-password" {...bind('contrasena')} />
        <Field label={F.repetirContrasena} type="password" autoComplete="new-password" {...bind('confirmarContrasena')} />
        <Field label={M.codigoInvitacion.label} hint={F.codigoHint} autoCapitalize="characters" {...bind('codigo_invitacion')} />
      </div>
      <button type="submit" className="btn btn--block" disabled={mutation.isPending}>
        {mutation.isPending ? M.comun.registrando : M.registro.registrarme}
      </button>
    </form>
  );
}

function TiendaForm() {
  const navigate = useNavigate();
  const mutation = useRegistrarTienda();
  const { formRef, bind, onSubmit } = useValidatedForm({
    schema: ZRegistroTiendaRequest,
    initial: EMPTY_TIENDA,
    onFailure: showServerFailure,
    submit: async (values) => {
      const res = await mutation.mutateAsync(values);
      await alertSuccess(M.registro.successTitle, M.registro.successTiendaText(res.codigo_invitacion));
      navigate(paths.iniciarSesion, { state: { tipo: 'tienda', email: values.email } });
    },
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={M.registro.formTienda}>
      <Field label={F.nombreTienda} autoComplete="organization" {...bind('nombreTienda')} />
      <div className="form-grid">
        <Field label={F.telefono} inputMode="tel" autoComplete="tel" {...bind('telefono')} />
        <Field label={F.direccion} autoComplete="street-address" {...bind('direccion')} />
      </div>
      <Field label={M.login.correo} type="email" autoComplete="email" {...bind('email')} />
      <Field
        label={M.login.contrasena}
        type="password"
        autoComplete="new-password"
        hint={F.contrasenaHint}
        {...bind('contrasena')}
      />
      <button type="submit" className="btn btn--block" disabled={mutation.isPending}>
        {mutation.isPending ? M.comun.registrando : M.registro.registrarTienda}
      </button>
    </form>
  );
}

export default function RegistroPage() {
  const [tipo, setTipo] = useState<TTipoLogin>('empleado');
  return (
    <AuthCard
      title={M.registro.titulo}
      subtitle={tipo === 'tienda' ? M.registro.subtituloTienda : M.registro.subtituloEmpleado}
      back
      wide
    >
      <TipoToggle value={tipo} onChange={setTipo} />
      {tipo === 'empleado' ? <UsuarioForm /> : <TiendaForm />}
    </AuthCard>
  );
}
