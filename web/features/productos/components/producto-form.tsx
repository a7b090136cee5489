import { useState } from 'react';
import { formatNumber, formatPesos } from '#shared/money';
import { AppError } from '#shared/errors';
import { comun } from '#shared/messages/comun';
import { permisos } from '#shared/messages/permisos';
import { productos } from '#shared/messages/productos';
import { catalogoEmpresa } from '#shared/messages/catalogo-empresa';
import { valoresEn } from '#shared/campos';
import { porUnidad } from '#shared/cantidad';
import { UNIDADES_DIAN } from '#shared/impuestos';
import { CAMPOS_DEL_PRODUCTO, ZUpdateProductoRequest, type TProductoDetalle, type TUpdateProductoRequest } from '#shared/schemas/producto';
import { MoneyField, precioProps } from '../../../components/ui/money-field';
import { Field, SelectField, TextAreaField } from '../../../components/ui/field';
import { alertWarning, toastSuccess } from '../../../lib/alerts';
import { useValidatedForm } from '../../../lib/use-validated-form';
import { useProveedorOpciones } from '../api/get-proveedor-opciones';
import { useUpdateProducto } from '../api/update-producto';
import { showFailure } from './failures';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { comun, permisos, productos, catalogoEmpresa };
const C = M.catalogoEmpresa;

const F = M.productos.campos;

/** The form's values: the product's field list, under the store's names (a new field needs no line here). */
const toValues = (p: TProductoDetalle) => valoresEn(CAMPOS_DEL_PRODUCTO, p, formatNumber);
type Values = ReturnType<typeof toValues>;

const ESTADOS = [1, 0].map((estado) => ({ value: String(estado), label: M.productos.estado[estado] ?? String(estado) }));
/** How a product is sold (ADR 030): by unit, or by weight or measure with a stock of up to three decimals. */
export const UNIDADES = UNIDADES_DIAN.map((u) => ({ value: u, label: M.productos.unidades[u] ?? u }));

/** The product detail form (spec §3 "Product detail"): every field, the supplier, the estado. */
export function ProductoForm(props: {
  producto: TProductoDetalle;
  onStale: () => Promise<TProductoDetalle | undefined>;
  /** What the session may change (issue #27): a field it may not is read-only, and the server refuses it anyway. */
  puede?: { precios: boolean; stock: boolean };
}) {
  const puede = props.puede ?? { precios: true, stock: true };
  // The stock this form was filled with: a sale made meanwhile is never undone by saving.
  const [stockAnterior, setStockAnterior] = useState(props.producto.stock);
  const [nombrepr, setNombrepr] = useState(props.producto.nombrepr);
  const opciones = useProveedorOpciones();
  const mutation = useUpdateProducto();
  // An empresa of several stores (ADR 043 §2): this store's price is the empresa's or its own; the
  // catalogue fields are the owner's (the server refuses a store's staff anyway).
  const [catalogo, setCatalogo] = useState(props.producto.catalogo);
  const [precioPropio, setPrecioPropio] = useState(props.producto.catalogo?.precioPropio ?? false);
  const soloTienda = catalogo != null && !catalogo.editaCatalogo;
  // A store's staff type a price only as the store's own: while it follows the empresa's, the field is read-only.
  const precioFijo = soloTienda && !precioPropio;
  const deCatalogo = (campo: Parameters<typeof bind>[0]) =>
    soloTienda ? { ...bind(campo), readOnly: true, 'aria-readonly': true, className: 'gp-readonly', hint: M.permisos.soloLectura } : bind(campo);
  const toBody = (values: Values): TUpdateProductoRequest => ({
    ...values,
    estado: values.estado === '0' ? '0' : '1',
    unidad: (values.unidad || undefined) as TUpdateProductoRequest['unidad'],
    stockAnterior,
    ...(catalogo ? { precioPropio } : {}),
  });

  const { formRef, values, setValues, set, bind, onSubmit } = useValidatedForm({
    schema: ZUpdateProductoRequest,
    initial: () => toValues(props.producto),
    toBody,
    submit: async (values) => {
      const res = await mutation.mutateAsync({ id: props.producto.id, body: toBody(values) });
      setValues(toValues(res.producto));
      setStockAnterior(res.producto.stock);
      setNombrepr(res.producto.nombrepr);
      setCatalogo(res.producto.catalogo);
      setPrecioPropio(res.producto.catalogo?.precioPropio ?? false);
      toastSuccess(res.message || M.productos.actualizado);
    },
    onFailure: async (err) => {
      if (err instanceof AppError && err.code === 'CONFLICT' && err.fields?.stock) {
        // The stock moved (a sale): take the new figure as the base and let the person decide.
        const fresh = await props.onStale();
        if (fresh) setStockAnterior(fresh.stock);
        await alertWarning(M.productos.actualizarFallido, err.message);
        return;
      }
      await showFailure(err, M.productos.actualizarFallido);
    },
  });

  const proveedorOptions = [
    { value: '', label: M.productos.sinProveedor },
    ...(opciones.data ?? []).map((p) => ({ value: String(p.id), label: p.nombre })),
  ];
  // While the list loads, the current supplier still shows as selected.
  if (values.idProveedor && !proveedorOptions.some((o) => o.value === values.idProveedor))
    proveedorOptions.push({ value: values.idProveedor, label: nombrepr ?? M.productos.proveedorN(values.idProveedor) });

  return (
    <form ref={formRef} className="card" onSubmit={onSubmit} noValidate aria-label={M.productos.datos}>
      {catalogo ? (
        <p className="gp-catalogo-nota" data-testid="catalogo-nota">
          {soloTienda ? C.notaPersonal : C.nota(catalogo.tiendas)}
        </p>
      ) : null}
      <div className="form-grid">
        <Field label={F.nombre} autoComplete="off" {...deCatalogo('nombre')} />
        <Field label={F.marca} autoComplete="off" {...deCatalogo('marca')} />
        <Field label={F.categoria} autoComplete="off" {...deCatalogo('categoria')} />
        <Field label={F.presentacion} autoComplete="off" placeholder={F.presentacionPlaceholder} {...deCatalogo('presentacion')} />
        <Field label={F.ubicacion} autoComplete="off" placeholder={F.ubicacionPlaceholder} {...bind('ubicacion')} />
        {catalogo ? (
          <fieldset className="span-2 gp-precio-tienda">
            <legend>{C.precioTienda}</legend>
            <label>
              <input
                type="radio"
                name="precio-propio"
                checked={!precioPropio}
                disabled={!puede.precios}
                onChange={() => {
                  setPrecioPropio(false);
                  // Back to the empresa's price: the field shows it (the server takes it anyway).
                  if (catalogo.precioEmpresa != null) set('precio', formatNumber(catalogo.precioEmpresa));
                }}
              />{' '}
              {C.usarEmpresa}
            </label>
            <label>
              <input type="radio" name="precio-propio" checked={precioPropio} disabled={!puede.precios} onChange={() => setPrecioPropio(true)} /> {C.propio}
            </label>
            {catalogo.precioEmpresa != null ? <small className="field__hint">{C.precioEmpresa(formatPesos(catalogo.precioEmpresa))}</small> : null}
          </fieldset>
        ) : null}
        <MoneyField
          label={F.precio}
          hint={!puede.precios ? M.permisos.soloLectura : precioFijo ? C.eligePropio : catalogo && !precioPropio ? C.precioDeEmpresaHint : M.productos.precioHint}
          readOnly={!puede.precios || precioFijo}
          aria-readonly={!puede.precios || precioFijo || undefined}
          className={puede.precios && !precioFijo ? undefined : 'gp-readonly'}
          {...precioProps(bind('precio'))}
        />
        <SelectField label={F.estado} options={ESTADOS} {...bind('estado')} />
        <SelectField label={F.unidad} hint={M.productos.unidadHint} options={UNIDADES} disabled={soloTienda} {...bind('unidad')} />
        <Field
          label={F.stock}
          inputMode={porUnidad(values.unidad) ? 'numeric' : 'decimal'}
          autoComplete="off"
          hint={!puede.stock ? M.permisos.soloLectura : values.stock !== String(stockAnterior).replace('.', ',') ? M.productos.stockAntes(stockAnterior) : undefined}
          readOnly={!puede.stock}
          aria-readonly={!puede.stock || undefined}
          className={puede.stock ? undefined : 'gp-readonly'}
          {...bind('stock')}
        />
        <Field label={F.stockMin} inputMode="numeric" autoComplete="off" {...bind('stockMin')} />
        <SelectField label={F.proveedor} options={proveedorOptions} {...bind('idProveedor')} />
        <Field label={F.proveedorActual} value={nombrepr ?? M.productos.sinProveedor} readOnly tabIndex={-1} className="gp-readonly" />
        <Field label={F.fechaVencimiento} type="date" {...bind('fechaVencimiento')} />
        <Field label={M.productos.codigoBarrasOpcional} autoComplete="off" inputMode="numeric" hint={M.productos.codigoBarrasHint} {...deCatalogo('codigoBarras')} />
        <TextAreaField className={soloTienda ? 'span-2 gp-readonly' : 'span-2'} label={F.descripcion} readOnly={soloTienda} {...bind('descripcion')} />
        {/* Lots and expiry (issue #58 point 2, ADR 051): receipts then ask lot and date, the till sells the first to expire. */}
        <div className="field field--check span-2">
          <label>
            <input type="checkbox" checked={values.manejaLotes === true} disabled={soloTienda} aria-describedby="maneja-lotes-hint" onChange={(e) => set('manejaLotes', e.target.checked)} /> {F.manejaLotes}
          </label>
          <small id="maneja-lotes-hint" className="field__hint">
            {M.productos.manejaLotesAyuda}
          </small>
        </div>
        {/* Medicines (droguerías, issue #58 point 2): optional; a product sold on prescription makes the till ask for it. */}
        <fieldset className="span-2 gp-medicamento">
          <legend>{M.productos.medicamento}</legend>
          <div className="form-grid">
            <Field label={F.registroInvima} autoComplete="off" placeholder={F.registroInvimaPlaceholder} {...deCatalogo('registroInvima')} />
            <Field label={F.principioActivo} autoComplete="off" placeholder={F.principioActivoPlaceholder} {...deCatalogo('principioActivo')} />
            <div className="field field--check span-2">
              <label>
                <input type="checkbox" checked={values.bajoFormula === true} disabled={soloTienda} aria-describedby="bajo-formula-hint" onChange={(e) => set('bajoFormula', e.target.checked)} /> {F.bajoFormula}
              </label>
              <small id="bajo-formula-hint" className="field__hint">
                {M.productos.bajoFormulaAyuda}
              </small>
            </div>
          </div>
        </fieldset>
      </div>
      <div className="gp-form__actions">
        <button type="submit" className="btn" disabled={mutation.isPending}>
          {mutation.isPending ? M.comun.guardando : M.comun.guardarCambios}
        </button>
      </div>
    </form>
  );
}
