/**
 * Issue #59 point 4: *Ventas por promoción* and *Puntos*, through the store API, on PGlite and
 * PostgreSQL (TEST_DATABASE_URL), with exact pesos and points: a 3×2 and a 10 % promotion (one sale
 * annulled: it does not count), points earned, redeemed, reversed by a return and an annulment, and
 * given back by the return of a sale paid with points; ranking, exports, permissions and tenancy.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { METODO, ROL } from '#shared/roles';
import type { TReporte } from '#shared/schemas/reportes';
import { conRol, crearTienda, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { usarPrecios } from '../lista-precio/precios.fixtures';

const R = M.reportes;
const t = usarApp();
const { req, nuevoProducto, cliente, vender } = usarPrecios(t, { producto: 'reporte', documentoDesde: 73_000_000, cliente: { nombre: 'Cliente', apellido: 'Reporte' } });

const reporte = async (s: Tienda, informe: string, token = s.token) => {
  const r = await req('GET', `/api/reportes/${informe}?periodo=hoy`, token);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as TReporte;
};
const indicadores = (rep: TReporte) => Object.fromEntries(rep.indicadores.map((i) => [i.clave, i.valor]));
const csv = async (s: Tienda, informe: string) => {
  const r = await req('GET', `/api/reportes/${informe}/exportar?periodo=hoy&formato=csv`, s.token);
  expect(r.statusCode, r.body).toBe(200);
  return r.rawPayload.toString('utf8').slice(1).split('\r\n');
};

describe('ventas por promoción', () => {
  let s: Tienda;
  let otra: Tienda;
  beforeAll(async () => {
    s = await crearTienda(t);
    otra = await crearTienda(t);
    const gaseosa = await nuevoProducto(s, 3_000, { costoPromedio: 1_500 });
    const pan = await nuevoProducto(s, 2_000, { costoPromedio: 1_200 });
    for (const body of [
      { nombre: '3×2 Gaseosa', tipo: 'nxm', lleve: 3, pague: 2, productoId: gaseosa },
      { nombre: 'Pan 10 %', tipo: 'porcentaje', porcentaje: 10, productoId: pan },
    ]) {
      const r = await req('POST', '/api/promociones', s.token, body);
      expect(r.statusCode, r.body).toBe(201);
    }
    // 7 gaseosas pay 5 (6 000 saved), 3 pay 2 (3 000), 5 panes 10 % off (1 000).
    expect((await vender(s.token, [{ productoId: gaseosa, cantidad: 7 }])).total).toBe(15_000);
    expect((await vender(s.token, [{ productoId: gaseosa, cantidad: 3 }, { productoId: pan, cantidad: 5 }])).total).toBe(15_000);
    // Annulled: never counts.
    const anulada = await vender(s.token, [{ productoId: gaseosa, cantidad: 3 }]);
    expect((await req('POST', `/api/ventas/${anulada.id}/anular`, s.token)).statusCode).toBe(200);
    // A sale without promotion is not in the report.
    await vender(s.token, [{ productoId: gaseosa, cantidad: 2 }]);
  });

  it('por promoción: líneas, unidades, bruto sin promoción, ahorro, neto, costo y margen exactos, en orden de ahorro', async () => {
    const rep = await reporte(s, 'promociones');
    expect(rep.titulo).toBe(R.informes.promociones.titulo);
    const [tabla] = rep.tablas;
    expect(tabla!.total).toBe(2);
    expect(tabla!.filas).toEqual([
      // 10 gaseosas: 30 000 gross, 9 000 saved, 21 000 charged, cost 15 000: margin 6 000 (15 000 without it).
      { puesto: 1, promocion: '3×2 Gaseosa', ventas: 2, lineas: 2, unidades: 10, bruto: 30_000, ahorro: 9_000, neto: 21_000, costo: 15_000, margen: 6_000, margenPorcentaje: 28.6, margenSinPromocion: 15_000, margenSinPorcentaje: 50, participacion: 90 },
      // 5 panes: 10 000 gross, 1 000 saved, 9 000 charged, cost 6 000.
      { puesto: 2, promocion: 'Pan 10 %', ventas: 1, lineas: 1, unidades: 5, bruto: 10_000, ahorro: 1_000, neto: 9_000, costo: 6_000, margen: 3_000, margenPorcentaje: 33.3, margenSinPromocion: 4_000, margenSinPorcentaje: 40, participacion: 10 },
    ]);
    expect(indicadores(rep)).toEqual({ promociones: 2, ventasConPromocion: 2, ahorro: 10_000, netoPromociones: 30_000, margen: 9_000 });
    expect(rep.indicadores.find((i) => i.clave === 'margen')!.detalle).toBe(R.margenSinPromocion(19_000));
    expect(rep.grafico).toMatchObject({ etiquetas: ['3×2 Gaseosa', 'Pan 10 %'], series: [{ datos: [9_000, 1_000] }] });
    // Another store sees none of it.
    expect((await reporte(otra, 'promociones')).tablas[0]!.filas).toEqual([]);
  });

  it('con una promoción sobre un producto sin costo: su margen queda vacío y el total dice cuánto costo se conoce', async () => {
    const u = await crearTienda(t);
    const conCosto = await nuevoProducto(u, 2_000, { costoPromedio: 1_000 });
    const sinCosto = await nuevoProducto(u, 2_000);
    for (const [nombre, productoId] of [['A 10 %', conCosto], ['B 10 %', sinCosto]] as const) {
      expect((await req('POST', '/api/promociones', u.token, { nombre, tipo: 'porcentaje', porcentaje: 10, productoId })).statusCode).toBe(201);
    }
    await vender(u.token, [{ productoId: conCosto, cantidad: 1 }, { productoId: sinCosto, cantidad: 1 }]);
    const rep = await reporte(u, 'promociones');
    expect(rep.tablas[0]!.filas.map((f) => [f.promocion, f.neto, f.costo, f.margen])).toEqual([
      ['A 10 %', 1_800, 1_000, 800],
      ['B 10 %', 1_800, null, null],
    ]);
    // Half the net has a known cost: the margin is over that half, and says so.
    const margen = rep.indicadores.find((i) => i.clave === 'margen')!;
    expect([margen.valor, margen.detalle]).toEqual([800, R.costoConocido(50)]);
  });

  it('se exporta en CSV con sus columnas', async () => {
    const lineas = await csv(s, 'promociones');
    expect(lineas[0]).toBe(
      'Puesto;Promoción;Ventas;Líneas;Unidades;Bruto sin promoción;Ahorro (costo de la promoción);Neto;Costo;Margen;Margen %;Margen sin la promoción;Margen % sin la promoción;Participación en el ahorro %',
    );
    expect(lineas[1]).toBe('1;3×2 Gaseosa;2;2;10;30000;9000;21000;15000;6000;28,6;15000;50;90');
  });

  it('un cajero no lo ve (403); un rango demasiado largo se rechaza en español', async () => {
    const cajero = await conRol(t, s, ROL.EMPLEADO);
    expect((await req('GET', '/api/reportes/promociones?periodo=hoy', cajero)).statusCode).toBe(403);
    const largo = await req('GET', '/api/reportes/promociones?periodo=rango&desde=2000-01-01&hasta=2026-01-01', s.token);
    expect(largo.statusCode).toBe(422);
    expect(largo.body).toContain(M.generic.rangoMuyLargo);
  });
});

describe('puntos', () => {
  let s: Tienda;
  beforeAll(async () => {
    s = await crearTienda(t);
    expect((await req('PUT', '/api/puntos/configuracion', s.token, { activo: true, pesosPorPunto: 1000, valorPunto: 10 })).statusCode).toBe(200);
  });

  it('ganados, redimidos, reversados por devolución y anulación, devueltos, y el saldo con su valor en pesos', async () => {
    const ana = await cliente(s);
    const beto = await cliente(s);
    const caro = await cliente(s);
    const p = await nuevoProducto(s, 12_500);
    const barato = await nuevoProducto(s, 50);
    // Ana earns 25 and returns half: round(25 × 12 500 / 25 000) = 13 taken back.
    const va = await vender(s.token, [{ productoId: p, cantidad: 2 }], { documentoCliente: ana });
    const [linea] = (await req('GET', `/api/ventas/${va.id}/devoluciones`, s.token)).json().lineas as { facturaId: number }[];
    const dev = await req('POST', `/api/ventas/${va.id}/devoluciones`, s.token, { motivo: 'No le sirvió', lineas: [{ facturaId: linea!.facturaId, cantidad: 1, destino: 'inventario' }] });
    expect(dev.statusCode, dev.body).toBe(201);
    // Beto earns 12, spends 5 on a $ 50 sale, which he returns: the 5 come back.
    await vender(s.token, [{ productoId: p, cantidad: 1 }], { documentoCliente: beto });
    const conPuntos = await vender(s.token, [{ productoId: barato, cantidad: 1 }], { documentoCliente: beto, metodoPagoId: METODO.PUNTOS, montoRecibido: 50 });
    const [lb] = (await req('GET', `/api/ventas/${conPuntos.id}/devoluciones`, s.token)).json().lineas as { facturaId: number }[];
    expect((await req('POST', `/api/ventas/${conPuntos.id}/devoluciones`, s.token, { motivo: 'No le sirvió', lineas: [{ facturaId: lb!.facturaId, cantidad: 1, destino: 'inventario' }] })).statusCode).toBe(201);
    // Caro earns 12 on a sale that is annulled: all 12 reversed.
    const vc = await vender(s.token, [{ productoId: p, cantidad: 1 }], { documentoCliente: caro });
    expect((await req('POST', `/api/ventas/${vc.id}/anular`, s.token)).statusCode).toBe(200);

    const rep = await reporte(s, 'puntos');
    expect(indicadores(rep)).toEqual({ puntosGanados: 49, puntosRedimidos: 5, puntosReversados: 25, puntosDevueltos: 5, saldoPuntos: 24, valorSaldoPuntos: 240, clientesConPuntos: 3 });
    const filas = rep.tablas[0]!.filas.map(({ cliente: _c, documento, ...x }) => ({ documento, ...x }));
    expect(filas).toEqual([
      { documento: ana, puesto: 1, inicial: 0, ganados: 25, redimidos: 0, reversados: 13, devueltos: 0, saldo: 12, valor: 120 },
      { documento: beto, puesto: 2, inicial: 0, ganados: 12, redimidos: 5, reversados: 0, devueltos: 5, saldo: 12, valor: 120 },
      { documento: caro, puesto: 3, inicial: 0, ganados: 12, redimidos: 0, reversados: 12, devueltos: 0, saldo: 0, valor: 0 },
    ]);
    const lineas = await csv(s, 'puntos');
    expect(lineas[0]).toBe('Puesto;Cliente;Documento;Saldo inicial;Ganados;Redimidos;Ganados reversados;Redimidos devueltos;Saldo final;Valor del saldo');
    expect(lineas[3]).toMatch(new RegExp(`^3;.*;${caro};0;12;0;12;0;0;0$`));
    // Tomorrow's report (no movement that day) keeps the balances as its opening.
    const manana = await req('GET', '/api/reportes/puntos?periodo=rango&desde=2099-01-01&hasta=2099-01-31', s.token);
    expect(manana.statusCode, manana.body).toBe(200);
    expect(indicadores(manana.json())).toMatchObject({ puntosGanados: 0, saldoPuntos: 24, valorSaldoPuntos: 240, clientesConPuntos: 0 });
  });
});
