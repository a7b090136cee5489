import type { TLoteContado, TProductoConteo } from '#shared/schemas/conteo';

/**
 * Counting on a phone without the network (issue #58 point 1, ADR 042's addendum), as the till does
 * (ADR 048): the count's screen is the same online and offline; offline it finds products in the
 * device's catalogue (the one the offline till uses) and keeps each counted line on the device, sent
 * in order when the network returns. The device's side (features/sin-red) registers itself here when
 * the app loads it. Blind as online: nothing here carries the system's stock.
 */
export interface LineaConteoEnEquipo {
  clave: string;
  /** The product as counted ("Leche 1 L · Paca x6 (×6)") and the quantity with its unit ("2,5 kg"). */
  nombre: string;
  cantidad: string;
  estado: 'pendiente' | 'rechazada';
  /** Why the server refused it. */
  error?: string;
}

export interface FuenteConteoSinRed {
  /** The device's catalogue by barcode (a pack's, a scale label's with its quantity) or by name: no stock. */
  buscar(q: string): Promise<TProductoConteo[]>;
  /** Keeps a counted line on the device (`cantidad` in the product's or the pack's units; its lot when named), to send when the network returns. */
  guardar(conteoId: number, producto: TProductoConteo, cantidad: number, lote?: TLoteContado): Promise<void>;
  /** This count's lines still on the device (waiting, or refused by the server), now and after each change; answers how to stop. */
  observar(conteoId: number, dar: (lineas: LineaConteoEnEquipo[]) => void): () => void;
  /** The person read why a line was refused: it leaves the list. */
  entendido(clave: string): Promise<void>;
}

let registrada: FuenteConteoSinRed | null = null;

/** The device's side gives itself once, when the app loads it (features/sin-red). */
export function registrarFuenteConteo(f: FuenteConteoSinRed): void {
  registrada = f;
}

/** The device's counting source; null before the app registered it. */
export const fuenteConteo = (): FuenteConteoSinRed | null => registrada;
