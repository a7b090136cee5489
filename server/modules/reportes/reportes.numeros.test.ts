/**
 * Issue #52: the reports name a sale by the number its receipt printed (ADR 026), never by its internal
 * id; and the per-product report takes returns off the product's units and pesos, as the other reports
 * take them off net sales. Sales are made in another store first, so a store's numbers (1, 2, 3…) and
 * the database's ids differ.
 */
import { describe, expect, it } from 'vitest';
import type { TReporte } from '#shared/schemas/reportes';
import { crearTienda, peticion, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';

const t = usarApp();
const req = peticion(t);

async function producto(s: Tienda, nombre: string, precio: number, categoria = 'Granos') {
  const res = await req('POST', '/api/productos', s.token, { nombre, precio, cantidad: 50, categoria });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().producto.id as number;
}
async function vender(s: Tienda, lineas: object[], extra: object = {}) {
  const res = await req('POST', '/api/ventas', s.token, { lineas, metodoPagoId: 5, montoRecibido: 10_000_000, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; numero: number };
}
const informe = async (s: Tienda, cual: string, q = 'periodo=hoy') => {
  const res = await req('GET', `/api/reportes/${cual}?${q}`, s.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TReporte;
};
const csv = async (s: Tienda, cual: string, q = 'periodo=hoy') => {
  const res = await req('GET', `/api/reportes/${cual}/exportar?${q}&formato=csv`, s.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload.toString('utf8').slice(1).split('\r\n');
};

describe('el número de la venta en los informes (issue #52 punto 2)', () => {
  it('anulaciones y descuentos, referencias de transferencias, descuentos por empleado y kardex dicen el número del recibo', async () => {
    const otra = await crearTienda(t);
    const pOtra = await producto(otra, 'Sal otra tienda', 1_000);
    for (let i = 0; i < 5; i++) await vender(otra, [{ productoId: pOtra, cantidad: 1 }]);

    const s = await crearTienda(t);
    const arroz = await producto(s, 'Arroz número', 2_500);
    const conDescuento = await vender(s, [{ productoId: arroz, cantidad: 2, descuento: { tipo: 'valor', valor: 500 } }], { motivoDescuento: 'Vecina' });
    const transferida = await vender(s, [{ productoId: arroz, cantidad: 1 }], { metodoPagoId: 3, montoRecibido: 2_500, referencia: 'M777', verificado: true });
    const anulada = await vender(s, [{ productoId: arroz, cantidad: 1 }]);
    expect((await req('POST', `/api/ventas/${anulada.id}/anular`, s.token)).statusCode).toBe(200);
    // The premise: the store's numbers are not the ids.
    expect([conDescuento.numero, transferida.numero, anulada.numero]).toEqual([1, 2, 3]);
    expect(conDescuento.id).not.toBe(conDescuento.numero);

    const ad = await informe(s, 'anulaciones-descuentos');
    expect(ad.tablas[0]!.filas.map((f) => [f.tipo, f.venta])).toEqual([
      ['Descuento', 1],
      ['Anulación', 3],
    ]);
    expect((await csv(s, 'anulaciones-descuentos')).slice(1, 3).map((l) => l.split(';')[2])).toEqual(['1', '3']);

    const mp = await informe(s, 'medios-pago');
    expect(mp.tablas[1]!.filas).toEqual([expect.objectContaining({ venta: 2, referencia: 'M777' })]);

    const emp = await informe(s, 'empleados');
    expect(emp.tablas[1]!.filas.map((f) => f.venta)).toEqual([1]);

    const k = await informe(s, 'kardex', `periodo=hoy&productoId=${arroz}`);
    const ventas = k.tablas[0]!.filas.map((f) => f.venta).filter((v) => v != null);
    expect(ventas).toEqual([1, 2, 3, 3]);
    expect(ventas).not.toContain(conDescuento.id);

    // The activity log names the annulled sale and the discounted one by their numbers, on screen and in its CSV.
    const log = (await req('GET', '/api/actividad', s.token)).json() as { items: { tipo: string; descripcion: string }[] };
    expect(log.items.find((x) => x.tipo === 'anulacion')!.descripcion).toMatch(/^Anuló la venta #3 por/);
    expect(log.items.find((x) => x.tipo === 'descuento')!.descripcion).toMatch(/en la venta #1\b/);
    const logCsv = (await req('GET', '/api/actividad/csv', s.token)).rawPayload.toString('utf8');
    expect(logCsv).toContain('Anuló la venta #3 por');
  }, 120_000);
});

describe('por producto descuenta las devoluciones (issue #52)', () => {
  it('las 3 unidades devueltas dejan el producto en 0 unidades y $ 0; por categoría e indicadores también', async () => {
    const s = await crearTienda(t);
    const arroz = await producto(s, 'Arroz devuelto', 2_500);
    const panela = await producto(s, 'Panela quieta', 1_000);
    const v = await vender(s, [
      { productoId: arroz, cantidad: 3, descuento: { tipo: 'valor', valor: 500 } },
      { productoId: panela, cantidad: 2 },
    ], { motivoDescuento: 'Vecina' });
    const { lineas } = (await req('GET', `/api/ventas/${v.id}/devoluciones`, s.token)).json() as { lineas: { facturaId: number; productoId: number }[] };
    const linea = lineas.find((l) => l.productoId === arroz)!;
    const dev = await req('POST', `/api/ventas/${v.id}/devoluciones`, s.token, { metodoPagoId: 5, motivo: 'Dañado', lineas: [{ facturaId: linea.facturaId, cantidad: 3, destino: 'inventario' }] });
    expect(dev.statusCode, dev.body).toBe(201);
    expect(dev.json().total).toBe(7_000);

    const rep = await informe(s, 'productos');
    const fila = rep.tablas[0]!.filas.find((f) => f.producto === 'Arroz devuelto');
    expect(fila).toMatchObject({ cantidad: 0, bruto: 7_500, descuentos: 500, devuelto: 7_000, neto: 0 });
    expect(rep.tablas[0]!.filas.find((f) => f.producto === 'Panela quieta')).toMatchObject({ cantidad: 2, devuelto: 0, neto: 2_000 });
    const ind = Object.fromEntries(rep.indicadores.map((i) => [i.clave, i.valor]));
    expect(ind).toMatchObject({ neto: 2_000, unidades: 2 });

    const cat = await informe(s, 'categorias');
    expect(cat.tablas[0]!.filas.find((f) => f.categoria === 'Granos')).toMatchObject({ cantidad: 2, devuelto: 7_000, neto: 2_000 });
    // The same net as the daily close: gross − discounts − returns.
    const cierre = await informe(s, 'cierre-diario');
    expect(cierre.indicadores.find((i) => i.clave === 'neto')!.valor).toBe(2_000);
    // Inicio's best sellers of the day leave it out too.
    const inicio = await req('GET', '/api/reportes/inicio', s.token);
    expect((inicio.json() as { top: { producto: string }[] }).top.map((x) => x.producto)).toEqual(['Panela quieta']);
    const lineasCsv = await csv(s, 'productos');
    expect(lineasCsv[0]).toContain('Descuentos;Devoluciones;Neto');
    expect(lineasCsv.find((l) => l.includes('Arroz devuelto'))).toMatch(/;0;und;7500;500;7000;0;/);
  }, 120_000);
});
