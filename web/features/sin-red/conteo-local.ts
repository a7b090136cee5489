import Dexie from 'dexie';
import { v4 as uuid } from 'uuid';
import { AppError } from '#shared/errors';
import { formatCantidad } from '#shared/cantidad';
import { conteos } from '#shared/messages/conteos';
import { MAX_RESULTADOS_CONTEO } from '#shared/conteo';
import type { TLoteContado, TProductoConteo } from '#shared/schemas/conteo';
import { api } from '../../lib/api-client';
import { registrarFuenteConteo, type FuenteConteoSinRed, type LineaConteoEnEquipo } from '../../lib/fuente-conteo';
import { baseLocal, observarEspaciado, plegar, type BaseLocal, type ConteoSalida } from './base-local';
import { alSincronizar, esRechazo, sincronizar } from './sincronizar';
import { buscarPorCodigo, catalogoDe } from './venta-local';

/**
 * Counting on a phone without the network (issue #58 point 1, ADR 042's addendum): the count's screen
 * finds products in the device's catalogue — the offline till's, by the till's scanner rules (a
 * product's barcode, a pack's, a scale label's with its quantity) or by name — and keeps each counted
 * line here; the sync sends them in the order counted, each with its key (sent again, counted once)
 * and the device's clock when it was counted and when it is sent (the server takes the system's stock
 * at that moment). Blind: nothing here reads the catalogue's stock.
 */

const M = { conteos };

const abierta = (): BaseLocal => {
  const db = baseLocal();
  if (!db) throw new AppError('UNAUTHORIZED', M.conteos.sinCatalogo);
  return db;
};

/** A product of the device's catalogue found by the till's scanner rules, as the count's search answers it (no stock). */
export async function buscarConteoEnEquipo(db: BaseLocal, q: string): Promise<TProductoConteo[]> {
  const texto = q.trim();
  if (!texto) return [];
  if ((await db.productos.count()) === 0) throw new AppError('NOT_FOUND', M.conteos.sinCatalogo);
  const p = await buscarPorCodigo(catalogoDe(db), texto);
  if (p) {
    const pack = p.unidadVenta;
    // Whether it tracks lots: the device's own row (the till's product leaves it out).
    const lotes = (await db.productos.get(p.id))?.manejaLotes;
    return [
      {
        productoId: p.id,
        nombre: p.nombre,
        // The code as read: a scale label's 13 digits name the label, so the screen takes it as scanned.
        codigoBarras: p.etiqueta ? texto : p.codigoBarras,
        unidad: p.unidad ?? '94',
        presentacionId: pack?.id ?? null,
        presentacion: pack?.nombre ?? null,
        factor: pack?.factor ?? 1,
        ...(p.etiqueta ? { cantidad: p.etiqueta.cantidad } : {}),
        ...(lotes ? { manejaLotes: true as const } : {}),
      },
    ];
  }
  const plegado = plegar(texto);
  const porNombre = await db.productos.filter((x) => x.busqueda.includes(plegado)).toArray();
  return porNombre
    .sort((a, b) => a.nombre.localeCompare(b.nombre, 'es') || a.id - b.id)
    .slice(0, MAX_RESULTADOS_CONTEO)
    .map((x) => ({
      productoId: x.id,
      nombre: x.nombre,
      codigoBarras: x.codigoBarras,
      unidad: x.unidad ?? '94',
      presentacionId: null,
      presentacion: null,
      factor: 1,
      ...(x.manejaLotes ? { manejaLotes: true as const } : {}),
    }));
}

/** Keeps a counted line on the device, after the ones already kept (its order, `n`); with its lot when named (checked by the server at sync). */
export async function guardarLineaConteo(db: BaseLocal, conteoId: number, p: TProductoConteo, cantidad: number, ahora = Date.now(), lote?: TLoteContado): Promise<ConteoSalida> {
  return db.transaction('rw', db.conteos, async () => {
    const ultima = await db.conteos.orderBy('n').last();
    const linea: ConteoSalida = {
      clave: uuid(),
      n: (ultima?.n ?? 0) + 1,
      conteoId,
      productoId: p.productoId,
      presentacionId: p.presentacionId,
      cantidad,
      factor: p.factor,
      nombre: nombreDeLinea(p, lote),
      unidad: p.unidad,
      ...(lote ? { lote } : {}),
      contadoEn: ahora,
      estado: 'pendiente',
    };
    await db.conteos.add(linea);
    return linea;
  });
}

/** The product as counted, with its pack and its lot: "Leche 1 L · Paca x6 (×6)", "Ibuprofeno (Lote L-1)". */
function nombreDeLinea(p: TProductoConteo, lote?: TLoteContado): string {
  const nombre = p.presentacion ? M.conteos.presentacionDe(`${p.nombre} · ${p.presentacion}`, p.factor) : p.nombre;
  return lote ? `${nombre} (${M.conteos.loteDeLinea(lote.codigo)})` : nombre;
}

const pendientes = (db: BaseLocal) => db.conteos.where('[estado+n]').between(['pendiente', Dexie.minKey], ['pendiente', Dexie.maxKey]);

/**
 * Sends the lines kept offline, in the order counted. One the server answers (recorded now or before:
 * the same key) is marked sent; one it refuses for good (4xx: the count closed, a product out of its
 * scope) is marked refused with the server's reason and the next ones go on; no connection stops the
 * round (the next one tries again).
 */
export async function enviarConteos(db: BaseLocal): Promise<{ enviadas: number; rechazadas: number }> {
  let enviadas = 0;
  let rechazadas = 0;
  for (const l of await pendientes(db).toArray()) {
    try {
      const sinRed = { clave: l.clave, contadoEn: new Date(l.contadoEn).toISOString(), reloj: new Date().toISOString() };
      await api(`/conteos/${l.conteoId}/lineas`, { method: 'POST', body: { productoId: l.productoId, presentacionId: l.presentacionId, cantidad: l.cantidad, sinRed, ...(l.lote ? { lote: l.lote } : {}) }, timeoutMs: 20_000 });
      await db.conteos.update(l.clave, { estado: 'enviada' });
      enviadas++;
    } catch (err) {
      if (!esRechazo(err)) break;
      await db.conteos.update(l.clave, { estado: 'rechazada', error: err.message });
      rechazadas++;
    }
  }
  return { enviadas, rechazadas };
}

/** A count's lines still on the device (waiting, or refused and not yet read), in the order counted. */
export async function lineasEnEquipo(db: BaseLocal, conteoId: number): Promise<LineaConteoEnEquipo[]> {
  const filas = await db.conteos.where('conteoId').equals(conteoId).sortBy('n');
  return filas
    .filter((l): l is ConteoSalida & { estado: 'pendiente' | 'rechazada' } => l.estado === 'pendiente' || l.estado === 'rechazada')
    .map((l) => ({
      clave: l.clave,
      nombre: l.nombre,
      cantidad: formatCantidad(l.cantidad * l.factor, l.unidad),
      estado: l.estado,
      ...(l.error ? { error: l.error } : {}),
    }));
}

/** How long the count's list waits after a change, at most, before it is read again. */
const ESPERA_MS = 300;

export const fuenteConteoDelEquipo: FuenteConteoSinRed = {
  buscar: (q) => buscarConteoEnEquipo(abierta(), q),
  async guardar(conteoId, producto, cantidad, lote) {
    await guardarLineaConteo(abierta(), conteoId, producto, cantidad, Date.now(), lote);
    // A line kept while the browser still says it is online (a request that failed) goes at once.
    if (navigator.onLine) void sincronizar();
  },
  observar(conteoId, dar) {
    const db = baseLocal();
    if (!db) return () => undefined;
    return observarEspaciado(db, () => lineasEnEquipo(db, conteoId), dar, ESPERA_MS);
  },
  async entendido(clave) {
    await abierta().conteos.update(clave, { estado: 'vista' });
  },
};

// The count's screen reads the device through web/lib/fuente-conteo.ts; the sync sends the lines after the sales.
registrarFuenteConteo(fuenteConteoDelEquipo);
alSincronizar(enviarConteos);
