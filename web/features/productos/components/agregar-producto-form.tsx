import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { FieldErrors } from '#shared/errors';
import { M } from '#shared/messages';
import { formatPesos } from '#shared/money';
import { ZCreateProductoRequest } from '#shared/schemas/producto';
import { MoneyField, precioProps } from '../../../components/ui/money-field';
import { Field } from '../../../components/ui/field';
import { alertSuccess, alertWarning, confirmAction } from '../../../lib/alerts';
import { fieldErrorsOf, focusFirstInvalid, validate } from '../../../lib/form-errors';
import { useCreateProducto } from '../api/create-producto';
import { showFailure } from './failures';

const EMPTY = { nombre: '', precio: '', cantidad: '', codigoBarras: '' };
type Values = typeof EMPTY;
/** Spec §5: these three, or 'Campos vacios'. */
const REQUIRED = ['nombre', 'precio', 'cantidad'] as const;

/** Add product (spec §5): name, price without dots or commas, quantity, and the barcode if it has one; confirmation first. */
export function AgregarProductoForm({ codigoInicial }: { codigoInicial?: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  // A code scanned at the till and not found arrives here filled in (issue #19): the name is next.
  const [values, setValues] = useState<Values>(() => ({ ...EMPTY, codigoBarras: codigoInicial ?? '' }));
  useEffect(() => {
    if (codigoInicial) formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [codigoInicial]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useCreateProducto();

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
      setErrors(Object.fromEntries(empty.map((k) => [k, M.productos.camposVacios])));
      focusFirstInvalid(formRef.current);
      await alertWarning(M.productos.camposVacios, M.productos.camposVaciosTexto);
      return;
    }
    const r = validate(ZCreateProductoRequest, values);
    if (r.errors) {
      setErrors(r.errors);
      return focusFirstInvalid(formRef.current);
    }
    setErrors({});
    const ok = await confirmAction(
      M.productos.confirmarTitulo,
      M.productos.confirmarTexto(r.data.nombre, formatPesos(r.data.precio), r.data.cantidad),
      M.productos.confirmarBoton,
    );
    if (!ok) return;
    try {
      const res = await mutation.mutateAsync(values);
      setValues(EMPTY);
      await alertSuccess(res.message, M.productos.registradoTexto(res.producto.nombre));
      formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      focusFirstInvalid(formRef.current);
      await showFailure(err, M.productos.registroFallido);
    }
  };

  return (
    <form ref={formRef} className="card gp-form" onSubmit={onSubmit} noValidate aria-labelledby="agregar-producto-title">
      <h2 id="agregar-producto-title">Agregar producto</h2>
      <div className="gp-form__row">
        <div className="gp-form__nombre">
          <Field label="Nombre" autoComplete="off" placeholder="Arroz blanco 500 g" {...bind('nombre')} />
        </div>
        <MoneyField label="Precio" hint={M.productos.precioHint} placeholder="12.500" {...precioProps(bind('precio'))} />
        <Field label="Cantidad" inputMode="numeric" autoComplete="off" placeholder="0" {...bind('cantidad')} />
        <div className="gp-form__codigo">
          <Field label={M.productos.codigoBarrasOpcional} inputMode="numeric" autoComplete="off" placeholder="7701234567897" {...bind('codigoBarras')} />
        </div>
        <button type="submit" className="btn gp-form__submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Agregando…' : 'Agregar producto'}
        </button>
      </div>
    </form>
  );
}
