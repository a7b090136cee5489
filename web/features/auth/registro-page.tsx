import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { AppError, type FieldErrors } from '#shared/errors';
import { M } from '#shared/messages';
import { TIPOS_DOC } from '#shared/roles';
import { ZRegistroTiendaRequest, ZRegistroUsuarioForm, type TTipoLogin } from '#shared/schemas/auth';
import { Field, SelectField } from '../../components/ui/field';
import { paths } from '../../config/paths';
import { alertError, alertFailure, alertSuccess } from '../../lib/alerts';
import { NetworkError } from '../../lib/api-client';
import { fieldErrorsOf, focusFirstInvalid, validate } from '../../lib/form-errors';
import { useRegistrarTienda, useRegistrarUsuario } from './api/registrar';
import { AuthCard, TipoToggle } from './components/auth-card';

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
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(EMPTY_USUARIO);
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useRegistrarUsuario();
  const bind = (name: keyof typeof EMPTY_USUARIO) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const r = validate(ZRegistroUsuarioForm, values);
    if (r.errors) {
      setErrors(r.errors);
      return focusFirstInvalid(formRef.current);
    }
    setErrors({});
    const { confirmarContrasena: _, ...body } = values;
    try {
      await mutation.mutateAsync(body);
      await alertSuccess(M.registro.successTitle, M.registro.successText);
      navigate(paths.iniciarSesion);
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      focusFirstInvalid(formRef.current);
      await showServerFailure(err);
    }
  };

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
        <Field label="Código de invitación" hint="Pídelo al administrador de tu tienda." autoCapitalize="characters" {...bind('codigo_invitacion')} />
      </div>
      <button type="submit" className="btn btn--block" disabled={mutation.isPending}>
        {mutation.isPending ? 'Registrando…' : 'Registrarme'}
      </button>
    </form>
  );
}

function TiendaForm() {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(EMPTY_TIENDA);
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useRegistrarTienda();
  const bind = (name: keyof typeof EMPTY_TIENDA) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const r = validate(ZRegistroTiendaRequest, values);
    if (r.errors) {
      setErrors(r.errors);
      return focusFirstInvalid(formRef.current);
    }
    setErrors({});
    try {
      const res = await mutation.mutateAsync(values);
      await alertSuccess(
        M.registro.successTitle,
        `${M.registro.successText}. Código de invitación para tus empleados: ${res.codigo_invitacion}`,
      );
      navigate(paths.iniciarSesion);
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      focusFirstInvalid(formRef.current);
      await showServerFailure(err);
    }
  };

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
      subtitle={tipo === 'tienda' ? 'Registra tu tienda y recibe el código para invitar a tus empleados.' : 'Únete a tu tienda con el código de invitación.'}
      back
      wide
    >
      <TipoToggle value={tipo} onChange={setTipo} />
      {tipo === 'empleado' ? <UsuarioForm /> : <TiendaForm />}
    </AuthCard>
  );
}
