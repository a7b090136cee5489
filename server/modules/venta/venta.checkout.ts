import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { METODO, ROL } from '#shared/roles';
import { cambioDelPago } from '#shared/pago';
import { aMilesimas, cantidadPorValor, deMilesimas, formatCantidad, importeCorresponde } from '#shared/cantidad';
import { SUPERVISOR_TIENDA } from '#shared/schemas/venta';
import type { TAutorizacionPin, TDescuentoLinea, TDescuentoVenta, TRecibo } from '#shared/schemas/venta';
import type { Db, Tx } from '../../db/client';
import { producto, venta } from '../../db/schema';
import { registrarPor, type Autor } from '../actividad/actividad.domain';
import { cargarVenta } from '../fiado/fiado.domain';
import { conRechazos, denegado, puede } from '../tienda/permisos';
import { esViolacionUnica } from '../../db/pg-error';
import { comprobarPin, conPin, pinVisto, type Autorizante, type PinComprobado } from '../tienda/autorizacion';
import { buscarCliente, clienteDeVentaSql, clienteEncontrado, type ClienteDeVenta } from './venta.busqueda';
import { obtenerRecibo } from './venta.recibo';
import { fiscalDeCabecera } from '../venta-registro/venta.cabecera';
import { emitirDocumentoVenta } from '../dian/emision';
import { comprobarVentaSinRed, marcarVentaSinRed, motivosDeFecha, relojDesfasado, saldoVistoSinRed } from '../sin-red/sin-red.domain';
import { anotarRevisar } from '../sin-red/equipos.domain';
import { revisarAutorizacionSinRed } from '../sin-red/pin-sin-red';
import { listaDeCliente } from '../lista-precio/lista-precio.domain';
import { ahorrosDe, anotarPromociones, hayPromocionesSql, nombreDePromociones, promocionesDeVenta } from '../promocion/promocion.venta';
import { formatPesos } from '#shared/money';
import type { TVentaSinRed } from '#shared/schemas/sin-red';
import { lotesDeVenta } from '../lote/lote.venta';
import { bajoFormulaSql, formulasDeVenta, type ProductoBajoFormula } from './venta.formula';
import { comprobarPagoConPuntos, puntosDeVenta } from '../puntos/puntos.domain';
import type { TPuntosRecibo } from '#shared/schemas/puntos';
import { arregloBigint, arregloInt, arregloNumeric, arregloText } from '../../db/arreglos';

const V = M.ventas;

/** The checkout: a sale written once, all or nothing, by `venta_registrar` (ADR 007), and the sale's key (ADR 011). */

type LineaPedida = { productoId: number; cantidad: number; descuento?: TDescuentoLinea; unidadVentaId?: number | null; importe?: number | null; loteId?: number | null; formula?: boolean | null };

/**
 * Adds up repeated products: one line per product, sale unit (a pack is its own line, ADR 033) and chosen lot, in
 * the order the cashier first added them. A discount stays with the line (the first one given for it).
 */
export function mergeLineas(lineas: readonly LineaPedida[]): LineaPedida[] {
  const merged = new Map<string, LineaPedida>();
  for (const [i, l] of lineas.entries()) {
    // A line sold by value (issue #52 point 4) stays apart: its value and its quantity go together.
    // A line of a chosen lot stays apart too (issue #58): 4 of the expiring lot and 6 of the next are two lines.
    const clave = l.importe != null ? `valor:${i}` : `${l.productoId}:${l.unidadVentaId ?? ''}:${l.loteId ?? ''}`;
    const prev = merged.get(clave);
    // Quantities add in integer thousandths (ADR 030): 0,1 kg + 0,2 kg is 0,3 kg, not 0.30000000000000004.
    const cantidad = prev ? deMilesimas(aMilesimas(prev.cantidad)! + aMilesimas(l.cantidad)!) : l.cantidad;
    merged.set(clave, prev ? { ...prev, cantidad, descuento: prev.descuento ?? l.descuento, formula: prev.formula || l.formula } : { ...l });
  }
  return [...merged.values()];
}

/**
 * An offline sale's lines sold by value (issue #52 point 4) whose quantity is not what their value buys
 * at today's price (the price changed before the sale synced): the customer paid the value, so the
 * line keeps it and its quantity becomes what the value buys today (stock moves by that); each such
 * line is a reason to review the sale (issue #51 point 5). Changes `lineas` in place.
 */
async function porValorAlPrecioDeHoy(db: Db, tiendaId: number, lineas: LineaPedida[]): Promise<string[]> {
  const ids = [...new Set(lineas.filter((l) => l.importe != null && l.unidadVentaId == null).map((l) => l.productoId))];
  if (ids.length === 0) return [];
  const precios = new Map(
    (
      await db
        .select({ id: producto.idProducto, precio: producto.precioUnit, nombre: producto.nombre, unidad: producto.unidadDian })
        .from(producto)
        .where(and(eq(producto.tiendaId, tiendaId), inArray(producto.idProducto, ids)))
    ).map((p) => [p.id, p]),
  );
  const motivos: string[] = [];
  for (const [i, l] of lineas.entries()) {
    const p = precios.get(l.productoId);
    const milesimas = aMilesimas(l.cantidad);
    if (l.importe == null || l.unidadVentaId != null || !p || milesimas == null || importeCorresponde(l.importe, p.precio, milesimas)) continue;
    const hoy = cantidadPorValor(l.importe, p.precio);
    // A value that buys nothing at today's price stays as sent: venta_registrar says why.
    if (hoy == null) continue;
    lineas[i] = { ...l, cantidad: deMilesimas(hoy) };
    motivos.push(M.sinRed.motivoPrecioPorValor(p.nombre, formatPesos(l.importe), formatCantidad(l.cantidad, p.unidad), formatCantidad(deMilesimas(hoy), p.unidad)));
  }
  return motivos;
}

/** What `venta_registrar` answers (its source: `server/db/functions/venta_registrar.sql`). */
export type ResultadoVenta =
  | {
      estado: 'ok';
      id: number;
      numero: number;
      fecha: number;
      total: number;
      descuento: number;
      montoFiado: number;
      montoRecibido: number;
      turno: number;
      lineas: (TRecibo['lineas'][number] & { unidadVentaId: number | null; importe: number | null })[];
      sobreventa: Sobreventa[];
      tienda: string;
      metodo: string;
      cajero: string | null;
      fiadoVence?: string | null;
      puntos?: TPuntosRecibo | null;
      /** The DIAN number's range and till (the header's columns), null without one. */
      fiscal: Parameters<typeof fiscalDeCabecera>[0] | null;
      /** The store issues the electronic document (ADR 076: handed over after the commit). */
      dian: boolean;
    }
  | { estado: 'repetida'; id: number }
  | { estado: 'no_encontrado' | 'monto_insuficiente' | 'sin_turno' }
  | { estado: 'no_disponible' | 'sin_stock' | 'descuento_invalido' | 'cantidad_entera' | 'sin_precio' | 'importe_invalido'; nombres: string[] };

/** A line sold past the recorded stock (issue #36 point 7), as `venta_registrar` answers it. */
type Sobreventa = { productoId: number; nombre: string; cantidad: number; stockAntes: number; stockDespues: number };


/**
 * Checkout (DESIGN.md §5, ADR 007): one call of the database function `venta_registrar` locks the
 * products in id order, checks every line, and writes the venta Completada (its payment is recorded
 * with it, issue #36), one factura per product (Pagado) and one stock exit with its movimiento per
 * product, all or nothing. Any product short of stock fails
 * the whole sale, naming all of them. The receipt is built from what the call returns.
 */
export async function registrarVenta(options: Parameters<typeof registrarVentaEn>[0]): Promise<TRecibo> {
  // A refused permission (credit past the limit) is recorded as an attempt once the sale is undone.
  const recibo = await conRechazos(options.db, () => registrarVentaEn(options));
  // The electronic POS document (issue #31), right after the sale committed: signed into the outbox,
  // sent by its worker. It never makes the sale fail (emitirDocumentoVenta logs and the sweep retries).
  // A store without it: the receipt says so already (venta_registrar answered it, ADR 076), nothing is read.
  if (recibo.documento === undefined) recibo.documento = await emitirDocumentoVenta(options.db, options.tiendaId, recibo.id);
  return recibo;
}

/** What a checkout is asked: the till's request, the seller and its role. */
export interface PedidoVenta {
  db: Db;
  tiendaId: number;
  usuarioId: number | null;
  /** The seller's role: roles 1 and 3 may give discounts or lower a price; role 2 with a supervisor's PIN. */
  rol: number;
  input: {
    clave?: string;
    lineas: LineaPedida[];
    metodoPagoId: number;
    montoRecibido: number;
    documentoCliente?: string;
    descuento?: TDescuentoVenta;
    motivoDescuento?: string;
    /** A role-2 cashier's discount: the supervisor who authorises it and their PIN. */
    autorizacion?: TAutorizacionPin;
    aCredito?: boolean;
    autorizarSobreCupo?: boolean;
    referencia?: string;
    verificado?: boolean;
    /** Sell past the recorded stock (issue #36 point 7): the permission `venderSinStock`, or a supervisor's PIN. */
    venderSinStock?: boolean;
    /** Sell units of an expired lot (ADR 051): roles 1 and 3 by asking, role 2 with a supervisor's PIN. */
    venderVencidos?: boolean;
    /** Made without the network (issue #34, ADR 029): recorded past stock and limit, both flagged. */
    sinRed?: TVentaSinRed;
    /** The promotions' saving the till showed (ADR 052): another figure is refused online, reviewed offline. */
    ahorro?: number;
  };
}

/**
 * What the checkout reads before deciding, in one statement (ADR 076), each part written by the module
 * whose rule it feeds: the sale already recorded under the till's key, the products sold on
 * prescription among the lines, whether the store has active promotions, and the customer named by
 * the sale's documento (null: none asked, or not found).
 */
export interface LecturaPrevia {
  repetida: number | null;
  formulas: ProductoBajoFormula[];
  promociones: boolean;
  cliente: ClienteDeVenta | null;
}

export async function leerPrevia(db: Db | Tx, o: { tiendaId: number; clave: string | null; productos: readonly number[]; documentoCliente?: string }): Promise<LecturaPrevia> {
  const { tiendaId, clave, documentoCliente } = o;
  const { rows } = (await db.execute(sql`
    select ${clave ? sql`(select ${venta.idVenta} from ${venta} where ${venta.tiendaId} = ${tiendaId} and ${venta.clave} = ${clave}::uuid limit 1)` : sql`null::int`} as repetida,
      ${bajoFormulaSql(tiendaId, o.productos)} as formulas,
      ${hayPromocionesSql(tiendaId)} as promociones,
      ${documentoCliente ? clienteDeVentaSql(tiendaId, documentoCliente) : sql`null::jsonb`} as cliente`)) as unknown as { rows: [LecturaPrevia] };
  const r = rows[0];
  return { repetida: r.repetida == null ? null : Number(r.repetida), formulas: r.formulas, promociones: !!r.promociones, cliente: r.cliente ?? null };
}

async function registrarVentaEn(options: PedidoVenta): Promise<TRecibo> {
  const { db, tiendaId, clave } = { ...options, clave: options.input.clave ?? null };
  // The first of a plain sale's two round trips (ADR 076). A retry of a sale already recorded answers
  // its receipt without locking anything.
  const previa = await leerPrevia(db, { tiendaId, clave, productos: options.input.lineas.map((l) => l.productoId), documentoCliente: options.input.documentoCliente });
  if (previa.repetida != null) return obtenerRecibo({ db, tiendaId, ventaId: previa.repetida });
  const c = await prepararCheckout({ ...options, previa });
  /** Runs `intento`; a retry of the same key that met the first one at the key's index answers it. */
  const porClave = async (intento: () => Promise<ResultadoVenta>): Promise<ResultadoVenta> => {
    try {
      return await intento();
    } catch (err) {
      // Two tries of one sale with no product in common cannot meet at the product locks: the key's
      // unique index stops the second, which then answers the first one's receipt.
      const repetida = clave && esClaveRepetida(err) ? await ventaPorClave(db, tiendaId, clave) : null;
      if (repetida == null) throw err;
      return { estado: 'repetida', id: repetida };
    }
  };

  // venta_registrar finds the cashier's open shift and writes the sale in one statement (caja: no
  // open shift, no sale). On credit, one transaction also charges the unpaid part to the customer
  // within the limit (fiado), or nothing is kept. A sale that needs a supervisor's PIN is written once
  // too, the PIN checked before it (escribirConPin).
  let autorizadoPor: Autorizante | null = null;
  const r = await porClave(async () => {
    if (c.sinTransaccion) return c.registrar(db);
    const hecho = await escribirConPin(db, c, (tx, a) => c.escribir(tx, a), (v) => v);
    autorizadoPor = hecho.autorizadoPor;
    return hecho.escrito;
  });
  if (r.estado === 'repetida') return obtenerRecibo({ db, tiendaId, ventaId: r.id });
  return c.recibo(db, r, autorizadoPor);
}

/**
 * Writes a checkout (or an exchange, which writes its return with it) once, in one transaction (ADR 076
 * addendum: no trial run). A sale that needs a supervisor's PIN — a cashier's discount, a sale past
 * stock without the permission, an expired lot — has it checked first, outside any transaction (its
 * tries taken, then the hash: `comprobarPin`); `escribir` writes with the supervisor when the PIN is
 * right, and only then, last in the transaction, the PIN's verdict is applied to what the sale answered
 * (`juzgarPin`): a refusal of the sale (stock, amounts, the shift, the credit limit…) answers as it would
 * with any PIN or none and gives the tries back; a sale that is right commits with its PIN's tries given
 * back, or is undone by a wrong PIN, which then counts (issue #28). `visto`: the supervisor whose PIN
 * the same request already had checked (an exchange's return), not checked again.
 */
export async function escribirConPin<T>(
  db: Db,
  c: Checkout,
  escribir: (tx: Tx, autorizadoPor: Autorizante | null) => Promise<T>,
  ventaDe: (escrito: T) => ResultadoVenta | null,
  visto: Autorizante | null = null,
): Promise<{ escrito: T; autorizadoPor: Autorizante | null }> {
  const pin = await c.pin(visto);
  return conPin(db, pin, async (tx) => {
    const escrito = await escribir(tx, pin?.supervisor ?? null);
    return { escrito, autorizadoPor: await c.juzgarPin(tx, pin, ventaDe(escrito)) };
  });
}

/** A checkout checked and ready to write, in the caller's transaction or its own. */
export interface Checkout {
  /** The customer the sale is made to, found by its documento (the store's own first), or null. */
  clienteId: number | null;
  /** A discount by role 2, past the stock without the permission, an expired lot by role 2: a supervisor's PIN. */
  necesitaPin: boolean;
  /** Paid in full with no discount nor sale past stock: one statement, no transaction needed. */
  sinTransaccion: boolean;
  /** `venta_registrar` alone. */
  registrar(q: Db | Tx, credito?: number): Promise<ResultadoVenta>;
  /**
   * The sale, its log entries and, on credit, its charge; `credito` pesos of an exchange count as received.
   * `autorizadoPor`: the supervisor of a right PIN, recorded only where the sale written needs it.
   */
  escribir(tx: Tx, autorizadoPor: Autorizante | null, credito?: number): Promise<ResultadoVenta>;
  /** Before the write, outside any transaction: the supervisor's PIN checked (null: none needed). */
  pin(visto?: Autorizante | null): Promise<PinComprobado | null>;
  /**
   * Last in the write's transaction: the PIN's verdict on the sale written (null: it was refused, or
   * needed no PIN — a sale past stock asked for whose lines all had stock). Who authorised, or thrown.
   */
  juzgarPin(tx: Tx, pin: PinComprobado | null, r: ResultadoVenta | null): Promise<Autorizante | null>;
  /** The receipt of a sale written, or the refusal `venta_registrar` answered, thrown. */
  recibo(db: Db | Tx, r: ResultadoVenta, autorizadoPor: { id: number; nombre: string } | null): Promise<TRecibo>;
}

/**
 * The checkout's rules before any write (issue #32 point 2 shares them with the exchange): the lines,
 * the discounts and who may give them, fiado and its customer, the amount received, the sale past
 * stock; then `escribir` writes it all in the caller's transaction. `porCambio`: the credit of an
 * exchange pays part or all of it, so nothing need be handed over.
 */
export async function prepararCheckout(options: PedidoVenta & { porCambio?: boolean; previa?: LecturaPrevia }): Promise<Checkout> {
  const { db, tiendaId, usuarioId, input } = options;
  const autor: Autor = { usuarioId, rol: options.rol, cara: 'tienda' };
  const lineas = mergeLineas(input.lineas);
  if (lineas.length === 0) throw new AppError('VALIDATION', V.carritoVacio);
  if (lineas.some((l) => l.cantidad > 9999)) throw new AppError('VALIDATION', V.cantidadLineaInvalida);
  const conDescuento = !!input.descuento || lineas.some((l) => !!l.descuento);
  // Offline (issue #51 point 5) no PIN can be checked: a cashier's discount made there is recorded and listed under Revisar.
  if (conDescuento && options.rol === ROL.EMPLEADO && !input.autorizacion && !input.sinRed) throw new AppError('FORBIDDEN', V.descuentoSoloSupervisor);
  if (conDescuento && (input.motivoDescuento ?? '').trim().length < 3) throw new AppError('VALIDATION', V.motivoDescuentoRequerido, { fields: { motivoDescuento: V.motivoDescuentoRequerido } });
  // Fiado: method 7 is a sale wholly on credit; any other method with aCredito leaves on credit what
  // the customer did not pay now.
  const todoFiado = input.metodoPagoId === METODO.FIADO;
  const aCredito = todoFiado || !!input.aCredito;
  const montoRecibido = todoFiado ? 0 : input.montoRecibido;
  if (aCredito && !input.documentoCliente) throw new AppError('VALIDATION', V.fiadoRequiereCliente, { fields: { documentoCliente: V.fiadoRequiereCliente } });
  if (!aCredito && montoRecibido <= 0 && !options.porCambio) throw new AppError('VALIDATION', V.cantidadInvalida);
  const referencia = input.referencia?.trim() || null;
  const clave = input.clave ?? null;
  // A sale made without the network (issue #34, ADR 029): its device (registered and authorised, the
  // sender's own: issue #51 point 5) and number are checked first.
  const sinRed = input.sinRed;
  if (sinRed) await comprobarVentaSinRed(db, tiendaId, usuarioId, sinRed);
  // A line sold by value offline was weighed at the device's price; after a price change that value
  // buys another quantity and venta_registrar would refuse the line, and with it a sale that happened.
  const motivosPorValor = sinRed ? await porValorAlPrecioDeHoy(db, tiendaId, lineas) : [];
  const pinDescuento = conDescuento && options.rol === ROL.EMPLEADO && !sinRed;
  // Past the recorded stock (issue #36 point 7): only when asked; without the permission, a supervisor's
  // PIN. An offline sale is recorded past stock without either: the goods already left the shop, and
  // the product is flagged revisar_stock like any sale past stock (this path alone skips the PIN).
  const sinStock = !!input.venderSinStock || !!sinRed;
  const pinSinStock = !!input.venderSinStock && !sinRed && !(await puede(db, tiendaId, autor, 'venderSinStock'));
  // Lots (ADR 051): the lots chosen and an expired lot's authorisation, for the ledger's trigger.
  const lotes = lotesDeVenta({ tiendaId, autor, lineas, venderVencidos: input.venderVencidos, sinRed: sinRed?.numero });
  const necesitaPin = pinDescuento || pinSinStock || lotes.necesitaPin;
  // A medicine sold on prescription (migration 0074): refused without the cashier's confirmation, reviewed when offline.
  const formulas = await formulasDeVenta(db, { tiendaId, autor, lineas, sinRed: sinRed?.numero, leidos: options.previa?.formulas });
  const cliente = !input.documentoCliente ? null : options.previa ? clienteEncontrado(options.previa.cliente) : await buscarCliente({ db, tiendaId, documento: input.documentoCliente });
  // Points (ADR 054): paying with them needs a customer and the network (the device cannot know the balance).
  comprobarPagoConPuntos(input.metodoPagoId, { conCliente: !!cliente, sinRed: !!sinRed });
  // Promotions (issue #59 point 2, ADR 052): the engine re-prices the sale at its moment (an offline
  // sale's own, at the device's prices); each line's saving goes to venta_registrar as its discount.
  const promos = await promocionesDeVenta(db, { tiendaId, lineas, clienteId: cliente?.id ?? null, conLista: !sinRed, cuando: sinRed?.fecha ? Date.parse(sinRed.fecha) : Date.now(), hay: options.previa?.promociones });
  const promoCambiada = input.ahorro != null && input.ahorro !== promos.ahorro;
  if (promoCambiada && !sinRed) throw new AppError('CONFLICT', M.promociones.cambiaron);
  const descuentos = lineas.map((l, i) => l.descuento ?? (promos.ahorros[i] ? { tipo: 'valor' as const, valor: promos.ahorros[i]! } : undefined));

  const registrar = async (q: Db | Tx, credito = 0) =>
    (
      (await q.execute(sql`
        select venta_registrar(${tiendaId}::int, ${usuarioId}::int, ${cliente?.id ?? null}::int, ${input.metodoPagoId}::int,
          ${montoRecibido + credito}::bigint, ${arregloInt(lineas.map((l) => l.productoId))}, ${arregloNumeric(lineas.map((l) => l.cantidad))},
          ${V.motivoVenta('{id}')}, ${clave}::uuid,
          ${arregloText(descuentos.map((d) => d?.tipo ?? 'ninguno'))}, ${arregloBigint(descuentos.map((d) => d?.valor ?? 0))},
          ${input.descuento?.tipo ?? null}::text, ${input.descuento?.valor ?? null}::bigint,
          ${conDescuento ? input.motivoDescuento!.trim() : null}::text,
          ${aCredito}::boolean, ${referencia}::text, ${!!input.verificado}::boolean, ${sinStock}::boolean,
          ${arregloInt(lineas.map((l) => l.unidadVentaId))}, ${arregloBigint(lineas.map((l) => l.importe ?? null))},
          ${!sinRed}::boolean) as r`)) as unknown as { rows: { r: ResultadoVenta }[] }
    ).rows[0]!.r;
  /** Whether the sale written needs the supervisor's PIN: past stock only when a line was short. */
  const sobreventaConPin = (r: ResultadoVenta & { estado: 'ok' }) => (pinSinStock ? (r.sobreventa ?? []) : []);
  const pinPara = (r: ResultadoVenta): boolean => r.estado === 'ok' && (pinDescuento || lotes.necesitaPin || sobreventaConPin(r).length > 0);
  /** The sale and, on credit, its charge; `autorizadoPor` recorded on it in the same transaction. */
  const escribir = async (tx: Tx, supervisorPin: Autorizante | null, credito = 0) => {
    await lotes.antes(tx);
    const resultado = await registrar(tx, credito);
    // The PIN's supervisor where this sale needs one (escribirConPin applies its verdict after).
    const autorizadoPorPin = supervisorPin && pinPara(resultado) ? supervisorPin : null;
    // A cashier's discount authorised offline with a PIN the device checked (ADR 053): checked again here.
    const pinSinRed = resultado.estado === 'ok' && sinRed?.autorizacion && conDescuento && options.rol === ROL.EMPLEADO ? await revisarAutorizacionSinRed(tx, tiendaId, sinRed.autorizacion) : null;
    const autorizadoPor = autorizadoPorPin ?? pinSinRed?.autorizadoPor ?? null;
    const motivosLotes = resultado.estado === 'ok' ? await lotes.despues(tx, resultado, autorizadoPorPin) : [];
    const motivosFormula = resultado.estado === 'ok' ? await formulas.despues(tx, resultado) : [];
    // A discount is in the activity log with who authorised it (issue #27 point 6): the PIN's owner, or the seller (roles 1 and 3).
    // A promotion's saving is no cashier's discount (it is in venta_promocion instead).
    const descontado = resultado.estado === 'ok' ? Number(resultado.descuento) + resultado.lineas.reduce((a, l) => a + Number(l.descuento), 0) - promos.ahorro : 0;
    if (resultado.estado === 'ok') await anotarPromociones(tx, tiendaId, resultado.id, lineas, promos);
    // A customer's points (ADR 054): spent (checked under the customer's lock) or earned on what was paid now.
    if (resultado.estado === 'ok' && cliente)
      resultado.puntos = await puntosDeVenta(tx, { tiendaId, clienteId: cliente.id, ventaId: resultado.id, ventaNumero: resultado.numero, total: Number(resultado.total), montoFiado: Number(resultado.montoFiado), metodoPagoId: input.metodoPagoId, autor });
    if (resultado.estado === 'ok' && descontado > 0)
      await registrarPor(tx, tiendaId, autor, {
        tipo: 'descuento',
        detalle: {
          ventaId: resultado.id,
          monto: descontado,
          autorizadoPorId: autorizadoPor ? (autorizadoPor.id === SUPERVISOR_TIENDA ? null : autorizadoPor.id) : usuarioId,
          autorizadoPor: autorizadoPor?.nombre ?? null,
        },
      });
    // Each line sold past the recorded stock, with who authorised it: the PIN's owner, or the seller with the permission.
    if (resultado.estado === 'ok')
      for (const s of resultado.sobreventa ?? []) {
        const quien = pinSinStock ? autorizadoPor : null;
        await registrarPor(tx, tiendaId, autor, {
          tipo: 'sin_stock',
          detalle: {
            ventaId: resultado.id,
            ventaNumero: resultado.numero,
            productoId: s.productoId,
            producto: s.nombre,
            cantidad: s.cantidad,
            stockAntes: s.stockAntes,
            stockDespues: s.stockDespues,
            ...(sinRed ? { sinRed: sinRed.numero } : {}),
            autorizadoPorId: quien ? (quien.id === SUPERVISOR_TIENDA ? null : quien.id) : usuarioId,
            autorizadoPor: quien?.nombre ?? null,
          },
        });
      }
    if (resultado.estado === 'ok' && sinRed) await marcarVentaSinRed(tx, tiendaId, resultado.id, sinRed);
    // What an offline sale broke that the server enforces online: listed under Revisar (issue #51 point 5).
    const motivos: string[] = [];
    if (resultado.estado === 'ok' && sinRed) {
      for (const s of resultado.sobreventa ?? []) motivos.push(M.sinRed.motivoStock(s.nombre, String(s.cantidad), String(s.stockAntes)));
      if (descontado > 0 && options.rol === ROL.EMPLEADO && !autorizadoPorPin)
        motivos.push((pinSinRed?.motivo ?? M.sinRed.motivoDescuentoSinPin)(formatPesos(descontado)));
      motivos.push(...(await motivosDeFecha(tx, resultado.turno, sinRed.fecha)));
      motivos.push(...motivosPorValor, ...motivosLotes, ...motivosFormula);
      // The device does not know price lists (ADR 047): its sale keeps the prices it showed, and a customer with a list is reviewed.
      const lista = cliente ? await listaDeCliente(tx, tiendaId, cliente.id) : null;
      if (lista) motivos.push(M.precios.motivoSinRed(lista.nombre));
      if (promoCambiada) motivos.push(M.promociones.motivoSinRed(formatPesos(input.ahorro!), formatPesos(promos.ahorro)));
    }
    if (resultado.estado === 'ok' && autorizadoPor)
      await tx
        .update(venta)
        // The store account's PIN (issue #36 point 5) is no user: the sale says the store authorised.
        .set(autorizadoPor.id === SUPERVISOR_TIENDA ? { autorizadoPorTienda: true } : { autorizadoPor: autorizadoPor.id })
        .where(and(eq(venta.idVenta, resultado.id), eq(venta.tiendaId, tiendaId)));
    if (resultado.estado === 'ok' && Number(resultado.montoFiado) > 0) {
      const { vence, sobreCupoSinRed } = await cargarVenta(tx, {
        tiendaId,
        clienteId: cliente!.id,
        ventaId: resultado.id,
        monto: Number(resultado.montoFiado),
        autor,
        turnoId: resultado.turno,
        autorizarSobreCupo: input.autorizarSobreCupo,
        ...(sinRed ? { sinRed: { saldoVisto: (t: Tx) => saldoVistoSinRed(t, { tiendaId, clienteId: cliente!.id, dispositivoId: sinRed.dispositivoId, declarado: sinRed.saldoCliente }) } } : {}),
      });
      if (sobreCupoSinRed) motivos.unshift(sobreCupoSinRed);
      if (sinRed) await anotarRevisar(tx, tiendaId, resultado.id, motivos);
      return { ...resultado, fiadoVence: vence };
    }
    if (resultado.estado === 'ok' && sinRed) await anotarRevisar(tx, tiendaId, resultado.id, motivos);
    return resultado;
  };
  // The supervisor's PIN (issue #16 point 4, issue #28), checked before the write (escribirConPin).
  const pin = async (visto: Autorizante | null = null) => {
    if (!necesitaPin) return null;
    const opciones = { db, tiendaId, cajeroId: usuarioId, autorizacion: input.autorizacion };
    return visto ? pinVisto(opciones, visto) : comprobarPin(opciones);
  };
  const juzgarPin = async (tx: Tx, p: PinComprobado | null, r: ResultadoVenta | null) => {
    if (!p) return null;
    // Refused (the answer is the refusal's, whatever the PIN), or no line short of a sale past stock: not judged.
    if (!r || r.estado !== 'ok' || !pinPara(r)) {
      await p.noJuzgar(tx);
      return null;
    }
    const sobreventa = sobreventaConPin(r);
    // Asked to sell past stock without the permission: the PIN is needed only when a line is short.
    if (sobreventa.length > 0 && !input.autorizacion)
      throw denegado(tiendaId, autor, 'venderSinStock', { entidad: 'producto', id: sobreventa[0]!.productoId, nombre: sobreventa.map((s) => s.nombre).join(', ') });
    return p.juzgar(tx);
  };
  const recibo = async (q: Db | Tx, r: ResultadoVenta, autorizadoPor: { id: number; nombre: string } | null): Promise<TRecibo> => {
    switch (r.estado) {
      case 'repetida':
        return obtenerRecibo({ db: q, tiendaId, ventaId: r.id });
      case 'no_encontrado':
        // Another store's product, or none at all: not found, without saying which exists.
        throw new AppError('NOT_FOUND', V.productoNoEncontrado);
      case 'no_disponible':
        throw new AppError('NOT_FOUND', V.productosNoDisponibles(r.nombres));
      case 'sin_stock':
        throw new AppError('BUSINESS_RULE', V.sinStock(r.nombres), { title: V.sinStockTitle });
      case 'monto_insuficiente':
        throw new AppError('BUSINESS_RULE', V.montoInsuficiente);
      case 'sin_turno':
        throw new AppError('BUSINESS_RULE', V.turnoRequerido, { title: V.turnoRequeridoTitle });
      case 'descuento_invalido':
        throw new AppError('BUSINESS_RULE', V.descuentosInvalidos(r.nombres));
      case 'cantidad_entera':
        throw new AppError('VALIDATION', V.cantidadEntera(r.nombres));
      case 'sin_precio':
        throw new AppError('VALIDATION', V.sinPrecio(r.nombres));
      case 'importe_invalido':
        throw new AppError('VALIDATION', V.importeInvalido(r.nombres));
    }
    const recibido = Number(r.montoRecibido);
    return {
      id: r.id,
      numero: r.numero,
      // The till's DIAN number (issue #30 point 5), taken with the sale and answered by venta_registrar (ADR 076).
      fiscal: r.fiscal ? fiscalDeCabecera(r.fiscal) : null,
      sinRed: sinRed ? { numero: sinRed.numero, fecha: sinRed.fecha, relojDesfasado: relojDesfasado(Date.parse(sinRed.reloj) - Date.now()) } : null,
      // Paid (or charged to the customer's account) now: complete from the start (issue #36 point 2).
      estado: 'Completada',
      fecha: new Date(r.fecha).toISOString(),
      tienda: r.tienda,
      cajero: r.cajero || r.tienda,
      // A pack's line says so (ADR 033); a plain line reads as before.
      lineas: r.lineas.map(({ unidadVentaId, importe, presentacion, factor, ...l }) => {
        // The line a promotion priced names it (ADR 052), matched as anotarPromociones records it.
        const i = importe == null ? lineas.findIndex((x) => x.productoId === l.productoId && (x.unidadVentaId ?? null) === (unidadVentaId ?? null) && x.importe == null) : -1;
        const detalle = i >= 0 ? (promos.detalle[i] ?? []) : [];
        return {
          ...l,
          precio: Number(l.precio),
          descuento: Number(l.descuento),
          subtotal: Number(l.subtotal),
          ...(factor != null && factor > 1 ? { presentacion, factor } : {}),
          ...(detalle.length ? { promocion: nombreDePromociones(detalle) } : {}),
        };
      }),
      descuento: Number(r.descuento),
      motivoDescuento: conDescuento ? input.motivoDescuento!.trim() : null,
      autorizadoPor: autorizadoPor?.nombre ?? null,
      total: Number(r.total),
      metodoPago: { id: input.metodoPagoId, nombre: r.metodo },
      montoRecibido: recibido,
      // Change only on cash, over the part paid now (issue #36).
      cambio: cambioDelPago({ metodoPagoId: input.metodoPagoId, total: Number(r.total), montoFiado: Number(r.montoFiado), montoRecibido: recibido }) ?? 0,
      montoFiado: Number(r.montoFiado),
      fiadoVence: r.fiadoVence ?? null,
      referencia,
      verificado: !!input.verificado,
      // The receipt names the customer; the credit shown at the till is not part of it.
      cliente: cliente && { id: cliente.id, documento: cliente.documento, nombre: cliente.nombre.trim(), telefono: cliente.telefono },
      // An exchange answers its sale's receipt as read back (registrarCambio), with the return it came from.
      cambioDe: null,
      ahorros: ahorrosDe(promos),
      puntos: r.puntos ?? null,
      // A store that issues no electronic document has none to show (venta_registrar said so); else registrarVenta hands it over.
      ...(r.dian ? {} : { documento: null }),
    };
  };
  return { clienteId: cliente?.id ?? null, necesitaPin, sinTransaccion: !aCredito && !conDescuento && !promos.ahorro && !sinStock && !sinRed && !lotes.enTransaccion && !formulas.enTransaccion && !cliente, registrar, escribir, pin, juzgarPin, recibo };
}

/** The store's sale recorded under a till's key, if any. */
export async function ventaPorClave(db: Db | Tx, tiendaId: number, clave: string): Promise<number | null> {
  const [row] = await db
    .select({ id: venta.idVenta })
    .from(venta)
    .where(and(eq(venta.tiendaId, tiendaId), eq(venta.clave, clave)))
    .limit(1);
  return row?.id ?? null;
}

/** A unique violation of the sale key's index, on either database driver. */
export const esClaveRepetida = (err: unknown) => esViolacionUnica(err, 'venta_tienda_clave_uq');

/**
 * Creates a sale once per key (ADR 011), for the faces that write the venta row themselves (the old
 * client's step-by-step sale, the back-office form): a key already recorded answers that sale's id, and
 * of two tries racing with the same key the second meets the unique index and answers the first's id.
 * `crear` must insert the row with the key.
 */
export async function crearUnaVez(options: { db: Db; tiendaId: number; clave: string | undefined; crear: () => Promise<number> }): Promise<number> {
  const { db, tiendaId, clave, crear } = options;
  if (!clave) return crear();
  const repetida = await ventaPorClave(db, tiendaId, clave);
  if (repetida != null) return repetida;
  try {
    return await crear();
  } catch (err) {
    const ganadora = esClaveRepetida(err) ? await ventaPorClave(db, tiendaId, clave) : null;
    if (ganadora == null) throw err;
    return ganadora;
  }
}
