/**
 * Test helpers of the return and exchange tests (not a test file itself): products, customers with
 * fiado, sales paid in cash or on fiado through the store API, and what a sale may still give back.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TDevolucionesDeVenta } from '#shared/schemas/devolucion';
import { producto } from '../../db/schema';
import { peticion } from '../../../tests/helpers/factories';
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
  return {
    req,
    /** A product of the store at `precio` with `stock` units. */
    async crearProducto(tiendaId: number, precio: number, stock = 100) {
      const [p] = await t.database.db.insert(producto).values({ tiendaId, nombre: `Producto ${nombre} ${++seq}`, precioUnit: precio, stock, estado: 1, marca: 'M' }).returning();
      return p!.idProducto;
    },
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
    /** GET /api/ventas/:id/devoluciones: what each line may still give back, the returns made, the payments. */
    async lineasDe(token: string, ventaId: number) {
      const res = await req('GET', `/api/ventas/${ventaId}/devoluciones`, token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TDevolucionesDeVenta;
    },
  };
}
