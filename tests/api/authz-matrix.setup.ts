import { and, eq } from 'drizzle-orm';
import { ROL } from '#shared/roles';
import { DEMO, seedDemo } from '../../server/db/demo';
import { cliente, conteo, listaPrecio, promocion, creditoMovimiento, devolucion, documentoDian, entregaPedido, equipoSinRed, ventaRevisar, puntoVenta, ordenCompra, ordenCompraLinea, factura, inventario, metodoPago, movimiento, producto, productoUnidadVenta, proveedor, recepcion, rol, tienda, traslado, usuario, venta } from '../../server/db/schema';
import { crearTienda, login, PASSWORD } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * The authorization matrix's world (authz-matrix.test.ts): the demo store and its callers signed in —
 * every role, another empresa's owner, the operator, and the demo owner switched to a branch of its
 * empresa — and a row of each kind the routes name, or a way to make a new one for each caller.
 */
export type Actor = 'anon' | 'r1' | 'r2' | 'r3' | 'other' | 'op' | 'sibling';
export type Outcome = 'ok' | '401' | '403' | '404';
export type Expect = Record<Exclude<Actor, 'sibling'>, Outcome> & { sibling?: Outcome };

export interface Ctx {
  t: TestApp;
  /** How each caller signs in again (sign-out ends every token of its account). */
  cuentas: Record<Exclude<Actor, 'anon'>, { tipo: 'tienda' | 'empleado'; email: string; contrasena: string }>;
  a: number; // demo store id
  /** The demo empresa's branch, where the sibling acts. */
  b: number;
  ids: Record<string, number>;
  fresh: Record<string, () => Promise<number>>;
}

/** Each caller's current token (a row that signs out signs its caller in again). */
export const tokens: Partial<Record<Actor, string>> = {};
let seq = 0;
/** A number not used before in this run, for unique documents, e-mails and names. */
export const siguiente = () => seq++;

/** The owner's token switched to the demo empresa's branch (issue #56). */
export const enSucursal = async (c: Ctx, token: string) => {
  const res = await c.t.app.inject({ method: 'POST', url: '/api/sesion/tienda', headers: { authorization: `Bearer ${token}` }, payload: { idTienda: c.b } });
  if (res.statusCode !== 200) throw new Error(`enSucursal: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
};
/** Builds the world once for the whole matrix. */
export async function prepararMatriz(): Promise<Ctx> {
  const t = await createTestApp({ OPERADOR_EMAIL: 'operador@matriz.co', OPERADOR_PASSWORD: 'Operador2024' });
  await seedDemo(t.database.db);
  const db = t.database.db;
  const [a] = await db.select().from(tienda).where(eq(tienda.correo, DEMO.tienda.email));
  const aId = a!.idTienda;
  tokens.r1 = await login(t, 'tienda', DEMO.tienda.email, DEMO.tienda.contrasena);
  tokens.r2 = await login(t, 'empleado', DEMO.empleado.email, DEMO.empleado.contrasena);
  tokens.r3 = await login(t, 'empleado', DEMO.encargado.email, DEMO.encargado.contrasena);
  const otra = await crearTienda(t);
  tokens.other = otra.token;
  const cuentas: Ctx['cuentas'] = {
    r1: { tipo: 'tienda', email: DEMO.tienda.email, contrasena: DEMO.tienda.contrasena },
    r2: { tipo: 'empleado', email: DEMO.empleado.email, contrasena: DEMO.empleado.contrasena },
    r3: { tipo: 'empleado', email: DEMO.encargado.email, contrasena: DEMO.encargado.contrasena },
    other: { tipo: 'tienda', email: otra.email, contrasena: PASSWORD },
    op: { tipo: 'empleado', email: 'operador@matriz.co', contrasena: 'Operador2024' },
    // The same account as r1, switched to the branch after signing in (reLogin).
    sibling: { tipo: 'tienda', email: DEMO.tienda.email, contrasena: DEMO.tienda.contrasena },
  };
  tokens.op = await login(t, 'empleado', 'operador@matriz.co', 'Operador2024');
  // The same empresa's other store (issue #56): a branch the demo store's owner opens, and the owner switched there.
  const sucursal = await t.app.inject({ method: 'POST', url: '/api/sucursales', headers: { authorization: `Bearer ${tokens.r1}` }, payload: { nombreTienda: 'Sucursal matriz' } });
  if (sucursal.statusCode !== 201) throw new Error(`sucursal: ${sucursal.statusCode} ${sucursal.body}`);
  const bId = (sucursal.json() as { idTienda: number }).idTienda;

  const first = async <T>(rows: Promise<T[]>) => (await rows)[0]!;
  const ids: Record<string, number> = {
    tienda: aId,
    producto: (await first(db.select().from(producto).where(eq(producto.tiendaId, aId)))).idProducto,
    cliente: (await first(db.select().from(cliente).where(eq(cliente.tiendaId, aId)))).idCliente,
    proveedor: (await first(db.select().from(proveedor).where(eq(proveedor.tiendaId, aId)))).idProveedor,
    venta: (await first(db.select().from(venta).where(and(eq(venta.tiendaId, aId), eq(venta.estado, 'Completada'))))).idVenta,
    factura: (await first(db.select().from(factura).where(eq(factura.tiendaId, aId)))).idFactura,
    movimiento: (await first(db.select().from(movimiento).where(eq(movimiento.tiendaId, aId)))).idMovimiento,
    inventario: (await first(db.select().from(inventario).where(eq(inventario.tiendaId, aId)))).idInventario,
    usuario: (await first(db.select().from(usuario).where(eq(usuario.correo, DEMO.empleado.email)))).idUsuario,
    rol: ROL.EMPLEADO,
    metodo: 5,
    presentacion: (
      await first(
        db
          .insert(productoUnidadVenta)
          .values({ tiendaId: aId, productoId: (await first(db.select().from(producto).where(eq(producto.tiendaId, aId)))).idProducto, nombre: 'Paca x12', factor: 12, codigoBarras: 'MATRIZ-PACA-12', precio: 9000 })
          .returning(),
      )
    ).idUnidadVenta,
    puntoVenta: (await first(db.insert(puntoVenta).values({ tiendaId: aId, nombre: 'Caja matriz', ubicacion: 'Mostrador' }).returning())).idPuntoVenta,
    equipo: (await first(db.insert(equipoSinRed).values({ tiendaId: aId, nombre: 'Equipo matriz', claveHash: 'matriz' }).returning())).idEquipo,
  };
  ids.revisar = (await first(db.insert(ventaRevisar).values({ tiendaId: aId, ventaId: ids.venta!, motivos: ['matriz'] }).returning())).idVentaRevisar;
  const prov = ids.proveedor!;
  const fresh: Ctx['fresh'] = {
    presentacion: async () =>
      (await first(db.insert(productoUnidadVenta).values({ tiendaId: aId, productoId: ids.producto!, nombre: 'Caja', factor: 24, codigoBarras: `MATRIZ-CAJA-${siguiente()}`, precio: 1000 }).returning())).idUnidadVenta,
    producto: async () => (await first(db.insert(producto).values({ tiendaId: aId, nombre: `Matriz ${siguiente()}`, precioUnit: 100, stock: 5 }).returning())).idProducto,
    cliente: async () => (await first(db.insert(cliente).values({ tiendaId: aId, documento: String(5_000_000_000 + siguiente()), nombre: 'M', apellido: 'Z' }).returning())).idCliente,
    proveedor: async () => (await first(db.insert(proveedor).values({ tiendaId: aId, nombre: `Prov ${siguiente()}`, telefono: '3000000000', email: 'p@m.co' }).returning())).idProveedor,
    venta: async () => (await first(db.insert(venta).values({ tiendaId: aId, metodoPagoId: 5, estado: 'Pendiente' }).returning())).idVenta,
    factura: async () => {
      const v = await fresh.venta!();
      return (await first(db.insert(factura).values({ tiendaId: aId, ventaId: v, productoId: ids.producto!, cantidad: 1, precio: 100 }).returning())).idFactura;
    },
    movimiento: async () => (await first(db.insert(movimiento).values({ tiendaId: aId, cantidadDespues: 1, motivo: 'matriz' }).returning())).idMovimiento,
    inventario: async () => (await first(db.insert(inventario).values({ tiendaId: aId }).returning())).idInventario,
    entrega: async () => {
      const p = await fresh.producto!();
      return (await first(db.insert(entregaPedido).values({ tiendaId: aId, proveedorId: prov, productoId: p, fechaEntrega: '2026-01-01', cantidad: 1 }).returning())).idEntrega;
    },
    usuario: async () =>
      (await first(db.insert(usuario).values({ documento: String(6_000_000_000 + siguiente()), nombre1: 'M', apellido1: 'Z', correo: `m${siguiente()}@matriz.co`, contrasenaHash: 'x', rolId: 2, tiendaId: aId }).returning())).idUsuario,
    tienda: async () =>
      (await first(db.insert(tienda).values({ nombreTienda: `Temporal ${seq}`, correo: `t${siguiente()}@matriz.co`, contrasenaHash: 'x', codigoInvitacion: `MTZ-${siguiente()}` }).returning())).idTienda,
    rol: async () => (await first(db.insert(rol).values({ idRol: 100 + siguiente(), nombreRol: 'Temporal', descripcion: 'matriz' }).returning())).idRol,
    metodo: async () => (await first(db.insert(metodoPago).values({ idMetPago: 100 + siguiente(), nombre: 'Temporal' }).returning())).idMetPago,
  };
  ids.entrega = await fresh.entrega!();
  // A purchase order of the demo store in borrador (issue #32), one line.
  fresh.orden = async () => {
    const o = await first(db.insert(ordenCompra).values({ tiendaId: aId, numero: 1000 + siguiente(), proveedorId: prov }).returning());
    await db.insert(ordenCompraLinea).values({ ordenId: o.idOrden, productoId: ids.producto!, nombre: 'Matriz', cantidad: 1, costoUnit: 1 });
    return o.idOrden;
  };
  ids.orden = await fresh.orden();
  ids.recepcion = (await first(db.insert(recepcion).values({ tiendaId: aId, numero: 9000, proveedorId: prov }).returning())).idRecepcion;
  // A fiado charge of the demo store (its credit customer), for the ledger's row route.
  const fiado = await first(db.select().from(cliente).where(and(eq(cliente.tiendaId, aId), eq(cliente.fiado, true))));
  ids.credito = (await first(db.insert(creditoMovimiento).values({ tiendaId: aId, clienteId: fiado.idCliente, tipo: 'cargo', monto: 1000, nota: 'matriz' }).returning())).idCreditoMovimiento;
  // A return of the demo store's completed sale (issue #32), for the document's route.
  // The demo sale's electronic document, so its XML is there for whoever may read it.
  await db.insert(documentoDian).values({ tiendaId: aId, ventaId: ids.venta!, numero: 'MTZ1', cude: 'a'.repeat(96), ambiente: 2, xmlFirmado: '<Invoice/>' });
  ids.devolucion = (await first(db.insert(devolucion).values({ tiendaId: aId, numero: 9000, ventaId: ids.venta!, metodoPagoId: 5, total: 0, motivo: 'matriz' }).returning())).idDevolucion;
  ids.conteo = (await first(db.insert(conteo).values({ tiendaId: aId, alcance: 'tienda', estado: 'cancelado' }).returning())).idConteo;
  fresh.lista = async () => (await first(db.insert(listaPrecio).values({ tiendaId: aId, nombre: `Lista matriz ${siguiente()}` }).returning())).idListaPrecio;
  ids.lista = await fresh.lista();
  fresh.promocion = async () => (await first(db.insert(promocion).values({ tiendaId: aId, nombre: `Promo matriz ${siguiente()}`, tipo: 'porcentaje', porcentaje: 5, categoria: 'Matriz' }).returning())).idPromocion;
  ids.promocion = await fresh.promocion();
  ids.traslado = (await first(db.insert(traslado).values({ empresaId: a!.empresaId!, numero: 9000, origenId: aId, destinoId: bId }).returning())).idTraslado;
  const ctx: Ctx = { t, cuentas, a: aId, b: bId, ids, fresh };
  tokens.sibling = await enSucursal(ctx, await login(t, 'tienda', DEMO.tienda.email, DEMO.tienda.contrasena));
  return ctx;
}
