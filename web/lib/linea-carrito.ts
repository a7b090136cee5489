/**
 * The till's cart line, online and offline (issue #53: one till): the sales row plus cantidad, as kept in
 * localStorage under `prodCarrito` (spec §3). features/ventas keeps the cart; features/sin-red records its
 * lines in the device's outbox with the same shape.
 * A product sold by measure (issue #33, ADR 030) has a `unidad` other than '94' and a quantity of up
 * to three decimals (0.375 kg); its money is always computed in integer thousandths (`importeDe`).
 */
export interface LineaCarrito {
  id: number;
  nombre: string;
  marca: string | null;
  precio: number;
  stock: number;
  cantidad: number;
  /** Sold as a pack (issue #33 point 5, ADR 033): its sale unit; `precio` is the pack's, `stock` the product's units. */
  unidadVenta?: { id: number; nombre: string; factor: number };
  /** DIAN's unit ('94' unidad, 'KGM', 'MTR'…: shared/unidades.ts); a cart stored before it existed reads '94'. */
  unidad: string;
  /**
   * Sold by value (issue #52 point 4): the pesos the customer asked ("$ 2.000 de arroz"); `cantidad` is
   * what they buy (cantidadPorValor) and the line charges exactly this. Absent for a line by quantity.
   */
  importe?: number;
  /** A product sold bajo fórmula médica (issue #58 point 2): the cashier confirmed the customer presented the prescription. */
  formula?: true;
  /** The product tracks lots (ADR 051): the till offers to choose the line's lot. */
  lotes?: true;
  /**
   * The lot the cashier chose (issue #58 point 2); absent: the first to expire (FEFO), which the server
   * takes. Sent as the line's `loteId`; an expired one goes through the supervisor's authorisation.
   */
  lote?: LoteElegido;
}

/** A lot chosen at the till: its id, and its code and expiry to show (null: the units of no known lot). */
export interface LoteElegido {
  id: number;
  codigo: string | null;
  vence: string | null;
}
