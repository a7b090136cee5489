import { useDeferredValue, useState } from 'react';
import { importeLinea, parseCantidad, porUnidad, porUnidadDe } from '#shared/cantidad';
import { devoluciones } from '#shared/messages/devoluciones';
import { formatPesos } from '#shared/money';
import type { TProductoVenta } from '#shared/schemas/venta';
import { Field } from './ui/field';
import './cambio-nuevos.css';

const D = devoluciones;

/**
 * An exchange's parts the online form (features/devoluciones) and the offline one (features/sin-red,
 * issue #53 point 4) share: what the customer takes instead, and the difference. Only where the
 * products are searched differs (the API, or the device's catalogue).
 */

/**
 * What the person typed, in thousandths (0 when nothing, or zero, was typed): whole units for a
 * product sold by unit; up to three decimals, with a comma, for one sold by measure ("0,125"). Null
 * when it is no such quantity.
 */
export function milesimasPedidas(texto: string, unidad: string): number | null {
  const t = texto.trim();
  if (!t) return 0;
  if (porUnidad(unidad)) return /^\d{1,4}$/.test(t) ? Number(t) * 1000 : null;
  return parseCantidad(t);
}

/** What an exchange's customer takes instead: a product and how many (kilos or litres with decimals for one sold by measure). */
export interface Nuevo {
  producto: TProductoVenta;
  cantidad: string;
}

/** A new product's thousandths (0: nothing or not a quantity yet) and its amount by the one money rule. */
export const milesimasNuevo = (n: Nuevo) => Math.max(milesimasPedidas(n.cantidad, n.producto.unidad) ?? 0, 0);
export const importeNuevo = (n: Nuevo) => importeLinea(n.producto.precio, milesimasNuevo(n));

/** The first product added with no quantity, or one that is none, named by its message; null when every one is a quantity. */
export function errorNuevos(nuevos: readonly Nuevo[]): string | null {
  const mal = nuevos.find((n) => !milesimasPedidas(n.cantidad, n.producto.unidad));
  if (!mal) return nuevos.length ? null : D.sinProductosNuevos;
  // "0,5" of a product sold by unit: a quantity, but not a whole one.
  const entera = porUnidad(mal.producto.unidad) && !!parseCantidad(mal.cantidad);
  return entera ? D.cantidadNuevaEntera(mal.producto.nombre) : D.cantidadNuevaInvalida(mal.producto.nombre);
}

/**
 * What the customer takes instead: a search of the products on sale (`useBuscar`: the till's API
 * online, the device's catalogue offline), and each one chosen with its quantity.
 */
export function ProductosNuevos({
  nuevos,
  onChange,
  useBuscar,
}: {
  nuevos: Nuevo[];
  onChange: (n: Nuevo[]) => void;
  useBuscar: (q: string) => { items: TProductoVenta[] } | undefined;
}) {
  const [q, setQ] = useState('');
  const buscado = useDeferredValue(q.trim());
  const resultados = useBuscar(buscado);
  const agregar = (p: TProductoVenta) => {
    const ya = nuevos.find((n) => n.producto.id === p.id);
    // A product sold by unit adds one more; one sold by measure is weighed: its quantity is typed.
    const mas = (n: Nuevo) => (porUnidad(n.producto.unidad) ? { ...n, cantidad: String((Number(n.cantidad) || 0) + 1) } : n);
    onChange(ya ? nuevos.map((n) => (n === ya ? mas(n) : n)) : [...nuevos, { producto: p, cantidad: porUnidad(p.unidad) ? '1' : '' }]);
    setQ('');
  };
  return (
    <fieldset className="cambio-nuevos">
      <legend>{D.seLleva}</legend>
      <Field label={D.buscarProducto} hint={D.buscarAyuda} type="search" value={q} onChange={(e) => setQ(e.target.value)} autoComplete="off" />
      {buscado ? (
        <ul className="cambio-resultados">
          {(resultados?.items ?? []).map((p) => (
            <li key={p.id}>
              <button type="button" className="btn btn--sm btn--ghost" onClick={() => agregar(p)}>
                {D.agregar(p.nombre, formatPesos(p.precio))}
              </button>
            </li>
          ))}
          {resultados && resultados.items.length === 0 ? <li className="devoluciones__vacio">{D.sinResultados}</li> : null}
        </ul>
      ) : null}
      {nuevos.length ? (
        <ul className="cambio-elegidos">
          {nuevos.map((n) => (
            <li key={n.producto.id}>
              <span className="cambio-elegidos__nombre">{n.producto.nombre}</span>
              <span className="cambio-elegidos__cantidad">
                <input
                  className="devolucion-cantidad"
                  {...(porUnidad(n.producto.unidad) ? { type: 'number', inputMode: 'numeric' as const, min: 1, step: 1 } : { type: 'text', inputMode: 'decimal' as const, placeholder: '0,000' })}
                  aria-label={D.cantidadDe(n.producto.nombre)}
                  value={n.cantidad}
                  onChange={(e) => onChange(nuevos.map((x) => (x === n ? { ...x, cantidad: e.target.value } : x)))}
                />
                {porUnidad(n.producto.unidad) ? null : <span className="cambio-elegidos__unidad">{porUnidadDe(n.producto.unidad).slice(1)}</span>}
              </span>
              <span className="num">{formatPesos(importeNuevo(n))}</span>
              <button type="button" className="btn btn--sm btn--ghost" aria-label={D.quitar(n.producto.nombre)} onClick={() => onChange(nuevos.filter((x) => x !== n))}>
                {D.quitarSimbolo}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}

/** What the customer hands over for a difference they pay (empty: exactly the difference, shown as its placeholder). */
export function RecibidoCambio({ diferencia, value, onChange }: { diferencia: number; value: string; onChange: (v: string) => void }) {
  return (
    <Field
      label={D.recibido}
      hint={D.recibidoAyuda}
      type="number"
      inputMode="numeric"
      min={0}
      step={1}
      value={value}
      placeholder={String(diferencia)}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** The exchange's figures: what comes back, what is taken, and the difference the customer pays or is given back. */
export function CuentasCambio({ devuelto, nuevo }: { devuelto: number; nuevo: number }) {
  const diferencia = nuevo - devuelto;
  return (
    <dl className="devolucion-form__cuentas" data-testid="cambio-cuentas">
      <div>
        <dt>{D.valorDevuelto}</dt>
        <dd data-testid="devolucion-total">{formatPesos(devuelto)}</dd>
      </div>
      <div>
        <dt>{D.valorNuevo}</dt>
        <dd data-testid="cambio-nuevo">{formatPesos(nuevo)}</dd>
      </div>
      <div className="devolucion-form__diferencia">
        <dt>{diferencia > 0 ? D.clientePaga : diferencia < 0 ? D.seLeDevuelve : D.sinDiferencia}</dt>
        <dd data-testid="cambio-diferencia">{formatPesos(Math.abs(diferencia))}</dd>
      </div>
    </dl>
  );
}
