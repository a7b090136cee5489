import { formatCantidad, porUnidadDe } from '#shared/cantidad';
import { ventas } from '#shared/messages/ventas';
import { promociones } from '#shared/messages/promociones';
import { formatPesos } from '#shared/money';
import { Field } from '../../../components/ui/field';
import { alertWarning, promptText } from '../../../lib/alerts';
import { claveLinea, esPorMedida, importeDe, totalCarrito, unidadesCarrito, type LineaCarrito } from '../carrito';
import { descuentoTecleado, precioTecleado, type calcularPago } from '../pedido-pago';
import type { Pago } from '../use-pago';
import './promociones.css';

const V = ventas;

/** The payment's summary: the lines (a lower price per line), the sale's discount and its reason, the total. */
export function PagoResumen(props: { lineas: LineaCarrito[]; pago: Pago; calculo: ReturnType<typeof calcularPago>; puedeDescontar: boolean; conPin: boolean }) {
  const { lineas, pago, calculo, puedeDescontar, conPin } = props;
  const { s, dispatch } = pago;

  const cambiarPrecio = async (l: LineaCarrito) => {
    const texto = await promptText(V.cambiarPrecioTitle(l.nombre), { label: V.cambiarPrecioLabel(formatPesos(l.precio)), confirmButtonText: V.aplicar });
    if (texto === null) return;
    const valor = precioTecleado(texto, l.precio);
    if (valor === 'invalido') return void alertWarning(V.descuentoInvalidoTitle, V.descuentoInvalido);
    dispatch({ tipo: 'precio', id: claveLinea(l), valor });
  };
  const descontarVenta = async () => {
    const texto = await promptText(V.descuentoVentaTitle, { label: V.descuentoVentaLabel, placeholder: V.descuentoVentaPlaceholder, confirmButtonText: V.aplicar });
    if (texto === null) return;
    const descuento = descuentoTecleado(texto);
    if (descuento === 'invalido') return void alertWarning(V.descuentoInvalidoTitle, V.descuentoInvalido);
    dispatch({ tipo: 'descuento', descuento });
  };

  return (
    <section className="card pago__resumen" aria-labelledby="pago-resumen-title">
      <h2 id="pago-resumen-title">{V.resumenVenta}</h2>
      <ul className="pago__lineas">
        {lineas.map((l) => {
          const nuevo = s.precios[claveLinea(l)];
          return (
            <li key={claveLinea(l)}>
              <span className="pago__linea-nombre">
                {l.nombre}
                <small>
                  {formatCantidad(l.cantidad, l.unidad)} × {nuevo != null ? <s>{formatPesos(l.precio)}</s> : formatPesos(l.precio)}
                  {nuevo != null ? <> {formatPesos(nuevo)}</> : null}
                  {porUnidadDe(l.unidad)}
                </small>
                {puedeDescontar ? (
                  <button type="button" className="btn btn--link btn--sm" onClick={() => void cambiarPrecio(l)} aria-label={V.cambiarPrecioDe(l.nombre)}>
                    {V.cambiarPrecio}
                  </button>
                ) : null}
              </span>
              <span className="pago__linea-total">{formatPesos(importeDe({ precio: nuevo ?? l.precio, cantidad: l.cantidad }))}</span>
            </li>
          );
        })}
      </ul>
      {puedeDescontar ? (
        <div className="pago__descuento">
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => void descontarVenta()}>
            {s.descVenta ? V.cambiarDescuentoVenta : V.descuentoVentaTitle}
          </button>
          {calculo.conDescuento ? (
            <>
              {s.descVenta ? (
                <p>
                  {V.descuentoVentaTitle}: <strong data-testid="pago-descuento">−{formatPesos(calculo.calculo.descuentoVenta)}</strong>
                  {s.descVenta.tipo === 'porcentaje' ? ` (${s.descVenta.valor} %)` : ''}
                </p>
              ) : null}
              <Field label={V.motivoDescuento} name="motivoDescuento" autoComplete="off" maxLength={120} {...pago.texto('motivoDesc')} />
              {conPin ? <p className="pago__pin-aviso">{V.pinText}</p> : null}
            </>
          ) : null}
        </div>
      ) : null}
      {calculo.conDescuento ? (
        <p className="pago__antes">
          {V.antesDeDescuentos}: <s>{formatPesos(totalCarrito(lineas))}</s>
        </p>
      ) : null}
      {calculo.ahorro ? (
        <div className="cart__ahorro" data-testid="pago-ahorro">
          <span>{promociones.ahorro}</span>
          <strong>−{formatPesos(calculo.ahorro)}</strong>
        </div>
      ) : null}
      <div className="cart__total">
        <span>
          {V.total} <small>({lineas.some(esPorMedida) ? V.articulos(unidadesCarrito(lineas)) : V.unidades(unidadesCarrito(lineas))})</small>
        </span>
        <strong data-testid="pago-total">{formatPesos(calculo.total)}</strong>
      </div>
    </section>
  );
}
