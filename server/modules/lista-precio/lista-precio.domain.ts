/**
 * Price lists (issue #59 points 1 and 5, ADR 047): the one owner of their rules and of the tables
 * `lista_precio`, `lista_precio_producto` and `lista_precio_cliente`. The checkout (venta_registrar)
 * only reads them.
 *
 * Who: the `listasPrecios` permission (role 1 always; roles 2 and 3 when the owner gives it). A refusal
 * is a 403 recorded in the activity log as an attempt. Every change is an activity-log entry
 * `lista_precio` with each field before and after, in the change's own transaction.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { formatCantidad, aMilesimas } from '#shared/cantidad';
import { M } from '#shared/messages';
import { formatPesos } from '#shared/money';
import type { TListaDeCliente, TListaPrecio, TListaPrecioDetalle } from '#shared/schemas/listas-precios';
import type { TCopiaEnTienda } from '#shared/schemas/sucursal';
import type { z } from 'zod';
import type { ZClienteListaRequest, ZListaPrecioRequest, ZPrecioListaRequest } from '#shared/schemas/listas-precios';
import type { Db, Tx } from '../../db/client';
import { siRepetido } from '../../db/pg-error';
import { cliente, listaPrecio, listaPrecioCliente, listaPrecioProducto, producto } from '../../db/schema';
import { registrarPor, type Autor } from '../actividad/actividad.domain';
import { paresEnTienda } from '../producto/sucursal-catalogo';
import { denegado, puede, registrarRechazo } from '../tienda/permisos';
import { copiarATiendas, type CopiaATiendas } from '../tienda/empresa';
import { clientesDeLaTienda, propioPrimero } from '../tienda/clientes.alcance';

const P = M.precios;
type Lista = z.output<typeof ZListaPrecioRequest>;
type Precio = z.output<typeof ZPrecioListaRequest>;
type ClienteLista = z.output<typeof ZClienteListaRequest>;
type Cambio = { campo: string; antes: string | null; despues: string | null };

const noExiste = () => new AppError('NOT_FOUND', P.noExiste);
const campo = (code: 'VALIDATION' | 'BUSINESS_RULE' | 'CONFLICT' | 'NOT_FOUND', field: string, message: string) => new AppError(code, message, { fields: { [field]: message } });
const pct = (n: number) => `${n} %`;

// ── Who may ─────────────────────────────────────────────────────────────────────────────────

/** Refuses (403; recorded as an attempt when it would have written) unless the author has `listasPrecios`. */
export async function verificarListas(db: Db, tiendaId: number, autor: Autor, escritura: boolean): Promise<void> {
  if (await puede(db, tiendaId, autor, 'listasPrecios')) return;
  const err = denegado(tiendaId, autor, 'listasPrecios');
  throw escritura ? await registrarRechazo(db, err) : err;
}

// ── Reads ───────────────────────────────────────────────────────────────────────────────────

const resumen = {
  id: listaPrecio.idListaPrecio,
  nombre: listaPrecio.nombre,
  porcentaje: listaPrecio.porcentaje,
  productos: sql<number>`(select count(*)::int from lista_precio_producto x where x.lista_id = ${listaPrecio.idListaPrecio})`,
  clientes: sql<number>`(select count(*)::int from lista_precio_cliente x where x.lista_id = ${listaPrecio.idListaPrecio})`,
};

/** The store's lists, by name. */
export async function listarListas(options: { db: Db; tiendaId: number }): Promise<TListaPrecio[]> {
  const { db, tiendaId } = options;
  return db.select(resumen).from(listaPrecio).where(eq(listaPrecio.tiendaId, tiendaId)).orderBy(sql`lower(${listaPrecio.nombre})`, asc(listaPrecio.idListaPrecio));
}

/** One list with its own prices (by product name, then quantity) and its customers. Another store's: 404. */
export async function obtenerLista(options: { db: Db | Tx; tiendaId: number; id: number }): Promise<TListaPrecioDetalle> {
  const { db, tiendaId, id } = options;
  const [l] = await db
    .select(resumen)
    .from(listaPrecio)
    .where(and(eq(listaPrecio.idListaPrecio, id), eq(listaPrecio.tiendaId, tiendaId)));
  if (!l) throw noExiste();
  const precios = await db
    .select({ productoId: producto.idProducto, producto: producto.nombre, unidad: producto.unidadDian, base: producto.precioUnit, desde: listaPrecioProducto.desde, precio: listaPrecioProducto.precio })
    .from(listaPrecioProducto)
    .innerJoin(producto, and(eq(producto.idProducto, listaPrecioProducto.productoId), eq(producto.tiendaId, tiendaId)))
    .where(eq(listaPrecioProducto.listaId, id))
    .orderBy(sql`lower(${producto.nombre})`, asc(producto.idProducto), asc(listaPrecioProducto.desde));
  const clientes = await db
    .select({ id: cliente.idCliente, nombre: sql<string>`trim(${cliente.nombre} || ' ' || ${cliente.apellido})`, documento: cliente.documento })
    .from(listaPrecioCliente)
    .innerJoin(cliente, and(eq(cliente.idCliente, listaPrecioCliente.clienteId), clientesDeLaTienda(tiendaId)))
    .where(eq(listaPrecioCliente.listaId, id))
    .orderBy(sql`lower(${cliente.nombre})`, asc(cliente.idCliente));
  return { ...l, precios, clientes };
}

/** The list a customer buys at (its name), or null: for the till and for an offline sale's review. */
export async function listaDeCliente(db: Db | Tx, tiendaId: number, clienteId: number): Promise<{ id: number; nombre: string } | null> {
  const [r] = await db
    .select({ id: listaPrecio.idListaPrecio, nombre: listaPrecio.nombre })
    .from(listaPrecioCliente)
    .innerJoin(listaPrecio, eq(listaPrecio.idListaPrecio, listaPrecioCliente.listaId))
    .where(and(eq(listaPrecioCliente.clienteId, clienteId), eq(listaPrecioCliente.tiendaId, tiendaId)));
  return r ?? null;
}

/** A customer's list with its own prices, for the till to show (null: the normal price). */
export async function listaParaCaja(db: Db | Tx, tiendaId: number, clienteId: number): Promise<TListaDeCliente | null> {
  const [l] = await db
    .select({ id: listaPrecio.idListaPrecio, nombre: listaPrecio.nombre, porcentaje: listaPrecio.porcentaje })
    .from(listaPrecioCliente)
    .innerJoin(listaPrecio, eq(listaPrecio.idListaPrecio, listaPrecioCliente.listaId))
    .where(and(eq(listaPrecioCliente.clienteId, clienteId), eq(listaPrecioCliente.tiendaId, tiendaId)));
  if (!l) return null;
  const precios = await db
    .select({ productoId: listaPrecioProducto.productoId, desde: listaPrecioProducto.desde, precio: listaPrecioProducto.precio })
    .from(listaPrecioProducto)
    .where(eq(listaPrecioProducto.listaId, l.id))
    .orderBy(asc(listaPrecioProducto.productoId), asc(listaPrecioProducto.desde));
  return { ...l, precios };
}

// ── Writes ──────────────────────────────────────────────────────────────────────────────────

/** The list's row, locked for the change; another store's: 404. */
async function bloquear(tx: Tx, tiendaId: number, id: number) {
  const [l] = await tx
    .select()
    .from(listaPrecio)
    .where(and(eq(listaPrecio.idListaPrecio, id), eq(listaPrecio.tiendaId, tiendaId)))
    .for('update');
  if (!l) throw noExiste();
  return l;
}

/** A name the store already uses for another: 409 on the field. */
const nombreUnico = <T>(fn: () => Promise<T>) => siRepetido('lista_precio_tienda_nombre_uq', () => campo('CONFLICT', 'nombre', P.nombreRepetido), fn);

/** A new list. */
export async function crearLista(options: { db: Db; tiendaId: number; autor: Autor; input: Lista }): Promise<TListaPrecioDetalle> {
  const { db, tiendaId, autor, input } = options;
  return nombreUnico(() =>
    db.transaction(async (tx) => {
      const [l] = await tx.insert(listaPrecio).values({ tiendaId, nombre: input.nombre, porcentaje: input.porcentaje }).returning();
      await registrarPor(tx, tiendaId, autor, {
        tipo: 'lista_precio',
        detalle: { accion: 'creada', listaId: l!.idListaPrecio, lista: l!.nombre, cambios: [{ campo: P.campos.porcentaje, antes: null, despues: pct(l!.porcentaje) }] },
      });
      return obtenerLista({ db: tx, tiendaId, id: l!.idListaPrecio });
    }),
  );
}

/** A list's name and %. */
export async function cambiarLista(options: { db: Db; tiendaId: number; autor: Autor; id: number; input: Lista }): Promise<TListaPrecioDetalle> {
  const { db, tiendaId, autor, id, input } = options;
  return nombreUnico(() =>
    db.transaction(async (tx) => {
      const antes = await bloquear(tx, tiendaId, id);
      await tx.update(listaPrecio).set({ nombre: input.nombre, porcentaje: input.porcentaje }).where(and(eq(listaPrecio.idListaPrecio, id), eq(listaPrecio.tiendaId, tiendaId)));
      const cambios: Cambio[] = [];
      if (antes.nombre !== input.nombre) cambios.push({ campo: P.campos.nombre, antes: antes.nombre, despues: input.nombre });
      if (antes.porcentaje !== input.porcentaje) cambios.push({ campo: P.campos.porcentaje, antes: pct(antes.porcentaje), despues: pct(input.porcentaje) });
      if (cambios.length) await registrarPor(tx, tiendaId, autor, { tipo: 'lista_precio', detalle: { accion: 'cambiada', listaId: id, lista: input.nombre, cambios } });
      return obtenerLista({ db: tx, tiendaId, id });
    }),
  );
}

/** Deletes a list: its prices go with it and its customers buy at the base price again. Past sales keep the prices they were charged. */
export async function eliminarLista(options: { db: Db; tiendaId: number; autor: Autor; id: number }): Promise<void> {
  const { db, tiendaId, autor, id } = options;
  await db.transaction(async (tx) => {
    const l = await bloquear(tx, tiendaId, id);
    const [n] = await tx.select({ n: sql<number>`count(*)::int` }).from(listaPrecioCliente).where(eq(listaPrecioCliente.listaId, id));
    await tx.delete(listaPrecio).where(and(eq(listaPrecio.idListaPrecio, id), eq(listaPrecio.tiendaId, tiendaId)));
    await registrarPor(tx, tiendaId, autor, {
      tipo: 'lista_precio',
      detalle: { accion: 'eliminada', listaId: id, lista: l.nombre, cambios: [{ campo: P.columnas.clientes, antes: String(n?.n ?? 0), despues: '0' }] },
    });
  });
}

/**
 * Sets (or, with `precio` null, takes out) a product's price in the list from `desde` units. A product
 * sold by unit takes whole quantities; another store's product is not found.
 */
export async function guardarPrecio(options: { db: Db; tiendaId: number; autor: Autor; id: number; input: Precio }): Promise<TListaPrecioDetalle> {
  const { db, tiendaId, autor, id, input } = options;
  return db.transaction(async (tx) => {
    const l = await bloquear(tx, tiendaId, id);
    const [p] = await tx
      .select({ nombre: producto.nombre, unidad: producto.unidadDian })
      .from(producto)
      .where(and(eq(producto.idProducto, input.productoId), eq(producto.tiendaId, tiendaId)));
    if (!p) throw campo('NOT_FOUND', 'productoId', P.productoNoExiste);
    if (p.unidad === '94' && aMilesimas(input.desde)! % 1000 !== 0) throw campo('VALIDATION', 'desde', P.desdeEntero);
    const donde = and(eq(listaPrecioProducto.listaId, id), eq(listaPrecioProducto.productoId, input.productoId), sql`${listaPrecioProducto.desde} = ${String(input.desde)}::numeric`);
    const [antes] = await tx.select({ precio: listaPrecioProducto.precio }).from(listaPrecioProducto).where(donde).for('update');
    if (input.precio == null) {
      if (antes) await tx.delete(listaPrecioProducto).where(donde);
    } else if (antes) {
      await tx.update(listaPrecioProducto).set({ precio: input.precio }).where(donde);
    } else {
      await tx.insert(listaPrecioProducto).values({ tiendaId, listaId: id, productoId: input.productoId, desde: input.desde, precio: input.precio });
    }
    const a = antes ? formatPesos(antes.precio) : null;
    const d = input.precio == null ? null : formatPesos(input.precio);
    if (a !== d)
      await registrarPor(tx, tiendaId, autor, {
        tipo: 'lista_precio',
        detalle: { accion: 'precio', listaId: id, lista: l.nombre, cambios: [{ campo: P.campos.precio(p.nombre, formatCantidad(input.desde, p.unidad)), antes: a, despues: d }] },
      });
    return obtenerLista({ db: tx, tiendaId, id });
  });
}

/** Gives a customer (by document) this list, replacing any other it had, or takes it off this list. */
export async function asignarCliente(options: { db: Db; tiendaId: number; autor: Autor; id: number; input: ClienteLista }): Promise<{ lista: TListaPrecioDetalle; cliente: string }> {
  const { db, tiendaId, autor, id, input } = options;
  return db.transaction(async (tx) => {
    const l = await bloquear(tx, tiendaId, id);
    const [c] = await tx
      .select({ id: cliente.idCliente, nombre: sql<string>`trim(${cliente.nombre} || ' ' || ${cliente.apellido})` })
      .from(cliente)
      .where(and(clientesDeLaTienda(tiendaId), eq(cliente.documento, input.documento), eq(cliente.activo, true)))
      .orderBy(propioPrimero(tiendaId))
      .limit(1);
    if (!c) throw campo('NOT_FOUND', 'documento', P.clienteNoExiste);
    const anterior = await listaDeCliente(tx, tiendaId, c.id);
    if (input.asignado) {
      await tx
        .insert(listaPrecioCliente)
        .values({ clienteId: c.id, tiendaId, listaId: id })
        .onConflictDoUpdate({ target: [listaPrecioCliente.clienteId, listaPrecioCliente.tiendaId], set: { listaId: id } });
    } else if (anterior?.id === id) {
      await tx.delete(listaPrecioCliente).where(and(eq(listaPrecioCliente.clienteId, c.id), eq(listaPrecioCliente.tiendaId, tiendaId)));
    }
    const despues = input.asignado ? l.nombre : anterior?.id === id ? null : (anterior?.nombre ?? null);
    if ((anterior?.nombre ?? null) !== despues)
      await registrarPor(tx, tiendaId, autor, {
        tipo: 'lista_precio',
        detalle: { accion: 'cliente', listaId: id, lista: l.nombre, cambios: [{ campo: `${P.campos.cliente} ${c.nombre} (${input.documento})`, antes: anterior?.nombre ?? null, despues }] },
      });
    return { lista: await obtenerLista({ db: tx, tiendaId, id }), cliente: c.nombre };
  });
}

// ── Copied to other stores of the empresa (issue #59 point 1) ───────────────────────────────

/**
 * The owner copies a list to other stores of the empresa: each gets the list's name and % and its
 * prices on its own products (the same barcode, else the same name: `paresEnTienda`); a price of a
 * product it lacks is left out and named. A store that already has a list of that name gets its % and
 * prices replaced (its customers stay). All stores or none; each store's log and the origin's record it.
 */
export async function copiarLista(options: CopiaATiendas): Promise<TCopiaEnTienda[]> {
  return nombreUnico(() =>
    copiarATiendas(options, {
      bloquear: async (tx, tiendaId, id) => {
        const lista = await bloquear(tx, tiendaId, id);
        const precios = await tx
          .select({ productoId: listaPrecioProducto.productoId, nombre: producto.nombre, desde: listaPrecioProducto.desde, precio: listaPrecioProducto.precio })
          .from(listaPrecioProducto)
          .innerJoin(producto, eq(producto.idProducto, listaPrecioProducto.productoId))
          .where(eq(listaPrecioProducto.listaId, id))
          .orderBy(asc(listaPrecioProducto.productoId), asc(listaPrecioProducto.desde));
        return { lista, precios };
      },
      copiarEn: async (tx, { id, fuente: { lista: fuente, precios }, origen, destino: d, autor }) => {
        const pares = await paresEnTienda(tx, { deTienda: origen.id, aTienda: d.id, productoIds: [...new Set(precios.map((p) => p.productoId))] });
        const unidades = new Map(
          pares.size
            ? (await tx.select({ id: producto.idProducto, unidad: producto.unidadDian }).from(producto).where(and(eq(producto.tiendaId, d.id), inArray(producto.idProducto, [...pares.values()])))).map((p) => [p.id, p.unidad])
            : [],
        );
        // A break in fractions of a unit does not fit a product sold by unit there: left out as a product without a pair.
        const filas = precios.flatMap((p) => {
          const otro = pares.get(p.productoId);
          if (otro == null || (unidades.get(otro) === '94' && aMilesimas(p.desde)! % 1000 !== 0)) return [];
          return [{ tiendaId: d.id, productoId: otro, desde: p.desde, precio: p.precio }];
        });
        const sinPar = [...new Set(precios.filter((p) => !filas.some((f) => f.productoId === pares.get(p.productoId))).map((p) => p.nombre))];
        const [igual] = await tx
          .select()
          .from(listaPrecio)
          .where(and(eq(listaPrecio.tiendaId, d.id), sql`lower(${listaPrecio.nombre}) = lower(${fuente.nombre})`))
          .for('update');
        let destinoId: number;
        let antes: { porcentaje: number; precios: number } | null = null;
        if (igual) {
          destinoId = igual.idListaPrecio;
          const [n] = await tx.select({ n: sql<number>`count(*)::int` }).from(listaPrecioProducto).where(eq(listaPrecioProducto.listaId, destinoId));
          antes = { porcentaje: igual.porcentaje, precios: n?.n ?? 0 };
          await tx.update(listaPrecio).set({ porcentaje: fuente.porcentaje }).where(eq(listaPrecio.idListaPrecio, destinoId));
          await tx.delete(listaPrecioProducto).where(eq(listaPrecioProducto.listaId, destinoId));
        } else {
          const [l] = await tx.insert(listaPrecio).values({ tiendaId: d.id, nombre: fuente.nombre, porcentaje: fuente.porcentaje }).returning({ id: listaPrecio.idListaPrecio });
          destinoId = l!.id;
        }
        if (filas.length) await tx.insert(listaPrecioProducto).values(filas.map((f) => ({ ...f, listaId: destinoId })));
        const productos = new Set(filas.map((f) => f.productoId)).size;
        const cambios: Cambio[] = [
          { campo: M.sucursales.copia.campoDesde, antes: null, despues: origen.nombre },
          { campo: P.campos.porcentaje, antes: antes ? pct(antes.porcentaje) : null, despues: pct(fuente.porcentaje) },
          { campo: M.sucursales.copia.campoProductos, antes: antes ? String(antes.precios) : null, despues: String(filas.length) },
          ...(sinPar.length ? [{ campo: M.sucursales.copia.campoSinPar, antes: null, despues: sinPar.join(', ') }] : []),
        ];
        await registrarPor(tx, d.id, autor, { tipo: 'lista_precio', detalle: { accion: 'copiada', listaId: destinoId, lista: fuente.nombre, cambios } });
        await registrarPor(tx, origen.id, autor, {
          tipo: 'lista_precio',
          detalle: { accion: 'copiada', listaId: id, lista: fuente.nombre, cambios: [{ campo: M.sucursales.copia.campoHacia, antes: null, despues: d.nombre }, { campo: M.sucursales.copia.campoProductos, antes: null, despues: String(filas.length) }] },
        });
        return { idTienda: d.id, nombreTienda: d.nombre, resultado: igual ? 'actualizada' : 'creada', id: destinoId, productos, sinPar };
      },
    }),
  );
}
