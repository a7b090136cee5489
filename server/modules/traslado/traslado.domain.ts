/**
 * Transfers between stores of one empresa (issue #56 point 3, ADR 056): asked (by hand or from *Por
 * pedir*), dispatched (the origin's stock leaves into *en tránsito*), received (the destination's stock
 * enters; what never arrives is recorded as a difference with who and why), partly or at once; cancelled
 * only before dispatch. Each leg that moves stock is a ledger row in the store it touches (ledger.ts),
 * an event of the transfer (who, where, face, why) and an entry of that store's activity log.
 *
 * Who: the empresa's owner, from any of its stores; a person of role 1 or 3 of one of the two stores,
 * for the legs of the store the session is in (the origin dispatches, the destination receives, either
 * asks or cancels). Races: a leg names the version it saw and moves the transfer's row with a guard on
 * it and on the state, before any stock moves; a second receipt of the same version finds nothing (409).
 */
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { aMilesimas, deMilesimas, milesimasDe, porUnidad } from '#shared/cantidad';
import { traslados as T } from '#shared/messages/traslados';
import { ROL } from '#shared/roles';
import type { TCrearTrasladoRequest, TEstadoTraslado, TTraslado, TTraslados } from '#shared/schemas/traslado';
import type { Db, Tx } from '../../db/client';
import { producto, tienda, traslado, trasladoEvento, trasladoLinea } from '../../db/schema';
import { nombreDe, registrarPor, type Autor } from '../actividad/actividad.domain';
import { costosUnitarios, promediarEntradas } from '../compras/costo.domain';
import { entrarEnLotes } from '../lote/lote.domain';
import { ajustarStockLote } from '../movimiento/ledger';
import { alcanceDe, tiendasDeLaEmpresa, type Quien } from '../tienda/empresa';
import { countAll, fieldError, notFound } from '../tienda/alcance';
import { anotarRecepcion, despacharConLotes, lotesDeTraslado, loteVisto, repartirRecepcion, type RecepcionDeLotes } from './traslado.lotes';

type Evento = 'pedido' | 'despacho' | 'recepcion' | 'cancelacion';
const conflicto = (message: string) => new AppError('CONFLICT', message);
const esDueno = (q: Quien) => alcanceDe(q).dueno === true;
const autorDe = (q: Quien): Autor => ({ usuarioId: q.usuarioId, rol: q.rol, cara: 'tienda' });

/** The routes' refusal before the request is read: the owner, or role 1 or 3 of the store the session is in. */
export function verificarQuien(q: Quien): { empresaId: number; tiendaId: number } {
  if (q.empresaId == null || q.tiendaId == null || !(esDueno(q) || q.rol === ROL.ADMIN || q.rol === ROL.ENCARGADO))
    throw new AppError('FORBIDDEN', T.soloDuenoOEncargado);
  return { empresaId: q.empresaId, tiendaId: q.tiendaId };
}

/** The transfers the session sees: the empresa's for its owner, else those of the store it is in. */
function visibles(q: Quien): SQL {
  const { empresaId, tiendaId } = verificarQuien(q);
  const empresaSql = eq(traslado.empresaId, empresaId);
  return esDueno(q) ? empresaSql : and(empresaSql, or(eq(traslado.origenId, tiendaId), eq(traslado.destinoId, tiendaId)))!;
}

/** Whether the session does this leg: the owner any; a store's people their own store's side. */
function haceSuLado(q: Quien, t: { origenId: number; destinoId: number }, leg: 'despachar' | 'recibir' | 'cancelar'): boolean {
  if (esDueno(q)) return true;
  if (leg === 'despachar') return q.tiendaId === t.origenId;
  if (leg === 'recibir') return q.tiendaId === t.destinoId;
  return q.tiendaId === t.origenId || q.tiendaId === t.destinoId;
}

const milesimas = (n: number | null | undefined) => aMilesimas(n ?? 0) ?? milesimasDe(n ?? 0);
const enTransito = (l: { despachada: number | null; recibida: number; faltante: number }) => milesimas(l.despachada) - milesimas(l.recibida) - milesimas(l.faltante);

async function unaTraslado(db: Db | Tx, q: Quien, id: number) {
  const [t] = await db
    .select()
    .from(traslado)
    .where(and(eq(traslado.idTraslado, id), visibles(q)))
    .limit(1);
  if (!t) throw notFound();
  return t;
}

const nombresDeTiendas = async (db: Db | Tx, ids: number[]) =>
  new Map((await db.select({ id: tienda.idTienda, nombre: tienda.nombreTienda }).from(tienda).where(inArray(tienda.idTienda, ids))).map((r) => [r.id, r.nombre]));

/**
 * A product of the store the session is in, matched in the other store (ADR 056): by its catalogue entry
 * (`catalogo_id`, ADR 043 §2), else by barcode, else by its name without accents.
 */
async function emparejar(tx: Tx, desdeTienda: number, haciaTienda: number, productoIds: number[], haciaNombre: string) {
  const propios = await tx
    .select({ id: producto.idProducto, catalogoId: producto.catalogoId, nombre: producto.nombre, codigoBarras: producto.codigoBarras, unidad: producto.unidadDian })
    .from(producto)
    .where(and(eq(producto.tiendaId, desdeTienda), inArray(producto.idProducto, productoIds)));
  const porId = new Map(propios.map((p) => [p.id, p]));
  const pares = new Map<number, { propio: (typeof propios)[number]; otroId: number }>();
  for (const id of productoIds) {
    const p = porId.get(id);
    if (!p) throw fieldError('lineas', T.productoNoExiste);
    const res = (await tx.execute(sql`
      select id_producto as id from producto
      where tienda_id = ${haciaTienda} and (catalogo_id = ${p.catalogoId}
        or (${p.codigoBarras}::text is not null and codigo_barras = ${p.codigoBarras}::text)
        or sin_tildes(lower(trim(nombre))) = sin_tildes(lower(trim(${p.nombre}::text))))
      order by catalogo_id = ${p.catalogoId} desc, (${p.codigoBarras}::text is not null and codigo_barras = ${p.codigoBarras}::text) desc, estado desc, id_producto
      limit 1`)) as unknown as { rows: { id: number }[] };
    const otro = res.rows[0];
    if (!otro) throw fieldError('lineas', T.sinPar(p.nombre, haciaNombre));
    pares.set(id, { propio: p, otroId: Number(otro.id) });
  }
  return pares;
}

const enteraSiPorUnidad = (nombre: string, unidad: string | null, cantidad: number) => {
  if (porUnidad(unidad) && !Number.isInteger(cantidad)) throw fieldError('lineas', T.enteraPorUnidad(nombre));
};

/** A leg's event and the activity entry of the store it touched, in the leg's transaction. */
async function registrarLeg(
  tx: Tx,
  q: Quien,
  t: { idTraslado: number; numero: number; origenId: number; destinoId: number },
  tiendaId: number,
  tipo: Evento,
  extra: { motivo?: string | null; lineas?: { lineaId: number; cantidad: number; faltante?: number }[] },
) {
  const lineas = extra.lineas ?? [];
  await tx.insert(trasladoEvento).values({
    trasladoId: t.idTraslado,
    tiendaId,
    tipo,
    usuarioId: q.usuarioId,
    usuarioNombre: sql`${nombreDe(q.usuarioId)}`,
    rolId: q.rol,
    cara: 'tienda',
    motivo: extra.motivo ?? null,
    lineas,
  });
  const suma = (k: 'cantidad' | 'faltante') => deMilesimas(lineas.reduce((s, l) => s + milesimas(l[k]), 0));
  const tiendas = await nombresDeTiendas(tx, [t.origenId, t.destinoId]);
  await registrarPor(tx, tiendaId, autorDe(q), {
    tipo: 'traslado',
    detalle: {
      trasladoId: t.idTraslado,
      numero: t.numero,
      accion: tipo,
      origen: tiendas.get(t.origenId) ?? '',
      destino: tiendas.get(t.destinoId) ?? '',
      unidades: suma('cantidad'),
      faltante: suma('faltante'),
      motivo: extra.motivo ?? null,
    },
  });
}

/** A new transfer (pedido). One side is the session's store; its lines name that store's products. */
export async function crearTraslado(options: { db: Db; quien: Quien; input: TCrearTrasladoRequest }): Promise<TTraslado> {
  const { db, quien: q, input } = options;
  const { empresaId, tiendaId } = verificarQuien(q);
  const { origenId, destinoId } = input;
  if (origenId === destinoId) throw fieldError('destinoId', T.mismaTienda);
  if (origenId !== tiendaId && destinoId !== tiendaId) throw fieldError('origenId', T.debeSerUnaDeLasDos);
  const otra = origenId === tiendaId ? destinoId : origenId;
  const [otraTienda] = await db
    .select({ id: tienda.idTienda, nombre: tienda.nombreTienda })
    .from(tienda)
    .where(and(eq(tienda.idTienda, otra), eq(tienda.empresaId, empresaId)))
    .limit(1);
  if (!otraTienda) throw fieldError(otra === destinoId ? 'destinoId' : 'origenId', T.otraEmpresa);
  const ids = input.lineas.map((l) => l.productoId);
  if (new Set(ids).size !== ids.length) throw fieldError('lineas', T.productoRepetido);
  const id = await db.transaction(async (tx) => {
    const pares = await emparejar(tx, tiendaId, otra, ids, otraTienda.nombre);
    for (const l of input.lineas) {
      const p = pares.get(l.productoId)!.propio;
      enteraSiPorUnidad(p.nombre, p.unidad, l.cantidad);
    }
    // The empresa's row is held so that two transfers made at once get consecutive numbers.
    await tx.execute(sql`select 1 from empresa where id_empresa = ${empresaId} for no key update`);
    const [n] = await tx.select({ n: sql<number>`coalesce(max(${traslado.numero}), 0)::int + 1` }).from(traslado).where(eq(traslado.empresaId, empresaId));
    const [t] = await tx
      .insert(traslado)
      .values({ empresaId, numero: Number(n!.n), origenId, destinoId, nota: input.nota ?? null })
      .returning();
    const filas = input.lineas.map((l) => {
      const { propio, otroId } = pares.get(l.productoId)!;
      const enOrigen = origenId === tiendaId;
      return {
        trasladoId: t!.idTraslado,
        productoOrigenId: enOrigen ? propio.id : otroId,
        productoDestinoId: enOrigen ? otroId : propio.id,
        nombre: propio.nombre,
        cantidad: l.cantidad,
      };
    });
    const lineas = await tx.insert(trasladoLinea).values(filas).returning({ id: trasladoLinea.idLinea, cantidad: trasladoLinea.cantidad });
    await registrarLeg(tx, q, t!, tiendaId, 'pedido', { motivo: input.nota ?? null, lineas: lineas.map((l) => ({ lineaId: l.id, cantidad: l.cantidad })) });
    return t!.idTraslado;
  });
  return obtenerTraslado({ db, quien: q, id });
}

/**
 * Moves the transfer's row from the version and states the leg saw to its next version, first of all:
 * a concurrent leg of the same version waits on the row, then finds nothing and is refused (409).
 */
async function tomar(tx: Tx, q: Quien, id: number, version: number, estados: TEstadoTraslado[], leg: 'despachar' | 'recibir' | 'cancelar') {
  const t = await unaTraslado(tx, q, id);
  if (!estados.includes(t.estado)) throw conflicto(T.noSePuede[leg]);
  if (!haceSuLado(q, t, leg)) throw new AppError('FORBIDDEN', T.noEsSuTienda);
  const [tomado] = await tx
    .update(traslado)
    .set({ version: sql`${traslado.version} + 1` })
    .where(and(eq(traslado.idTraslado, id), eq(traslado.version, version), inArray(traslado.estado, estados)))
    .returning();
  if (!tomado) throw conflicto(T.cambio);
  const lineas = await tx.select().from(trasladoLinea).where(eq(trasladoLinea.trasladoId, id)).orderBy(asc(trasladoLinea.idLinea));
  return { t: tomado, lineas };
}

/** The quantities a leg names per line (lines left out: `porDefecto`), checked against the line. */
function cantidadesDe(
  lineas: (typeof trasladoLinea.$inferSelect)[],
  pedidas: { lineaId: number; cantidad: number }[] | undefined,
  porDefecto: (l: typeof trasladoLinea.$inferSelect) => number,
): Map<number, number> {
  const porLinea = new Map(lineas.map((l) => [l.idLinea, l]));
  const out = new Map(lineas.map((l) => [l.idLinea, porDefecto(l)]));
  const vistas = new Set<number>();
  for (const p of pedidas ?? []) {
    if (!porLinea.has(p.lineaId) || vistas.has(p.lineaId)) throw fieldError('lineas', T.lineaNoExiste);
    vistas.add(p.lineaId);
    out.set(p.lineaId, milesimas(p.cantidad));
  }
  return out;
}

/** Each product's unit and whether it tracks lots, as they are now (the flag may change between legs). */
const productosDe = async (tx: Tx, ids: number[]) =>
  new Map(
    (await tx.select({ id: producto.idProducto, unidad: producto.unidadDian, lotes: producto.manejaLotes }).from(producto).where(inArray(producto.idProducto, ids.length ? ids : [0]))).map((r) => [
      r.id,
      r,
    ]),
  );

/** Locks a leg's products of one store in id order, so that concurrent legs and sales queue instead of deadlocking. */
async function bloquear(tx: Tx, tiendaId: number, productoIds: number[]) {
  if (productoIds.length === 0) return;
  const ids = [...new Set(productoIds)].sort((a, b) => a - b);
  await tx.execute(sql`select 1 from producto where id_producto in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) and tienda_id = ${tiendaId} order by id_producto for update`);
}

/** Moves one store's stock for a leg, its products locked in id order first; refuses with the product that failed. */
async function mover(tx: Tx, tiendaId: number, cambios: { productoId: number; delta: number; nombre: string }[], motivo: string): Promise<Map<number, number>> {
  if (cambios.length === 0) return new Map();
  const ids = cambios.map((c) => c.productoId);
  await bloquear(tx, tiendaId, ids);
  const movido = await ajustarStockLote(tx, { tiendaId, cambios: cambios.map((c) => ({ productoId: c.productoId, delta: c.delta })), motivo, revisado: false });
  if (movido) return new Map([...movido].map(([id, m]) => [id, m.stockAntes]));
  const stocks = new Map((await tx.select({ id: producto.idProducto, stock: producto.stock }).from(producto).where(and(eq(producto.tiendaId, tiendaId), inArray(producto.idProducto, ids)))).map((r) => [r.id, r.stock]));
  const falla = cambios.find((c) => !stocks.has(c.productoId)) ?? cambios.find((c) => milesimas(stocks.get(c.productoId)) + milesimas(c.delta) < 0) ?? cambios[0]!;
  throw stocks.has(falla.productoId) ? conflicto(T.sinStock(falla.nombre)) : conflicto(T.productoBorrado(falla.nombre));
}

/** Dispatch: what leaves the origin (by default what was asked) goes out of its stock into *en tránsito*. */
export async function despacharTraslado(options: { db: Db; quien: Quien; id: number; version: number; lineas?: { lineaId: number; cantidad: number }[] }): Promise<TTraslado> {
  const { db, quien: q, id } = options;
  verificarQuien(q);
  await db.transaction(async (tx) => {
    const { t, lineas } = await tomar(tx, q, id, options.version, ['pedido'], 'despachar');
    const cantidades = cantidadesDe(lineas, options.lineas, (l) => milesimas(l.cantidad));
    const productos = await productosDe(tx, lineas.map((l) => l.productoOrigenId ?? 0));
    let total = 0;
    for (const l of lineas) {
      const c = cantidades.get(l.idLinea)!;
      if (c > milesimas(l.cantidad)) throw fieldError('lineas', T.masQuePedido(l.nombre));
      if (c > 0 && l.productoOrigenId == null) throw conflicto(T.productoBorrado(l.nombre));
      enteraSiPorUnidad(l.nombre, productos.get(l.productoOrigenId ?? 0)?.unidad ?? null, deMilesimas(c));
      total += c;
    }
    if (total === 0) throw fieldError('lineas', T.nadaQueDespachar);
    const destino = (await nombresDeTiendas(tx, [t.destinoId])).get(t.destinoId) ?? '';
    const salen = lineas.filter((l) => cantidades.get(l.idLinea)! > 0);
    const motivo = T.motivoSalida(t.numero, destino);
    await bloquear(tx, t.origenId, salen.map((l) => l.productoOrigenId!));
    // A product that tracks lots leaves lot by lot (unexpired, first to expire first), each lot kept on the line.
    const conLotes = (l: (typeof salen)[number]) => productos.get(l.productoOrigenId!)?.lotes === true;
    await mover(tx, t.origenId, salen.filter((l) => !conLotes(l)).map((l) => ({ productoId: l.productoOrigenId!, delta: -deMilesimas(cantidades.get(l.idLinea)!), nombre: l.nombre })), motivo);
    for (const l of salen.filter(conLotes)) {
      const unidad = productos.get(l.productoOrigenId!)?.unidad ?? null;
      await despacharConLotes(tx, { tiendaId: t.origenId, lineaId: l.idLinea, productoId: l.productoOrigenId!, nombre: l.nombre, unidad, cantidad: deMilesimas(cantidades.get(l.idLinea)!), motivo });
    }
    // The goods leave with what a unit cost the origin (its products locked by mover): the destination's average takes them in at it.
    const costos = await costosUnitarios(tx, t.origenId, salen.map((l) => l.productoOrigenId!));
    for (const l of lineas) {
      const costoUnit = l.productoOrigenId != null && cantidades.get(l.idLinea)! > 0 ? (costos.get(l.productoOrigenId) ?? null) : null;
      await tx.update(trasladoLinea).set({ despachada: deMilesimas(cantidades.get(l.idLinea)!), costoUnit }).where(eq(trasladoLinea.idLinea, l.idLinea));
    }
    await tx.update(traslado).set({ estado: 'despachado' }).where(eq(traslado.idTraslado, id));
    await registrarLeg(tx, q, t, t.origenId, 'despacho', { lineas: salen.map((l) => ({ lineaId: l.idLinea, cantidad: deMilesimas(cantidades.get(l.idLinea)!) })) });
  });
  return obtenerTraslado({ db, quien: q, id });
}

/**
 * Receipt: what arrived enters the destination's stock; the rest stays in transit, or with `cerrar` is
 * recorded as a difference with its reason (required when there is one). Returns whether it is complete.
 */
export async function recibirTraslado(options: {
  db: Db;
  quien: Quien;
  id: number;
  input: { version: number; lineas: { lineaId: number; cantidad: number; lotes?: { loteId: number; cantidad: number }[] }[]; cerrar: boolean; motivo: string | null };
}): Promise<{ traslado: TTraslado; completo: boolean }> {
  const { db, quien: q, id, input } = options;
  verificarQuien(q);
  const completo = await db.transaction(async (tx) => {
    const { t, lineas } = await tomar(tx, q, id, input.version, ['despachado', 'parcial'], 'recibir');
    const cantidades = cantidadesDe(lineas, input.lineas, () => 0);
    const productos = await productosDe(tx, lineas.map((l) => l.productoDestinoId ?? 0));
    const lotes = await lotesDeTraslado(tx, id);
    const dichos = new Map(input.lineas.map((l) => [l.lineaId, l.lotes]));
    const porLotes = new Map<number, RecepcionDeLotes>();
    const faltantes = new Map<number, number>();
    let recibe = 0;
    let falta = 0;
    for (const l of lineas) {
      const c = cantidades.get(l.idLinea)!;
      const transito = enTransito(l);
      if (c > transito) throw fieldError('lineas', T.masQueEnTransito(l.nombre));
      if (c > 0 && l.productoDestinoId == null) throw conflicto(T.productoBorrado(l.nombre));
      enteraSiPorUnidad(l.nombre, productos.get(l.productoDestinoId ?? 0)?.unidad ?? null, deMilesimas(c));
      faltantes.set(l.idLinea, input.cerrar ? transito - c : 0);
      const suyos = lotes.get(l.idLinea);
      if (suyos) porLotes.set(l.idLinea, repartirRecepcion(l.nombre, suyos, c, input.cerrar, dichos.get(l.idLinea)));
      else if (dichos.get(l.idLinea)?.length) throw fieldError('lineas', T.loteNoViaja);
      recibe += c;
      falta += faltantes.get(l.idLinea)!;
    }
    if (recibe === 0 && falta === 0) throw fieldError('lineas', T.nadaQueRecibir);
    if (falta > 0 && !input.motivo) throw fieldError('motivo', T.motivoRequerido);
    const origen = (await nombresDeTiendas(tx, [t.origenId])).get(t.origenId) ?? '';
    const llegan = lineas.filter((l) => cantidades.get(l.idLinea)! > 0);
    const motivo = T.motivoEntrada(t.numero, origen);
    await bloquear(tx, t.destinoId, llegan.map((l) => l.productoDestinoId!));
    // Lots enter under their code and expiry where the destination's product tracks lots too; else as plain units.
    const enLotes = (l: (typeof llegan)[number]) => porLotes.has(l.idLinea) && productos.get(l.productoDestinoId!)?.lotes === true;
    const stockAntes = await mover(tx, t.destinoId, llegan.filter((l) => !enLotes(l)).map((l) => ({ productoId: l.productoDestinoId!, delta: deMilesimas(cantidades.get(l.idLinea)!), nombre: l.nombre })), motivo);
    for (const l of llegan.filter(enLotes)) {
      const m = await entrarEnLotes(tx, { tiendaId: t.destinoId, producto: { productoId: l.productoDestinoId!, nombre: l.nombre }, motivo, revisado: false, lotes: porLotes.get(l.idLinea)!.entran });
      if (!m) throw conflicto(T.productoBorrado(l.nombre));
      stockAntes.set(l.productoDestinoId!, m.stockAntes);
    }
    for (const r of porLotes.values()) await anotarRecepcion(tx, r);
    const conCosto = llegan.filter((l) => l.costoUnit != null);
    await promediarEntradas(tx, t.destinoId, conCosto.map((l) => ({ productoId: l.productoDestinoId!, unidades: deMilesimas(cantidades.get(l.idLinea)!), costoUnit: l.costoUnit! })), stockAntes);
    let quedan = 0;
    for (const l of lineas) {
      const c = cantidades.get(l.idLinea)!;
      const f = faltantes.get(l.idLinea)!;
      quedan += enTransito(l) - c - f;
      if (c === 0 && f === 0) continue;
      await tx
        .update(trasladoLinea)
        .set({ recibida: deMilesimas(milesimas(l.recibida) + c), faltante: deMilesimas(milesimas(l.faltante) + f) })
        .where(eq(trasladoLinea.idLinea, l.idLinea));
    }
    await tx.update(traslado).set({ estado: quedan === 0 ? 'recibido' : 'parcial' }).where(eq(traslado.idTraslado, id));
    const tocadas = lineas.filter((l) => cantidades.get(l.idLinea)! > 0 || faltantes.get(l.idLinea)! > 0);
    await registrarLeg(tx, q, t, t.destinoId, 'recepcion', {
      motivo: falta > 0 || input.motivo ? input.motivo : null,
      lineas: tocadas.map((l) => ({ lineaId: l.idLinea, cantidad: deMilesimas(cantidades.get(l.idLinea)!), faltante: deMilesimas(faltantes.get(l.idLinea)!) })),
    });
    return quedan === 0;
  });
  return { traslado: await obtenerTraslado({ db, quien: q, id }), completo };
}

/** Cancel: only a transfer not yet dispatched; no stock moved. */
export async function cancelarTraslado(options: { db: Db; quien: Quien; id: number; version: number }): Promise<TTraslado> {
  const { db, quien: q, id } = options;
  const { tiendaId } = verificarQuien(q);
  await db.transaction(async (tx) => {
    const { t } = await tomar(tx, q, id, options.version, ['pedido'], 'cancelar');
    await tx.update(traslado).set({ estado: 'cancelado' }).where(eq(traslado.idTraslado, id));
    const donde = tiendaId === t.origenId || tiendaId === t.destinoId ? tiendaId : t.origenId;
    await registrarLeg(tx, q, t, donde, 'cancelacion', {});
  });
  return obtenerTraslado({ db, quien: q, id });
}

const resumenCols = {
  id: traslado.idTraslado,
  numero: traslado.numero,
  origenId: traslado.origenId,
  destinoId: traslado.destinoId,
  estado: traslado.estado,
  creadoEn: traslado.creadoEn,
  lineas: sql<number>`(select count(*) from traslado_linea l where l.traslado_id = ${traslado.idTraslado})::int`,
  unidades: sql<number>`(select coalesce(sum(coalesce(l.despachada, l.cantidad)), 0) from traslado_linea l where l.traslado_id = ${traslado.idTraslado})`,
};

/** The transfers the session sees, newest first, with the empresa's other stores (for a new one). */
export async function listarTraslados(options: { db: Db; quien: Quien; query: { page: number; pageSize: number; estado?: TEstadoTraslado | '' } }): Promise<TTraslados> {
  const { db, quien: q } = options;
  const { empresaId, tiendaId } = verificarQuien(q);
  const { page, pageSize } = options.query;
  const where = and(visibles(q), options.query.estado ? eq(traslado.estado, options.query.estado) : undefined);
  const rows = await db
    .select(resumenCols)
    .from(traslado)
    .where(where)
    .orderBy(desc(traslado.idTraslado))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: countAll }).from(traslado).where(where);
  const tiendas = (await tiendasDeLaEmpresa(db, empresaId)).filter((t) => t.id !== tiendaId).map((t) => ({ idTienda: t.id, nombreTienda: t.nombre }));
  const nombres = await nombresDeTiendas(db, [...new Set(rows.flatMap((r) => [r.origenId, r.destinoId])), tiendaId]);
  return { items: rows.map((r) => resumenDe(r, nombres)), total: total?.n ?? 0, tiendas };
}

function resumenDe(r: { id: number; numero: number; origenId: number; destinoId: number; estado: TEstadoTraslado; creadoEn: Date; lineas: number; unidades: number }, nombres: Map<number, string>) {
  return {
    id: r.id,
    numero: r.numero,
    origen: { idTienda: r.origenId, nombreTienda: nombres.get(r.origenId) ?? '' },
    destino: { idTienda: r.destinoId, nombreTienda: nombres.get(r.destinoId) ?? '' },
    estado: r.estado,
    creadoEn: new Date(r.creadoEn).toISOString(),
    lineas: Number(r.lineas),
    unidades: Number(r.unidades),
  };
}

/** One transfer with its lines (asked, sent, received, missing, in transit), its legs and what the session may do now. */
export async function obtenerTraslado(options: { db: Db | Tx; quien: Quien; id: number }): Promise<TTraslado> {
  const { db, quien: q, id } = options;
  verificarQuien(q);
  const [r] = await db
    .select({ ...resumenCols, nota: traslado.nota, version: traslado.version })
    .from(traslado)
    .where(and(eq(traslado.idTraslado, id), visibles(q)))
    .limit(1);
  if (!r) throw notFound();
  const [lineas, eventos, nombres, lotes] = await Promise.all([
    db
      .select({ l: trasladoLinea, codigoBarras: producto.codigoBarras })
      .from(trasladoLinea)
      .leftJoin(producto, eq(producto.idProducto, trasladoLinea.productoOrigenId))
      .where(eq(trasladoLinea.trasladoId, id))
      .orderBy(asc(trasladoLinea.idLinea)),
    db.select().from(trasladoEvento).where(eq(trasladoEvento.trasladoId, id)).orderBy(asc(trasladoEvento.idEvento)),
    nombresDeTiendas(db, [r.origenId, r.destinoId]),
    lotesDeTraslado(db, id),
  ]);
  const lado = { origenId: r.origenId, destinoId: r.destinoId };
  return {
    ...resumenDe(r, nombres),
    nota: r.nota,
    version: r.version,
    detalle: lineas.map(({ l, codigoBarras }) => ({
      id: l.idLinea,
      productoOrigenId: l.productoOrigenId,
      productoDestinoId: l.productoDestinoId,
      nombre: l.nombre,
      codigoBarras,
      cantidad: l.cantidad,
      despachada: l.despachada,
      recibida: l.recibida,
      faltante: l.faltante,
      enTransito: deMilesimas(enTransito(l)),
      lotes: (lotes.get(l.idLinea) ?? []).map(loteVisto),
    })),
    eventos: eventos.map((e) => ({
      tipo: e.tipo,
      tienda: nombres.get(e.tiendaId) ?? '',
      usuario: e.usuarioNombre,
      cara: e.cara,
      motivo: e.motivo,
      fecha: new Date(e.fecha).toISOString(),
      lineas: e.lineas,
    })),
    puede: {
      despachar: r.estado === 'pedido' && haceSuLado(q, lado, 'despachar'),
      recibir: (r.estado === 'despachado' || r.estado === 'parcial') && haceSuLado(q, lado, 'recibir'),
      cancelar: r.estado === 'pedido' && haceSuLado(q, lado, 'cancelar'),
    },
  };
}
