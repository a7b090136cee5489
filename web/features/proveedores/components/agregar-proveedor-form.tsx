import { useRef, useState, type FormEvent } from 'react';
import type { FieldErrors } from '#shared/errors';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { ZCreateProveedorRequest } from '#shared/schemas/proveedor';
import { Field } from '../../../components/ui/field';
import { alertFailure, alertSuccess, alertWarning } from '../../../lib/alerts';
import { fieldErrorsOf, focusFirstInvalid, validate } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session';
import { useCreateProveedor } from '../api/create-proveedor';

const EMPTY = { nombre: '', telefono: '', email: '' };
type Values = typeof EMPTY;

/** Add supplier (spec §5): every field required; role 3 is refused (spec §6). */
export function AgregarProveedorForm() {
  const session = useSession();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useCreateProveedor();

  const bind = (name: keyof Values) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (session?.rol === ROL.ENCARGADO) return void alertWarning(M.roles.denyProveedoresTitle, M.roles.denyProveedoresText);
    const empty = (Object.keys(EMPTY) as (keyof Values)[]).filter((k) => !values[k].trim());
    if (empty.length) {
      setErrors(Object.fromEntries(empty.map((k) => [k, M.proveedores.camposVacios])));
      focusFirstInvalid(formRef.current);
      await alertWarning(M.proveedores.camposVacios);
      return;
    }
    const r = validate(ZCreateProveedorRequest, values);
    if (r.errors) {
      setErrors(r.errors);
      return focusFirstInvalid(formRef.current);
    }
    setErrors({});
    try {
      const res = await mutation.mutateAsync(values);
      setValues(EMPTY);
      await alertSuccess(res.message, M.proveedores.registradoTexto(res.proveedor.nombre));
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      focusFirstInvalid(formRef.current);
      await alertFailure(err, M.proveedores.registroFallido);
    }
  };

  return (
    <form ref={formRef} className="card gpv-form" onSubmit={onSubmit} noValidate aria-labelledby="agregar-proveedor-title">
      <h2 id="agregar-proveedor-title">Agregar proveedor</h2>
      <Field label="Nombre" autoComplete="organization" {...bind('nombre')} />
      <Field label="Teléfono" type="tel" inputMode="tel" autoComplete="tel" placeholder="3104567890" hint="Solo números, de 7 a 15 dígitos." {...bind('telefono')} />
      <Field label="Correo" type="email" autoComplete="email" placeholder="pedidos@proveedor.com" {...bind('email')} />
      <button type="submit" className="btn btn--block" disabled={mutation.isPending}>
        {mutation.isPending ? 'Agregando…' : 'Agregar proveedor'}
      </button>
    </form>
  );
}
