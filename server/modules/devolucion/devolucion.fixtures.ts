/**
 * Test helpers of the return and exchange tests (not a test file itself): products, customers with
 * fiado, sales paid in cash or on fiado through the store API, and what a sale may still give back.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TDevolucionesDeVenta } from '#shared/schemas/devolucion';
import { ROL } from '#shared/roles';
import { producto, usuario } from '../../db/schema';
import { crearEmpleado, PASSWORD, peticion, type Tienda } from '../../../tests/helpers/factories';
import type { TestApp } from '../../../tests/helpers/test-app';

/** The helpers over the test file's app; `nombre` names its products (`Producto <nombre> 1`, …). */
export function ayudasDevolucion(t: TestApp, nombre: string) {
  const req = peticion(t);
  let seq = 0;
  const numeros = new Map<number, number>();
  /** A sale at the till paid in cash (`extra` adds to or replaces the request's fields); its id. */
  async function vender(token: string, lineas: { productoId: number; cantidad: number }[], extra: object = {}) {
    const res = await req('POST', '/api/ventas', token, { lineas, metodoPagoId: 5, montoRecibido: 10_000_000, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    numeros.set(res.json().id, res.json().numero);
    return res.json().id as number;
  }
  /** A product of the store at `precio` with `stock` units. */
  async function crearProducto(tiendaId: number, precio: number, stock = 100) {
    const [p] = await t.database.db.insert(producto).values({ tiendaId, nombre: `Producto ${nombre} ${++seq}`, precioUnit: precio, stock, estado: 1, marca: 'M' }).returning();
    return p!.idProducto;
  }
  /** GET /api/ventas/:id/devoluciones: what each line may still give back, the returns made, the payments. */
  async function lineasDe(token: string, ventaId: number) {
    const res = await req('GET', `/api/ventas/${ventaId}/devoluciones`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TDevolucionesDeVenta;
  }
  return {
    req,
    crearProducto,
    /** A number not used before in the file (a document, a name). */
    siguiente: () => ++seq,
    nombreDe: async (id: number) => (await t.database.db.select({ n: producto.nombre }).from(producto).where(eq(producto.idProducto, id)))[0]!.n,
    stockDe: async (id: number) => (await t.database.db.select({ s: producto.stock }).from(producto).where(eq(producto.idProducto, id)))[0]!.s,
    vender,
    /** A customer of the store with fiado (a cupo of 500 000): its documento and id. */
    async clienteFiado(token: string) {
      const documento = String(90_000_000 + ++seq);
      const c = await req('POST', '/api/clientes', token, { documento, tipoDocumento: 'CC', nombre: 'Rosa', apellido: 'Fía', correo: '', fiado: true, cupo: 500_000 });
      expect(c.statusCode, c.body).toBe(201);
      return { documento, id: c.json().cliente.id as number };
    },
    /** A sale at the till all on the customer's fiado; its id. */
    venderAlFiado: (token: string, lineas: { productoId: number; cantidad: number }[], documento: string) =>
      vender(token, lineas, { metodoPagoId: 7, montoRecibido: 0, aCredito: true, documentoCliente: documento }),
    /** The number of a sale made with `vender`. */
    numeroDe: (ventaId: number) => numeros.get(ventaId)!,
    lineasDe,
    /**
     * What an exchange authorised by a supervisor's PIN starts from: a cashier, a supervisor (Laura Díaz,
     * role 3) with PIN 4827, the cashier's cash sale of one `p` at 10 000 (its line `facturaId`) and `q`
     * at 12 000 to take instead.
     */
    async cambioConPin(s: Tienda) {
      const cajero = (await crearEmpleado(t, s.codigo)).token;
      const sup = await crearEmpleado(t, s.codigo, { nombre: 'Laura', apellido: 'Díaz', rol: ROL.ENCARGADO });
      expect((await req('PUT', '/api/cuenta/pin', sup.token, { contrasena: PASSWORD, pin: '4827' })).statusCode).toBe(200);
      const [fila] = await t.database.db.select({ id: usuario.idUsuario }).from(usuario).where(eq(usuario.documento, sup.documento));
      const p = await crearProducto(s.id, 10_000, 10);
      const q = await crearProducto(s.id, 12_000, 10);
      const ventaId = await vender(cajero, [{ productoId: p, cantidad: 1 }]);
      const [l] = (await lineasDe(cajero, ventaId)).lineas;
      return { cajero, supervisorId: fila!.id, p, q, ventaId, facturaId: l!.facturaId };
    },
  };
}
