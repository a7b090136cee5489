import { useRef, useState, type FormEvent } from 'react';
import type { FieldErrors } from '#shared/errors';
import { M } from '#shared/messages';
import { TIPOS_DOC } from '#shared/roles';
import { ZClienteRequest, type TCliente } from '#shared/schemas/cliente';
import { Field, SelectField } from '../../../components/ui/field';
import { alertFailure, alertSuccess, alertWarning } from '../../../lib/alerts';
import { fieldErrorsOf, focusFirstInvalid, validate } from '../../../lib/form-errors';
import { useCreateCliente, useUpdateCliente } from '../api/save-cliente';

const EMPTY = { documento: '', tipoDocumento: 'CC', nombre: '', apellido: '', correo: '' };
type Values = typeof EMPTY;
const REQUIRED: (keyof Values)[] = ['documento', 'tipoDocumento', 'nombre', 'apellido'];

const toValues = (c: TCliente): Values => ({
  documento: c.documento,
  tipoDocumento: c.tipoDocumento,
  nombre: c.nombre,
  apellido: c.apellido,
  correo: c.correo ?? '',
});

/**
 * Register a client, or update the one being edited (spec §3 "Client"). Failures show
 * 'El cliente no se pudo registrar/actualizar' followed by the server's text (spec §8).
 */
export function ClienteForm(props: { editing: TCliente | null; onDone: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(() => (props.editing ? toValues(props.editing) : EMPTY));
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateCliente();
  const update = useUpdateCliente();
  const pending = create.isPending || update.isPending;
  const editing = props.editing;

  const bind = (name: keyof Values) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const empty = REQUIRED.filter((k) => !values[k].trim());
    if (empty.length) {
      setErrors(Object.fromEntries(empty.map((k) => [k, M.clientes.camposVacios])));
      focusFirstInvalid(formRef.current);
      await alertWarning(M.clientes.camposVacios);
      return;
    }
    const r = validate(ZClienteRequest, values);
    if (r.errors) {
      setErrors(r.errors);
      return focusFirstInvalid(formRef.current);
    }
    setErrors({});
    try {
      if (editing) {
        const res = await update.mutateAsync({ id: editing.id, body: values });
        await alertSuccess(res.message);
      } else {
        const res = await create.mutateAsync(values);
        setValues(EMPTY);
        await alertSuccess(res.message, M.clientes.registradoTexto(`${res.cliente.nombre} ${res.cliente.apellido}`));
      }
      props.onDone();
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      focusFirstInvalid(formRef.current);
      await alertFailure(err, editing ? M.clientes.actualizarFallido : M.clientes.registroFallido);
    }
  };

  const title = editing ? 'Modificar cliente' : 'Agregar cliente';
  return (
    <form ref={formRef} className={`card gcl-form${editing ? ' gcl-form--editing' : ''}`} onSubmit={onSubmit} noValidate aria-labelledby="cliente-form-title">
      <h2 id="cliente-form-title">{title}</h2>
      {editing ? (
        <p className="gcl-muted">
          Editando a {editing.nombre} {editing.apellido}
        </p>
      ) : null}
      <SelectField label="Tipo de documento" options={TIPOS_DOC} {...bind('tipoDocumento')} />
      <Field label="Documento" inputMode="numeric" autoComplete="off" {...bind('documento')} />
      <Field label="Nombre" autoComplete="off" {...bind('nombre')} />
      <Field label="Apellido" autoComplete="off" {...bind('apellido')} />
      <Field label="Correo (opcional)" type="email" autoComplete="off" {...bind('correo')} />
      <div className="gcl-form__actions">
        {editing ? (
          <button type="button" className="btn btn--ghost" onClick={props.onDone}>
            Cancelar
          </button>
        ) : null}
        <button type="submit" className="btn" disabled={pending}>
          {pending ? 'Guardando…' : editing ? 'Guardar cambios' : 'Agregar cliente'}
        </button>
      </div>
    </form>
  );
}
