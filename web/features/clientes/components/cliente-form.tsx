import { useRef, useState, type FormEvent } from 'react';
import type { FieldErrors } from '#shared/errors';
import { M } from '#shared/messages';
import { formatNumber, parsePesos } from '#shared/money';
import { ROL, TIPOS_DOC } from '#shared/roles';
import { ZClienteRequest, type TCliente } from '#shared/schemas/cliente';
import { Field, SelectField } from '../../../components/ui/field';
import { MoneyField } from '../../../components/ui/money-field';
import { useSession } from '../../../lib/session';
import { alertFailure, alertSuccess, alertWarning } from '../../../lib/alerts';
import { fieldErrorsOf, focusFirstInvalid, validate } from '../../../lib/form-errors';
import { useCreateCliente, useUpdateCliente } from '../api/save-cliente';

const EMPTY = { documento: '', tipoDocumento: 'CC', nombre: '', apellido: '', correo: '', telefono: '', fiado: false, cupo: '' };
type Values = typeof EMPTY;
type TextKey = Exclude<keyof Values, 'fiado'>;
const REQUIRED: TextKey[] = ['documento', 'tipoDocumento', 'nombre', 'apellido'];

const toValues = (c: TCliente): Values => ({
  documento: c.documento,
  tipoDocumento: c.tipoDocumento,
  nombre: c.nombre,
  apellido: c.apellido,
  correo: c.correo ?? '',
  telefono: c.telefono ?? '',
  fiado: c.fiado,
  cupo: c.cupo ? formatNumber(c.cupo) : '',
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
  // Fiado (issue #17, ADR 013): only role 1 enables credit or sets the limit; others see it.
  const esAdmin = useSession()?.rol === ROL.ADMIN;

  const bind = (name: TextKey) => ({
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
    const { fiado, cupo, telefono, ...resto } = values;
    const body = { ...resto, telefono: telefono.trim() || null, ...(esAdmin ? { fiado, cupo: fiado ? (parsePesos(cupo) ?? 0) : (editing?.cupo ?? 0) } : {}) };
    const r = validate(ZClienteRequest, body);
    if (r.errors) {
      setErrors(r.errors);
      return focusFirstInvalid(formRef.current);
    }
    setErrors({});
    try {
      if (editing) {
        const res = await update.mutateAsync({ id: editing.id, body });
        await alertSuccess(res.message);
      } else {
        const res = await create.mutateAsync(body);
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
      <Field label="Celular (opcional)" type="tel" inputMode="tel" autoComplete="off" hint="Para enviarle el estado de cuenta por WhatsApp." {...bind('telefono')} />
      <fieldset className="gcl-fiado" disabled={!esAdmin}>
        <legend>Fiado</legend>
        <label className="gcl-check">
          <input type="checkbox" name="fiado" checked={values.fiado} onChange={(e) => setValues((v) => ({ ...v, fiado: e.target.checked }))} /> Puede comprar fiado
        </label>
        {values.fiado ? (
          <MoneyField label="Cupo de fiado" name="cupo" placeholder="0" value={values.cupo} onValue={(cupo) => setValues((v) => ({ ...v, cupo }))} error={errors.cupo} />
        ) : null}
        {!esAdmin ? <small className="field__hint">{M.fiado.soloAdminCupo}</small> : null}
      </fieldset>
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
