import { useEffect, useState } from 'react';
import { catalogoEmpresa } from '#shared/messages/catalogo-empresa';
import { comun } from '#shared/messages/comun';
import { productos } from '#shared/messages/productos';
import type { TTiendaDeSesion } from '#shared/schemas/sucursal';
import { formatPesos } from '#shared/money';
import { ZCreateProductoRequest, type TCreateProductoRequest } from '#shared/schemas/producto';
import { MoneyField, precioProps } from '../../../components/ui/money-field';
import { Field, SelectField } from '../../../components/ui/field';
import { porUnidad } from '#shared/cantidad';
import { UNIDADES } from './producto-form';
import { alertWarning, confirmAction, toastSuccess } from '../../../lib/alerts';
import { useValidatedForm } from '../../../lib/use-validated-form';
import { useCreateProducto } from '../api/create-producto';
import { showFailure } from './failures';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, productos, catalogoEmpresa };

const F = M.productos.campos;

const EMPTY = { nombre: '', precio: '', cantidad: '', unidad: '94', codigoBarras: '' };
/** Spec §5: these three, or 'Campos vacios'. */
const REQUIRED = ['nombre', 'precio', 'cantidad'] as const;

/**
 * Add product (spec §5): name, price without dots or commas, quantity, and the barcode if it has one;
 * confirmation first. The owner of several stores (`tiendas`, issue #56 point 2) also chooses the stores
 * it is created in: all of them checked, the current one always (it gets the quantity; the rest stock 0).
 */
export function AgregarProductoForm({ codigoInicial, unidadInicial, tiendas }: { codigoInicial?: string; unidadInicial?: string; tiendas?: TTiendaDeSesion[] }) {
  const mutation = useCreateProducto();
  const empresa = tiendas && tiendas.length >= 2 ? tiendas : null;
  // The stores unchecked (all checked by default, also when the session's stores arrive after the first render).
  const [excluidas, setExcluidas] = useState<ReadonlySet<number>>(new Set());
  const elegida = (t: TTiendaDeSesion) => t.actual || !excluidas.has(t.idTienda);
  const { formRef, bind, onSubmit, setValues, values } = useValidatedForm({
    schema: ZCreateProductoRequest,
    // A code scanned at the till and not found arrives here filled in (issue #19): the name is next.
    initial: () => ({ ...EMPTY, codigoBarras: codigoInicial ?? '', unidad: UNIDADES.some((u) => u.value === unidadInicial) ? unidadInicial! : EMPTY.unidad }),
    required: { fields: REQUIRED, message: M.productos.camposVacios, onRequired: () => alertWarning(M.productos.camposVacios, M.productos.camposVaciosTexto) },
    submit: async (values, producto) => {
      const ok = await confirmAction(M.productos.confirmarTitulo, M.productos.confirmarTexto(producto.nombre, formatPesos(producto.precio), producto.cantidad, producto.unidad), M.productos.confirmarBoton);
      if (!ok) return;
      const res = await mutation.mutateAsync({
        ...values,
        unidad: (values.unidad || undefined) as TCreateProductoRequest['unidad'],
        ...(empresa ? { tiendas: empresa.filter(elegida).map((t) => t.idTienda) } : {}),
      });
      setValues(EMPTY);
      setExcluidas(new Set());
      toastSuccess(res.message, M.productos.registradoTexto(res.producto.nombre));
      formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
    },
    onFailure: (err) => showFailure(err, M.productos.registroFallido),
  });
  useEffect(() => {
    if (codigoInicial) formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [codigoInicial, formRef]);

  return (
    <form ref={formRef} className="card gp-form" onSubmit={onSubmit} noValidate aria-labelledby="agregar-producto-title">
      <h2 id="agregar-producto-title">{M.productos.agregar}</h2>
      <div className="gp-form__row">
        <div className="gp-form__nombre">
          <Field label={F.nombre} autoComplete="off" placeholder={F.nombrePlaceholder} {...bind('nombre')} />
        </div>
        <MoneyField label={F.precio} hint={M.productos.precioHint} placeholder="12.500" {...precioProps(bind('precio'))} />
        <SelectField label={F.unidad} options={UNIDADES} {...bind('unidad')} />
        <Field label={F.cantidad} inputMode={porUnidad(values.unidad) ? 'numeric' : 'decimal'} autoComplete="off" placeholder="0" {...bind('cantidad')} />
        <div className="gp-form__codigo">
          <Field label={M.productos.codigoBarrasOpcional} inputMode="numeric" autoComplete="off" placeholder="7701234567897" {...bind('codigoBarras')} />
        </div>
        <button type="submit" className="btn gp-form__submit" disabled={mutation.isPending}>
          {mutation.isPending ? M.comun.agregando : M.productos.agregar}
        </button>
        {empresa ? (
          <fieldset className="gp-form__tiendas">
            <legend>{M.catalogoEmpresa.tiendasAlta}</legend>
            {empresa.map((t) => (
              <label key={t.idTienda} className="gp-form__tienda">
                <input
                  type="checkbox"
                  checked={elegida(t)}
                  disabled={t.actual}
                  onChange={(e) =>
                    setExcluidas((xs) => {
                      const ys = new Set(xs);
                      if (e.target.checked) ys.delete(t.idTienda);
                      else ys.add(t.idTienda);
                      return ys;
                    })
                  }
                />{' '}
                {t.actual ? M.catalogoEmpresa.estaTienda(t.nombreTienda) : t.nombreTienda}
              </label>
            ))}
            <small className="field__hint" role="status">
              {M.catalogoEmpresa.altaEn(empresa.filter(elegida).length, empresa.length)}
            </small>
          </fieldset>
        ) : null}
      </div>
    </form>
  );
}
