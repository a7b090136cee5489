import { clientes } from '#shared/messages/clientes';
import { comun, generic } from '#shared/messages/comun';
import { fiado } from '#shared/messages/fiado';
import { formatNumber, parsePesos } from '#shared/money';
import { DOC_SOLO_NUMEROS, TIPOS_DOC_CLIENTE } from '#shared/roles';
import { valoresEn } from '#shared/campos';
import { CAMPOS_DEL_CLIENTE, ZClienteRequest, type TCliente } from '#shared/schemas/cliente';
import { PLAZO_FIADO_POR_DEFECTO } from '#shared/schemas/fiado';
import { Field, SelectField } from '../../../components/ui/field';
import { MoneyField } from '../../../components/ui/money-field';
import { useMisPermisos } from '../../../lib/mis-permisos';
import { alertFailure, alertWarning, toastSuccess } from '../../../lib/alerts';
import { useValidatedForm } from '../../../lib/use-validated-form';
import { useCreateCliente, useUpdateCliente } from '../api/save-cliente';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { clientes, comun, fiado, generic };

const F = M.clientes.campos;

/** The form's values: the customer's field list, under the store's names (a new field needs no line here). */
const toValues = (c: TCliente) => ({ ...valoresEn(CAMPOS_DEL_CLIENTE, c, formatNumber), cupo: c.cupo ? formatNumber(c.cupo) : '' });
type Values = ReturnType<typeof toValues>;
const EMPTY: Values = { ...valoresEn(CAMPOS_DEL_CLIENTE, {}, formatNumber), tipoDocumento: 'CC', fiado: false, plazoFiado: String(PLAZO_FIADO_POR_DEFECTO) };
const REQUIRED = ['documento', 'tipoDocumento', 'nombre', 'apellido'] as const;

/** The days typed: a whole number, or what the server will refuse with its message (never silently 30). */
const diasTecleados = (texto: string): number => (/^\s*\d{1,3}\s*$/.test(texto) ? Number(texto) : Number.NaN);

/**
 * Register a client, or update the one being edited (spec §3 "Client"). Failures show
 * 'El cliente no se pudo registrar/actualizar' followed by the server's text (spec §8).
 */
export function ClienteForm(props: { editing: TCliente | null; onDone: () => void }) {
  const create = useCreateCliente();
  const update = useUpdateCliente();
  const pending = create.isPending || update.isPending;
  const editing = props.editing;
  // Fiado (issue #17, ADR 013): only role 1 enables credit or sets the limit; others see it.
  // Issue #27: enabling fiado or changing the limit is the `credito` permission's (role 1 always).
  const esAdmin = useMisPermisos().credito;
  const toBody = ({ fiado, cupo, plazoFiado, telefono, ...resto }: Values) => ({
    ...resto,
    telefono: telefono.trim() || null,
    ...(esAdmin ? { fiado, cupo: fiado ? (parsePesos(cupo) ?? 0) : (editing?.cupo ?? 0) } : {}),
    // Credit terms (issue #30 point 6): sent with the limit, by who may change it.
    ...(esAdmin && fiado ? { plazoFiado: diasTecleados(plazoFiado) } : {}),
  });

  const { formRef, values, set, setValues, errors, bind, onSubmit } = useValidatedForm({
    schema: ZClienteRequest,
    initial: () => (editing ? toValues(editing) : EMPTY),
    toBody,
    required: { fields: REQUIRED, message: M.clientes.camposVacios, onRequired: () => alertWarning(M.clientes.camposVacios) },
    submit: async (values) => {
      const body = toBody(values);
      if (editing) {
        const res = await update.mutateAsync({ id: editing.id, body });
        toastSuccess(res.message);
      } else {
        const res = await create.mutateAsync(body);
        setValues(EMPTY);
        toastSuccess(res.message, M.clientes.registradoTexto(`${res.cliente.nombre} ${res.cliente.apellido}`));
      }
      props.onDone();
    },
    onFailure: (err) => alertFailure(err, editing ? M.clientes.actualizarFallido : M.clientes.registroFallido),
  });

  const title = editing ? M.clientes.modificar : M.clientes.agregar;
  return (
    <form ref={formRef} className={`card gcl-form${editing ? ' gcl-form--editing' : ''}`} onSubmit={onSubmit} noValidate aria-labelledby="cliente-form-title">
      <h2 id="cliente-form-title">{title}</h2>
      {editing ? (
        <p className="gcl-muted">{M.clientes.editando(`${editing.nombre} ${editing.apellido}`)}</p>
      ) : null}
      <SelectField label={F.tipoDocumento} options={TIPOS_DOC_CLIENTE} {...bind('tipoDocumento')} />
      <Field label={F.documento} inputMode={DOC_SOLO_NUMEROS.includes(values.tipoDocumento) ? 'numeric' : 'text'} autoComplete="off" {...bind('documento')} />
      <Field label={F.nombre} autoComplete="off" {...bind('nombre')} />
      <Field label={F.apellido} autoComplete="off" {...bind('apellido')} />
      <Field label={F.correoOpcional} type="email" autoComplete="off" {...bind('correo')} />
      <Field label={F.celularOpcional} type="tel" inputMode="tel" autoComplete="off" hint={F.celularHint} {...bind('telefono')} />
      <fieldset className="gcl-fiado" disabled={!esAdmin}>
        <legend>{F.fiado}</legend>
        <label className="gcl-check">
          <input type="checkbox" name="fiado" checked={values.fiado} onChange={(e) => set('fiado', e.target.checked)} /> {F.puedeFiado}
        </label>
        {values.fiado ? (
          <>
            <MoneyField label={F.cupo} name="cupo" placeholder="0" value={values.cupo} onValue={(cupo) => set('cupo', cupo)} error={errors.cupo} />
            <Field label={F.plazo} inputMode="numeric" autoComplete="off" maxLength={3} hint={F.plazoHint} {...bind('plazoFiado')} />
          </>
        ) : null}
        {!esAdmin ? <small className="field__hint">{M.fiado.soloAdminCupo}</small> : null}
      </fieldset>
      <div className="gcl-form__actions">
        {editing ? (
          <button type="button" className="btn btn--ghost" onClick={props.onDone}>
            {M.generic.cancel}
          </button>
        ) : null}
        <button type="submit" className="btn" disabled={pending}>
          {pending ? M.comun.guardando : editing ? M.comun.guardarCambios : M.clientes.agregar}
        </button>
      </div>
    </form>
  );
}
