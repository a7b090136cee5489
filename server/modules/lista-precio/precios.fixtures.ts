import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { ROL } from '#shared/roles';
import { actividad, producto, productoUnidadVenta } from '../../db/schema';
import { crearEmpleado, peticion, type Tienda } from '../../../tests/helpers/factories';
import type { TestApp } from '../../../tests/helpers/test-app';

/** What the checkout answers that the price tests read (the *Ahorro* lines only with a promotion). */
export type Recibo = { id: number; total: number; ahorros?: { nombre: string; ahorro: number }[]; lineas: { precio: number; descuento: number; subtotal: number; cantidad: number }[] };

/**
 * The store set-up shared by the price lists' and the promotions' API tests (issue #59): products,
 * customers and packs named after the test (`marca`), a paid sale through the checkout, an authorized
 * offline device, a cashier and a manager, and the permission the owner gives the manager.
 */
export function usarPrecios(t: TestApp, marca: { producto: string; documentoDesde: number; cliente: { nombre: string; apellido: string } }) {
  const req = peticion(t);
  const db = () => t.database.db;
  let seq = 0;

  async function nuevoProducto(s: Tienda, precio: number, extra: Record<string, unknown> = {}) {
    const [p] = await db()
      .insert(producto)
      .values({ tiendaId: s.id, nombre: `Producto ${marca.producto} ${++seq}`, precioUnit: precio, stock: 1000, estado: 1, ...extra })
      .returning();
    return p!.idProducto;
  }
  async function cliente(s: Tienda, extra: Record<string, unknown> = {}) {
    const documento = String(marca.documentoDesde + ++seq);
    const r = await req('POST', '/api/clientes', s.token, { documento, tipoDocumento: 'CC', nombre: marca.cliente.nombre, apellido: `${marca.cliente.apellido} ${seq}`, ...extra });
    expect(r.statusCode, r.body).toBe(201);
    return documento;
  }
  async function vender(token: string, lineas: object[], extra: Record<string, unknown> = {}) {
    const r = await req('POST', '/api/ventas', token, { lineas, metodoPagoId: 5, montoRecibido: 10_000_000, ...extra });
    expect(r.statusCode, r.body).toBe(201);
    return r.json() as Recibo;
  }
  /** A *Caja x12* of the product at $ 114.000. */
  async function cajaX12(s: Tienda, productoId: number) {
    const [u] = await db().insert(productoUnidadVenta).values({ tiendaId: s.id, productoId, nombre: 'Caja x12', factor: 12, codigoBarras: `${marca.producto.toUpperCase()}-CAJA-${seq}`, precio: 114_000 }).returning();
    return u!.idUnidadVenta;
  }
  /** A device the owner authorized for offline sales: its id and its numbers' prefix. */
  async function equipoSinRed(s: Tienda) {
    const clave = randomBytes(32).toString('base64url');
    const e = await req('POST', '/api/sin-red/equipo', s.token, { clave });
    expect((await req('POST', `/api/sin-red/equipos/${e.json().id}/autorizar`, s.token)).statusCode).toBe(200);
    return (await req('POST', '/api/sin-red/dispositivos', s.token, { clave })).json() as { id: number; prefijo: string };
  }
  /** A cashier's and a manager's token in the store. */
  async function empleados(s: Tienda) {
    return { cajero: (await crearEmpleado(t, s.codigo)).token, encargado: (await crearEmpleado(t, s.codigo, { rol: ROL.ENCARGADO })).token };
  }
  /** The refused actions in the activity log, in order. */
  async function rechazos(s: Tienda) {
    const filas = await db().select().from(actividad).where(and(eq(actividad.tiendaId, s.id), eq(actividad.tipo, 'rechazo')));
    return filas.map((e) => (e.detalle as { accion: string }).accion);
  }
  /** The owner gives the manager (role 3) the permission, which it did not have. */
  async function permitirAlEncargado(s: Tienda, permiso: string) {
    const actuales = (await req('GET', '/api/tienda/permisos', s.token)).json();
    expect(actuales.roles[3][permiso]).toBe(false);
    await req('PUT', '/api/tienda/permisos', s.token, { ...actuales, roles: { ...actuales.roles, 3: { ...actuales.roles[3], [permiso]: true } } });
  }
  return { req, db, nuevoProducto, cliente, vender, cajaX12, equipoSinRed, empleados, rechazos, permitirAlEncargado };
}
