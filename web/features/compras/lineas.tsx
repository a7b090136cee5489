import { useState } from 'react';
import { deMilesimas, formatCantidad, parseCantidad, porUnidadDe } from '#shared/cantidad';
import { compras } from '#shared/messages/compras';
import { costoPorUnidad, importeCompra } from '#shared/costo';
import { formatPesos, parsePesos } from '#shared/money';
import type { TOrdenLinea } from '#shared/schemas/compras';
import type { TProductoDeProveedor } from '#shared/schemas/proveedor';

// This module's texts only: the catalogue splits per screen (issue #20).
const M = { compras };

/**
 * A purchase line as typed (ADR 036): its quantity and cost in the line's unit — one of the product's
 * packs ("Paca x12": packs, cost per pack) or the product's own unit (units, or kg/L with a decimal
 * comma) — and which pack (null: by unit).
 */
export interface FilaCompra {
  cantidad: string;
  costo: string;
  unidadVentaId: number | null;
}

export type Presentacion = { id: number; nombre: string; factor: number };

/** The pack of a line among the product's, or null (by unit). */
export const presentacionDe = (presentaciones: readonly Presentacion[], id: number | null) => (id == null ? null : (presentaciones.find((p) => p.id === id) ?? null));

/** The typed quantity in the line's unit: null when empty or zero, NaN when it is not a number with at most three decimals. */
export function leerCantidad(texto: string): number | null {
  if (!texto.trim()) return null;
  const m = parseCantidad(texto);
  if (m === null) return Number.NaN;
  return m === 0 ? null : deMilesimas(m);
}

/** The line for the API, or null when it has no quantity; NaN quantity and -1 cost let the server answer its message. */
export function lineaDeFila(productoId: number, f: FilaCompra) {
  const cantidad = leerCantidad(f.cantidad);
  if (cantidad === null) return null;
  return { productoId, cantidad: Number.isNaN(cantidad) ? -1 : cantidad, costoUnit: parsePesos(f.costo || '0') ?? -1, unidadVentaId: f.unidadVentaId };
}

/** What the line costs as typed (0 while a field is not a number yet). */
export function importeDeFila(f: FilaCompra, factor: number | null): number {
  const cantidad = leerCantidad(f.cantidad);
  const costo = parsePesos(f.costo || '0');
  if (cantidad === null || Number.isNaN(cantidad) || costo === null) return 0;
  if (factor != null && !Number.isInteger(cantidad)) return 0;
  return importeCompra({ cantidad, costo, factor });
}

/**
 * Another unit picked for a line: the quantity and cost typed are carried over to it (12 units at
 * $ 2.500 → 1 Paca x12 at $ 30.000), the quantity only when it comes out whole.
 */
export function cambiarUnidad(f: FilaCompra, de: Presentacion | null, a: Presentacion | null): FilaCompra {
  const fDe = de?.factor ?? 1;
  const fA = a?.factor ?? 1;
  const cantidad = leerCantidad(f.cantidad);
  const costo = parsePesos(f.costo || '');
  let nuevaCantidad = '';
  if (cantidad !== null && !Number.isNaN(cantidad)) {
    const unidades = Math.round(cantidad * fDe * 1000);
    if (unidades % (fA * 1000) === 0) nuevaCantidad = String(unidades / (fA * 1000));
  }
  const nuevoCosto = costo === null ? f.costo : String(costoPorUnidad(costo * fA, fDe));
  return { cantidad: nuevaCantidad, costo: nuevoCosto, unidadVentaId: a?.id ?? null };
}

/** "5 × Paca x12 (60 u.)", "10,25 kg", "3". */
export const cantidadDeLinea = (l: TOrdenLinea) => (l.empaque ? M.compras.lineaEmpaque(l.empaque.empaques, l.empaque.nombre, l.empaque.factor) : formatCantidad(l.cantidad, l.unidad));

/** "$ 30.000 por Paca x12", "$ 3.000/kg", "$ 900". */
export function costoDeLinea(l: TOrdenLinea): string {
  if (l.empaque?.costo != null) return `${formatPesos(l.empaque.costo)} ${M.compras.costoPor(l.empaque.nombre)}`;
  return `${formatPesos(l.costoUnit ?? 0)}${porUnidadDe(l.unidad)}`;
}

/** A barcode among a supplier's products: a pack's first (it picks the pack), then the product's own. */
export function buscarCodigo(items: readonly TProductoDeProveedor[], codigo: string): { producto: TProductoDeProveedor; presentacion: Presentacion | null } | null {
  const c = codigo.trim();
  if (!c) return null;
  for (const p of items) {
    const pres = p.presentaciones.find((x) => x.codigoBarras === c);
    if (pres) return { producto: p, presentacion: pres };
  }
  const p = items.find((x) => x.codigoBarras === c);
  return p ? { producto: p, presentacion: null } : null;
}

/** The unit select of a line: "Unidad" and each pack of the product ("Paca x12 (12 u.)"). */
export function SelectorPresentacion(props: { nombre: string; presentaciones: readonly Presentacion[]; value: number | null; onChange: (p: Presentacion | null) => void }) {
  const { nombre, presentaciones, value, onChange } = props;
  return (
    <select
      className="cmp-presentacion"
      aria-label={M.compras.presentacionDe(nombre)}
      value={value == null ? '' : String(value)}
      onChange={(e) => onChange(presentaciones.find((p) => String(p.id) === e.target.value) ?? null)}
    >
      <option value="">{M.compras.porUnidad}</option>
      {presentaciones.map((p) => (
        <option key={p.id} value={p.id}>
          {M.compras.empaqueDe(p.nombre, p.factor)}
        </option>
      ))}
    </select>
  );
}

/** Under a pack's cost: what one unit comes to (the product's cost rule, ADR 036). */
export function CostoPorUnidad({ costo, presentacion }: { costo: string; presentacion: Presentacion | null }) {
  const c = parsePesos(costo || '');
  if (!presentacion || c === null) return null;
  return <small className="cmp-equivale">{M.compras.costoUnidadEquivale(formatPesos(costoPorUnidad(c, presentacion.factor)))}</small>;
}

/** A line's quantity cell: whole for a product by unit, a decimal keypad for one by weight (ADR 030). */
export function CeldaCantidad(props: { etiqueta: string; unidad: string; value: string; onChange: (v: string) => void }) {
  return (
    <td className="num">
      <input
        className="cmp-num"
        inputMode={props.unidad === '94' ? 'numeric' : 'decimal'}
        autoComplete="off"
        aria-label={props.etiqueta}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </td>
  );
}

/** A line's cost cell: per pack when the line is in a pack, with what one unit comes to under it (ADR 036). */
export function CeldaCosto(props: { nombre: string; presentacion: Presentacion | null; value: string; onChange: (v: string) => void; id?: string }) {
  const { nombre, presentacion: pres } = props;
  return (
    <td className="num">
      <input
        id={props.id}
        className="cmp-costo"
        inputMode="numeric"
        autoComplete="off"
        aria-label={pres ? M.compras.costoEmpaqueDe(nombre, pres.nombre) : M.compras.costoDe(nombre)}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <CostoPorUnidad costo={props.value} presentacion={pres} />
    </td>
  );
}

/**
 * The scanner's box (ADR 036): a product's or a pack's barcode, then Enter (a scanner types it and
 * presses Enter); the screen adds one of what was scanned.
 */
export function CampoEscaner({ onCodigo }: { onCodigo: (codigo: string) => void }) {
  const [texto, setTexto] = useState('');
  return (
    <div className="field cmp-escaner">
      <label htmlFor="cmp-escaner">{M.compras.escanear}</label>
      <input
        id="cmp-escaner"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        value={texto}
        onChange={(e) => setTexto(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          onCodigo(texto);
          setTexto('');
        }}
      />
      <small className="field__hint">{M.compras.escanearAyuda}</small>
    </div>
  );
}
