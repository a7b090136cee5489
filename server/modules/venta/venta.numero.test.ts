import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { METODO, ROL } from '#shared/roles';
import { cliente, movimiento, producto, usuario, venta, ventaContador } from '../../db/schema';
import { crearEmpleado, crearTienda, PASSWORD } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';

/**
 * Issue #36 point 8 (ADR 026): a sale refused at any step takes no number; the numbers people see run
 * 1, 2, 3… per store with no gaps, whatever the database and however many sales arrive at once.
 */
const V = M.ventas;

const t = usarApp();

const db = () => t.database.db;
let seq = 0;
async function crearProducto(tiendaId: number, precio = 10_000, stock = 100) {
  const [p] = await db().insert(producto).values({ tiendaId, nombre: `Producto ${++seq}`, precioUnit: precio, stock, estado: 1 }).returning();
  return p!.idProducto;
}
async function crearCliente(tiendaId: number, cupo: number) {
  const documento = String(1_700_000_000 + ++seq);
  await db().insert(cliente).values({ tiendaId, documento, nombre: 'Luisa', apellido: 'Gómez', fiado: true, cupo });
  return documento;
}
const vender = (token: string, payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/ventas', payload, token });
const efectivo = (productoId: number) => ({ lineas: [{ productoId, cantidad: 1 }], metodoPagoId: METODO.EFECTIVO, montoRecibido: 10_000 });
const numerosDe = async (tiendaId: number) =>
  (await db().select({ numero: venta.numero }).from(venta).where(eq(venta.tiendaId, tiendaId)).orderBy(asc(venta.numero))).map((v) => v.numero);
const rango = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('el número de la venta (issue #36 punto 8)', { timeout: 180_000 }, () => {
  it('una venta rechazada por el cupo del fiado o por un PIN errado no gasta número: #1, #2, #3 sin huecos', async () => {
    const s = await crearTienda(t);
    const pid = await crearProducto(s.id);
    const documento = await crearCliente(s.id, 5_000);

    const primera = await vender(s.token, efectivo(pid));
    expect(primera.statusCode, primera.body).toBe(201);
    expect(primera.json().numero).toBe(1);

    // Over the fiado limit: the sale was written and then undone in its transaction.
    const sobreCupo = await vender(s.token, { lineas: [{ productoId: pid, cantidad: 1 }], metodoPagoId: METODO.FIADO, montoRecibido: 0, documentoCliente: documento });
    expect(sobreCupo.statusCode).toBe(422);

    const segunda = await vender(s.token, efectivo(pid));
    expect(segunda.statusCode, segunda.body).toBe(201);
    expect(segunda.json().numero).toBe(2);

    // A cashier's discount with a wrong PIN: the sale was tried and undone before the PIN was checked.
    const cajero = await crearEmpleado(t, s.codigo);
    const sup = await crearEmpleado(t, s.codigo);
    await db().update(usuario).set({ rolId: ROL.ENCARGADO }).where(eq(usuario.documento, sup.documento));
    expect((await t.request({ method: 'PUT', url: '/api/cuenta/pin', token: sup.token, payload: { contrasena: PASSWORD, pin: '4827' } })).statusCode).toBe(200);
    const [{ id: supId }] = (await db().select({ id: usuario.idUsuario }).from(usuario).where(eq(usuario.documento, sup.documento))) as [{ id: number }];
    const conPin = (pin: string) =>
      vender(cajero.token, {
        lineas: [{ productoId: pid, cantidad: 1, descuento: { tipo: 'valor', valor: 500 } }],
        motivoDescuento: 'Cliente frecuente',
        metodoPagoId: METODO.EFECTIVO,
        montoRecibido: 10_000,
        autorizacion: { supervisorId: supId, pin },
      });
    const pinErrado = await conPin('1111');
    expect(pinErrado.statusCode).toBeGreaterThanOrEqual(400);
    const tercera = await conPin('4827');
    expect(tercera.statusCode, tercera.body).toBe(201);
    expect(tercera.json().numero).toBe(3);

    expect(await numerosDe(s.id)).toEqual([1, 2, 3]);
    // The receipt, the list, the search by number and the stock ledger show the number, not the id.
    const id = tercera.json().id as number;
    expect((await t.request({ method: 'GET', url: `/api/ventas/${id}`, token: s.token })).json()).toMatchObject({ id, numero: 3 });
    const lista = (await t.request({ method: 'GET', url: '/api/facturas?q=%233', token: s.token })).json();
    expect(lista.items.map((f: { idVenta: number; numero: number }) => [f.idVenta, f.numero])).toEqual([[id, 3]]);
    const [mov] = await db().select({ motivo: movimiento.motivo }).from(movimiento).where(and(eq(movimiento.tiendaId, s.id), eq(movimiento.ventaId, id)));
    expect(mov!.motivo).toBe(V.motivoVenta(3));
    expect((await db().select({ n: ventaContador.ultimoNumero }).from(ventaContador).where(eq(ventaContador.tiendaId, s.id)))[0]!.n).toBe(3);
  });

  it('cada tienda numera sus ventas desde 1, y una venta escrita por otra cara toma el siguiente número, que no cambia', async () => {
    const a = await crearTienda(t);
    const b = await crearTienda(t);
    const pa = await crearProducto(a.id);
    const pb = await crearProducto(b.id);
    expect((await vender(a.token, efectivo(pa))).json().numero).toBe(1);
    expect((await vender(b.token, efectivo(pb))).json().numero).toBe(1);
    // The back-office and the old client insert the row themselves: whatever they say, the trigger numbers it.
    const [v] = await db().insert(venta).values({ tiendaId: a.id, metodoPagoId: METODO.EFECTIVO, numero: 99 }).returning({ id: venta.idVenta, numero: venta.numero });
    expect(v!.numero).toBe(2);
    await db().update(venta).set({ numero: 1 }).where(eq(venta.idVenta, v!.id));
    expect(await numerosDe(a.id)).toEqual([1, 2]);
    expect((await vender(a.token, efectivo(pa))).json().numero).toBe(3);
  });

  it('ventas a la vez, con rechazadas entre ellas: números distintos y consecutivos', async () => {
    const s = await crearTienda(t);
    const documento = await crearCliente(s.id, 1_000);
    const buenas = 16;
    const productos = await Promise.all(rango(buenas).map(() => crearProducto(s.id)));
    const pedidos = productos.flatMap((pid) => [
      vender(s.token, efectivo(pid)),
      // Refused after its row was written (over the limit), so it held a number for a moment.
      vender(s.token, { lineas: [{ productoId: pid, cantidad: 1 }], metodoPagoId: METODO.FIADO, montoRecibido: 0, documentoCliente: documento }),
    ]);
    const respuestas = await Promise.all(pedidos);
    const ok = respuestas.filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(buenas);
    expect(respuestas.filter((r) => r.statusCode === 422)).toHaveLength(buenas);
    expect(ok.map((r) => r.json().numero as number).sort((x, y) => x - y)).toEqual(rango(buenas));
    expect(await numerosDe(s.id)).toEqual(rango(buenas));
  });
});
