import Dexie, { type ObservabilitySet, type Table } from 'dexie';
import type { TLoteContado } from '#shared/schemas/conteo';
import type { TClienteSinRed, TDispositivo, TProductoSinRed } from '#shared/schemas/sin-red';
import type { TCreateVentaRequest, TMetodoPago } from '#shared/schemas/venta';
import { alCambiarDeSesion, identidadDeSesion } from '../../lib/session';

/**
 * The device's own data for selling without the network (issue #34 points 3–4, ADR 029), in
 * IndexedDB through Dexie: one database per account signed in on the device, so nothing of one
 * account's is read or sent under another's.
 */

/** A product as the device keeps it: the server's row, its name folded for search and its packs' barcodes (indexed). */
export interface ProductoLocal extends TProductoSinRed {
  busqueda: string;
  codigosPresentacion: string[];
}

/** What the receipt of an offline sale shows, built on the device. */
export interface ReciboLocal {
  numero: string;
  fecha: string;
  tienda: string;
  cajero: string;
  /** `unidad`: DIAN's unit of a weighed line (0,375 kg); `presentacion`: a pack's name (ADR 034). Absent on receipts made before. */
  /** `promocion`: the promotions that gave the line's descuento (ADR 052), as the server's receipt names them. */
  lineas: { productoId: number; nombre: string; cantidad: number; precio: number; subtotal: number; descuento?: number; unidad?: string; presentacion?: string; promocion?: string }[];
  total: number;
  /** Pesos taken off the whole sale, and why (ADR 034); absent without a discount. */
  descuento?: number;
  motivoDescuento?: string;
  metodo: string;
  montoRecibido: number;
  cambio: number;
  /** Pesos left on the customer's account (fiado, or the rest of a partly paid sale); absent on receipts made before. */
  montoFiado?: number;
  referencia?: string;
  verificado?: boolean;
  cliente: string | null;
  /** Fiado past the customer's limit (last sync plus this device's unsent sales): allowed and flagged. */
  sobregiro: boolean;
  /** The store issues the electronic POS document: this printed receipt is the type 07 contingency document. */
  contingencia?: boolean;
  /** The promotions' Ahorro (ADR 052), each promotion and what it saved; absent without one. */
  ahorros?: { nombre: string; ahorro: number }[];
  /** The supervisor whose PIN the device checked for a cashier's discount (ADR 053). */
  autorizadoPor?: string;
}

/** A sale in the outbox: the request it will send, its receipt, and where it is. */
export interface VentaSalida {
  /** The sale's key (ADR 011), made before it was stored. */
  clave: string;
  /** The device's counter value and the printed number `<prefijo>-<n>`. */
  n: number;
  numero: string;
  creada: number;
  estado: 'pendiente' | 'enviada' | 'rechazada';
  cuerpo: TCreateVentaRequest;
  recibo: ReciboLocal;
  /** For fiado: the customer and the pesos charged, to count against the limit until synced. */
  clienteId: number | null;
  montoFiado: number;
  enviadaEn?: number;
  ventaId?: number;
  error?: string;
}

/**
 * A return or an annulment made without the network (ADR 034): queued as *pendiente*, nothing issued
 * (no refund document) until the server applies it, after the sale it refers to, through the online
 * path's domain code and rules.
 */
export interface DeshacerSalida {
  /** Its key: a return's `clave` on the server (recorded once); an annulment is once per sale by itself. */
  clave: string;
  tipo: 'anulacion' | 'devolucion' | 'cambio';
  /** The sale it undoes: its outbox key and printed number. */
  ventaClave: string;
  ventaNumero: string;
  /** Order of the device's undo operations (they go after the sales, in this order). */
  n: number;
  creada: number;
  /** `vista`: refused, and the person read why (it stays listed under its sale, no longer unsent work). */
  estado: 'pendiente' | 'enviada' | 'rechazada' | 'vista';
  /** A return or an exchange: which lines of the sale (their index in its request) and how much of each; how the money goes back (an exchange: its one method); why. */
  lineas?: { indice: number; cantidad: number }[];
  /** An exchange (issue #53 point 4): what the customer takes instead, as the till's lines, and what they handed over for the difference. */
  nuevas?: NuevaCambio[];
  montoRecibido?: number;
  metodoPagoId?: number;
  motivo?: string;
  /** A card or transfer refund's reference (ADR 039): the voucher or transfer the money went back by; an exchange's: its payment's. */
  referencia?: string;
  enviadaEn?: number;
  error?: string;
}

/** A product an exchange's customer takes, with its name, unit and price as the device knew them (the server prices it again). */
export interface NuevaCambio {
  productoId: number;
  unidadVentaId?: number;
  nombre: string;
  unidad?: string;
  precio: number;
  cantidad: number;
}

/**
 * A count's line counted without the network (issue #58 point 1, ADR 042's addendum): kept here and
 * sent in the order counted (`n`), once per key, when the network returns. No system stock.
 */
export interface ConteoSalida {
  clave: string;
  n: number;
  conteoId: number;
  productoId: number;
  presentacionId: number | null;
  /** In the product's units, or in packs of `factor` units; as typed, or as the scale's label said. */
  cantidad: number;
  factor: number;
  /** The product as counted, and its DIAN unit: the list on the count's screen. */
  nombre: string;
  unidad: string;
  /** The lot named for a product that tracks lots (ADR 051's addendum): a code it has, or a new one with its expiry; the server checks it at sync. */
  lote?: TLoteContado;
  /** The device's clock when it was counted. */
  contadoEn: number;
  /** `vista`: refused, and the person read why. */
  estado: 'pendiente' | 'enviada' | 'rechazada' | 'vista';
  error?: string;
}

export interface Ajuste {
  clave:
    | 'dispositivo'
    | 'equipo'
    | 'contador'
    | 'cursor'
    | 'ultimaSincronizacion'
    | 'catalogoCompleto'
    | 'documentoElectronico'
    | 'formatosBalanza'
    | 'fiscal'
    | 'tienda'
    // The supervisors' PIN verifiers and this device's wrong PINs since the last sync (ADR 053).
    | 'supervisores'
    | 'pinFallos';
  valor: unknown;
}

export class BaseLocal extends Dexie {
  productos!: Table<ProductoLocal, number>;
  clientes!: Table<TClienteSinRed, number>;
  metodos!: Table<TMetodoPago, number>;
  ajustes!: Table<Ajuste, string>;
  salida!: Table<VentaSalida, string>;
  deshacer!: Table<DeshacerSalida, string>;
  conteos!: Table<ConteoSalida, string>;

  constructor(nombre: string) {
    super(nombre);
    this.version(1).stores({
      productos: 'id, codigoBarras, busqueda',
      clientes: 'id, documento',
      metodos: 'id',
      ajustes: 'clave',
      salida: 'clave, &numero, n, estado',
    });
    // Units, packs and scale layouts (ADR 034): the packs' barcodes are indexed, and the catalogue
    // kept before them lacks them, so the next download is a full one (its rows are upserted).
    this.version(2)
      .stores({ productos: 'id, codigoBarras, busqueda, *codigosPresentacion' })
      .upgrade((tx) => tx.table('ajustes').delete('cursor'));
    // Returns and annulments queued offline (ADR 034).
    this.version(3).stores({ deshacer: 'clave, n, estado, ventaClave' });
    // A product's tax is now its category's when it has none of its own (issue #53 point 2): the next download is a full one.
    this.version(4)
      .stores({})
      .upgrade((tx) => tx.table('ajustes').delete('cursor'));
    // The first waiting sale by number, read by index (issue #53 point 5): the outbox's state loaded
    // and sorted every waiting sale on each sale sent, and a device with 10 000 waiting sent ~1 a second.
    this.version(5).stores({ salida: 'clave, &numero, n, estado, [estado+n]' });
    // A count's lines counted offline (issue #58 point 1, ADR 042's addendum).
    this.version(6).stores({ conteos: 'clave, n, conteoId, [estado+n]' });
  }
}

const PREFIJO = 'adax-sin-red:';
let abierta: { cuenta: string; db: BaseLocal } | null = null;

/** The signed-in account's local database (null signed out). */
export function baseLocal(): BaseLocal | null {
  const cuenta = identidadDeSesion();
  if (!cuenta) return null;
  if (abierta?.cuenta !== cuenta) {
    abierta?.db.close();
    abierta = { cuenta, db: new BaseLocal(`${PREFIJO}${cuenta}`) };
  }
  return abierta.db;
}

/** Lower case without accents: how names are searched on the device. */
export const plegar = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export async function leerAjuste<T>(db: BaseLocal, clave: Ajuste['clave']): Promise<T | undefined> {
  return (await db.ajustes.get(clave))?.valor as T | undefined;
}

export const dispositivoDe = (db: BaseLocal) => leerAjuste<TDispositivo>(db, 'dispositivo');

/**
 * Reads `leer` now, and again after the device's database changes (in this tab or another: Dexie's
 * `storagemutated`), at most once every `ms`: the first change after a quiet spell is read at once,
 * the next ones of a burst together. Counting a big outbox costs IndexedDB about 40 µs a sale, and a
 * liveQuery counted it again after every sale the sync sent (the soak, issue #53 point 5: 10 000
 * waiting sales, 360 ms a count, the sync held to 2 sales a second). Answers how to stop.
 */
export function observarEspaciado<T>(db: BaseLocal, leer: () => Promise<T>, dar: (valor: T) => void, ms: number): () => void {
  const prefijo = `idb://${db.name}/`;
  let vivo = true;
  let leyendo = false;
  let otraVez = false;
  let ultima = 0;
  let temporizador: ReturnType<typeof setTimeout> | undefined;
  const ronda = async () => {
    if (leyendo) {
      otraVez = true;
      return;
    }
    leyendo = true;
    ultima = Date.now();
    try {
      const valor = await leer();
      if (vivo) dar(valor);
    } catch {
      // The next change reads again.
    }
    leyendo = false;
    if (otraVez) {
      otraVez = false;
      programar();
    }
  };
  const programar = () => {
    if (!vivo || temporizador !== undefined) return;
    temporizador = setTimeout(() => {
      temporizador = undefined;
      void ronda();
    }, Math.max(0, ultima + ms - Date.now()));
  };
  const alCambiar = (partes: ObservabilitySet) => {
    if (Object.keys(partes).some((k) => k.startsWith(prefijo))) programar();
  };
  Dexie.on('storagemutated', alCambiar);
  void ronda();
  return () => {
    vivo = false;
    clearTimeout(temporizador);
    Dexie.on.storagemutated.unsubscribe(alCambiar);
  };
}

/** The outbox's first waiting sale in the device's order, through the [estado+n] index (never the whole outbox). */
export const primeraPendiente = (db: BaseLocal) => db.salida.where('[estado+n]').between(['pendiente', Dexie.minKey], ['pendiente', Dexie.maxKey]).first();

/** Sales, returns and annulments not yet recorded by the server (pending or refused), and a count's lines still waiting. */
export const pendientesDe = async (db: BaseLocal) =>
  (await db.salida.where('estado').anyOf('pendiente', 'rechazada').count()) +
  (await db.deshacer.where('estado').anyOf('pendiente', 'rechazada').count()) +
  (await db.conteos.where('[estado+n]').between(['pendiente', Dexie.minKey], ['pendiente', Dexie.maxKey]).count());

/**
 * Empties the account's local database when a session ends or changes hands (the shared-device rule,
 * issue #28). `todo`: the person chose to lose unsent sales (role 1's confirmation); otherwise a
 * database still holding unsent sales keeps them (and only them, under the same account's name, sent
 * when that account signs in again) while the catalogue and customers go.
 */
export async function vaciarBaseLocal(cuenta: string, todo: boolean): Promise<void> {
  if (!cuenta) return;
  if (abierta?.cuenta === cuenta) {
    abierta.db.close();
    abierta = null;
  }
  const db = new BaseLocal(`${PREFIJO}${cuenta}`);
  try {
    const quedan = todo ? 0 : await pendientesDe(db);
    if (quedan === 0) {
      await db.delete();
      return;
    }
    await db.transaction('rw', [db.productos, db.clientes, db.metodos, db.ajustes, db.salida, db.deshacer, db.conteos], async () => {
      await Promise.all([db.productos.clear(), db.clientes.clear(), db.metodos.clear(), db.ajustes.where('clave').anyOf('cursor', 'catalogoCompleto').delete()]);
      await db.deshacer.where('estado').anyOf('enviada', 'vista').delete();
      await db.conteos.filter((l) => l.estado !== 'pendiente').delete();
      // A sent sale stays while an unsent return or annulment of it needs its server id.
      const referidas = new Set((await db.deshacer.toArray()).map((d) => d.ventaClave));
      await db.salida.where('estado').equals('enviada').filter((v) => !referidas.has(v.clave)).delete();
    });
  } finally {
    db.close();
  }
}

// A session that ends or changes hands (sign-out, a 401, another account signing in on the device)
// empties the last account's local database (issue #28's shared-device rule), keeping only unsent sales.
alCambiarDeSesion(() => {
  const cuenta = abierta?.cuenta;
  if (cuenta) void vaciarBaseLocal(cuenta, false).catch(() => undefined);
});
