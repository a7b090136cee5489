import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { factura, producto } from '../db/schema';
import { abrirCaja, crearTienda, type Tienda } from '../../tests/helpers/factories';
import { usarReenvio, type TestApp } from '../../tests/helpers/test-app';
import { ctrl } from './test-client';

/**
 * Issue #50 point 1 on the legacy face: a write sent with an Idempotency-Key is done once, as on /api.
 * The audit's nginx re-sends a slow request to the other instance; here the copy goes through a second
 * instance on the same database with the same key. The old clients send no key and are not changed; a
 * client that adds the header is covered, and a refusal (answered 200 with `access: false`) frees it.
 */
const { t, otra, nuevaClave: clave } = usarReenvio('legado');
let s: Tienda;
let seq = 0;

beforeAll(async () => {
  s = await crearTienda(t);
  await abrirCaja(t, s.token);
});

const llamar = (app: TestApp, area: string, payload: object, k?: string) =>
  app.request({ method: 'POST', url: ctrl(area), token: s.token, payload, headers: k ? { 'idempotency-key': k } : {} });

async function productoCon(stock: number) {
  const [p] = await t.database.db.insert(producto).values({ tiendaId: s.id, nombre: `Panela legado ${++seq}`, precioUnit: 2_500, stock, estado: 1, marca: 'M' }).returning();
  return p!.idProducto;
}

async function ventaAbierta() {
  const r = await llamar(t, 'venta', { registro: true, EstadoVenta: 'Pendiente', documento_Cliente: '', metododepago_ID_Met_Pago: 5, codigo_invitacion: s.codigo });
  expect(r.json(), r.body).toMatchObject({ id_Venta: expect.any(Number) });
  return r.json().id_Venta as number;
}

const stockDe = async (id: number) => (await t.database.db.select({ stock: producto.stock }).from(producto).where(eq(producto.idProducto, id)))[0]!.stock;
const lineasDe = async (ventaId: number, productoId: number) =>
  (await t.database.db.select().from(factura).where(and(eq(factura.ventaId, ventaId), eq(factura.productoId, productoId)))).length;

describe('la API heredada también hace una vez lo que llega dos veces con su clave', () => {
  it('una línea de venta reenviada a la otra instancia responde lo mismo y baja el stock una vez', async () => {
    const id = await productoCon(10);
    const venta = await ventaAbierta();
    const k = clave();
    const cuerpo = { registro: true, venta_id_Venta: venta, producto_id_Producto: id, Precio: 1, Cantidad: 3, Estado: 'Pendiente' };
    const primero = await llamar(t, 'factura', cuerpo, k);
    expect(primero.json(), primero.body).toMatchObject({ access: true });
    const copia = await llamar(otra, 'factura', cuerpo, k);
    expect(copia.statusCode).toBe(200);
    expect(copia.json()).toEqual(primero.json());
    expect(copia.headers['idempotent-replayed']).toBe('true');
    expect(await stockDe(id)).toBe(7);
    expect(await lineasDe(venta, id)).toBe(1);
    // Without a key, as the old clients send it: a second call is a second line (unchanged).
    expect((await llamar(t, 'factura', cuerpo)).json()).toMatchObject({ access: true });
    expect(await stockDe(id)).toBe(4);
  });

  it('un rechazo (200 con access: false) deja la clave libre: la misma llamada corregida se registra', async () => {
    const id = await productoCon(2);
    const venta = await ventaAbierta();
    const k = clave();
    const mucho = await llamar(t, 'factura', { registro: true, venta_id_Venta: venta, producto_id_Producto: id, Precio: 1, Cantidad: 5, Estado: 'Pendiente' }, k);
    expect(mucho.statusCode).toBe(200);
    expect(mucho.json()).toMatchObject({ access: false });
    expect(await stockDe(id)).toBe(2);
    const bien = await llamar(otra, 'factura', { registro: true, venta_id_Venta: venta, producto_id_Producto: id, Precio: 1, Cantidad: 2, Estado: 'Pendiente' }, k);
    expect(bien.json(), bien.body).toMatchObject({ access: true });
    expect(bien.headers['idempotent-replayed']).toBeUndefined();
    expect(await stockDe(id)).toBe(0);
  });

  it('el navegador de otro origen puede mandar la clave: la pregunta previa la permite', async () => {
    const r = await t.request({ method: 'OPTIONS', url: ctrl('factura'), headers: { origin: 'http://otra-app.local', 'access-control-request-headers': 'idempotency-key' } });
    expect(r.statusCode).toBe(204);
    expect(String(r.headers['access-control-allow-headers']).toLowerCase()).toContain('idempotency-key');
  });
});
