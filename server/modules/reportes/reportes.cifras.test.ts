/**
 * Issue #52 point 1: one net sales and one margin. After a day of sales with a return, Inicio,
 * *Resumen de ventas*, *Cierre diario*, *Cierre mensual* and the exports say the same net sales
 * (gross − discounts − returns); Inicio and *Cierre mensual* say the same margin, at the cost each
 * line was sold at, and how much of the net has a known cost.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { METODO } from '#shared/roles';
import type { TInicioResumen, TReporte } from '#shared/schemas/reportes';
import { factura, producto, venta } from '../../db/schema';
import { crearTienda, peticion } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';

const t = usarApp();
const req = peticion(t);

describe('las cifras de ventas (issue #52)', () => {
  it('Inicio, Resumen de ventas, Cierre diario, Cierre mensual y la exportación dicen las mismas ventas netas y el mismo margen', async () => {
    const s = await crearTienda(t);
    const db = t.database.db;
    const [arroz] = await db.insert(producto).values({ tiendaId: s.id, nombre: 'Arroz cifras', precioUnit: 10_000, stock: 50, costoPromedio: 6_000 }).returning({ id: producto.idProducto });
    const [vela] = await db.insert(producto).values({ tiendaId: s.id, nombre: 'Vela cifras', precioUnit: 5_000, stock: 50, costoPromedio: null }).returning({ id: producto.idProducto });
    const venta = await req('POST', '/api/ventas', s.token, {
      lineas: [
        { productoId: arroz!.id, cantidad: 3 },
        { productoId: vela!.id, cantidad: 2 },
      ],
      metodoPagoId: 5,
      montoRecibido: 100_000,
    });
    expect(venta.statusCode, venta.body).toBe(201);
    const ventaId = venta.json().id as number;
    const lineas = (await req('GET', `/api/ventas/${ventaId}/devoluciones`, s.token)).json().lineas as { facturaId: number; productoId: number }[];
    const devuelta = await req('POST', `/api/ventas/${ventaId}/devoluciones`, s.token, {
      lineas: [{ facturaId: lineas.find((l) => l.productoId === arroz!.id)!.facturaId, cantidad: 1, destino: 'inventario' }],
      metodoPagoId: 5,
      motivo: 'Cliente cambió de idea',
    });
    expect(devuelta.statusCode, devuelta.body).toBe(201);
    // A cost received later does not reprice what was already sold.
    await db.update(producto).set({ costoPromedio: 9_000 }).where(eq(producto.idProducto, arroz!.id));

    // Gross 40 000, returns 10 000: net 30 000. Cost: 3 × 6 000 sold − 1 × 6 000 back in stock = 12 000,
    // known for the rice's 20 000 of the 30 000 net (67 %): margin 20 000 − 12 000 = 8 000.
    const inicio = (await req('GET', '/api/reportes/inicio', s.token)).json() as TInicioResumen;
    const deInicio = (clave: string) => inicio.indicadores.find((i) => i.clave === clave);
    expect(deInicio('neto')!.valor).toBe(30_000);
    expect(deInicio('margen')).toMatchObject({ valor: 8_000, titulo: 'Margen bruto', detalle: 'costo conocido en 67 % de las ventas' });

    const informe = async (nombre: string) => {
      const res = await req('GET', `/api/reportes/${nombre}?periodo=hoy`, s.token);
      expect(res.statusCode, res.body).toBe(200);
      const rep = res.json() as TReporte;
      return { rep, ind: (clave: string) => rep.indicadores.find((i) => i.clave === clave) };
    };
    const ventas = await informe('ventas');
    expect([ventas.ind('bruto')!.valor, ventas.ind('devuelto')!.valor, ventas.ind('neto')!.valor]).toEqual([40_000, 10_000, 30_000]);
    expect(ventas.rep.tablas[0]!.filas[0]).toMatchObject({ bruto: 40_000, devuelto: 10_000, neto: 30_000 });
    const diario = await informe('cierre-diario');
    expect(diario.ind('neto')!.valor).toBe(30_000);
    const mensual = await informe('cierre-mensual');
    expect(mensual.ind('neto')!.valor).toBe(30_000);
    expect(mensual.ind('costo')!.valor).toBe(12_000);
    expect(mensual.ind('margen')).toMatchObject({ valor: 8_000, detalle: 'costo conocido en 67 % de las ventas' });

    const csv = (await req('GET', '/api/reportes/cierre-mensual/exportar?periodo=hoy&formato=csv', s.token)).body;
    expect(csv).toContain('Ventas netas;30000');
    expect(csv).toContain('Margen bruto;8000;costo conocido en 67 % de las ventas');
    const csvVentas = (await req('GET', '/api/reportes/ventas/exportar?periodo=hoy&formato=csv', s.token)).body;
    expect(csvVentas.split('\n')[0]).toContain('Devuelto;Neto');
    expect(csvVentas).toContain(';10000;30000;');
  });

  it('con todo el costo conocido, el margen es ventas netas menos costo y no lleva aviso', async () => {
    const s = await crearTienda(t);
    const [cafe] = await t.database.db.insert(producto).values({ tiendaId: s.id, nombre: 'Café cifras', precioUnit: 8_000, stock: 10, costoPromedio: 5_000 }).returning({ id: producto.idProducto });
    expect((await req('POST', '/api/ventas', s.token, { lineas: [{ productoId: cafe!.id, cantidad: 2 }], metodoPagoId: 5, montoRecibido: 20_000 })).statusCode).toBe(201);
    const inicio = (await req('GET', '/api/reportes/inicio', s.token)).json() as TInicioResumen;
    expect(inicio.indicadores.find((i) => i.clave === 'margen')).toMatchObject({ valor: 6_000, detalle: null });
  });
});

describe('el costo de lo vendido es el que el producto tenía al venderse (issue #52)', () => {
  it('una línea escrita por la administración guarda el costo de ese momento: un costo recibido después no cambia el margen', async () => {
    const s = await crearTienda(t);
    const db = t.database.db;
    const [queso] = await db.insert(producto).values({ tiendaId: s.id, nombre: 'Queso costo', precioUnit: 10_000, stock: 20, costoPromedio: 6_000 }).returning({ id: producto.idProducto });
    const [v] = await db.insert(venta).values({ tiendaId: s.id, metodoPagoId: METODO.EFECTIVO, estado: 'Pendiente' }).returning({ id: venta.idVenta });
    const linea = await req('POST', '/api/crud/factura', s.token, { ventaId: v!.id, productoId: queso!.id, cantidad: 2, precio: 10_000, estado: 'Pendiente' });
    expect(linea.statusCode, linea.body).toBe(201);
    expect((await db.select({ c: factura.costoUnit }).from(factura).where(eq(factura.ventaId, v!.id)))[0]!.c).toBe(6_000);
    // The afternoon's purchase raises the average cost; the morning's sale keeps its own.
    await db.update(producto).set({ costoPromedio: 9_000 }).where(eq(producto.idProducto, queso!.id));
    const mensual = (await req('GET', '/api/reportes/cierre-mensual?periodo=hoy', s.token)).json() as TReporte;
    const ind = (clave: string) => mensual.indicadores.find((i) => i.clave === clave);
    expect([ind('neto')!.valor, ind('costo')!.valor, ind('margen')!.valor]).toEqual([20_000, 12_000, 8_000]);
  });
});
