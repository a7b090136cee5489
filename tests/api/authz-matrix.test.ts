import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROL } from '#shared/roles';
import { INFORMES } from '#shared/schemas/reportes';
import { DEMO } from '../../server/db/demo';
import { tienda, turno, usuario, usuarioTienda } from '../../server/db/schema';
import { login } from '../helpers/factories';
import { enSucursal, prepararMatriz, siguiente, tokens, type Actor, type Ctx, type Expect, type Outcome } from './authz-matrix.setup';
import { asegurarCertificados } from '../../server/modules/red-local/certificados';
import { carpetaTls } from '../../server/modules/red-local/https';

/**
 * The authorization matrix: every route of the server (clean and legacy API) × every kind of caller,
 * with the outcome each must get. A route missing from the table fails the test, so nobody adds an
 * endpoint without deciding who may call it.
 *
 *   ok  – passes authentication, role and tenancy (any answer but 401/403/404, never 5xx)
 *   401 – no valid session     403 – role refused     404 – another store's row (tenancy)
 *
 * One owner, several stores (issue #56 step 2, ADR 043): `other` is another empresa's store admin (its
 * owner); `sibling` is the same empresa's other store: the demo store's own owner, switched to a branch
 * of its empresa (`POST /api/sesion/tienda`). The sibling sees nothing of the demo store's own rows:
 * unless a row says otherwise it gets what another empresa's owner gets. The empresa's shared rows
 * (its customers and their fiado, and its suppliers, issue #56 point 2, ADR 064) say so.
 */
const ACTORS: Actor[] = ['anon', 'r2', 'r3', 'other', 'op', 'sibling', 'r1'];
/** What an actor must get: the sibling store's owner gets what another empresa's gets, unless told. */
const wanted = (e: Expect, actor: Actor): Outcome => (actor === 'sibling' ? (e.sibling ?? e.other) : e[actor]);

const rule = (anon: Outcome, r1: Outcome, r2: Outcome, r3: Outcome, other: Outcome, op: Outcome): Expect => ({ anon, r1, r2, r3, other, op });
// Policies, in the column order anon, r1, r2, r3, other store's admin, operator.
const PUBLIC = rule('ok', 'ok', 'ok', 'ok', 'ok', 'ok');
const SESSION = rule('401', 'ok', 'ok', 'ok', 'ok', 'ok');
const STORE = rule('401', 'ok', 'ok', 'ok', 'ok', '403');
const STORE_ROW = rule('401', 'ok', 'ok', 'ok', '404', '403');
// A sale made by someone else (the store account): role 2 may complete or annul only its own sales of the day.
const STORE_SALE_NOT_R2S = rule('401', 'ok', '403', 'ok', '404', '403');
// Another employee's sale (issue #51 point 8): role 2 sees only its own in Gestionar facturas unless given `ventasDeOtros`; it answers as a missing one.
const STORE_SALE_OTHERS_R2_404 = rule('401', 'ok', '404', 'ok', '404', '403');
const STORE_NO_R3 = rule('401', 'ok', 'ok', '403', 'ok', '403');
const CRUD = rule('401', 'ok', '403', '403', 'ok', 'ok');
const CRUD_ROW = rule('401', 'ok', '403', '403', '404', 'ok');
const CRUD_OPERATOR = rule('401', '403', '403', '403', '403', 'ok');
const CRUD_OPERATOR_ROW = rule('401', '403', '403', '403', '403', 'ok');
// A store's own settings: its role 1 (the store account or an admin employee) only.
const STORE_ADMIN = rule('401', 'ok', '403', '403', 'ok', '403');
// A supervisor's own PIN (issue #16 point 4): an employee account of role 1 or 3, or the store account (issue #36 point 5).
const SUPERVISOR = rule('401', 'ok', '403', 'ok', 'ok', '403');
// A row of the store that only its role 1 touches (a new employee waiting for approval): another store's admin gets 404.
const STORE_ADMIN_ROW = rule('401', 'ok', '403', '403', '404', '403');
// Deleting or archiving customers and suppliers (issue #27): the `eliminarClientesProveedores` permission, off for role 2 by default, never role 3's.
const STORE_DELETE_ROW = STORE_ADMIN_ROW;
// Whoever sees the invitation code (roles 1 and 3) sees its expiry.
const STORE_CODE = rule('401', 'ok', '403', 'ok', 'ok', '403');
// The owner's day at a glance (issue #35): roles 1 and 3 (with the reports permission, on by default).
const STORE_R1_R3 = rule('401', 'ok', '403', 'ok', 'ok', '403');
// Purchasing (issue #32): the `stock` permission, role 2's off by default.
const STORE_NO_R2 = rule('401', 'ok', '403', 'ok', 'ok', '403');
const STORE_ROW_NO_R2 = rule('401', 'ok', '403', 'ok', '404', '403');

interface Entry {
  expect: Expect;
  /** Path parameters; `fresh` ones get a new row for each caller (deletes). */
  params?: (c: Ctx) => Promise<Record<string, string | number>>;
  /** The request's body, or how to make it from the context. */
  body?: unknown;
  query?: string;
  /** Undoes what a caller's request changed for the next ones (a signed-out session, a new code). */
  after?: (c: Ctx, actor: Actor) => Promise<void>;
}

const id = (key: string) => async (c: Ctx) => ({ id: c.ids[key]! });
/** After a sign-out: the caller signs in again, so the next rows still test its role. */
const reLogin = async (c: Ctx, actor: Actor) => {
  if (actor === 'anon') return;
  const cuenta = c.cuentas[actor];
  tokens[actor] = await login(c.t, cuenta.tipo, cuenta.email, cuenta.contrasena);
  if (actor === 'sibling') tokens.sibling = await enSucursal(c, tokens.sibling!);
};
/** The demo employee given a role in the branch, then its id: the owner may take it away. */
const personaEnSucursal = async (c: Ctx) => {
  await c.t.database.db.insert(usuarioTienda).values({ usuarioId: c.ids.usuario!, tiendaId: c.b, rolId: ROL.EMPLEADO }).onConflictDoNothing();
  return { id: c.b, idUsuario: c.ids.usuario! };
};
/** After a new invitation code: the demo store's is put back (the legacy rows below send it). */
const demoCodeBack = async (c: Ctx) => {
  await c.t.database.db.update(tienda).set({ codigoInvitacion: DEMO.tienda.codigo }).where(eq(tienda.idTienda, c.a));
};
const freshId = (key: string) => async (c: Ctx) => ({ id: await c.fresh[key]!() });
/** A new open shift of a new role-2 cashier of the demo store (not any caller's own). */
const turnoDeOtroCajero = async (c: Ctx) => {
  const db = c.t.database.db;
  const u = await c.fresh.usuario!();
  const [row] = await db.insert(turno).values({ tiendaId: c.a, usuarioId: u, fondoInicial: 0 }).returning();
  return row!.idTurno;
};

/** A new employee of the demo store waiting for approval (issue #15), one per caller. */
const pendienteDeLaTienda = async (c: Ctx) => {
  const [row] = await c.t.database.db
    .insert(usuario)
    .values({ documento: String(7_000_000_000 + siguiente()), nombre1: 'P', apellido1: 'Z', correo: `p${siguiente()}@matriz.co`, contrasenaHash: 'x', rolId: 2, tiendaId: c.a, aprobado: false })
    .returning();
  return { id: row!.idUsuario };
};

const TABLE: Record<string, Entry> = {
  // Operations (issue #37): readiness is public like health; metrics need METRICS_TOKEN, which this app
  // does not set (server/plugins/operacion.test.ts tests the token).
  'GET /api/ready': { expect: PUBLIC },
  'GET /api/metrics': { expect: rule('404', '404', '404', '404', '404', '404') },
  // Accounts
  'POST /api/sesion/login': { expect: PUBLIC, body: {} },
  'GET /api/sesion': { expect: SESSION },
  'POST /api/sesion/cerrar': { expect: SESSION, after: reLogin },
  // One owner, several stores (issue #56): the stores a session may act for, and the switch to the demo
  // store: its own people and its empresa's owner (the sibling) only.
  'GET /api/sesion/tiendas': { expect: SESSION },
  'POST /api/sesion/tienda': { expect: { ...rule('401', 'ok', 'ok', 'ok', '403', '403'), sibling: 'ok' }, body: (c: Ctx) => ({ idTienda: c.a }) },
  // Sucursales: the empresa's owner (a store login) only; another empresa's owner never reaches this one's stores or people.
  'GET /api/sucursales': { expect: rule('401', 'ok', '403', '403', 'ok', '403') },
  'POST /api/sucursales': { expect: rule('401', 'ok', '403', '403', 'ok', '403'), body: {} },
  'GET /api/sucursales/personas': { expect: rule('401', 'ok', '403', '403', 'ok', '403') },
  'PUT /api/sucursales/:id/personas/:idUsuario': { expect: { ...rule('401', 'ok', '403', '403', '404', '403'), sibling: 'ok' }, params: personaEnSucursal, body: { rol: ROL.EMPLEADO } },
  'DELETE /api/sucursales/:id/personas/:idUsuario': { expect: { ...rule('401', 'ok', '403', '403', '404', '403'), sibling: 'ok' }, params: personaEnSucursal },
  // Every store of the empresa side by side (issue #56 point 4): the empresa's owner only, also from the branch (the sibling);
  // another empresa's owner gets its own stores only (tests/api/empresa-resumen.test.ts), never this one's.
  'GET /api/empresa/resumen': { expect: { ...rule('401', 'ok', '403', '403', 'ok', '403'), sibling: 'ok' }, query: 'periodo=mes' },
  'GET /api/empresa/resumen/exportar': { expect: { ...rule('401', 'ok', '403', '403', 'ok', '403'), sibling: 'ok' }, query: 'periodo=mes&formato=csv' },
  'GET /api/empresa/cierre': { expect: { ...rule('401', 'ok', '403', '403', 'ok', '403'), sibling: 'ok' } },
  'GET /api/empresa/cierre/exportar': { expect: { ...rule('401', 'ok', '403', '403', 'ok', '403'), sibling: 'ok' }, query: 'formato=xlsx' },
  // Per product, per person and per tax rate of every store (issue #56 points 4 and 5): the same rule (tests/api/empresa-informes.test.ts).
  'GET /api/empresa/productos': { expect: { ...rule('401', 'ok', '403', '403', 'ok', '403'), sibling: 'ok' }, query: 'periodo=mes' },
  'GET /api/empresa/productos/exportar': { expect: { ...rule('401', 'ok', '403', '403', 'ok', '403'), sibling: 'ok' }, query: 'periodo=mes&formato=csv' },
  'GET /api/empresa/empleados': { expect: { ...rule('401', 'ok', '403', '403', 'ok', '403'), sibling: 'ok' }, query: 'periodo=semana' },
  'GET /api/empresa/empleados/exportar': { expect: { ...rule('401', 'ok', '403', '403', 'ok', '403'), sibling: 'ok' }, query: 'formato=xlsx' },
  'GET /api/empresa/impuestos': { expect: { ...rule('401', 'ok', '403', '403', 'ok', '403'), sibling: 'ok' }, query: 'periodo=mes' },
  'GET /api/empresa/impuestos/exportar': { expect: { ...rule('401', 'ok', '403', '403', 'ok', '403'), sibling: 'ok' }, query: 'periodo=hoy&formato=csv' },
  'GET /api/empresa/catalogo/exportar/:formato': { expect: { ...rule('401', 'ok', '403', '403', 'ok', '403'), sibling: 'ok' }, params: async () => ({ formato: 'xlsx' }) },
  // Transfers between the empresa's stores (issue #56 point 3, ADR 056): the owner (also from the branch) and roles 1/3 of
  // either store; another empresa's never sees one. A leg of a version that is not the row's changes nothing (409).
  'GET /api/traslados': { expect: STORE_R1_R3 },
  'POST /api/traslados': { expect: STORE_R1_R3, body: {} },
  'GET /api/traslados/:id': { expect: { ...STORE_ROW_NO_R2, sibling: 'ok' }, params: id('traslado') },
  'POST /api/traslados/:id/despachar': { expect: { ...STORE_ROW_NO_R2, sibling: 'ok' }, params: id('traslado'), body: { version: 999_999 } },
  'POST /api/traslados/:id/recibir': { expect: { ...STORE_ROW_NO_R2, sibling: 'ok' }, params: id('traslado'), body: { version: 999_999, lineas: [] } },
  'POST /api/traslados/:id/cancelar': { expect: { ...STORE_ROW_NO_R2, sibling: 'ok' }, params: id('traslado'), body: { version: 999_999 } },
  'POST /api/usuarios/registro': { expect: PUBLIC, body: {} },
  'POST /api/tiendas/registro': { expect: PUBLIC, body: {} },
  'POST /api/recuperacion/enviar-codigo': { expect: PUBLIC, body: {} },
  'POST /api/recuperacion/verificar-codigo': { expect: PUBLIC, body: {} },
  'POST /api/recuperacion/restablecer': { expect: PUBLIC, body: {} },
  // Point of sale
  'GET /api/ventas/productos': { expect: STORE },
  'GET /api/ventas/productos/rapidos': { expect: STORE },
  'PUT /api/ventas/productos/rapidos/orden': { expect: STORE_ADMIN, body: { productos: [] } },
  // The branch carries the demo catalogue (issue #56 step 3): the same barcode finds the branch's own copy there.
  'GET /api/ventas/productos/codigo/:codigo': { expect: { ...STORE_ROW, sibling: 'ok' }, params: async () => ({ codigo: '7702001000012' }) },
  'GET /api/metodos-pago': { expect: STORE },
  // Customers are the empresa's (issue #56 point 2): the same empresa's other store (the sibling) finds,
  // edits, charges and takes abonos from the demo store's customer; another empresa still gets 404.
  'GET /api/ventas/clientes/:documento': { expect: { ...STORE_ROW, sibling: 'ok' }, params: async () => ({ documento: '1020304050' }) },
  'POST /api/ventas': { expect: STORE, body: {} },
  // Factura electrónica de venta (issue #57, ADR 044): at the till like a sale; after the fact, refused (409) on a sale the caller sees.
  'POST /api/ventas/factura-electronica': { expect: STORE, body: {} },
  'GET /api/ventas/clientes/:documento/datos-fiscales': { expect: { ...STORE_ROW, sibling: 'ok' }, params: async () => ({ documento: '1020304050' }) },
  'POST /api/ventas/:id/factura-electronica': { expect: STORE_SALE_OTHERS_R2_404, params: id('venta') },
  'GET /api/ventas/:id': { expect: STORE_SALE_OTHERS_R2_404, params: id('venta') },
  'POST /api/ventas/:id/completar': { expect: STORE_SALE_NOT_R2S, params: freshId('venta') },
  'POST /api/ventas/:id/anular': { expect: STORE_SALE_NOT_R2S, params: freshId('venta') },
  // Returns (issue #32): the `devolver` permission (issue #51 point 3: role 2 not by default, else a
  // supervisor's PIN) with the annulment's floor; role 2 may read a sale's returns as it reads the sale.
  'GET /api/ventas/:id/devoluciones': { expect: STORE_ROW, params: id('venta') },
  'POST /api/ventas/:id/devoluciones': {
    expect: STORE_SALE_NOT_R2S,
    params: freshId('venta'),
    body: { lineas: [{ facturaId: 1, cantidad: 1, destino: 'inventario' }], metodoPagoId: 5, motivo: 'Matriz' },
  },
  // An exchange (issue #32 point 2): the return's rule, then the checkout's.
  'POST /api/ventas/:id/cambios': {
    expect: STORE_SALE_NOT_R2S,
    params: freshId('venta'),
    body: { devolver: [{ facturaId: 1, cantidad: 1, destino: 'inventario' }], lineas: [{ productoId: 1, cantidad: 1 }], metodoPagoId: 5, montoRecibido: 0, motivo: 'Matriz' },
  },
  'GET /api/devoluciones/:id': { expect: STORE_ROW, params: id('devolucion') },
  // Issue #16 point 4: the till's PIN dialog lists the store's supervisors; a supervisor sets their own PIN.
  'GET /api/ventas/supervisores': { expect: STORE },
  // The offline till (issue #34, ADR 029): every role that sells registers its device and downloads.
  'POST /api/sin-red/dispositivos': { expect: STORE },
  'GET /api/sin-red/datos': { expect: STORE },
  // Issue #51 point 5: a device asks (every role that sells); offline sales arrive only by the sync; role 1 manages devices and reviews.
  'POST /api/sin-red/equipo': { expect: STORE, body: { clave: 'matriz-equipo-0123456789abcdefghijklmnop' } },
  'POST /api/sin-red/ventas': { expect: STORE, body: {} },
  'GET /api/sin-red/equipos': { expect: STORE_ADMIN },
  'PATCH /api/sin-red/equipos/:id': { expect: STORE_ADMIN_ROW, params: id('equipo'), body: { nombre: 'Caja matriz' } },
  'POST /api/sin-red/equipos/:id/autorizar': { expect: STORE_ADMIN_ROW, params: id('equipo') },
  'POST /api/sin-red/equipos/:id/revocar': { expect: STORE_ADMIN_ROW, params: id('equipo') },
  'GET /api/sin-red/revisar': { expect: STORE_ADMIN },
  'POST /api/sin-red/revisar/:id/revisada': { expect: STORE_ADMIN_ROW, params: id('revisar') },
  'GET /api/cuenta/pin': { expect: SUPERVISOR },
  'PUT /api/cuenta/pin': { expect: SUPERVISOR, body: {} },
  // Management
  'GET /api/productos': { expect: STORE },
  'GET /api/productos/:id': { expect: STORE_ROW, params: id('producto') },
  // A new product sets its first price (issue #51 point 4): role 2 lacks 'precios' by default.
  // The demo empresa has a branch (issue #56 point 2, ADR 043 §2): a new product is an entry of the empresa's
  // catalogue, the owner's; its staff, the encargado too, create none (a lone store's do: catalogo-empresa.test.ts).
  'POST /api/productos': { expect: STORE_ADMIN, body: { nombre: 'Matriz alta', precio: 1000, cantidad: 0 } },
  'PUT /api/productos/:id': { expect: STORE_ROW, params: id('producto'), body: { nombre: 'Arroz blanco 500 g', precio: 2800, stock: 60, stockMin: 10, estado: 1 } },
  // Deleting a product (issue #27): role 2 only with the store's permission (off by default), role 3 never.
  'DELETE /api/productos/:id': { expect: STORE_ADMIN_ROW, params: freshId('producto') },
  // Issue #33 point 5 (ADR 033): a product's sale units. Adding one sets a price: role 2 lacks 'precios' by default.
  'GET /api/productos/:id/presentaciones': { expect: STORE_ROW, params: id('producto') },
  // The demo empresa has a branch (issue #56 point 2, ADR 043 §2): packs are the catalogue's, the owner's to add, change or remove.
  'POST /api/productos/:id/presentaciones': { expect: STORE_ADMIN_ROW, params: id('producto'), body: { nombre: 'Paca x6', factor: 6, codigoBarras: 'MATRIZ-PACA-6', precio: 5000 } },
  // A pack's factor is its price per unit (issue #51 point 4): each caller changes a fresh pack's 24 to 12, which needs 'precios'.
  'PUT /api/productos/:id/presentaciones/:presentacionId': {
    expect: STORE_ADMIN_ROW,
    params: async (c) => ({ id: c.ids.producto!, presentacionId: await c.fresh.presentacion!() }),
    body: { nombre: 'Caja x12', factor: 12, codigoBarras: 'MATRIZ-PUT-CAJA', precio: 1000 },
  },
  'DELETE /api/productos/:id/presentaciones/:presentacionId': { expect: STORE_ADMIN_ROW, params: async (c) => ({ id: c.ids.producto!, presentacionId: await c.fresh.presentacion!() }) },
  // Issue #27 point 2: a product's price history.
  'GET /api/productos/:id/historial-precios': { expect: STORE_ROW, params: id('producto') },
  // Issue #33: the catalogue's import; the product's permissions are asked row by row (a refused row is a row error).
  'POST /api/importacion/productos/vista-previa': { expect: STORE, body: {} },
  'POST /api/importacion/productos/aplicar': { expect: STORE, body: {} },
  // Customers and suppliers too: their domains' rules apply row by row (credit terms need `credito`).
  'POST /api/importacion/clientes/vista-previa': { expect: STORE, body: {} },
  'POST /api/importacion/clientes/aplicar': { expect: STORE, body: {} },
  'POST /api/importacion/proveedores/vista-previa': { expect: STORE, body: {} },
  'POST /api/importacion/proveedores/aplicar': { expect: STORE, body: {} },
  // The import's templates (issue #52 point 6): whoever may open the import screen.
  'GET /api/importacion/productos/plantilla/:formato': { expect: STORE, params: async () => ({ formato: 'xlsx' }) },
  'GET /api/importacion/clientes/plantilla/:formato': { expect: STORE, params: async () => ({ formato: 'csv' }) },
  'GET /api/importacion/proveedores/plantilla/:formato': { expect: STORE, params: async () => ({ formato: 'csv' }) },
  // Issue #33 point 2: each list as CSV or XLSX, by whoever may read the list.
  'GET /api/productos/exportar/:formato': { expect: STORE, params: async () => ({ formato: 'csv' }) },
  'GET /api/clientes/exportar/:formato': { expect: STORE, params: async () => ({ formato: 'xlsx' }) },
  'GET /api/proveedores/exportar/:formato': { expect: STORE, params: async () => ({ formato: 'csv' }) },
  'GET /api/facturas/exportar/:formato': { expect: STORE, params: async () => ({ formato: 'csv' }) },
  'GET /api/movimientos/exportar/:formato': { expect: STORE_NO_R3, params: async () => ({ formato: 'csv' }) },
  'GET /api/proveedores': { expect: STORE },
  'GET /api/proveedores/opciones': { expect: STORE },
  // Suppliers are the empresa's (issue #56 point 2, ADR 064): the same empresa's other store (the sibling) reads the
  // demo store's supplier's products (its own store's), and deletes or archives it with its own permissions; another empresa still gets 404.
  'GET /api/proveedores/:id/productos': { expect: { ...STORE_ROW, sibling: 'ok' }, params: id('proveedor') },
  'POST /api/proveedores': { expect: STORE_NO_R3, body: {} },
  'DELETE /api/proveedores/:id': { expect: { ...STORE_DELETE_ROW, sibling: 'ok' }, params: freshId('proveedor') },
  'POST /api/proveedores/:id/archivar': { expect: { ...STORE_DELETE_ROW, sibling: 'ok' }, params: freshId('proveedor') },
  // Merging two flagged suppliers (ADR 072): role 1 of any store of the empresa; a lone pair is refused (409), which is 'ok' here.
  'POST /api/proveedores/:id/unir': { expect: { ...STORE_ADMIN_ROW, sibling: 'ok' }, params: freshId('proveedor'), body: (c: Ctx) => ({ proveedorId: c.ids.proveedor }) },
  'GET /api/clientes': { expect: STORE },
  'POST /api/clientes': { expect: STORE, body: {} },
  // The empresa's customers (issue #56): the sibling reaches the demo store's.
  'PUT /api/clientes/:id': { expect: { ...STORE_ROW, sibling: 'ok' }, params: id('cliente'), body: { documento: '1020304050', tipoDocumento: 'CC', nombre: 'María', apellido: 'Gómez', correo: 'maria.gomez@correo.example' } },
  'DELETE /api/clientes/:id': { expect: { ...STORE_DELETE_ROW, sibling: 'ok' }, params: freshId('cliente') },
  'POST /api/clientes/:id/archivar': { expect: { ...STORE_DELETE_ROW, sibling: 'ok' }, params: freshId('cliente') },
  // Merging two customers with one flagged documento (issue #56, ADR 067): the owner or the store's administrator; a
  // customer of the demo store and a fresh one (not twins: the allowed get a 409, the refused their 403/404).
  'POST /api/clientes/:id/unir': { expect: { ...STORE_ADMIN_ROW, sibling: 'ok' }, params: freshId('cliente'), body: (c: Ctx) => ({ clienteId: c.ids.cliente }) },
  // Fiado (issue #17, ADR 013): every role of the store sees balances and records abonos; the limit is the client form's (role 1).
  'GET /api/clientes/:id/cuenta': { expect: { ...STORE_ROW, sibling: 'ok' }, params: id('cliente') },
  'POST /api/clientes/:id/abonos': { expect: { ...STORE_ROW, sibling: 'ok' }, params: id('cliente'), body: { monto: 1000, metodoPagoId: 5 } },
  'GET /api/cuentas-por-cobrar': { expect: STORE },
  'GET /api/analisis': { expect: STORE },
  'GET /api/movimientos': { expect: STORE_NO_R3 },
  'GET /api/facturas': { expect: STORE },
  'GET /api/facturas/:idVenta': { expect: STORE_SALE_OTHERS_R2_404, params: async (c) => ({ idVenta: c.ids.venta! }) },
  // The store's settings
  'POST /api/tienda/codigo-invitacion/regenerar': { expect: STORE_ADMIN, after: demoCodeBack },
  // The invitation code's expiry and the approval of new employees (issue #15).
  'GET /api/tienda/invitacion': { expect: STORE_CODE },
  'PUT /api/tienda/invitacion': { expect: STORE_ADMIN, body: { aprobar_empleados: false } },
  'GET /api/tienda/empleados-pendientes': { expect: STORE_ADMIN },
  'POST /api/tienda/empleados-pendientes/:id/aprobar': { expect: STORE_ADMIN_ROW, params: pendienteDeLaTienda },
  'DELETE /api/tienda/empleados-pendientes/:id': { expect: STORE_ADMIN_ROW, params: pendienteDeLaTienda },
  'GET /api/tienda/ajustes': { expect: STORE },
  'PUT /api/tienda/ajustes': { expect: STORE_ADMIN, body: { nit: '900123456-7', direccion: 'Calle 10 # 5-23, Bogotá', telefono: '6013456789', anchoPapel: '80', pieRecibo: null } },
  // Caja (issue #18): every role opens its own shift; role 2 sees and closes only its own, 1 and 3 any of the store.
  'GET /api/caja/turno': { expect: STORE },
  'POST /api/caja/turnos': { expect: STORE, body: {} },
  'GET /api/caja/turnos': { expect: STORE },
  'GET /api/caja/turnos/:id': { expect: STORE_SALE_NOT_R2S, params: async (c) => ({ id: await turnoDeOtroCajero(c) }) },
  'POST /api/caja/turnos/:id/cerrar': { expect: STORE_SALE_NOT_R2S, params: async (c) => ({ id: await turnoDeOtroCajero(c) }), body: { efectivo: 0 } },
  'POST /api/caja/movimientos': { expect: STORE, body: {} },
  'POST /api/caja/ventas/:id/verificar': { expect: STORE_SALE_NOT_R2S, params: id('venta') },
  // Permissions (issue #27 point 1): role 1 decides; every role of the store reads its own.
  'GET /api/tienda/balanzas': { expect: STORE },
  'PUT /api/tienda/balanzas': { expect: STORE_ADMIN, body: { formatos: [{ prefijo: '20', largoCodigo: 5, contenido: 'peso', decimales: 3, digitoPrecio: false }] } },
  'GET /api/tienda/permisos': { expect: STORE_ADMIN },
  'PUT /api/tienda/permisos': { expect: STORE_ADMIN, body: {} },
  'GET /api/tienda/mis-permisos': { expect: STORE },
  // Taxes (issue #30): every role reads the fiscal profile (the receipts print it); role 1 writes it and classifies.
  'GET /api/tienda/perfil-fiscal': { expect: STORE },
  'PUT /api/tienda/perfil-fiscal': {
    expect: STORE_ADMIN,
    body: { razonSocial: 'Matriz SAS', tipoPersona: 'juridica', nit: '800197268', dv: 4, responsabilidades: [], responsableIva: false, departamento: '11', municipio: '11001', direccion: 'Calle 1', telefono: null, correo: 'm@matriz.co', documentoInformativo: false, valorIncBolsa: 0 },
  },
  'GET /api/impuestos/ventas/:id': { expect: STORE_ROW, params: id('venta') },
  'GET /api/impuestos/clasificacion': { expect: STORE_ADMIN },
  'PUT /api/impuestos/categorias': { expect: STORE_ADMIN, body: {} },
  'PUT /api/impuestos/productos': { expect: STORE_ADMIN, body: {} },
  'GET /api/impuestos/informe': { expect: STORE_ADMIN, query: 'mes=2026-01' },
  'GET /api/impuestos/informe/archivo': { expect: STORE_ADMIN, query: 'mes=2026-01&formato=csv' },
  // Tills and their DIAN ranges (issue #30 point 5): every role lists the tills to open a shift at; role 1 manages them.
  // The electronic POS document (issue #31): role 1 of its own store; a sale's XML as its receipt.
  'GET /api/dian/configuracion': { expect: STORE_ADMIN },
  'PUT /api/dian/configuracion': { expect: STORE_ADMIN, body: {} },
  'POST /api/dian/certificado': { expect: STORE_ADMIN, body: {} },
  'POST /api/dian/habilitacion': { expect: STORE_ADMIN },
  'POST /api/dian/habilitacion/consultar': { expect: STORE_ADMIN },
  // Each other document type's habilitación (issue #57 point 5): role 1 only, as the POS document's.
  'PUT /api/dian/habilitacion/tipos/:tipo': { expect: STORE_ADMIN, params: async () => ({ tipo: 'factura' }), body: {} },
  'POST /api/dian/habilitacion/tipos/:tipo/enviar': { expect: STORE_ADMIN, params: async () => ({ tipo: 'soporte' }) },
  'POST /api/dian/habilitacion/tipos/:tipo/consultar': { expect: STORE_ADMIN, params: async () => ({ tipo: 'factura' }) },
  'GET /api/dian/documentos': { expect: STORE_ADMIN },
  'POST /api/dian/documentos/enviar': { expect: STORE_ADMIN },
  'GET /api/dian/archivo': { expect: STORE_ADMIN, query: 'desde=2026-01-01&hasta=2026-01-02' },
  // The accountant's export of the month's DIAN documents and their count (issue #57 point 6): role 1, as the tax report.
  'GET /api/dian/contador': { expect: STORE_ADMIN, query: 'mes=2026-11&formato=csv' },
  'GET /api/dian/contador/conteo': { expect: STORE_ADMIN, query: 'mes=2026-11' },
  'GET /api/dian/ventas/:id/xml': { expect: STORE_ROW, params: id('venta') },
  // The buyer's copy of an invoiced sale (issue #57 point 4): its state, ZIP and PDF as the sale's XML; resending it, role 1.
  'GET /api/dian/ventas/:id/copia': { expect: STORE_ROW, params: id('venta') },
  'GET /api/dian/ventas/:id/contenedor': { expect: STORE_ROW, params: id('venta') },
  'GET /api/dian/ventas/:id/pdf': { expect: STORE_ROW, params: id('venta') },
  'POST /api/dian/ventas/:id/reenviar': { expect: STORE_ADMIN_ROW, params: id('venta') },
  // An invoiced sale's debit notes (issue #57 point 2, ADR 050): role 1 of the sale's store; another store's sale answers as missing.
  'GET /api/dian/ventas/:id/notas-debito': { expect: STORE_ADMIN_ROW, params: id('venta') },
  'POST /api/dian/ventas/:id/notas-debito': { expect: STORE_ADMIN_ROW, params: id('venta'), body: { concepto: 2, motivo: 'Flete de entrega', cargos: [{ descripcion: 'Flete', valor: 12_000, impuesto: 'iva19' }] } },
  'GET /api/numeracion/puntos': { expect: STORE },
  'GET /api/numeracion': { expect: STORE_ADMIN },
  'GET /api/numeracion/avisos': { expect: STORE_ADMIN },
  'POST /api/numeracion/cajas': { expect: STORE_ADMIN, body: {} },
  'PUT /api/numeracion/cajas/:id': { expect: STORE_ADMIN_ROW, params: id('puntoVenta'), body: { nombre: 'Caja matriz', ubicacion: 'Mostrador' } },
  // A valid range, wide and current: the demo store's sales after it take its numbers, as a real one would.
  'POST /api/numeracion/cajas/:id/rangos': {
    expect: STORE_ADMIN_ROW,
    params: id('puntoVenta'),
    body: { prefijo: 'MZ', desde: 1, hasta: 1_000_000, resolucion: '18764000000001', fechaDesde: new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10), fechaHasta: new Date(Date.now() + 600 * 86_400_000).toISOString().slice(0, 10) },
  },
  // The activity log (issue #27 point 6): the store's role 1 only.
  'GET /api/actividad': { expect: STORE_ADMIN },
  'GET /api/actividad/personas': { expect: STORE_ADMIN },
  'GET /api/actividad/csv': { expect: STORE_ADMIN },
  // The shop's phones (issue #34 point 1): the page for role 1; the authority's certificate is public.
  'GET /api/red-local': { expect: STORE_ADMIN },
  'GET /api/red-local/autoridad.crt': {
    expect: PUBLIC,
    params: async (c) => {
      asegurarCertificados({ dir: carpetaTls(c.t.app.env), nombres: ['localhost', '127.0.0.1'] });
      return {};
    },
  },
  // Reports (issue #35): role 1, and roles 2 and 3 with the store's reports permission (role 3's by
  // default; a new store's role 2 not, issue #51 point 8).
  'GET /api/reportes/opciones': { expect: STORE_NO_R2 },
  'GET /api/reportes/inicio': { expect: STORE_R1_R3 },
  // Purchasing (issue #32): every role reads *por pedir*; role 1 sets its target; orders and receiving need the stock permission.
  'GET /api/compras/por-pedir': { expect: STORE },
  'PUT /api/compras/objetivo': { expect: STORE_ADMIN, body: { pedidoObjetivo: 200 } },
  'GET /api/lotes/por-vencer': { expect: STORE },
  'PUT /api/lotes/dias-por-vencer': { expect: STORE_ADMIN, body: { dias: 30 } },
  'GET /api/lotes/producto/:id': { expect: STORE_ROW, params: id('producto') },
  'GET /api/compras/ordenes': { expect: STORE_NO_R2 },
  'GET /api/compras/ordenes/:id': { expect: STORE_ROW_NO_R2, params: id('orden') },
  'POST /api/compras/ordenes': { expect: STORE_NO_R2, body: {} },
  'PUT /api/compras/ordenes/:id': { expect: STORE_ROW_NO_R2, params: freshId('orden'), body: { lineas: [{ productoId: 1, cantidad: 1, costoUnit: 1 }] } },
  'POST /api/compras/ordenes/:id/enviar': { expect: STORE_ROW_NO_R2, params: freshId('orden') },
  'POST /api/compras/ordenes/:id/cancelar': { expect: STORE_ROW_NO_R2, params: freshId('orden') },
  'POST /api/compras/recepciones': { expect: STORE_NO_R2, body: {} },
  // A reception's documento soporte (ADR 055): who receives reads it; role 1 issues its note (422 past the checks: no DS).
  'GET /api/compras/recepciones/:id/soporte': { expect: STORE_ROW_NO_R2, params: id('recepcion') },
  // Its PDF (ADR 058): who reads the DS downloads it (422 past the checks: no DS).
  'GET /api/compras/recepciones/:id/soporte/pdf': { expect: STORE_ROW_NO_R2, params: id('recepcion') },
  'POST /api/compras/recepciones/:id/nota-soporte': { expect: STORE_ADMIN_ROW, params: id('recepcion'), body: { concepto: 2, motivo: 'Anulación de la compra' } },
  // Costs and margins (issue #32 point 6): the reportes permission (not a new store's role 2, issue #51 point 8).
  'GET /api/compras/costos': { expect: STORE_NO_R2, query: 'ids=1,2' },
  // Physical counts (issue #58 point 1): anyone of the store counts; role 1, or role 3 with `stock`, manages. The row is a cancelled count (409 past the checks).
  'GET /api/conteos': { expect: STORE },
  'POST /api/conteos': { expect: STORE_NO_R2, body: { alcance: 'tienda' } },
  'GET /api/conteos/:id': { expect: STORE_ROW, params: id('conteo') },
  'GET /api/conteos/:id/productos': { expect: STORE_ROW, params: id('conteo'), query: 'q=arroz' },
  'POST /api/conteos/:id/lineas': { expect: STORE_ROW, params: id('conteo'), body: { productoId: 1, cantidad: 1 } },
  'POST /api/conteos/:id/reconteo': { expect: STORE_ROW_NO_R2, params: id('conteo'), body: { productoId: 1, cantidad: 1 } },
  'GET /api/conteos/:id/informe': { expect: STORE_ROW_NO_R2, params: id('conteo') },
  'GET /api/conteos/:id/csv': { expect: STORE_ROW_NO_R2, params: id('conteo') },
  'POST /api/conteos/:id/aprobar': { expect: STORE_ROW_NO_R2, params: id('conteo') },
  'POST /api/conteos/:id/cancelar': { expect: STORE_ROW_NO_R2, params: id('conteo') },
  // Price lists (issue #59 points 1 and 5, ADR 047): the `listasPrecios` permission, role 1's only by default.
  'GET /api/listas-precios': { expect: STORE_ADMIN },
  'POST /api/listas-precios': { expect: STORE_ADMIN, body: {} },
  'GET /api/listas-precios/:id': { expect: STORE_ADMIN_ROW, params: id('lista') },
  'PUT /api/listas-precios/:id': { expect: STORE_ADMIN_ROW, params: id('lista'), body: { nombre: 'Mayorista matriz', porcentaje: 5 } },
  'DELETE /api/listas-precios/:id': { expect: STORE_ADMIN_ROW, params: freshId('lista') },
  // Valid bodies (the demo store's first product and customer), so another store's admin meets the list's tenancy, not the body's validation.
  'PUT /api/listas-precios/:id/precios': { expect: STORE_ADMIN_ROW, params: id('lista'), body: { productoId: 1, precio: 1000 } },
  'PUT /api/listas-precios/:id/clientes': { expect: STORE_ADMIN_ROW, params: id('lista'), body: { documento: '1020304050', asignado: true } },
  // Copied to other stores of the empresa (issue #59 point 1): its owner only; another empresa's owner and the owner switched to the branch do not find the demo store's row.
  'POST /api/listas-precios/:id/copiar': { expect: rule('401', 'ok', '403', '403', '404', '403'), params: id('lista'), body: (c: Ctx) => ({ tiendas: [c.b] }) },
  // Promotions (issue #59 points 2 and 5, ADR 052): the `promociones` permission, role 1's only by default; the till's read is every seller's.
  'GET /api/promociones/caja': { expect: STORE },
  'GET /api/promociones': { expect: STORE_ADMIN },
  'POST /api/promociones': { expect: STORE_ADMIN, body: {} },
  'GET /api/promociones/:id': { expect: STORE_ADMIN_ROW, params: id('promocion') },
  // A valid body (the demo store's first product), so another store's admin meets the promotion's tenancy, not the body's validation.
  'PUT /api/promociones/:id': { expect: STORE_ADMIN_ROW, params: id('promocion'), body: { nombre: 'Promo matriz', tipo: 'porcentaje', porcentaje: 5, categoria: 'Matriz' } },
  'DELETE /api/promociones/:id': { expect: STORE_ADMIN_ROW, params: freshId('promocion') },
  'POST /api/promociones/:id/copiar': { expect: rule('401', 'ok', '403', '403', '404', '403'), params: id('promocion'), body: (c: Ctx) => ({ tiendas: [c.b] }) },
  // Loyalty points (issue #59 point 3, ADR 054): every seller reads the settings and a customer's points; role 1 alone changes the settings.
  'GET /api/puntos/configuracion': { expect: STORE },
  'PUT /api/puntos/configuracion': { expect: STORE_ADMIN, body: { activo: false, pesosPorPunto: 1000, valorPunto: 1 } },
  // Points stay per store (ADR 043 addendum): the sibling reads the shared customer's balance in its own store.
  'GET /api/puntos/clientes/:id': { expect: { ...STORE_ROW, sibling: 'ok' }, params: id('cliente') },
};
for (const informe of INFORMES) {
  TABLE[`GET /api/reportes/${informe}`] = { expect: STORE_NO_R2, query: 'periodo=mes' };
  TABLE[`GET /api/reportes/${informe}/exportar`] = { expect: STORE_NO_R2, query: 'periodo=mes&formato=csv' };
}

// Back-office: twelve entities, five routes each; a read-only one (the fiado ledger) lists and reads only.
interface CrudRoutes {
  list: Expect;
  row: Expect;
  key: string;
  create?: Expect;
  update?: Expect;
  remove?: Expect;
  /** POST /:id/archivar (issue #27): rows that carry money are archived, not deleted. */
  archive?: Expect;
}
const CRUD_ENTITIES: Record<string, CrudRoutes> = {
  usuarios: { list: CRUD, row: CRUD_ROW, create: CRUD, update: CRUD, remove: CRUD_ROW, key: 'usuario' },
  tienda: { list: CRUD, row: CRUD_ROW, create: CRUD_OPERATOR, update: CRUD, remove: rule('401', '403', '403', '403', '403', 'ok'), key: 'tienda' },
  producto: { list: CRUD, row: CRUD_ROW, create: CRUD, update: CRUD, remove: CRUD_ROW, key: 'producto' },
  factura: { list: CRUD, row: CRUD_ROW, create: CRUD, update: CRUD, remove: CRUD_ROW, key: 'factura' },
  // The empresa's customers (issue #56): the sibling reaches the demo store's through the back-office too.
  cliente: { list: CRUD, row: { ...CRUD_ROW, sibling: 'ok' }, create: CRUD, update: CRUD, remove: { ...CRUD_ROW, sibling: 'ok' }, archive: { ...CRUD_ROW, sibling: 'ok' }, key: 'cliente' },
  // The empresa's suppliers (ADR 064): the sibling reaches the demo store's through the back-office too (its edits logged in its store).
  proveedor: { list: CRUD, row: { ...CRUD_ROW, sibling: 'ok' }, create: CRUD, update: CRUD, remove: { ...CRUD_ROW, sibling: 'ok' }, archive: { ...CRUD_ROW, sibling: 'ok' }, key: 'proveedor' },
  movimiento: { list: CRUD, row: CRUD_ROW, create: CRUD, update: CRUD, remove: CRUD_ROW, key: 'movimiento' },
  roles: { list: CRUD, row: CRUD, create: CRUD_OPERATOR, update: CRUD_OPERATOR, remove: CRUD_OPERATOR_ROW, key: 'rol' },
  entrega_pedidos: { list: CRUD, row: CRUD_ROW, create: CRUD, update: CRUD, remove: CRUD_ROW, key: 'entrega' },
  inventario: { list: CRUD, row: CRUD_ROW, create: CRUD, update: CRUD, remove: CRUD_ROW, key: 'inventario' },
  metodosdepago: { list: CRUD, row: CRUD, create: CRUD_OPERATOR, update: CRUD_OPERATOR, remove: CRUD_OPERATOR_ROW, key: 'metodo' },
  ventas: { list: CRUD, row: CRUD_ROW, create: CRUD, update: CRUD, remove: CRUD_ROW, key: 'venta' },
  // Read-only (issue #17): no POST, PUT or DELETE route exists; the first test checks none is registered.
  credito: { list: CRUD, row: CRUD_ROW, key: 'credito' },
};
for (const [path, e] of Object.entries(CRUD_ENTITIES)) {
  TABLE[`GET /api/crud/${path}`] = { expect: e.list };
  TABLE[`GET /api/crud/${path}/:id`] = { expect: e.row, params: id(e.key) };
  if (e.create) TABLE[`POST /api/crud/${path}`] = { expect: e.create, body: {} };
  if (e.update) TABLE[`PUT /api/crud/${path}/:id`] = { expect: e.update, params: id(e.key), body: {} };
  if (e.remove) TABLE[`DELETE /api/crud/${path}/:id`] = { expect: e.remove, params: freshId(e.key) };
  if (e.archive) TABLE[`POST /api/crud/${path}/:id/archivar`] = { expect: e.archive, params: freshId(e.key) };
}

// Legacy controller API: public calls answer everyone; the rest need a session (the old clients'
// role rules are checked call by call in server/legacy tests).
const LEGACY = '/adx/ADAX-Store-Manager/Crud';
const C = `${LEGACY}/controlador/controlador`;
const LEGACY_TABLE: Record<string, Entry> = {
  [`GET ${LEGACY}/login/procesologin.php`]: { expect: PUBLIC, query: 'tipo=tienda&email=x@y.co&contrasena=x' },
  [`POST ${C}.usuarios.php`]: { expect: CRUD, body: { listar: true } },
  [`POST ${C}.tienda.php`]: { expect: CRUD, body: { listar: true } },
  [`GET ${C}.venta.php`]: { expect: CRUD, query: 'listar=true' },
  [`GET ${C}.factura.php`]: { expect: STORE, query: 'listarTienda=true' },
  [`GET ${C}.producto.php`]: { expect: STORE, query: 'listarProductosAppPrecio=true' },
  [`GET ${C}.proveedor.php`]: { expect: STORE, query: 'listarPorTienda=true' },
  [`GET ${C}.cliente.php`]: { expect: STORE, query: 'listarClientesTienda=true' },
  // The demo store's code: another store's admin sending it is refused (legacy answers 403).
  [`GET ${C}.movimiento.php`]: { expect: rule('401', 'ok', 'ok', '403', '403', '403'), query: 'listarPorTienda=DEMO-2024' },
  // Any other file under the prefix: not found, for everyone.
  [`GET ${LEGACY}/*`]: { expect: rule('404', '404', '404', '404', '404', '404') },
  [`POST ${C}.inventario.php`]: { expect: CRUD, body: { listar: true } },
  [`POST ${C}.metodospago.php`]: { expect: CRUD, body: { listar: true } },
  [`POST ${C}.rol.php`]: { expect: CRUD, body: { listar: true } },
  [`POST ${C}.entregaproductos.php`]: { expect: CRUD, body: { listar: true } },
};

let ctx: Ctx;

beforeAll(async () => {
  ctx = await prepararMatriz();
});
afterAll(() => ctx?.t.close());

const outcomeOf = (status: number): Outcome | `5xx:${number}` =>
  status === 401 ? '401' : status === 403 ? '403' : status === 404 ? '404' : status >= 500 ? `5xx:${status}` : 'ok';

describe('matriz de autorización', () => {
  it('cada ruta registrada está en la tabla, y cada entrada de la tabla es una ruta', () => {
    const registered = ctx.t.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && !['/api/ping', '/api/health', '/api/docs'].includes(r.url))
      .map((r) => `${r.method} ${r.url}`);
    const legacy = ctx.t.app.routeTable.filter((r) => r.url.startsWith(LEGACY)).map((r) => r.url);
    expect(registered.filter((r) => !(r in TABLE)), 'rutas sin decidir quién puede llamarlas').toEqual([]);
    expect(Object.keys(TABLE).filter((k) => !registered.includes(k)), 'entradas de la tabla sin ruta').toEqual([]);
    const legacyInTable = new Set(Object.keys(LEGACY_TABLE).map((k) => k.split(' ')[1]));
    expect([...new Set(legacy)].filter((u) => !legacyInTable.has(u)), 'controladores heredados sin decidir quién puede llamarlos').toEqual([]);
  });

  it('cada quien recibe lo que la tabla dice', { timeout: 300_000 }, async () => {
    const mismatches: string[] = [];
    let checked = 0;
    const entries = Object.entries({ ...TABLE, ...LEGACY_TABLE });
    for (const [key, entry] of entries) {
      const [method, url] = key.split(' ') as [string, string];
      for (const actor of ACTORS) {
        const params = entry.params ? await entry.params(ctx) : {};
        let path = url;
        for (const [k, v] of Object.entries(params)) path = path.replace(`:${k}`, String(v));
        const res = await ctx.t.app.inject({
          method: method as 'GET',
          url: `${path}${entry.query ? `?${entry.query}` : ''}`,
          headers: actor === 'anon' ? {} : { authorization: `Bearer ${tokens[actor]}` },
          ...(entry.body !== undefined ? { payload: (typeof entry.body === 'function' ? (entry.body as (c: Ctx) => unknown)(ctx) : entry.body) as object } : {}),
        });
        checked++;
        await entry.after?.(ctx, actor);
        const got = outcomeOf(res.statusCode);
        const want = wanted(entry.expect, actor);
        if (got !== want) mismatches.push(`${key} como ${actor}: esperado ${want}, recibido ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    console.log(`matriz: ${entries.length} rutas × ${ACTORS.length} tipos de usuario = ${checked} comprobaciones`);
    expect(mismatches).toEqual([]);
  });
});
