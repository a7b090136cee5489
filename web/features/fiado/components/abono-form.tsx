import { comun } from '#shared/messages/comun';
import { fiado } from '#shared/messages/fiado';
import { formatPesos, parsePesos } from '#shared/money';
import { ZAbonoRequest, type TAbonoRequest } from '#shared/schemas/fiado';
import { Field, SelectField } from '../../../components/ui/field';
import { MoneyField } from '../../../components/ui/money-field';
import { alertFailure, toastSuccess } from '../../../lib/alerts';
import { useValidatedForm } from '../../../lib/use-validated-form';
import { useMetodosAbono, useRegistrarAbono } from '../api/fiado-api';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, fiado };

/**
 * Abono (payment on account): how much and how, partial or total; never more than the balance (the
 * server refuses it saying the balance, ADR 013). Lands in the cashier's open shift.
 */
export function AbonoForm(props: { clienteId: number; saldo: number }) {
  const metodos = useMetodosAbono();
  const abono = useRegistrarAbono();
  const opciones = (metodos.data ?? [{ id: 5, nombre: M.fiado.efectivo }]).map((m) => ({ value: String(m.id), label: m.nombre }));
  const { formRef, values, set, setValues, errors, bind, onSubmit } = useValidatedForm({
    schema: ZAbonoRequest,
    initial: { monto: '', metodoPagoId: '5', referencia: '' },
    toBody: ({ monto, metodoPagoId, referencia }): TAbonoRequest => ({
      monto: parsePesos(monto) ?? Number.NaN,
      metodoPagoId: Number(metodoPagoId),
      ...(referencia.trim() ? { referencia: referencia.trim() } : {}),
    }),
    submit: async (_, body) => {
      const res = await abono.mutateAsync({ id: props.clienteId, body });
      setValues((v) => ({ ...v, monto: '', referencia: '' }));
      toastSuccess(M.fiado.abonoRegistrado, res.message);
    },
    onFailure: (err) => alertFailure(err, M.fiado.abonoFallido),
  });

  return (
    <form ref={formRef} className="card fiado-abono" onSubmit={onSubmit} noValidate aria-labelledby="abono-title">
      <h2 id="abono-title">{M.fiado.abonoTitulo}</h2>
      <p className="fiado-muted">{M.fiado.saldoPendienteTexto(formatPesos(props.saldo))}</p>
      <MoneyField label={M.fiado.valorAbono} name="monto" value={values.monto} onValue={(v) => set('monto', v)} error={errors.monto} placeholder="0" />
      <button type="button" className="btn btn--ghost btn--sm fiado-abono__total" onClick={() => set('monto', String(props.saldo).replace(/\B(?=(\d{3})+(?!\d))/g, '.'))} disabled={props.saldo <= 0}>
        {M.fiado.pagarTodo(formatPesos(props.saldo))}
      </button>
      <SelectField label={M.fiado.medioPago} options={opciones} {...bind('metodoPagoId')} />
      <Field label={M.fiado.referenciaOpcional} autoComplete="off" maxLength={40} {...bind('referencia')} />
      <button type="submit" className="btn btn--block" disabled={abono.isPending || props.saldo <= 0}>
        {abono.isPending ? M.comun.registrando : M.fiado.abonoTitulo}
      </button>
    </form>
  );
}
