import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AppError } from '#shared/errors';
import { registro } from '#shared/messages/auth';
import { generic } from '#shared/messages/comun';
import { invitacion } from '#shared/messages/invitacion';
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
const M = { generic, invitacion, registro };

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
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Registro de empleado">
      <div className="form-grid">
        <Field label="Nombre" autoComplete="given-name" {...bind('nombre')} />
        <Field label="Segundo nombre (opcional)" {...bind('nombre2')} />
        <Field label="Apellido" autoComplete="family-name" {...bind('apellido')} />
        <Field label="Segundo apellido (opcional)" {...bind('apellido2')} />
        <SelectField label="Tipo de documento" options={TIPOS_DOC} {...bind('tipoDoc')} />
        <Field label="Número de documento" inputMode="numeric" {...bind('documento')} />
        <Field wrapperClassName="span-2" label="Correo electrónico" type="email" autoComplete="email" {...bind('email')} />
        <Field label="Contraseña" type="password" autoComplete="new-password" {...bind('contrasena')} />
        <Field label="Repetir contraseña" type="password" autoComplete="new-password" {...bind('confirmarContrasena')} />
        <Field label="Código de invitación" hint="Pídalo al administrador de su tienda." autoCapitalize="characters" {...bind('codigo_invitacion')} />
      </div>
      <button type="submit" className="btn btn--block" disabled={mutation.isPending}>
        {mutation.isPending ? 'Registrando…' : 'Registrarme'}
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
      await alertSuccess(
        M.registro.successTitle,
        `${M.registro.successText}. Código de invitación para sus empleados: ${res.codigo_invitacion}`,
      );
      navigate(paths.iniciarSesion, { state: { tipo: 'tienda', email: values.email } });
    },
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Registro de tienda">
      <Field label="Nombre de la tienda" autoComplete="organization" {...bind('nombreTienda')} />
      <div className="form-grid">
        <Field label="Teléfono (opcional)" inputMode="tel" autoComplete="tel" {...bind('telefono')} />
        <Field label="Dirección (opcional)" autoComplete="street-address" {...bind('direccion')} />
      </div>
      <Field label="Correo electrónico" type="email" autoComplete="email" {...bind('email')} />
      <Field
        label="Contraseña"
        type="password"
        autoComplete="new-password"
        hint="Al menos 8 caracteres, con una mayúscula y un número."
        {...bind('contrasena')}
      />
      <button type="submit" className="btn btn--block" disabled={mutation.isPending}>
        {mutation.isPending ? 'Registrando…' : 'Registrar tienda'}
      </button>
    </form>
  );
}

export default function RegistroPage() {
  const [tipo, setTipo] = useState<TTipoLogin>('empleado');
  return (
    <AuthCard
      title="Crear cuenta"
      subtitle={tipo === 'tienda' ? 'Registre su tienda y reciba el código para invitar a sus empleados.' : 'Únase a su tienda con el código de invitación.'}
      back
      wide
    >
      <TipoToggle value={tipo} onChange={setTipo} />
      {tipo === 'empleado' ? <UsuarioForm /> : <TiendaForm />}
    </AuthCard>
  );
}
