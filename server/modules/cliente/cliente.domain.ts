/**
 * The client's rules, owned here once (issue #14, ADR 012): which clients a caller reaches
 * (tenancy: the store's empresa's, cliente.alcance.ts), the columns a client is read with, the
 * documento unique per empresa (issue #56), who may delete and
 * what a deletion keeps. The three faces — the store API (cliente.service.ts), the back-office
 * (crud.cliente.service.ts) and the old controller API (legacy/controllers/cliente.ts) — rename
 * fields and call these functions; none holds a rule.
 */
import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { errorDocumentoPorTipo, errorFiadoPorTipo } from '#shared/documento';
import { presentes } from '#shared/campos';
import { COLUMNAS_CLIENTE, normalizarDocumento, ZClienteBase, type TCamposCliente } from '#shared/schemas/cliente';
import { PLAZO_FIADO_POR_DEFECTO } from '#shared/schemas/fiado';
import type { TPage } from '#shared/schemas/common';
import type { Db, Tx } from '../../db/client';
import { contieneTexto } from '../../db/name-search';
import { cliente, creditoMovimiento } from '../../db/schema';
import { formatPesos } from '#shared/money';
import { tiendaDestino } from '../tienda/alcance';
import { clientesDeLaTienda, propioPrimero } from '../tienda/clientes.alcance';
import { empresaDeTienda } from '../tienda/empresa';
import { esReferenciaViva, esViolacionUnica } from '../../db/pg-error';
import { registrarPor, type Autor } from '../actividad/actividad.domain';
import { conRechazos, exigirPermiso } from '../tienda/permisos';
import { yaUnido as yaUnidoGemelo } from '../union/union';

/**
 * Who acts: a store session (`{ tiendaId }`) reaches its empresa's clients, whichever of its stores
 * created them (issue #56); the platform operator (`{ tiendaId: null }`, the back-office's CrudScope)
 * reaches every store's.
 */
export interface ClienteScope {
  tiendaId: number | null;
}

/** Spec §6: role 3 may not delete clients (the store API and the old controller refuse it before reading the request). */
export const NO_ELIMINAN = { roles: [ROL.ENCARGADO], message: M.roles.denyClientesText, title: M.roles.denyClientesTitle };

// ── Projection ──────────────────────────────────────────────────────────────────────────────

/**
 * Every column a client is read with, under the domain's names: the field list's columns
 * (CAMPOS_DEL_CLIENTE in shared/schemas/cliente.ts), taken from the table.
 */
export const columnasCliente = {
  idCliente: cliente.idCliente,
  idTienda: cliente.tiendaId,
  documentoRepetido: cliente.documentoRepetido,
  ...(Object.fromEntries(COLUMNAS_CLIENTE.map((k) => [k, cliente[k]])) as { [K in (typeof COLUMNAS_CLIENTE)[number]]: (typeof cliente)[K] }),
};

// ── Tenancy ─────────────────────────────────────────────────────────────────────────────────

/** The tenancy filter: the caller's store's empresa (issue #56), or none for the operator. */
export const enAlcance = (scope: ClienteScope): SQL | undefined => (scope.tiendaId == null ? undefined : clientesDeLaTienda(scope.tiendaId));

const esteCliente = (scope: ClienteScope, id: number) => and(eq(cliente.idCliente, id), enAlcance(scope))!;

const notFound = () => new AppError('NOT_FOUND', M.generic.notFound);
const documentoDuplicado = () => new AppError('CONFLICT', M.clientes.documentoDuplicado, { fields: { documento: M.clientes.documentoDuplicado } });

// ── Reads ───────────────────────────────────────────────────────────────────────────────────

async function leer(db: Db | Tx, scope: ClienteScope, id: number) {
  const [row] = await db.select(columnasCliente).from(cliente).where(esteCliente(scope, id)).limit(1);
  return row ?? null;
}

/** A client as the domain reads it. */
export type TFilaCliente = NonNullable<Awaited<ReturnType<typeof leer>>>;

/** One client in the caller's reach; any other answers 404, whether it exists elsewhere or not. */
export async function obtenerCliente(options: { db: Db; scope: ClienteScope; id: number }): Promise<TFilaCliente> {
  const row = await leer(options.db, options.scope, options.id);
  if (!row) throw notFound();
  return row;
}

/**
 * The client a documento names in a store's empresa (the old controller identifies clients by it): as typed,
 * or as the client forms store it ("1.020.304.050" → "1020304050"). None answers 404.
 */
export async function idPorDocumento(options: { db: Db; tiendaId: number; documento: string | undefined }): Promise<number> {
  const { db, tiendaId } = options;
  const typed = options.documento?.trim() ?? '';
  const forms = [...new Set([typed, normalizarDocumento(typed)])].filter(Boolean);
  const rows = forms.length
    ? await db
        .select({ id: cliente.idCliente, documento: cliente.documento })
        .from(cliente)
        // A customer merged into another (ADR 067) no longer answers to its documento: the survivor does.
        .where(and(clientesDeLaTienda(tiendaId), inArray(cliente.documento, forms), isNull(cliente.unidoA)))
        .orderBy(propioPrimero(tiendaId))
        .limit(4)
    : [];
  const row = rows.find((r) => r.documento === forms[0]) ?? rows[0];
  if (!row) throw new AppError('NOT_FOUND', M.crud.clienteNoExiste);
  return row.id;
}

/**
 * A page of the caller's clients. `orden: 'nombre'` (the store's list, the payment's lookup) matches
 * `q` in the full name, the documento or the phone; `'recientes'` (the back-office and its legacy list, newest first) also in the
 * correo. Accents and case aside.
 */
export async function listarClientes(options: {
  db: Db;
  scope: ClienteScope;
  q: string;
  page: number;
  pageSize: number;
  orden: 'nombre' | 'recientes';
}): Promise<TPage<TFilaCliente>> {
  const { db, scope, q, page, pageSize, orden } = options;
  const match = q
    ? or(
        contieneTexto(sql`${cliente.nombre} || ' ' || ${cliente.apellido}`, q),
        contieneTexto(cliente.documento, q),
        orden === 'recientes' ? contieneTexto(cliente.correo, q) : undefined,
        // The store's list and the payment's lookup (issue #36) find a customer by phone too, spaces aside.
        orden === 'nombre' && /\d{3}/.test(q) ? contieneTexto(cliente.telefono, q.replace(/[\s-]/g, '')) : undefined,
      )
    : undefined;
  // Archived customers (issue #27) leave the lists; their history stays in the reports.
  const where = and(enAlcance(scope), eq(cliente.activo, true), match);
  const order = orden === 'nombre' ? [asc(cliente.nombre), asc(cliente.apellido), asc(cliente.idCliente)] : [desc(cliente.idCliente)];
  const [items, [totalRow]] = await Promise.all([
    db
      .select(columnasCliente)
      .from(cliente)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(cliente).where(where),
  ]);
  return { items, total: totalRow?.total ?? 0 };
}

// ── Uniqueness ──────────────────────────────────────────────────────────────────────────────

/** A documento names one client of an empresa (issue #56: two stores of one owner share the customer; two owners may each have it). */
async function checkDocumento(tx: Tx, tiendaId: number, documento: string, exceptId?: number) {
  const [dup] = await tx
    .select({ id: cliente.idCliente })
    .from(cliente)
    // A customer merged into another (ADR 067) no longer holds its documento.
    .where(and(clientesDeLaTienda(tiendaId), eq(cliente.documento, documento), isNull(cliente.unidoA), exceptId != null ? ne(cliente.idCliente, exceptId) : undefined))
    .limit(1);
  if (dup) throw documentoDuplicado();
}

/** A customer's name as people read it (nombre and apellido), in SQL: what a merge names (ADR 067). */
export const nombreClienteSql = sql<string>`trim(concat(${cliente.nombre}, ' ', ${cliente.apellido}))`;

/** The refusal to write a customer merged into another (ADR 067), naming the survivor. */
const yaUnido = (tx: Db | Tx, sobrevivienteId: number) => yaUnidoGemelo(tx, { tabla: cliente, id: cliente.idCliente, nombre: nombreClienteSql, mensajes: M.clientes.unir }, sobrevivienteId);

/** Two writes that raced past the check: the unique index answers, with the same refusal. */
function traducir(err: unknown): never {
  if (esViolacionUnica(err, 'cliente_empresa_documento_uq')) throw documentoDuplicado();
  throw err;
}

// ── Writes ──────────────────────────────────────────────────────────────────────────────────

/** The fields a client write sets: the field list's columns that a face may write. */
const ESCRITAS = COLUMNAS_CLIENTE.filter((k): k is keyof TCamposCliente & (typeof COLUMNAS_CLIENTE)[number] => k in ZClienteBase.shape);

/** The fields every new client has (the faces' schemas require them). */
type Requeridos = 'documento' | 'tipoDocumento' | 'nombre' | 'apellido';

/**
 * A client's values, under the domain's names: the field list's (the faces' schemas normalise them
 * the same way). An optional one not sent (undefined) takes the column's default on a new client
 * and is left as it is on an edit — the fiado fields, which only the store's form carries, included.
 */
export type DatosCliente = Pick<TCamposCliente, Requeridos> & Partial<TCamposCliente>;

/** A client's new values: any field of the list, absent ones left as they are. */
export type CambiosCliente = Partial<TCamposCliente>;

/**
 * Fiado (issue #17, ADR 013; issue #27): enabling credit or changing the limit needs the store's
 * `credito` permission (role 1 always; role 2 and 3 as the owner decides, neither by default). A role
 * that sends the values the client already has (the form sends them back unchanged) changes nothing
 * and may save. A change is recorded in the activity log (the limit before and after; null: no fiado).
 */
async function verificarCupo(
  tx: Tx,
  c: { tiendaId: number; autor: Autor; id?: number; nombre: string },
  antes: { fiado: boolean; cupo: number; plazoFiado: number },
  datos: CambiosCliente,
): Promise<(clienteId: number) => Promise<void>> {
  const fiado = datos.fiado ?? antes.fiado;
  const cupo = datos.cupo ?? antes.cupo;
  const plazo = datos.plazoFiado ?? antes.plazoFiado;
  const anterior = antes.fiado ? antes.cupo : null;
  const nuevo = fiado ? cupo : null;
  // The days to pay are credit terms too (issue #30 point 6): changed with the same permission.
  const cambiaPlazo = plazo !== antes.plazoFiado;
  const cambia = fiado !== antes.fiado || cupo !== antes.cupo || cambiaPlazo;
  if (!cambia) return async () => {};
  await exigirPermiso(tx, c.tiendaId, c.autor, 'credito', { entidad: 'cliente', id: c.id, nombre: c.nombre });
  const plazos = cambiaPlazo ? { plazoAnterior: antes.plazoFiado, plazoNuevo: plazo } : {};
  return (clienteId) => registrarPor(tx, c.tiendaId, c.autor, { tipo: 'credito', detalle: { clienteId, cliente: c.nombre, anterior, nuevo, ...plazos } });
}

/**
 * The documento against its type and fiado against the customer's age (issue #36 points 10 and 12),
 * on every face: CC, TI and RC are numbers only; fiado is an adult's (not a TI's or an RC's).
 */
function verificarDocumento(datos: { documento: string; tipoDocumento: string }, fiado: boolean) {
  const doc = errorDocumentoPorTipo(datos.tipoDocumento, datos.documento);
  if (doc) throw new AppError('VALIDATION', doc, { fields: { documento: doc } });
  const menor = errorFiadoPorTipo(datos.tipoDocumento, fiado);
  if (menor) throw new AppError('BUSINESS_RULE', menor, { fields: { fiado: menor } });
}

const nombreCompleto = (d: { nombre: string; apellido: string }) => `${d.nombre} ${d.apellido}`.trim();

/** A new client of a store, inside the caller's transaction: every rule of `crearCliente`. */
async function insertarCliente(tx: Tx, tiendaId: number, datos: DatosCliente, autor: Autor): Promise<number> {
  const registrarCredito = await verificarCupo(tx, { tiendaId, autor, nombre: nombreCompleto(datos) }, { fiado: false, cupo: 0, plazoFiado: PLAZO_FIADO_POR_DEFECTO }, datos);
  verificarDocumento(datos, !!datos.fiado);
  await checkDocumento(tx, tiendaId, datos.documento);
  const [row] = await tx
    .insert(cliente)
    .values({ ...(presentes(datos, ESCRITAS) as DatosCliente), tiendaId, empresaId: empresaDeTienda(tiendaId) })
    .returning({ id: cliente.idCliente });
  await registrarCredito(row!.id);
  return row!.id;
}

/** A client's new values, inside the caller's transaction: every rule of `actualizarCliente`. Null: not in reach. */
async function cambiarCliente(tx: Tx, scope: ClienteScope, id: number, cambios: CambiosCliente, autor: Autor): Promise<number> {
  const [actual] = await tx
    .select({
      tiendaId: cliente.tiendaId,
      documentoRepetido: cliente.documentoRepetido,
      unidoA: cliente.unidoA,
      fiado: cliente.fiado,
      cupo: cliente.cupo,
      plazoFiado: cliente.plazoFiado,
      nombre: cliente.nombre,
      apellido: cliente.apellido,
      documento: cliente.documento,
      tipoDocumento: cliente.tipoDocumento,
    })
    .from(cliente)
    .where(esteCliente(scope, id))
    .for('update');
  if (!actual) throw notFound();
  // A customer merged into another (ADR 067) is history: every face edits the survivor instead.
  if (actual.unidoA != null) throw await yaUnido(tx, actual.unidoA);
  // The store that acts (issue #56: a customer of the empresa is edited from any of its stores): its
  // permissions and its activity log; the operator acts in the customer's own store.
  const tiendaId = scope.tiendaId ?? actual.tiendaId;
  const registrarCredito = await verificarCupo(tx, { tiendaId, autor, id, nombre: nombreCompleto(actual) }, actual, cambios);
  // What the client will be: the fields sent over the stored ones.
  verificarDocumento({ documento: cambios.documento ?? actual.documento, tipoDocumento: cambios.tipoDocumento ?? actual.tipoDocumento }, cambios.fiado ?? actual.fiado);
  // A documento kept as it was passes (two customers flagged by migration 0090 stay editable); a new one
  // must be the empresa's only, and clears the flag.
  const nuevoDocumento = cambios.documento !== undefined && cambios.documento !== actual.documento;
  if (nuevoDocumento) await checkDocumento(tx, actual.tiendaId, cambios.documento!, id);
  const valores = { ...presentes(cambios, ESCRITAS), ...(nuevoDocumento && actual.documentoRepetido ? { documentoRepetido: false } : {}) };
  if (Object.keys(valores).length) await tx.update(cliente).set(valores).where(eq(cliente.idCliente, id));
  await registrarCredito(id);
  return tiendaId;
}

/** Adds a client to the caller's store (or the store the operator names): a documento no other client of the store has. */
export async function crearCliente(options: {
  db: Db;
  scope: ClienteScope;
  datos: DatosCliente & { idTienda?: number | null };
  /** Who acts: fiado and the limit need the `credito` permission (ADR 013, issue #27). */
  autor: Autor;
}): Promise<TFilaCliente> {
  const { db, scope, datos, autor } = options;
  return conRechazos(db, () =>
    db
      .transaction(async (tx) => {
        const tiendaId = await tiendaDestino(tx, { tiendaId: scope.tiendaId, usuarioId: null }, datos.idTienda);
        const id = await insertarCliente(tx, tiendaId, datos, autor);
        return (await leer(tx, { tiendaId }, id))!;
      })
      .catch(traducir),
  );
}

/**
 * Saves a client in the caller's reach (404 otherwise): the fields sent, the documento included
 * unless another client of its store has it; a field not sent is left as it is.
 */
export async function actualizarCliente(options: { db: Db; scope: ClienteScope; id: number; cambios: CambiosCliente; autor: Autor }): Promise<TFilaCliente> {
  const { db, scope, id, cambios, autor } = options;
  return conRechazos(db, () =>
    db
      .transaction(async (tx) => {
        const tiendaId = await cambiarCliente(tx, scope, id, cambios, autor);
        return (await leer(tx, { tiendaId }, id))!;
      })
      .catch(traducir),
  );
}

// ── Import (issue #33 point 1) ──────────────────────────────────────────────────────────────

/** What an import compares a row with: every client of the store's empresa (issue #56), by document. */
export async function clientesImportables(db: Db | Tx, tiendaId: number) {
  return db.select(columnasCliente).from(cliente).where(clientesDeLaTienda(tiendaId)).orderBy(propioPrimero(tiendaId));
}

/**
 * A customers' import, all or nothing in one transaction: each new client and each change goes
 * through the same rules as one at a time (the documento by its type and unique in the store, fiado
 * for adults only, the `credito` permission and its log for fiado, limit and days), then one entry in
 * the activity log. A refusal undoes everything and is recorded as an attempt.
 */
export async function importarClientes(options: {
  db: Db;
  tiendaId: number;
  autor: Autor;
  altas: DatosCliente[];
  cambios: { id: number; campos: CambiosCliente }[];
  alAvanzar?: (hechas: number, total: number) => void | Promise<void>;
}): Promise<{ nuevos: number; actualizados: number }> {
  const { db, tiendaId, autor, altas, cambios } = options;
  const total = altas.length + cambios.length;
  if (total === 0) return { nuevos: 0, actualizados: 0 };
  return conRechazos(db, () =>
    db
      .transaction(async (tx) => {
        let hechas = 0;
        const avance = async () => {
          hechas += 1;
          if (hechas % 200 === 0 || hechas === total) await options.alAvanzar?.(hechas, total);
        };
        for (const datos of altas) {
          await insertarCliente(tx, tiendaId, datos, autor);
          await avance();
        }
        for (const c of cambios) {
          await cambiarCliente(tx, { tiendaId }, c.id, c.campos, autor);
          await avance();
        }
        await registrarPor(tx, tiendaId, autor, { tipo: 'importacion', detalle: { entidad: 'cliente', nuevos: altas.length, actualizados: cambios.length } });
        return { nuevos: altas.length, actualizados: cambios.length };
      })
      .catch(traducir),
  );
}

/** A customer with credit history (any fiado movement) keeps it: 409 on every face (issue #27). */
const conHistorial = () => new AppError('CONFLICT', M.clientes.conHistorialCredito, { title: M.clientes.noSeEliminaTitulo });

/**
 * Deletes a client in the caller's reach. Its past sales stay, whole, without client (the sale's
 * reference is ON DELETE SET NULL): every face does this, and the store's confirmation says so.
 * A customer with credit history is never deleted (issue #27): the refusal says to archive it; the
 * ledger's foreign key is RESTRICT, so no other path can take the history with it either.
 */
export async function eliminarCliente(options: { db: Db; scope: ClienteScope; id: number; autor: Autor }): Promise<void> {
  const { db, scope, id, autor } = options;
  await conRechazos(db, () =>
    db
      .transaction(async (tx) => {
        const [row] = await tx.select({ tiendaId: cliente.tiendaId, nombre: cliente.nombre, apellido: cliente.apellido, unidoA: cliente.unidoA }).from(cliente).where(esteCliente(scope, id)).for('update');
        if (!row) throw notFound();
        if (row.unidoA != null) throw await yaUnido(tx, row.unidoA);
        const nombre = nombreCompleto(row);
        // The acting store's permission and log (issue #56: any store of the empresa), the customer's own for the operator.
        const donde = scope.tiendaId ?? row.tiendaId;
        // Issue #27: deleting needs the store's permission (role 3 never: spec §6).
        await exigirPermiso(tx, donde, autor, 'eliminarClientesProveedores', { entidad: 'cliente', id, nombre });
        const [mov] = await tx.select({ id: creditoMovimiento.idCreditoMovimiento }).from(creditoMovimiento).where(eq(creditoMovimiento.clienteId, id)).limit(1);
        if (mov) throw conHistorial();
        await tx.delete(cliente).where(eq(cliente.idCliente, id));
        await registrarPor(tx, donde, autor, { tipo: 'eliminacion', detalle: { entidad: 'cliente', id, nombre } });
      })
      .catch((err: unknown) => {
        // A credit movement written between the check and the delete: the foreign key answers the same.
        if (esReferenciaViva(err)) throw conHistorial();
        throw err;
      }),
  );
}

/**
 * Archives a client in the caller's reach (issue #27): hidden from the lists and the till's lookup,
 * kept whole in the reports and its history. Only with a zero balance: a debt is collected or
 * forgiven by the ledger, not hidden. Archiving twice changes nothing.
 */
export async function archivarCliente(options: { db: Db; scope: ClienteScope; id: number; autor: Autor }): Promise<TFilaCliente> {
  const { db, scope, id, autor } = options;
  return conRechazos(db, () => db.transaction(async (tx) => {
    // The customer's row FOR UPDATE, as every credit write takes it: no charge lands while this checks.
    const [row] = await tx.select({ tiendaId: cliente.tiendaId, nombre: cliente.nombre, apellido: cliente.apellido, activo: cliente.activo }).from(cliente).where(esteCliente(scope, id)).for('update');
    if (!row) throw notFound();
    const nombre = nombreCompleto(row);
    const donde = scope.tiendaId ?? row.tiendaId;
    // Who may delete may archive (issue #27).
    await exigirPermiso(tx, donde, autor, 'eliminarClientesProveedores', { entidad: 'cliente', id, nombre });
    // The one balance, every store of the empresa's charges and abonos (issue #56).
    const [s] = await tx
      .select({ saldo: sql<string>`coalesce(sum(${creditoMovimiento.monto}), 0)` })
      .from(creditoMovimiento)
      .where(eq(creditoMovimiento.clienteId, id));
    const saldo = Number(s?.saldo ?? 0);
    if (saldo !== 0) throw new AppError('CONFLICT', M.clientes.archivarConSaldo(formatPesos(saldo)), { title: M.clientes.noSeArchivaTitulo });
    await tx.update(cliente).set({ activo: false }).where(eq(cliente.idCliente, id));
    if (row.activo) await registrarPor(tx, donde, autor, { tipo: 'archivo', detalle: { entidad: 'cliente', id, nombre } });
    return (await leer(tx, { tiendaId: row.tiendaId }, id))!;
  }));
}
