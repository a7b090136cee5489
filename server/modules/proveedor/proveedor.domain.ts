/**
 * The supplier's rules, owned here once (issue #14, ADR 012): which suppliers a caller reaches
 * (tenancy: the store's empresa's, proveedor.alcance.ts, ADR 064), the columns a supplier is read with, the id a person may type, when another row may
 * point to a supplier (a product, an order delivery), who may add and delete, and when a supplier
 * may be deleted. The three faces — the store API (proveedor.service.ts), the back-office
 * (crud.proveedor.service.ts) and the old controller API (legacy/controllers/proveedor.ts) — rename
 * fields and call these functions; none holds a rule.
 */
import { and, asc, count, desc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { presentes } from '#shared/campos';
import { digitoVerificacion } from '#shared/impuestos';
import { COLUMNAS_PROVEEDOR, ZProveedorBase, type TCamposProveedor } from '#shared/schemas/proveedor';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import type { TPage } from '#shared/schemas/common';
import type { Db, Tx } from '../../db/client';
import { calificada } from '../../db/columna';
import { contieneTexto } from '../../db/name-search';
import { entregaPedido, ordenCompra, producto, productoUnidadVenta, proveedor, recepcion } from '../../db/schema';
import { idOf, syncIdentity, tiendaDestino } from '../tienda/alcance';
import { esViolacionUnica } from '../../db/pg-error';
import { claveDocumento, claveDocumentoSql, creadoEnOtraTienda, proveedorDeLaTienda, proveedoresDeLaTienda } from './proveedor.alcance';
import { registrarPor, type Autor } from '../actividad/actividad.domain';
import { conRechazos, exigirPermiso } from '../tienda/permisos';
import { yaUnido as yaUnidoGemelo } from '../union/union';

/**
 * Who acts: a store session (`{ tiendaId }`) reaches its empresa's suppliers, whichever of its stores
 * created them (issue #56, ADR 064); the platform operator (`{ tiendaId: null }`, the back-office's
 * CrudScope) reaches every store's.
 */
export interface ProveedorScope {
  tiendaId: number | null;
}

/** Spec §6: role 3 may neither add nor delete suppliers (the store API and the old controller refuse it before reading the request). */
export const NO_AGREGAN_NI_ELIMINAN = { roles: [ROL.ENCARGADO], message: M.roles.denyProveedoresText, title: M.roles.denyProveedoresTitle };

// ── Projection ──────────────────────────────────────────────────────────────────────────────

/**
 * Every column a supplier is read with by `scope`, under the domain's names: the field list's columns
 * (CAMPOS_DEL_PROVEEDOR in shared/schemas/proveedor.ts), taken from the table; the store that created
 * it when that is not the caller's (ADR 064), and how many of the caller's products name it.
 */
export const columnasProveedor = (scope: ProveedorScope) => ({
  idProveedor: proveedor.idProveedor,
  idTienda: proveedor.tiendaId,
  ...(Object.fromEntries(COLUMNAS_PROVEEDOR.map((k) => [k, proveedor[k]])) as { [K in (typeof COLUMNAS_PROVEEDOR)[number]]: (typeof proveedor)[K] }),
  documentoRepetido: proveedor.documentoRepetido,
  /** For a flagged one, its twin: the empresa's other active flagged supplier with the same number (what *Unir con el otro* merges, ADR 072). */
  gemeloId: sql<number | null>`case when ${calificada(proveedor.documentoRepetido)} then (select o.id_proveedor from proveedor o
    where o.empresa_id = ${calificada(proveedor.empresaId)} and split_part(o.documento, '-', 1) = split_part(${calificada(proveedor.documento)}, '-', 1)
      and o.id_proveedor <> ${calificada(proveedor.idProveedor)} and o.activo and o.documento_repetido and o.unido_a is null
    order by o.id_proveedor limit 1) end`,
  /** The store that created it, named only for a store of the empresa that did not (null for the operator). */
  creadoEn: scope.tiendaId == null ? sql<string | null>`null::text` : creadoEnOtraTienda(scope.tiendaId),
  /** How many products of the caller's store (the operator: of the supplier's store) name it (indexed by proveedor_id). */
  productos:
    sql<number>`(select count(*) from ${producto} where ${producto.proveedorId} = ${calificada(proveedor.idProveedor)} and ${producto.tiendaId} = ${scope.tiendaId ?? calificada(proveedor.tiendaId)})`.mapWith(
      Number,
    ),
});

// ── Tenancy ─────────────────────────────────────────────────────────────────────────────────

/** The tenancy filter: the caller's store's empresa (issue #56, ADR 064), or none for the operator. */
export const enAlcance = (scope: ProveedorScope): SQL | undefined => (scope.tiendaId == null ? undefined : proveedoresDeLaTienda(scope.tiendaId));

const esteProveedor = (scope: ProveedorScope, id: number) => and(eq(proveedor.idProveedor, id), enAlcance(scope))!;

const notFound = () => new AppError('NOT_FOUND', M.generic.notFound);
const idDuplicado = () => new AppError('CONFLICT', M.crud.idDuplicado, { fields: { idProveedor: M.crud.idDuplicado } });
const documentoDuplicado = (nombre: string | null) => {
  const msg = M.proveedores.documentoDuplicado(nombre);
  return new AppError('CONFLICT', msg, { fields: { documento: msg } });
};

/** The refusal to write a supplier merged into another (ADR 072): every face edits the survivor instead, named. */
const yaUnido = (tx: Db | Tx, sobrevivienteId: number) =>
  yaUnidoGemelo(tx, { tabla: proveedor, id: proveedor.idProveedor, nombre: sql<string>`${proveedor.nombre}`, mensajes: M.proveedores.unir }, sobrevivienteId);

// ── Reads ───────────────────────────────────────────────────────────────────────────────────

async function leer(db: Db | Tx, scope: ProveedorScope, id: number) {
  const [row] = await db.select(columnasProveedor(scope)).from(proveedor).where(esteProveedor(scope, id)).limit(1);
  return row ?? null;
}

/** A supplier as the domain reads it. */
export type TFilaProveedor = NonNullable<Awaited<ReturnType<typeof leer>>>;

/** One supplier in the caller's reach; any other answers 404, whether it exists elsewhere or not. */
export async function obtenerProveedor(options: { db: Db; scope: ProveedorScope; id: number }): Promise<TFilaProveedor> {
  const row = await leer(options.db, options.scope, options.id);
  if (!row) throw notFound();
  return row;
}

/**
 * A page of the caller's suppliers. `orden: 'nombre'` (the store's list) matches `q` in the name;
 * `'recientes'` (the back-office and its legacy list, newest first) also in the email, or the id.
 * Accents and case aside.
 */
export async function listarProveedores(options: {
  db: Db;
  scope: ProveedorScope;
  q: string;
  page: number;
  pageSize: number;
  orden: 'nombre' | 'recientes';
}): Promise<TPage<TFilaProveedor>> {
  const { db, scope, q, page, pageSize, orden } = options;
  const id = orden === 'recientes' ? idOf(q) : null;
  const match = q
    ? or(
        contieneTexto(proveedor.nombre, q),
        orden === 'recientes' ? contieneTexto(proveedor.email, q) : undefined,
        id != null ? eq(proveedor.idProveedor, id) : undefined,
      )
    : undefined;
  // Archived suppliers (issue #27) leave the lists; their deliveries stay.
  const where = and(enAlcance(scope), eq(proveedor.activo, true), match);
  const order = orden === 'nombre' ? [asc(proveedor.nombre), asc(proveedor.idProveedor)] : [desc(proveedor.idProveedor)];
  const [items, [totalRow]] = await Promise.all([
    db
      .select(columnasProveedor(scope))
      .from(proveedor)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(proveedor).where(where),
  ]);
  return { items, total: totalRow?.total ?? 0 };
}

/** Id and name of every supplier a store reaches (its empresa's), by name, for selects. */
export async function opcionesProveedores(options: { db: Db; tiendaId: number }): Promise<{ id: number; nombre: string }[]> {
  return options.db
    .select({ id: proveedor.idProveedor, nombre: proveedor.nombre })
    .from(proveedor)
    .where(and(proveedoresDeLaTienda(options.tiendaId), eq(proveedor.activo, true)))
    .orderBy(asc(proveedor.nombre), asc(proveedor.idProveedor))
    .limit(1000);
}

/**
 * The products of the caller's store (the operator: the supplier's store) that name one supplier in the
 * caller's reach (404 otherwise), by name, paged; `q` matches the name.
 */
export async function productosDeProveedor(options: { db: Db; scope: ProveedorScope; id: number; q: string; page: number; pageSize: number }) {
  const { db, scope, id, q, page, pageSize } = options;
  const { idTienda } = await obtenerProveedor({ db, scope, id });
  const where = and(eq(producto.tiendaId, scope.tiendaId ?? idTienda), eq(producto.proveedorId, id), q ? contieneTexto(producto.nombre, q) : undefined);
  const [items, [totalRow]] = await Promise.all([
    db
      .select({
        id: producto.idProducto,
        nombre: producto.nombre,
        marca: producto.marca,
        precio: producto.precioUnit,
        stock: producto.stock,
        estado: producto.estado,
        unidad: sql<string>`coalesce(${producto.unidadDian}, '94')`,
        codigoBarras: producto.codigoBarras,
        manejaLotes: producto.manejaLotes,
      })
      .from(producto)
      .where(where)
      .orderBy(asc(producto.nombre), asc(producto.idProducto))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(producto).where(where),
  ]);
  // Each product's packs (ADR 033), so that purchasing can order and receive by pack and find one by its barcode (ADR 036).
  const packs = items.length
    ? await db
        .select({ id: productoUnidadVenta.idUnidadVenta, productoId: productoUnidadVenta.productoId, nombre: productoUnidadVenta.nombre, factor: productoUnidadVenta.factor, codigoBarras: productoUnidadVenta.codigoBarras })
        .from(productoUnidadVenta)
        .innerJoin(producto, eq(producto.idProducto, productoUnidadVenta.productoId))
        .where(where)
        .orderBy(asc(productoUnidadVenta.factor), asc(productoUnidadVenta.idUnidadVenta))
    : [];
  return {
    items: items.map((i) => ({ ...i, presentaciones: packs.filter((p) => p.productoId === i.id).map(({ productoId: _, ...p }) => p) })),
    total: totalRow?.total ?? 0,
  };
}

// ── References ──────────────────────────────────────────────────────────────────────────────

/**
 * The one check of a reference to a supplier (a product's, a purchase order's, a receipt's, an order
 * delivery's, a count's): only a supplier the referring row's store reaches (its empresa's, ADR 064)
 * is accepted, with one message on every face (400 on `campo`).
 */
export async function verificarProveedorDeTienda(tx: Db | Tx, tiendaId: number, proveedorId: number | null | undefined, campo = 'proveedorId'): Promise<void> {
  if (proveedorId == null) return;
  const [p] = await tx.select({ id: proveedor.idProveedor }).from(proveedor).where(proveedorDeLaTienda(tiendaId, proveedorId)).limit(1);
  if (!p) throw new AppError('VALIDATION', M.proveedores.noExiste, { fields: { [campo]: M.proveedores.noExiste } });
}

// ── Writes ──────────────────────────────────────────────────────────────────────────────────

/**
 * What the documento soporte (issue #57 point 3, ADR 055) needs of a supplier who does not invoice:
 * its ID type and number, address and DANE municipality; a NIT carries its right check digit after a
 * dash, any other number none. Checked on the row as it ends after every write (create, edit), so a
 * face that sends only some fields cannot leave it incomplete; 400 with the fields, nothing saved.
 */
export function exigirDatosSoporte(fila: Pick<TFilaProveedor, 'obligadoFacturar' | 'tipoIdentificacion' | 'documento' | 'direccion' | 'municipio'>): void {
  const P = M.proveedores;
  const campos: Record<string, string> = {};
  const doc = fila.documento ?? '';
  const [numero = '', dv] = doc.split('-');
  if (fila.tipoIdentificacion === 'NIT' && doc) {
    const esperado = digitoVerificacion(numero);
    if (dv === undefined) campos.documento = P.nitSinDigito;
    else if (esperado !== null && Number(dv) !== esperado) campos.documento = P.nitDigitoIncorrecto(esperado);
  } else if (fila.tipoIdentificacion && dv !== undefined) campos.documento = P.digitoSoloNit;
  if (!fila.obligadoFacturar) {
    const faltan = Object.entries(P.datosSoporte);
    const vacios = faltan.filter(([k]) => !fila[k as keyof typeof fila]);
    if (vacios.length) {
      const msg = P.faltanDatosSoporte(vacios.map(([, t]) => t).join(', '));
      for (const [k] of vacios) campos[k] ??= msg;
      throw new AppError('VALIDATION', msg, { fields: campos });
    }
  }
  const primero = Object.values(campos)[0];
  if (primero) throw new AppError('VALIDATION', primero, { fields: campos });
}

/** The fields a supplier write sets: the field list's columns that a face may write. */
const ESCRITAS = COLUMNAS_PROVEEDOR.filter((k): k is keyof TCamposProveedor & (typeof COLUMNAS_PROVEEDOR)[number] => k in ZProveedorBase.shape);

/** A new supplier, under the domain's names: the field list's values (the faces' schemas normalise them the same way). */
export type DatosProveedor = TCamposProveedor;

/** A supplier's new values, under the domain's names: any field of the list, absent ones left as they are. */
export type CambiosProveedor = Partial<TCamposProveedor>;

/**
 * A documento is one supplier of the empresa (ADR 064): another supplier of the empresa of `tiendaId`
 * with the same number (a NIT's check digit aside; archived ones count, merged ones do not: their
 * survivor holds it, ADR 072) answers 409 naming it, nothing saved. Two that already shared one before
 * the suppliers were shared stay, flagged (migration 0097).
 */
async function checkDocumento(tx: Db | Tx, tiendaId: number, documento: string | null | undefined, exceptId: number | null): Promise<void> {
  if (!documento) return;
  const [dup] = await tx
    .select({ nombre: proveedor.nombre })
    .from(proveedor)
    .where(and(proveedoresDeLaTienda(tiendaId), sql`${claveDocumentoSql} = ${claveDocumento(documento)}`, isNull(proveedor.unidoA), exceptId != null ? ne(proveedor.idProveedor, exceptId) : undefined))
    .orderBy(asc(proveedor.idProveedor))
    .limit(1);
  if (dup) throw documentoDuplicado(dup.nombre);
}

/** Two writes that raced past the check: the unique index answers, with the same refusal. */
function traducir(err: unknown): never {
  if (esViolacionUnica(err, 'proveedor_empresa_documento_uq')) throw documentoDuplicado(null);
  throw err;
}

/**
 * Adds a supplier to the caller's store (or the store the operator names): the empresa's from then on,
 * created in that store. The id is the database's
 * unless the person typed one (the back-office, spec §5): a typed id must be free (409 otherwise),
 * and the ids the database hands out later go past it. A documento another supplier of the empresa has: 409.
 */
export async function crearProveedor(options: {
  db: Db;
  scope: ProveedorScope;
  datos: DatosProveedor & { idProveedor?: number | null; idTienda?: number | null };
}): Promise<TFilaProveedor> {
  const { db, scope, datos } = options;
  const tecleado = datos.idProveedor ?? null;
  return db
    .transaction(async (tx) => {
      const tiendaId = await tiendaDestino(tx, { tiendaId: scope.tiendaId, usuarioId: null }, datos.idTienda);
      if (tecleado != null) {
        const [taken] = await tx.select({ id: proveedor.idProveedor }).from(proveedor).where(eq(proveedor.idProveedor, tecleado)).limit(1);
        if (taken) throw idDuplicado();
      }
      // The row's own data first (400: a NIT's check digit, the DS's fields, as the row will be), then whether its
      // documento is another supplier's of the empresa (409, naming it).
      exigirDatosSoporte({ obligadoFacturar: datos.obligadoFacturar ?? true, tipoIdentificacion: datos.tipoIdentificacion ?? null, documento: datos.documento ?? null, direccion: datos.direccion ?? null, municipio: datos.municipio ?? null });
      await checkDocumento(tx, tiendaId, datos.documento, null);
      const [row] = await tx
        .insert(proveedor)
        // The list's fields sent (the base requires the ones a supplier must have); the rest take the column's default.
        .values({ ...(tecleado != null ? { idProveedor: tecleado } : {}), ...(presentes(datos, ESCRITAS) as DatosProveedor), tiendaId })
        .returning({ id: proveedor.idProveedor });
      if (tecleado != null) await syncIdentity(tx, 'proveedor', 'id_proveedor');
      const fila = (await leer(tx, { tiendaId: scope.tiendaId ?? tiendaId }, row!.id))!;
      exigirDatosSoporte(fila);
      return fila;
    })
    .catch((err: unknown) => {
      // Two people typed the same id at once: the primary key answers, with the same refusal.
      if (tecleado != null && esViolacionUnica(err) && !esViolacionUnica(err, 'proveedor_empresa_documento_uq')) throw idDuplicado();
      return traducir(err);
    });
}

/** A documento's key, or null for none (a NIT's check digit aside). */
const claveDe = (documento: string | null | undefined) => (documento ? claveDocumento(documento) : null);

/**
 * Saves a supplier in the caller's reach (404 otherwise): the fields sent; its id and store (where it
 * was created) never change. Any store of the empresa may edit it with its own permissions (ADR 064);
 * the change is logged in the store where it was made (the operator: the supplier's), each field before
 * and after. A new documento must be free in the empresa (409) and clears a `documento_repetido` flag.
 */
export async function actualizarProveedor(options: { db: Db; scope: ProveedorScope; id: number; cambios: CambiosProveedor; autor: Autor }): Promise<TFilaProveedor> {
  const { db, scope, id, cambios, autor } = options;
  const valores = presentes(cambios, ESCRITAS) as CambiosProveedor;
  return db
    .transaction(async (tx) => {
      const [bloqueada] = await tx.select({ id: proveedor.idProveedor, unidoA: proveedor.unidoA }).from(proveedor).where(esteProveedor(scope, id)).for('update');
      if (!bloqueada) throw notFound();
      // A supplier merged into another (ADR 072) is history: every face edits the survivor instead.
      if (bloqueada.unidoA != null) throw await yaUnido(tx, bloqueada.unidoA);
      const antes = (await leer(tx, scope, id))!;
      const tiendaId = scope.tiendaId ?? antes.idTienda;
      const nuevoDocumento = valores.documento !== undefined && claveDe(valores.documento) !== claveDe(antes.documento);
      if (nuevoDocumento) await checkDocumento(tx, tiendaId, valores.documento, id);
      const set = { ...valores, ...(nuevoDocumento && antes.documentoRepetido ? { documentoRepetido: false } : {}) };
      if (Object.keys(set).length) await tx.update(proveedor).set(set).where(eq(proveedor.idProveedor, id));
      const fila = (await leer(tx, scope, id))!;
      exigirDatosSoporte(fila);
      const cambiados = ESCRITAS.filter((k) => valores[k] !== undefined && antes[k] !== fila[k]).map((k) => ({ campo: k, antes: antes[k], despues: fila[k] }));
      if (cambiados.length) await registrarPor(tx, tiendaId, autor, { tipo: 'proveedor', detalle: { accion: 'cambiado', id, nombre: fila.nombre, cambios: cambiados } });
      return fila;
    })
    .catch(traducir);
}

// ── Import (issue #33 point 1) ──────────────────────────────────────────────────────────────

/**
 * What an import compares a row with: every supplier the store reaches, its empresa's (its name is how a
 * row finds it), but a merged one (ADR 072): its survivor holds its documento and takes the changes.
 */
export async function proveedoresImportables(db: Db | Tx, tiendaId: number) {
  return db.select(columnasProveedor({ tiendaId })).from(proveedor).where(and(proveedoresDeLaTienda(tiendaId), isNull(proveedor.unidoA))).orderBy(asc(proveedor.idProveedor));
}

/**
 * A suppliers' import, all or nothing in one transaction: new suppliers with the field list's values
 * (the same as the form's), changes of the suppliers the store reaches only (its empresa's), one entry
 * in the activity log. A documento another supplier of the empresa has is refused (409), nothing saved.
 */
export async function importarProveedores(options: {
  db: Db;
  tiendaId: number;
  autor: Autor;
  altas: DatosProveedor[];
  cambios: { id: number; campos: CambiosProveedor }[];
  alAvanzar?: (hechas: number, total: number) => void | Promise<void>;
}): Promise<{ nuevos: number; actualizados: number }> {
  const { db, tiendaId, autor, altas, cambios } = options;
  const total = altas.length + cambios.length;
  if (total === 0) return { nuevos: 0, actualizados: 0 };
  return db.transaction(async (tx) => {
    const LOTE = 500;
    let hechas = 0;
    for (let i = 0; i < altas.length; i += LOTE) {
      const lote = altas.slice(i, i + LOTE);
      await tx.insert(proveedor).values(lote.map((d) => ({ ...(presentes(d, ESCRITAS) as DatosProveedor), tiendaId })));
      hechas += lote.length;
      await options.alAvanzar?.(hechas, total);
    }
    for (const c of cambios) {
      const valores = presentes(c.campos, ESCRITAS);
      const [row] = await tx.update(proveedor).set(valores).where(and(esteProveedor({ tiendaId }, c.id), isNull(proveedor.unidoA))).returning({ id: proveedor.idProveedor });
      if (!row) throw notFound();
      hechas += 1;
      if (hechas % 200 === 0 || hechas === total) await options.alAvanzar?.(hechas, total);
    }
    await registrarPor(tx, tiendaId, autor, { tipo: 'importacion', detalle: { entidad: 'proveedor', nuevos: altas.length, actualizados: cambios.length } });
    return { nuevos: altas.length, actualizados: cambios.length };
  }).catch(traducir);
}

const conEntregas = () => new AppError('CONFLICT', M.proveedores.conEntregas);

/**
 * Deletes a supplier in the caller's reach. Its products stay, without supplier (ON DELETE SET
 * NULL). A supplier with purchase orders, receipts or order deliveries on record stays (409): deleting it would take those
 * accounting records with it (the key is RESTRICT, issue #27: it may be archived). The row is locked first, so a delivery being
 * recorded for it waits, and then either is seen here or fails its foreign key.
 */
export async function eliminarProveedor(options: { db: Db; scope: ProveedorScope; id: number; autor: Autor }): Promise<void> {
  const { db, scope, id, autor } = options;
  await conRechazos(db, () =>
    db.transaction(async (tx) => {
      const [row] = await tx.select({ tiendaId: proveedor.tiendaId, nombre: proveedor.nombre, unidoA: proveedor.unidoA }).from(proveedor).where(esteProveedor(scope, id)).for('update');
      if (!row) throw notFound();
      if (row.unidoA != null) throw await yaUnido(tx, row.unidoA);
      // Issue #27: deleting needs the acting store's permission (role 3 never: spec §6); ADR 064: any store of the empresa, logged there.
      const actua = scope.tiendaId ?? row.tiendaId;
      await exigirPermiso(tx, actua, autor, 'eliminarClientesProveedores', { entidad: 'proveedor', id, nombre: row.nombre });
      // Any delivery, purchase order or receipt naming the supplier counts, whatever store it was
      // recorded in (their keys are RESTRICT: a purchase order alone answered a 500 on PGlite, issue #49).
      const [entrega] = await tx.select({ id: entregaPedido.idEntrega }).from(entregaPedido).where(eq(entregaPedido.proveedorId, id)).limit(1);
      const [orden] = entrega ? [] : await tx.select({ id: ordenCompra.idOrden }).from(ordenCompra).where(eq(ordenCompra.proveedorId, id)).limit(1);
      const [rec] = entrega || orden ? [] : await tx.select({ id: recepcion.idRecepcion }).from(recepcion).where(eq(recepcion.proveedorId, id)).limit(1);
      // A survivor of a merge (ADR 072) carries the merged supplier's history, which names it.
      const [unido] = entrega || orden || rec ? [] : await tx.select({ id: proveedor.idProveedor }).from(proveedor).where(eq(proveedor.unidoA, id)).limit(1);
      if (entrega || orden || rec || unido) throw conEntregas();
      await tx.delete(proveedor).where(eq(proveedor.idProveedor, id));
      await registrarPor(tx, actua, autor, { tipo: 'eliminacion', detalle: { entidad: 'proveedor', id, nombre: row.nombre } });
    }),
  );
}

/**
 * Archives a supplier in the caller's reach (issue #27): it leaves the lists and the product form's
 * choices; its deliveries and the products that name it stay. Archiving twice changes nothing.
 */
export async function archivarProveedor(options: { db: Db; scope: ProveedorScope; id: number; autor: Autor }): Promise<TFilaProveedor> {
  const { db, scope, id, autor } = options;
  return conRechazos(db, () =>
    db.transaction(async (tx) => {
      const [row] = await tx.select({ tiendaId: proveedor.tiendaId, nombre: proveedor.nombre, activo: proveedor.activo }).from(proveedor).where(esteProveedor(scope, id)).for('update');
      if (!row) throw notFound();
      // Who may delete may archive (issue #27), in the acting store (ADR 064), logged there.
      const actua = scope.tiendaId ?? row.tiendaId;
      await exigirPermiso(tx, actua, autor, 'eliminarClientesProveedores', { entidad: 'proveedor', id, nombre: row.nombre });
      await tx.update(proveedor).set({ activo: false }).where(eq(proveedor.idProveedor, id));
      if (row.activo) await registrarPor(tx, actua, autor, { tipo: 'archivo', detalle: { entidad: 'proveedor', id, nombre: row.nombre } });
      return (await leer(tx, scope, id))!;
    }),
  );
}
