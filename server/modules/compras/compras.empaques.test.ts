import { and, asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { entregaPedido, movimiento, producto, recepcion } from '../../db/schema';
import { peticion } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { tiendaConProveedor, type TiendaConProveedor } from './compras.fixtures';

/** ADR 036: purchases by pack (issue #33 point 5) and by measure with decimals. */

const t = usarApp();
const req = peticion(t);
let st: TiendaConProveedor;
let seq = 0;
beforeAll(async () => {
  st = await tiendaConProveedor(t, 'Cervecería del Valle', 'pedidos@valle.co');
});

async function nuevoProducto(nombre: string, stock = 0, unidadDian?: 'KGM' | 'LTR' | 'MTR') {
  const res = await req('POST', '/api/productos', st.token, { nombre: `${nombre} ${++seq}`, precio: 3000, cantidad: stock, idProveedor: st.proveedor });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().producto.id as number;
  if (unidadDian) await t.database.db.update(producto).set({ unidadDian }).where(eq(producto.idProducto, id));
  return { id, nombre: res.json().producto.nombre as string };
}

async function nuevaPaca(productoId: number, nombre: string, factor: number) {
  const res = await req('POST', `/api/productos/${productoId}/presentaciones`, st.token, { nombre, factor, codigoBarras: String(7_709_100_000_000 + ++seq), precio: 40_000 });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().presentacion.id as number;
}

const totales = async (ids: number[]) =>
  (await t.database.db.select({ total: recepcion.total }).from(recepcion).where(inArray(recepcion.idRecepcion, ids)).orderBy(asc(recepcion.idRecepcion))).map((r) => r.total);

const leer = async (id: number) => (await t.database.db.select({ stock: producto.stock, costo: producto.costo, promedio: producto.costoPromedio }).from(producto).where(eq(producto.idProducto, id)))[0]!;

describe('órdenes y recepciones por presentación (ADR 036)', () => {
  it('5 pacas x12 pedidas, recibidas en dos partes: el stock sube factor × pacas, el dinero es pacas × costo por paca y la línea guarda la paca como se pidió', async () => {
    const cerveza = await nuevoProducto('Cerveza lata');
    const paca = await nuevaPaca(cerveza.id, 'Paca x12', 12);
    const creada = await req('POST', '/api/compras/ordenes', st.token, { proveedorId: st.proveedor, lineas: [{ productoId: cerveza.id, cantidad: 5, costoUnit: 30_000, unidadVentaId: paca }] });
    expect(creada.statusCode, creada.body).toBe(201);
    const orden = creada.json().orden;
    expect(orden.total).toBe(150_000);
    expect(orden.items).toEqual([
      expect.objectContaining({ productoId: cerveza.id, cantidad: 60, costoUnit: 2_500, importe: 150_000, recibido: 0, unidad: '94', empaque: { unidadVentaId: paca, nombre: 'Paca x12', factor: 12, empaques: 5, costo: 30_000 } }),
    ]);

    // First part: 2 pacas → +24 units, the receipt's money 2 × 30.000.
    const r1 = await req('POST', '/api/compras/recepciones', st.token, { ordenId: orden.id, lineas: [{ productoId: cerveza.id, cantidad: 2, costoUnit: 30_000, unidadVentaId: paca }] });
    expect(r1.statusCode, r1.body).toBe(201);
    expect(r1.json().recepcion.estadoOrden).toBe('parcial');
    expect(await leer(cerveza.id)).toEqual({ stock: 24, costo: 2_500, promedio: 2_500 });
    const [mov] = await t.database.db.select().from(movimiento).where(and(eq(movimiento.productoId, cerveza.id), eq(movimiento.tiendaId, st.id)));
    expect([mov!.stockAntes, mov!.entradas, mov!.cantidadDespues]).toEqual([0, 24, 24]);
    const tras1 = (await req('GET', `/api/compras/ordenes/${orden.id}`, st.token)).json();
    expect(tras1.items[0].recibido).toBe(24);
    expect(tras1.recepciones).toEqual([expect.objectContaining({ unidades: 24, total: 60_000 })]);

    // More than pending (36 units = 3 pacas): 4 pacas are refused and nothing moves.
    const demas = await req('POST', '/api/compras/recepciones', st.token, { ordenId: orden.id, lineas: [{ productoId: cerveza.id, cantidad: 4, costoUnit: 30_000, unidadVentaId: paca }] });
    expect(demas.statusCode).toBe(422);
    expect(demas.json().error.message).toBe(M.compras.masQuePedido(cerveza.nombre, '36'));
    expect((await leer(cerveza.id)).stock).toBe(24);

    // The pack changes afterwards: history is not rewritten.
    const cambio = await req('PUT', `/api/productos/${cerveza.id}/presentaciones/${paca}`, st.token, { nombre: 'Paca x6', factor: 6, codigoBarras: String(7_709_200_000_000 + ++seq), precio: 20_000 });
    expect(cambio.statusCode, cambio.body).toBe(200);
    const [entrega] = await t.database.db.select().from(entregaPedido).where(eq(entregaPedido.productoId, cerveza.id));
    expect(entrega).toMatchObject({ cantidad: 24, presentacion: 'Paca x12', factor: 12, costoEmpaque: 30_000, costoUnit: 2_500, unidadVentaId: paca });
    expect((await req('GET', `/api/compras/ordenes/${orden.id}`, st.token)).json().items[0].empaque).toMatchObject({ nombre: 'Paca x12', factor: 12, empaques: 5 });

    // The rest arrives as 6 pacas of the (now) x6 pack, 36 units at 15.600 each pack: 2.600 a unit.
    const r2 = await req('POST', '/api/compras/recepciones', st.token, { ordenId: orden.id, lineas: [{ productoId: cerveza.id, cantidad: 6, costoUnit: 15_600, unidadVentaId: paca }] });
    expect(r2.statusCode, r2.body).toBe(201);
    expect(r2.json().recepcion.estadoOrden).toBe('recibida');
    // (24 × 2.500 + 6 × 15.600) / 60 = 2.560.
    expect(await leer(cerveza.id)).toEqual({ stock: 60, costo: 2_600, promedio: 2_560 });
    const fin = (await req('GET', `/api/compras/ordenes/${orden.id}`, st.token)).json();
    expect(fin.recepciones.map((r: { total: number }) => r.total)).toEqual([60_000, 93_600]);

    // The pack removed: the lines keep its name and factor.
    expect((await req('DELETE', `/api/productos/${cerveza.id}/presentaciones/${paca}`, st.token)).statusCode).toBe(200);
    const sinPaca = (await req('GET', `/api/compras/ordenes/${orden.id}`, st.token)).json();
    expect(sinPaca.items[0].empaque).toEqual({ unidadVentaId: null, nombre: 'Paca x12', factor: 12, empaques: 5, costo: 30_000 });
  });

  it('el costo por unidad es el de la paca ÷ factor, redondeado a la mitad hacia arriba; el total de la compra queda exacto', async () => {
    const jugo = await nuevoProducto('Jugo caja');
    const x3 = await nuevaPaca(jugo.id, 'Six x3', 3);
    const r = await req('POST', '/api/compras/recepciones', st.token, { proveedorId: st.proveedor, lineas: [{ productoId: jugo.id, cantidad: 2, costoUnit: 10_000, unidadVentaId: x3 }] });
    expect(r.statusCode, r.body).toBe(201);
    expect(await leer(jugo.id)).toEqual({ stock: 6, costo: 3_333, promedio: 3_333 });
    const [e] = await t.database.db.select().from(entregaPedido).where(eq(entregaPedido.productoId, jugo.id));
    expect(e).toMatchObject({ cantidad: 6, costoUnit: 3_333, costoEmpaque: 10_000 });
    // 20.000, not 6 × 3.333 = 19.998.
    expect(await totales([r.json().recepcion.id])).toEqual([20_000]);
  });

  it('rechazos en español: presentación de otro producto, pacas con decimales, unidades con decimales', async () => {
    const a = await nuevoProducto('Gaseosa');
    const b = await nuevoProducto('Agua');
    const pacaB = await nuevaPaca(b.id, 'Paca x6', 6);
    const casos: [unknown, string][] = [
      [{ productoId: a.id, cantidad: 1, costoUnit: 100, unidadVentaId: pacaB }, M.compras.presentacionNoExiste],
      [{ productoId: b.id, cantidad: 1.5, costoUnit: 100, unidadVentaId: pacaB }, M.compras.empaquesEnteros(b.nombre, 'Paca x6')],
      [{ productoId: a.id, cantidad: 2.5, costoUnit: 100 }, M.compras.cantidadEntera(a.nombre)],
      [{ productoId: a.id, cantidad: 1.0005, costoUnit: 100 }, M.compras.cantidadInvalida],
    ];
    for (const [linea, mensaje] of casos) {
      for (const [url, cuerpo] of [
        ['/api/compras/recepciones', { proveedorId: st.proveedor, lineas: [linea] }],
        ['/api/compras/ordenes', { proveedorId: st.proveedor, lineas: [linea] }],
      ] as const) {
        const r = await req('POST', url, st.token, cuerpo);
        expect(r.statusCode, `${url} ${r.body}`).toBe(400);
        expect(r.json().error.message).toBe(mensaje);
      }
    }
    expect([(await leer(a.id)).stock, (await leer(b.id)).stock]).toEqual([0, 0]);
  });
});

describe('recibir por peso o medida con decimales (ADR 030 y 036)', () => {
  it('25,5 kg a $ 3.000/kg: el stock sube 25,5 y el total es importeLinea; el promedio se calcula con stock decimal', async () => {
    const queso = await nuevoProducto('Queso costeño', 0, 'KGM');
    const r1 = await req('POST', '/api/compras/recepciones', st.token, { proveedorId: st.proveedor, lineas: [{ productoId: queso.id, cantidad: 25.5, costoUnit: 3_000 }] });
    expect(r1.statusCode, r1.body).toBe(201);
    expect(await leer(queso.id)).toEqual({ stock: 25.5, costo: 3_000, promedio: 3_000 });
    // 0,333 kg at $ 1.001/kg = 333,333 → $ 333 (half up to the peso).
    const r2 = await req('POST', '/api/compras/recepciones', st.token, { proveedorId: st.proveedor, lineas: [{ productoId: queso.id, cantidad: 0.333, costoUnit: 1_001 }] });
    expect(r2.statusCode, r2.body).toBe(201);
    const s = await leer(queso.id);
    expect(s.stock).toBe(25.833);
    // (25,5 × 3.000 + 0,333 × 1.001) / 25,833 = 2.974,2 → 2.974.
    expect(s.promedio).toBe(2_974);
    expect(await totales([r1.json().recepcion.id, r2.json().recepcion.id])).toEqual([76_500, 333]);

    // An order in kilograms, received in part with decimals.
    const orden = (await req('POST', '/api/compras/ordenes', st.token, { proveedorId: st.proveedor, lineas: [{ productoId: queso.id, cantidad: 10.25, costoUnit: 2_999 }] })).json().orden;
    expect(orden.items[0]).toMatchObject({ cantidad: 10.25, importe: 30_740, unidad: 'KGM', empaque: null }); // 30.739,75
    expect(orden.total).toBe(30_740);
    const parte = await req('POST', '/api/compras/recepciones', st.token, { ordenId: orden.id, lineas: [{ productoId: queso.id, cantidad: 10.2, costoUnit: 2_999 }] });
    expect(parte.json().recepcion.estadoOrden).toBe('parcial');
    const demas = await req('POST', '/api/compras/recepciones', st.token, { ordenId: orden.id, lineas: [{ productoId: queso.id, cantidad: 0.051, costoUnit: 2_999 }] });
    expect(demas.statusCode).toBe(422);
    expect(demas.json().error.message).toBe(M.compras.masQuePedido(queso.nombre, '0,05 kg'));
    const resto = await req('POST', '/api/compras/recepciones', st.token, { ordenId: orden.id, lineas: [{ productoId: queso.id, cantidad: 0.05, costoUnit: 2_999 }] });
    expect(resto.json().recepcion.estadoOrden).toBe('recibida');
    expect((await leer(queso.id)).stock).toBe(36.083);
  });
});

describe('el back-office y la API heredada con entregas por presentación', () => {
  it('lista las unidades; corrige solo en pacas completas del mismo producto, con un rechazo en español', async () => {
    const c = await nuevoProducto('Malta');
    const otro = await nuevoProducto('Avena');
    const paca = await nuevaPaca(c.id, 'Paca x12', 12);
    await req('POST', '/api/compras/recepciones', st.token, { proveedorId: st.proveedor, lineas: [{ productoId: c.id, cantidad: 2, costoUnit: 24_000, unidadVentaId: paca }] });
    const [e] = await t.database.db.select().from(entregaPedido).where(eq(entregaPedido.productoId, c.id));
    const fila = await req('GET', `/api/crud/entrega_pedidos/${e!.idEntrega}`, st.token);
    expect(fila.statusCode, fila.body).toBe(200);
    expect(fila.json()).toMatchObject({ cantidad: 24, productoId: c.id });
    const base = { proveedorId: st.proveedor, productoId: c.id, fechaEntrega: fila.json().fechaEntrega };
    const mal = await req('PUT', `/api/crud/entrega_pedidos/${e!.idEntrega}`, st.token, { ...base, cantidad: 30 });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().error.message).toBe(M.crud.entregaEmpaqueMultiplo('Paca x12', 12));
    const otroProducto = await req('PUT', `/api/crud/entrega_pedidos/${e!.idEntrega}`, st.token, { ...base, productoId: otro.id, cantidad: 24 });
    expect(otroProducto.statusCode).toBe(400);
    expect(otroProducto.json().error.message).toBe(M.crud.entregaEmpaqueProducto('Paca x12'));
    expect((await leer(c.id)).stock).toBe(24);
    // One paca less: 12 units leave through the ledger.
    const bien = await req('PUT', `/api/crud/entrega_pedidos/${e!.idEntrega}`, st.token, { ...base, cantidad: 12 });
    expect(bien.statusCode, bien.body).toBe(200);
    expect((await leer(c.id)).stock).toBe(12);
    const [despues] = await t.database.db.select().from(entregaPedido).where(eq(entregaPedido.idEntrega, e!.idEntrega));
    expect(despues).toMatchObject({ cantidad: 12, presentacion: 'Paca x12', factor: 12 });
  });

  it('registra por peso con decimales ("2,5") y pide enteros para lo que se vende por unidad', async () => {
    const arroz = await nuevoProducto('Arroz a granel', 0, 'KGM');
    const jabon = await nuevoProducto('Jabón');
    const base = { proveedorId: st.proveedor, fechaEntrega: '2026-11-20' };
    const kilos = await req('POST', '/api/crud/entrega_pedidos', st.token, { ...base, productoId: arroz.id, cantidad: '2,5' });
    expect(kilos.statusCode, kilos.body).toBe(201);
    expect((await leer(arroz.id)).stock).toBe(2.5);
    const fila = (await req('GET', `/api/crud/entrega_pedidos/${kilos.json().id}`, st.token)).json();
    expect(fila.cantidad).toBe(2.5);
    const unidades = await req('POST', '/api/crud/entrega_pedidos', st.token, { ...base, productoId: jabon.id, cantidad: '2,5' });
    expect(unidades.statusCode).toBe(400);
    expect(unidades.json().error.message).toBe(M.compras.cantidadEntera(jabon.nombre));
    const mala = await req('POST', '/api/crud/entrega_pedidos', st.token, { ...base, productoId: arroz.id, cantidad: '2,5555' });
    expect(mala.statusCode).toBe(400);
    expect(mala.json().error.message).toBe(M.crud.cantidadInvalida);
    expect((await leer(jabon.id)).stock).toBe(0);
  });
});

describe('por pedir en pacas (ADR 036)', () => {
  it('un producto que llegó por paca se sugiere en pacas completas, con el costo de la paca, y la orden sale en pacas', async () => {
    const gaseosa = await nuevoProducto('Gaseosa 400 ml');
    const paca = await nuevaPaca(gaseosa.id, 'Paca x12', 12);
    const recibida = await req('POST', '/api/compras/recepciones', st.token, { proveedorId: st.proveedor, lineas: [{ productoId: gaseosa.id, cantidad: 1, costoUnit: 18_000, unidadVentaId: paca }] });
    expect(recibida.statusCode, recibida.body).toBe(201);
    // 12 in stock, minimum 20: the target (200 %) is 40, so 28 units are missing → 3 pacas (36 u.).
    await t.database.db.update(producto).set({ stockMin: 20 }).where(eq(producto.idProducto, gaseosa.id));
    const arroz = await nuevoProducto('Arroz 500 g', 3);
    await t.database.db.update(producto).set({ stockMin: 10 }).where(eq(producto.idProducto, arroz.id));

    const pp = (await req('GET', '/api/compras/por-pedir', st.token)).json();
    const productos = pp.grupos.flatMap((g: { productos: unknown[] }) => g.productos);
    expect(productos.find((p: { id: number }) => p.id === gaseosa.id)).toMatchObject({ stock: 12, sugerido: 28, ultimoCosto: 1_500, empaque: { unidadVentaId: paca, nombre: 'Paca x12', factor: 12, sugerido: 3, costo: 18_000 } });
    // Received by unit (or never): no pack.
    expect(productos.find((p: { id: number }) => p.id === arroz.id)).toMatchObject({ sugerido: 17, empaque: null });

    // The order the screen sends for it: 3 pacas at the pack's cost.
    const orden = await req('POST', '/api/compras/ordenes', st.token, { proveedorId: st.proveedor, lineas: [{ productoId: gaseosa.id, cantidad: 3, costoUnit: 18_000, unidadVentaId: paca }] });
    expect(orden.statusCode, orden.body).toBe(201);
    expect(orden.json().orden.items[0]).toMatchObject({ cantidad: 36, empaque: { nombre: 'Paca x12', empaques: 3, costo: 18_000 } });
    // On its way now: 36 units cover the target, nothing more to ask.
    const luego = (await req('GET', '/api/compras/por-pedir', st.token)).json();
    expect(luego.grupos.flatMap((g: { productos: unknown[] }) => g.productos).find((p: { id: number }) => p.id === gaseosa.id)).toMatchObject({ enCamino: 36, sugerido: 0, empaque: { sugerido: 0 } });
  });

  it('un producto que nunca llegó pero se compra por paca (su única presentación) se sugiere en pacas: 5 pacas, no 60 unidades (issue #52 punto 7)', async () => {
    const agua = await nuevoProducto('Agua 600 ml');
    const paca = await nuevaPaca(agua.id, 'Paca x12', 12);
    // Minimum 30, nothing in stock: the target (200 %) is 60 units → 5 pacas of 12.
    await t.database.db.update(producto).set({ stockMin: 30 }).where(eq(producto.idProducto, agua.id));
    const pp = (await req('GET', '/api/compras/por-pedir', st.token)).json();
    const fila = pp.grupos.flatMap((g: { productos: unknown[] }) => g.productos).find((p: { id: number }) => p.id === agua.id);
    expect(fila).toMatchObject({ sugerido: 60, empaque: { unidadVentaId: paca, nombre: 'Paca x12', factor: 12, sugerido: 5 } });
    expect(M.compras.lineaEmpaque(fila.empaque.sugerido, fila.empaque.nombre, fila.empaque.factor)).toBe('5 × Paca x12 (60 u.)');
    // Received by unit since: the owner buys it by unit now (ADR 036), no pack.
    const recibida = await req('POST', '/api/compras/recepciones', st.token, { proveedorId: st.proveedor, lineas: [{ productoId: agua.id, cantidad: 6, costoUnit: 1_000 }] });
    expect(recibida.statusCode, recibida.body).toBe(201);
    const luego = (await req('GET', '/api/compras/por-pedir', st.token)).json();
    expect(luego.grupos.flatMap((g: { productos: unknown[] }) => g.productos).find((p: { id: number }) => p.id === agua.id)).toMatchObject({ sugerido: 54, empaque: null });
  });
});

describe('rollos de un producto por metro (issue #58: una presentación de un producto que se vende por medida)', () => {
  it('2 rollos de 50 m recibidos suben 100 m de stock, con el costo por metro; la orden los guarda como rollos', async () => {
    const cable = await nuevoProducto('Cable dúplex 12 AWG', 0, 'MTR');
    const rollo = await nuevaPaca(cable.id, 'Rollo 50 m', 50);
    const creada = await req('POST', '/api/compras/ordenes', st.token, { proveedorId: st.proveedor, lineas: [{ productoId: cable.id, cantidad: 2, costoUnit: 150_000, unidadVentaId: rollo }] });
    expect(creada.statusCode, creada.body).toBe(201);
    const orden = creada.json().orden;
    expect(orden.total).toBe(300_000);
    expect(orden.items).toEqual([expect.objectContaining({ cantidad: 100, costoUnit: 3_000, unidad: 'MTR', empaque: expect.objectContaining({ factor: 50, empaques: 2, costo: 150_000 }) })]);
    const r = await req('POST', '/api/compras/recepciones', st.token, { ordenId: orden.id, lineas: [{ productoId: cable.id, cantidad: 2, costoUnit: 150_000, unidadVentaId: rollo }] });
    expect(r.statusCode, r.body).toBe(201);
    expect(await leer(cable.id)).toEqual({ stock: 100, costo: 3_000, promedio: 3_000 });
    const [mov] = await t.database.db.select().from(movimiento).where(and(eq(movimiento.productoId, cable.id), eq(movimiento.tiendaId, st.id)));
    expect([mov!.stockAntes, mov!.entradas, mov!.cantidadDespues]).toEqual([0, 100, 100]);
    // Half a roll is not a pack: refused, nothing moves.
    const media = await req('POST', '/api/compras/recepciones', st.token, { lineas: [{ productoId: cable.id, cantidad: 0.5, costoUnit: 150_000, unidadVentaId: rollo }], proveedorId: st.proveedor });
    expect(media.statusCode).toBe(400);
    expect(media.json().error.message).toBe(M.compras.empaquesEnteros(cable.nombre, 'Rollo 50 m'));
    expect((await leer(cable.id)).stock).toBe(100);
  });
});
