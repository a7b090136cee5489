import { useSyncExternalStore, type ComponentType } from 'react';
import type { TCliente } from '#shared/schemas/cliente';
import type { TImpuestosVenta } from '#shared/schemas/impuestos';
import type { TAjustesTienda } from '#shared/schemas/tienda';
import type { TPage } from '#shared/schemas/common';
import type { TClienteVenta, TCreateVentaRequest, TMetodoPago, TProductoPorCodigo, TProductosRapidos, TProductoVenta, TRecibo, TSupervisor } from '#shared/schemas/venta';

/**
 * One till, online or not (issue #53 point 1): the till's screens (search, grid, cart, payment,
 * receipt) are the same; only where they read and record changes. Online that is the API; without
 * the network it is the device's catalogue and outbox (features/sin-red), which the app registers
 * here at start. The till's API calls ask `fuenteSinRed()` first: null online, the device's source
 * offline. The server checks every offline sale again when it syncs (ADR 029, ADR 041).
 */
export interface FuenteSinRed {
  /** null when the device may sell offline now; otherwise why not (shown in the till's place). */
  impedimento(): Promise<'instalar' | string | null>;
  productos(q: string, page: number, pageSize: number): Promise<TPage<TProductoVenta>>;
  /** As `GET /ventas/productos/codigo/:codigo`: throws AppError NOT_FOUND when no product has it. */
  porCodigo(codigo: string): Promise<TProductoPorCodigo>;
  rapidos(categoria: string): Promise<TProductosRapidos>;
  metodos(): Promise<TMetodoPago[]>;
  /** As `GET /ventas/clientes/:documento`, with the credit the device knows (last sync less its unsent fiado). */
  buscarCliente(documento: string): Promise<TClienteVenta>;
  sugerirClientes(q: string): Promise<TPage<TCliente>>;
  /** As `POST /ventas`: the sale into the device's outbox with its number; its receipt. A cashier's discount carries the supervisor's PIN, checked on the device (ADR 053). */
  registrar(pedido: TCreateVentaRequest): Promise<TRecibo>;
  /** As `GET /ventas/supervisores`: the supervisors whose PIN this device can check (their verifiers came with the last sync, ADR 053). */
  supervisores(): Promise<TSupervisor[]>;
  /** The store's receipt header as last synced (name, NIT, address, paper, time zone); null before the first sync. */
  ajustes(): Promise<TAjustesTienda | null>;
  /** A receipt made on the device: the seller's fiscal data as last synced and, for a store responsible for IVA, base and tax by rate. */
  impuestosDe(recibo: TRecibo): Promise<TImpuestosVenta | null>;
  /** Whether the store issues the electronic document (last sync): an offline receipt is then DIAN's type 07 contingency document. */
  contingencia(): Promise<boolean>;
  /** Whether the sale with this device number was fiado past the customer's limit (authorised, flagged for review): its receipt says so. */
  sobregiro(numero: string): Promise<boolean>;
  /** Drawn under the till offline: this device's sales (their returns and annulments). */
  Extra?: ComponentType;
}

let registrada: FuenteSinRed | null = null;

/** The app gives the till the device's source once, at start (web/app). */
export function registrarFuenteSinRed(f: FuenteSinRed): void {
  registrada = f;
}

/** The device's source while the browser has no network; null online (the API answers). */
export function fuenteSinRed(): FuenteSinRed | null {
  return typeof navigator !== 'undefined' && !navigator.onLine ? registrada : null;
}

/** The device's source whatever the network: a receipt made offline keeps reading its data once the network is back. */
export const fuenteRegistrada = (): FuenteSinRed | null => registrada;

/** The browser says it has a network (issue #34): `online`/`offline` events. */
function suscribirRed(avisar: () => void) {
  window.addEventListener('online', avisar);
  window.addEventListener('offline', avisar);
  return () => {
    window.removeEventListener('online', avisar);
    window.removeEventListener('offline', avisar);
  };
}
export const useEnLinea = () => useSyncExternalStore(suscribirRed, () => navigator.onLine, () => true);

/** A query's key in the source it reads: offline answers never mix with the server's in the cache. */
export const claveEnFuente = <K extends readonly unknown[]>(clave: K, enLinea: boolean) => (enLinea ? clave : ([...clave, 'sin-red'] as const));

/** A receipt made on the device, not yet recorded by the server (its id is 0 until it syncs). */
export const esReciboLocal = (r: Pick<TRecibo, 'id' | 'sinRed'>) => r.id === 0 && !!r.sinRed;
