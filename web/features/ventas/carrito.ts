import { useCallback, useEffect, useState } from 'react';
import { v4 as uuidv4 } from 'uuid';
import { aMilesimas, brutoLinea, cantidadPorValor, deMilesimas, importeCorresponde, MILESIMAS, porUnidad } from '#shared/cantidad';
import type { TProductoVenta } from '#shared/schemas/venta';
import { UNIDADES_DIAN } from '#shared/unidades';
// The same limits as the sale's schema, without the schema module (and zod) on the till's path (issue #20).
import { LIMITES_DINERO as VENTA_LIMITS } from '#shared/money';
import type { LineaCarrito, LoteElegido } from '../../lib/linea-carrito';
import { STORAGE_KEYS } from '../../lib/session';

/** One cart line as kept in localStorage under `prodCarrito` (spec §3): web/lib/linea-carrito.ts. */
export type { LineaCarrito, LoteElegido };

/** A line's identity in the cart: the product, or the product's pack (a pack is its own line). */
export const claveLinea = (l: Pick<LineaCarrito, 'id' | 'unidadVenta'>): string => (l.unidadVenta ? `${l.id}u${l.unidadVenta.id}` : String(l.id));

const esUnidad = (v: unknown): v is LineaCarrito['unidadVenta'] => {
  if (v === undefined) return true;
  const u = v as Record<string, unknown> | null;
  return !!u && isInt(u.id) && typeof u.nombre === 'string' && isInt(u.factor) && (u.factor as number) > 1;
};

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/** A stored chosen lot: kept only when well formed (else the line goes back to FEFO). */
const esLote = (v: unknown): v is LoteElegido => {
  const l = v as Record<string, unknown> | null;
  return !!l && typeof l === 'object' && isInt(l.id) && l.id > 0 && (l.codigo === null || typeof l.codigo === 'string') && (l.vence === null || typeof l.vence === 'string');
};
const UNIDADES = new Set<string>(UNIDADES_DIAN);

/** Whether a line is sold by measure (its quantity asked in a dialog, never ±1). */
export const esPorMedida = (l: { unidad?: string | null }) => !porUnidad(l.unidad);

/** A quantity in thousandths, capped at 9 999 units; 0 for anything unreadable. */
const milesimasDe = (cantidad: number) => Math.min(aMilesimas(cantidad) ?? 0, VENTA_LIMITS.maxCantidad * MILESIMAS);

function isLinea(v: unknown): v is LineaCarrito {
  if (!v || typeof v !== 'object') return false;
  const l = v as Record<string, unknown>;
  const unidad = l.unidad === undefined ? '94' : l.unidad;
  if (typeof unidad !== 'string' || !UNIDADES.has(unidad)) return false;
  const cantidadOk = porUnidad(unidad) ? isInt(l.cantidad) : typeof l.cantidad === 'number' && aMilesimas(l.cantidad) !== null;
  return (
    isInt(l.id) &&
    l.id > 0 &&
    typeof l.nombre === 'string' &&
    (l.marca === null || typeof l.marca === 'string') &&
    isInt(l.precio) &&
    typeof l.stock === 'number' &&
    Number.isFinite(l.stock) &&
    cantidadOk &&
    (l.cantidad as number) > 0 &&
    esUnidad(l.unidadVenta)
  );
}

/** Keeps only well-formed lines: a hand-edited or outdated stored cart never breaks the till. */
export function parseCarrito(value: unknown): LineaCarrito[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isLinea)
    .slice(0, VENTA_LIMITS.maxLineas)
    .map((l) => ({
      id: l.id,
      nombre: l.nombre,
      marca: l.marca ?? null,
      precio: l.precio,
      stock: l.stock,
      cantidad: deMilesimas(milesimasDe(l.cantidad)),
      unidad: l.unidad ?? '94',
      ...(l.unidadVenta ? { unidadVenta: l.unidadVenta } : {}),
      // A value kept only when it still gives the line's quantity at its price (the checkout's own check).
      ...(isInt(l.importe) && !porUnidad(l.unidad) && !l.unidadVenta && importeCorresponde(l.importe, l.precio, milesimasDe(l.cantidad)) ? { importe: l.importe } : {}),
      ...(l.formula === true ? { formula: true as const } : {}),
      ...(l.lotes === true ? { lotes: true as const } : {}),
      ...(l.lotes === true && esLote(l.lote) ? { lote: { id: l.lote.id, codigo: l.lote.codigo, vence: l.lote.vence } } : {}),
    }));
}

export function leerCarrito(): LineaCarrito[] {
  try {
    return parseCarrito(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.carrito) ?? '[]'));
  } catch {
    return [];
  }
}

export function guardarCarrito(lineas: LineaCarrito[]): void {
  if (lineas.length === 0) window.localStorage.removeItem(STORAGE_KEYS.carrito);
  else window.localStorage.setItem(STORAGE_KEYS.carrito, JSON.stringify(lineas));
}

export function vaciarCarrito(): void {
  window.localStorage.removeItem(STORAGE_KEYS.carrito);
  window.localStorage.removeItem(STORAGE_KEYS.claveVenta);
}

/** What makes two carts the same sale: the products and their quantities. */
const huellaDe = (lineas: readonly LineaCarrito[]) => lineas.map((l) => `${claveLinea(l)}x${l.cantidad}${l.importe != null ? `$${l.importe}` : ''}${l.lote ? `@${l.lote.id}` : ''}`).join(',');

/**
 * The sale's key (ADR 011): made once for this cart and kept until the sale is recorded, so a double
 * click, a retry after "Error de conexión" or a reload of the payment page sends the same key and the
 * server records the sale once. A changed cart is another sale and gets a new key.
 */
export function claveDeVenta(lineas: readonly LineaCarrito[]): string {
  const huella = huellaDe(lineas);
  try {
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.claveVenta) ?? 'null') as { clave?: unknown; huella?: unknown } | null;
    if (stored && typeof stored.clave === 'string' && stored.huella === huella) return stored.clave;
  } catch {
    // A damaged entry is replaced below.
  }
  const clave = uuidv4();
  window.localStorage.setItem(STORAGE_KEYS.claveVenta, JSON.stringify({ clave, huella }));
  return clave;
}

/**
 * The cart the payment page may charge (issue #51 point 1): the till's stored cart, and only while it
 * is still the cart the till sent (`enviado`, the navigation state). The stored cart and its key are
 * cleared the moment a sale is recorded, so Back (or Android's back gesture) landing on a payment page
 * whose cart was sold finds no cart, or another one, and answers empty: the page goes to the till
 * instead of charging the same products again under a new key. Without a cart in the navigation state
 * (a payment page opened by its address), the stored cart.
 */
export function carritoParaPagar(enviado: unknown): LineaCarrito[] {
  const guardado = leerCarrito();
  const lineas = parseCarrito(enviado);
  if (lineas.length && huellaDe(lineas) !== huellaDe(guardado)) return [];
  return guardado;
}

/** A cart put aside (venta en espera) while another customer is served; kept on this device. */
export interface VentaEnEspera {
  id: string;
  etiqueta: string;
  creada: string;
  lineas: LineaCarrito[];
}

const ESPERA_MAX = 10;

export function leerEspera(): VentaEnEspera[] {
  try {
    const raw = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.ventasEnEspera) ?? '[]') as unknown;
    if (!Array.isArray(raw)) return [];
    return raw
      .filter((v): v is VentaEnEspera => !!v && typeof v === 'object' && typeof (v as VentaEnEspera).id === 'string')
      .map((v) => ({ id: v.id, etiqueta: String(v.etiqueta ?? ''), creada: String(v.creada ?? ''), lineas: parseCarrito(v.lineas) }))
      .filter((v) => v.lineas.length > 0)
      .slice(0, ESPERA_MAX);
  } catch {
    return [];
  }
}

function guardarEspera(ventas: VentaEnEspera[]): void {
  if (ventas.length) window.localStorage.setItem(STORAGE_KEYS.ventasEnEspera, JSON.stringify(ventas));
  else window.localStorage.removeItem(STORAGE_KEYS.ventasEnEspera);
}

/** Puts a cart aside; false when there are already ESPERA_MAX carts waiting. */
export function ponerEnEspera(lineas: LineaCarrito[], etiqueta: string): boolean {
  const ventas = leerEspera();
  if (ventas.length >= ESPERA_MAX || lineas.length === 0) return false;
  guardarEspera([...ventas, { id: uuidv4(), etiqueta, creada: new Date().toISOString(), lineas }]);
  return true;
}

/** Takes a waiting cart back out of the list (to resume or to discard it). */
export function sacarDeEspera(id: string): VentaEnEspera | null {
  const ventas = leerEspera();
  const found = ventas.find((v) => v.id === id) ?? null;
  guardarEspera(ventas.filter((v) => v.id !== id));
  return found;
}

/**
 * A quantity as a line of this unit takes it: whole for a product sold by unit (floored), at most
 * three decimals for one sold by measure; capped at 9 999. Added and compared in thousandths.
 */
function cantidadPara(unidad: string, cantidad: number): number {
  const m = porUnidad(unidad) ? Math.floor(cantidad) * MILESIMAS : (aMilesimas(cantidad) ?? Math.floor(cantidad * MILESIMAS));
  return deMilesimas(Math.min(Math.max(m, 0), VENTA_LIMITS.maxCantidad * MILESIMAS));
}

/**
 * A line sold by value (issue #52 point 4): `importe` pesos of a product sold by measure at `precio`, with
 * the quantity they buy; null when the value buys less than a thousandth or more than the limit.
 */
function porValor(precio: number, importe: number): { cantidad: number; importe: number } | null {
  const m = cantidadPorValor(importe, precio);
  return m === null ? null : { cantidad: deMilesimas(m), importe };
}

/**
 * Adding a product already in the cart adds one to its cantidad (spec §4 "Cart"); a weighed product
 * adds what was weighed (0,375 kg more), exactly, in thousandths. Sold by value (`importe`, issue #52
 * point 4): "$ 2.000" more of a line by value is a line of the two values, whose quantity is what their
 * sum buys; by value onto a line by quantity (or the reverse), the quantities add and the line is by
 * quantity again. A product sold bajo fórmula médica enters only once the till asked (ventas-page): its line carries `formula`.
 */
export function agregarProducto(lineas: LineaCarrito[], p: TProductoVenta, cantidad = 1, importe?: number): LineaCarrito[] {
  // A pack's line counts whole packs, a roll of 50 m of a product sold by the metre too (issue #58 point 2).
  const unidad = p.unidadVenta ? '94' : (p.unidad ?? '94');
  const clave = claveLinea(p);
  const valor = importe != null && !porUnidad(unidad) && !p.unidadVenta ? porValor(p.precio, importe) : null;
  const existing = lineas.find((l) => claveLinea(l) === clave);
  if (existing)
    return lineas.map((l) => {
      if (claveLinea(l) !== clave) return l;
      const base = { ...l, nombre: p.nombre, marca: p.marca, precio: p.precio, stock: p.stock, unidad };
      const suma = valor && l.importe != null ? porValor(p.precio, l.importe + valor.importe) : null;
      if (suma) return { ...base, ...suma };
      const { importe: _importe, ...sinValor } = base;
      return { ...sinValor, cantidad: cantidadPara(unidad, deMilesimas(milesimasDe(l.cantidad) + milesimasDe(valor?.cantidad ?? cantidad))) };
    });
  if (lineas.length >= VENTA_LIMITS.maxLineas) return lineas;
  // A new line starts at FEFO: a lot chosen on the product's other line covers that line only (issue #58).
  return [
    ...lineas,
    { id: p.id, nombre: p.nombre, marca: p.marca, precio: p.precio, stock: p.stock, cantidad: valor?.cantidad ?? cantidadPara(unidad, cantidad), unidad, ...(p.unidadVenta ? { unidadVenta: p.unidadVenta } : {}), ...(valor ? { importe: valor.importe } : {}), ...(p.bajoFormula ? { formula: true as const } : {}), ...(p.manejaLotes ? { lotes: true as const } : {}) },
  ];
}

/**
 * Chooses a line's lot (issue #58 point 2), by the line's key (claveLinea); null goes back to the first
 * to expire (FEFO). The chosen lot covers that line's units only (a pack's: factor × packs); the
 * product's other lines (its pack, its loose units) keep theirs, as the server takes them (ADR 051).
 */
export function fijarLote(lineas: LineaCarrito[], clave: string, lote: LoteElegido | null): LineaCarrito[] {
  const linea = lineas.find((l) => claveLinea(l) === clave);
  if (!linea?.lotes) return lineas;
  return lineas.map((l) => {
    if (claveLinea(l) !== clave) return l;
    const { lote: _lote, ...sinLote } = l;
    return lote ? { ...sinLote, lote } : sinLote;
  });
}

/**
 * A scale's price label (ADR 030, issue #52 point 4): the pesos it prints, which the line charges
 * exactly (its quantity is what they buy); nothing for a weight label or a product without one.
 */
export const importeDeEtiqueta = (p: { etiqueta?: { tipo: 'peso' | 'precio'; pesos?: number } }): number | undefined => (p.etiqueta?.tipo === 'precio' ? p.etiqueta.pesos : undefined);

/** Sets a line's cantidad (or, `importe` given, its value and the quantity it buys); zero or less removes the line (the − button at 1). */
export function fijarCantidad(lineas: LineaCarrito[], id: number | string, cantidad: number, importe?: number): LineaCarrito[] {
  // A product id names the product's own line; a line's key (claveLinea) names a pack's too.
  const clave = String(id);
  if (cantidad <= 0) return lineas.filter((l) => claveLinea(l) !== clave);
  return lineas.map((l) => {
    if (claveLinea(l) !== clave) return l;
    const { importe: _importe, ...sinValor } = l;
    const valor = importe != null && !porUnidad(l.unidad) && !l.unidadVenta ? porValor(l.precio, importe) : null;
    return valor ? { ...sinValor, ...valor } : { ...sinValor, cantidad: cantidadPara(l.unidad, cantidad) };
  });
}

/** Refreshes price, name and stock of the lines from what the server just said about those products. */
export function actualizarDesde(lineas: LineaCarrito[], productos: readonly TProductoVenta[]): LineaCarrito[] {
  let changed = false;
  const next = lineas.map((l) => {
    const p = productos.find((x) => x.id === l.id);
    // A pack's line keeps its pack price; only its product's stock and name follow.
    if (p && l.unidadVenta) {
      if (p.stock === l.stock && p.nombre === l.nombre) return l;
      changed = true;
      return { ...l, nombre: p.nombre, marca: p.marca, stock: p.stock };
    }
    // A product whose unit changed meanwhile keeps the line's quantity as it is: the checkout decides.
    if (!p || (p.precio === l.precio && p.stock === l.stock && p.nombre === l.nombre && p.marca === l.marca)) return l;
    changed = true;
    // A line by value keeps the value asked at a new price: its quantity is what the value buys now.
    const valor = l.importe != null && p.precio !== l.precio ? porValor(p.precio, l.importe) : null;
    if (l.importe != null && p.precio !== l.precio && !valor) {
      const { importe: _importe, ...sinValor } = l;
      return { ...sinValor, nombre: p.nombre, marca: p.marca, precio: p.precio, stock: p.stock };
    }
    return { ...l, nombre: p.nombre, marca: p.marca, precio: p.precio, stock: p.stock, ...(valor ?? {}) };
  });
  return changed ? next : lineas;
}

/** A line's amount as the checkout charges it (brutoLinea): the value asked for a line by value, else precio × cantidad rounded half-up to the peso (ADR 030). */
export const importeDe = (l: Pick<LineaCarrito, 'precio' | 'cantidad' | 'importe'>) => brutoLinea({ precio: l.precio, cantidad: milesimasDe(l.cantidad) / MILESIMAS, importe: l.importe });
/** The cart's total: the exact sum of its lines' integer amounts. */
export const totalCarrito = (lineas: readonly LineaCarrito[]) => lineas.reduce((acc, l) => acc + importeDe(l), 0);
/** Units in the cart: a weighed line (0,375 kg of cheese) counts as one item, a pack as its packs. */
export const unidadesCarrito = (lineas: readonly LineaCarrito[]) => lineas.reduce((acc, l) => acc + (esPorMedida(l) ? 1 : l.cantidad), 0);
/** Units of the product a line takes from stock: a pack's line, factor × cantidad. */
export const unidadesDeLinea = (l: Pick<LineaCarrito, 'cantidad' | 'unidadVenta'>) => l.cantidad * (l.unidadVenta?.factor ?? 1);
/** Whether a line asks for more than the recorded stock (a pack's, factor × packs), compared in thousandths. */
export const excedeStock = (l: Pick<LineaCarrito, 'cantidad' | 'stock' | 'unidadVenta'>) => milesimasDe(l.cantidad) * (l.unidadVenta?.factor ?? 1) > Math.round(l.stock * MILESIMAS);
export const lineasSinStock = (lineas: readonly LineaCarrito[]) => lineas.filter(excedeStock);

/** The cart of the sales screen, persisted on every change. */
export function useCarrito() {
  const [lineas, setLineas] = useState<LineaCarrito[]>(leerCarrito);
  useEffect(() => guardarCarrito(lineas), [lineas]);
  const update = useCallback((fn: (l: LineaCarrito[]) => LineaCarrito[]) => setLineas(fn), []);
  return { lineas, update };
}
