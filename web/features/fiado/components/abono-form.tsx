import { useRef, useState, type FormEvent } from 'react';
import type { FieldErrors } from '#shared/errors';
import { M } from '#shared/messages';
import { formatPesos, parsePesos } from '#shared/money';
import { ZAbonoRequest } from '#shared/schemas/fiado';
import { Field, SelectField } from '../../../components/ui/field';
import { MoneyField } from '../../../components/ui/money-field';
import { alertFailure, alertSuccess } from '../../../lib/alerts';
import { fieldErrorsOf, focusFirstInvalid, validate } from '../../../lib/form-errors';
import { useMetodosAbono, useRegistrarAbono } from '../api/fiado-api';

/**
 * Abono (payment on account): how much and how, partial or total; never more than the balance (the
 * server refuses it saying the balance, ADR 013). Lands in the cashier's open shift.
 */
export function AbonoForm(props: { clienteId: number; saldo: number }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [monto, setMonto] = useState('');
  const [metodo, setMetodo] = useState('5');
  const [referencia, setReferencia] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const metodos = useMetodosAbono();
  const abono = useRegistrarAbono();
  const opciones = (metodos.data ?? [{ id: 5, nombre: 'Efectivo' }]).map((m) => ({ value: String(m.id), label: m.nombre }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const body = { monto: parsePesos(monto) ?? Number.NaN, metodoPagoId: Number(metodo), ...(referencia.trim() ? { referencia: referencia.trim() } : {}) };
    const r = validate(ZAbonoRequest, body);
    if (r.errors) {
      setErrors(r.errors);
      return focusFirstInvalid(formRef.current);
    }
    setErrors({});
    try {
      const res = await abono.mutateAsync({ id: props.clienteId, body });
      setMonto('');
      setReferencia('');
      await alertSuccess(M.fiado.abonoRegistrado, res.message);
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      focusFirstInvalid(formRef.current);
      await alertFailure(err, M.fiado.abonoFallido);
    }
  };

  return (
    <form ref={formRef} className="card fiado-abono" onSubmit={onSubmit} noValidate aria-labelledby="abono-title">
      <h2 id="abono-title">Registrar abono</h2>
      <p className="fiado-muted">Saldo pendiente: {formatPesos(props.saldo)}</p>
      <MoneyField label="Valor del abono" name="monto" value={monto} onValue={setMonto} error={errors.monto} placeholder="0" />
      <button type="button" className="btn btn--ghost btn--sm fiado-abono__total" onClick={() => setMonto(String(props.saldo).replace(/\B(?=(\d{3})+(?!\d))/g, '.'))} disabled={props.saldo <= 0}>
        Pagar todo ({formatPesos(props.saldo)})
      </button>
      <SelectField label="Medio de pago" name="metodoPagoId" options={opciones} value={metodo} onChange={(e) => setMetodo(e.target.value)} error={errors.metodoPagoId} />
      <Field label="Referencia (opcional)" name="referencia" autoComplete="off" maxLength={40} value={referencia} onChange={(e) => setReferencia(e.target.value)} error={errors.referencia} />
      <button type="submit" className="btn btn--block" disabled={abono.isPending || props.saldo <= 0}>
        {abono.isPending ? 'Registrando…' : 'Registrar abono'}
      </button>
    </form>
  );
}
