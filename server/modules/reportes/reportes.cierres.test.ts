import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sumarDias } from '#shared/periodo';
import type { TReporte } from '#shared/schemas/reportes';
import { cajaMovimiento, cliente, creditoMovimiento, devolucion, factura, movimiento, numeroInhabilitado, perfilFiscal, producto, proveedor, puntoVenta, rangoNumeracion, recepcion, tienda, turno, venta } from '../../db/schema';
import { borrarComoCierre } from '../../../tests/helpers/borrado';
import { crearTienda } from '../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

/**
 * Issue #35 point 4: the daily close per till and day and the monthly close equal direct sums over the
 * rows the test wrote — sales at two tills (their DIAN numbers given by the trigger), annulments,
 * returns, abonos, cash in and out, closed shifts, inhabilitados — with rows a few minutes either side
 * of the store's midnight, in zones whose midnight falls at different UTC hours.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const ZONAS = ['America/Bogota', 'Pacific/Auckland', 'Europe/Madrid'] as const;
const DIA = '2026-03-28';

const diaLocal = (instante: Date, zona: string) => {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-CA', { timeZone: zona, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instante).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}`;
};

const arbMinuto = fc.oneof(fc.integer({ min: -20 * 60, max: 60 * 60 }), fc.integer({ min: -10, max: 10 }).map((m) => m + 24 * 60 - 5 * 60));
const arbVenta = fc.record({
  minuto: arbMinuto,
  caja: fc.integer({ min: 0, max: 1 }),
  anulada: fc.boolean(),
  metodo: fc.constantFrom(5, 5, 3, 7),
  descVenta: fc.integer({ min: 0, max: 300 }),
  lineas: fc.array(fc.record({ cantidad: fc.integer({ min: 1, max: 5 }), precio: fc.integer({ min: 500, max: 9000 }), descuento: fc.integer({ min: 0, max: 400 }) }), { minLength: 1, maxLength: 3 }),
});
const arbOtro = fc.record({ minuto: arbMinuto, caja: fc.integer({ min: 0, max: 1 }), tipo: fc.constantFrom('entrada', 'salida', 'abono', 'devolucion', 'inhabilitado'), monto: fc.integer({ min: 1, max: 5000 }) });

describe('cierre diario y mensual: sumas directas por caja y día', () => {
  it('cada fila del cierre diario es la suma de las filas de esa caja y ese día', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ZONAS), fc.array(arbVenta, { minLength: 1, maxLength: 14 }), fc.array(arbOtro, { maxLength: 10 }), async (zona, ventas, otros) => {
        const s = await crearTienda(t, { sinCaja: true });
        const db = t.database.db;
        await db.update(tienda).set({ zonaHoraria: zona }).where(eq(tienda.idTienda, s.id));
        const [prod] = await db.insert(producto).values({ tiendaId: s.id, nombre: 'Arroz', precioUnit: 1000, stock: 100, costoPromedio: 600 }).returning({ id: producto.idProducto });
        const [cli] = await db.insert(cliente).values({ tiendaId: s.id, documento: `${s.id}77`, nombre: 'Ana', apellido: 'Fiada', fiado: true, cupo: 10_000_000 }).returning({ id: cliente.idCliente });
        const cajas = await db.insert(puntoVenta).values([0, 1].map((i) => ({ tiendaId: s.id, nombre: `Caja ${i + 1}`, ubicacion: 'Mostrador' }))).returning({ id: puntoVenta.idPuntoVenta });
        const rangos = await db
          .insert(rangoNumeracion)
          .values(cajas.map((c, i) => ({ tiendaId: s.id, puntoVentaId: c.id, prefijo: i ? 'B' : 'A', desde: 1, hasta: 1000, resolucion: `R${i}`, fechaDesde: '2020-01-01', fechaHasta: '2099-12-31', siguiente: 1 })))
          .returning({ id: rangoNumeracion.idRango });
        const base = Date.parse(`${DIA}T00:00:00Z`);
        const abierto = new Date(base - 12 * 3600_000);
        const turnos = await db
          .insert(turno)
          .values(
            cajas.map((c, i) => ({
              tiendaId: s.id,
              puntoVentaId: c.id,
              usuarioId: null,
              abiertoEn: new Date(abierto.getTime() + i * 60_000),
              cerradoEn: new Date(base + 70 * 3600_000),
              fondoInicial: 1000,
              cierre: { esperado: { '5': 5000 + i }, contado: { '5': 4900 + i } },
            })),
          )
          .returning({ id: turno.idTurno });
        // Two shifts of the store account may not be open together; both are closed above.
        const desde = DIA;
        const hasta = sumarDias(DIA, 1);
        type Fila = { esperado?: number; contado?: number; ventas: number; anuladas: number; bruto: number; descuentos: number; devuelto: number; fiadoDado: number; fiadoCobrado: number; entradas: number; salidas: number; inhabilitados: number; numeros: string[] };
        const esperado = new Map<string, Fila>();
        const de = (dia: string, caja: number) => {
          const k = `${dia}|Caja ${caja + 1}`;
          return esperado.get(k) ?? esperado.set(k, { ventas: 0, anuladas: 0, bruto: 0, descuentos: 0, devuelto: 0, fiadoDado: 0, fiadoCobrado: 0, entradas: 0, salidas: 0, inhabilitados: 0, numeros: [] }).get(k)!;
        };
        const enPeriodo = (d: string) => d >= desde && d <= hasta;
        let ultimaVenta = 0;
        const siguiente = [1, 1];
        // Sales are written in time order so that each till's numbers grow with time, as at a real till.
        for (const v of [...ventas].sort((a, b) => a.minuto - b.minuto)) {
          const fecha = new Date(base + v.minuto * 60_000);
          const lineas = v.lineas.map((l) => ({ ...l, descuento: Math.min(l.descuento, l.precio * l.cantidad) }));
          const subtotal = lineas.reduce((a, l) => a + l.precio * l.cantidad - l.descuento, 0);
          const descVenta = Math.min(v.descVenta, subtotal);
          const total = subtotal - descVenta;
          const [row] = await db
            .insert(venta)
            .values({ tiendaId: s.id, fecha, estado: v.anulada ? 'Anulada' : 'Completada', metodoPagoId: v.metodo, turnoId: turnos[v.caja]!.id, total, descuento: descVenta, montoFiado: v.metodo === 7 ? total : 0, montoRecibido: total, clienteId: cli!.id })
            .returning({ id: venta.idVenta });
          ultimaVenta = row!.id;
          await db.insert(factura).values(lineas.map((l) => ({ tiendaId: s.id, ventaId: row!.id, productoId: prod!.id, cantidad: l.cantidad, precio: l.precio, descuento: l.descuento, estado: 'Pagado' })));
          const numero = `${v.caja ? 'B' : 'A'}${siguiente[v.caja]!++}`;
          const d = diaLocal(fecha, zona);
          if (!enPeriodo(d)) continue;
          const x = de(d, v.caja);
          x.numeros.push(numero);
          if (v.anulada) {
            x.anuladas++;
            continue;
          }
          x.ventas++;
          x.bruto += lineas.reduce((a, l) => a + l.precio * l.cantidad, 0);
          x.descuentos += descVenta + lineas.reduce((a, l) => a + l.descuento, 0);
          if (v.metodo === 7) x.fiadoDado += total;
        }
        let numeroDevolucion = 1;
        let inhabilitado = 900;
        for (const o of otros) {
          const fecha = new Date(base + o.minuto * 60_000);
          const turnoId = turnos[o.caja]!.id;
          if (o.tipo === 'entrada' || o.tipo === 'salida') await db.insert(cajaMovimiento).values({ tiendaId: s.id, turnoId, fecha, tipo: o.tipo, monto: o.monto, motivo: 'Prueba' });
          else if (o.tipo === 'abono') await db.insert(creditoMovimiento).values({ tiendaId: s.id, clienteId: cli!.id, fecha, tipo: 'abono', monto: -o.monto, metodoPagoId: 5, turnoId });
          else if (o.tipo === 'devolucion') await db.insert(devolucion).values({ tiendaId: s.id, numero: numeroDevolucion++, ventaId: ultimaVenta, fecha, metodoPagoId: 5, turnoId, total: o.monto, motivo: 'Prueba' });
          else await db.insert(numeroInhabilitado).values({ tiendaId: s.id, rangoId: rangos[o.caja]!.id, numero: inhabilitado++, motivo: 'Prueba', fecha });
          const d = diaLocal(fecha, zona);
          if (!enPeriodo(d)) continue;
          const x = de(d, o.caja);
          if (o.tipo === 'entrada') x.entradas += o.monto;
          if (o.tipo === 'salida') x.salidas += o.monto;
          if (o.tipo === 'abono') x.fiadoCobrado += o.monto;
          if (o.tipo === 'devolucion') x.devuelto += o.monto;
          if (o.tipo === 'inhabilitado') x.inhabilitados++;
        }
        // Each shift's expected and counted belong to the day it was opened (the day before the period in some zones).
        for (const i of [0, 1]) {
          const d = diaLocal(new Date(abierto.getTime() + i * 60_000), zona);
          if (enPeriodo(d)) Object.assign(de(d, i), { esperado: 5000 + i, contado: 4900 + i });
        }
        const res = await t.request({ method: 'GET', url: `/api/reportes/cierre-diario?periodo=rango&desde=${desde}&hasta=${hasta}`, token: s.token });
        expect(res.statusCode, res.body).toBe(200);
        const rep = res.json() as TReporte;
        const filas = Object.fromEntries(
          rep.tablas[0]!.filas.map((f) => [
            `${f.dia}|${f.caja}`,
            { ventas: f.ventas, anuladas: f.anuladas, bruto: f.bruto, descuentos: f.descuentos, devuelto: f.devuelto, fiadoDado: f.fiadoDado, fiadoCobrado: f.fiadoCobrado, entradas: f.entradas, salidas: f.salidas, inhabilitados: f.inhabilitados, primero: f.primero, ultimo: f.ultimo, neto: f.neto, esperado: f.esperado, contado: f.contado, diferencia: f.diferencia },
          ]),
        );
        expect(filas).toEqual(
          Object.fromEntries(
            [...esperado].map(([k, x]) => [
              k,
              {
                ventas: x.ventas,
                anuladas: x.anuladas,
                bruto: x.bruto,
                descuentos: x.descuentos,
                devuelto: x.devuelto,
                fiadoDado: x.fiadoDado,
                fiadoCobrado: x.fiadoCobrado,
                entradas: x.entradas,
                salidas: x.salidas,
                inhabilitados: x.inhabilitados,
                primero: x.numeros[0] ?? null,
                ultimo: x.numeros.at(-1) ?? null,
                neto: x.bruto - x.descuentos - x.devuelto,
                esperado: x.esperado ?? null,
                contado: x.contado ?? null,
                diferencia: x.esperado == null ? null : x.contado! - x.esperado,
              },
            ]),
          ),
        );
        // One till only.
        const una = await t.request({ method: 'GET', url: `/api/reportes/cierre-diario?periodo=rango&desde=${desde}&hasta=${hasta}&puntoVentaId=${cajas[1]!.id}`, token: s.token });
        expect(una.statusCode, una.body).toBe(200);
        expect((una.json() as TReporte).tablas[0]!.filas.every((f) => f.caja === 'Caja 2')).toBe(true);
        // Per method: what each till took in cash, card and fiado adds up to its net before returns.
        const medios = rep.tablas[1]!.filas;
        for (const [k, x] of esperado) {
          const [dia, caja] = k.split('|');
          const suyas = medios.filter((f) => f.dia === dia && f.caja === caja);
          expect(suyas.reduce((a, f) => a + Number(f.monto), 0)).toBe(x.bruto - x.descuentos);
        }
        // Per rate: a store with no taxes has every line unclassified; base is what the completed sales paid, in centavos.
        const impuestos = rep.tablas[2]!.filas;
        for (const [k, x] of esperado) {
          const [dia, caja] = k.split('|');
          expect(impuestos.filter((f) => f.dia === dia && f.caja === caja).reduce((a, f) => a + Number(f.base), 0)).toBe((x.bruto - x.descuentos) * 100);
        }
      }),
      { numRuns: Number(process.env.REPORTES_RUNS ?? 6), seed: 4_2026 },
    );
  });

  it('el cierre mensual: neto por día, compras, inventario al cierre al costo promedio y cartera', async () => {
    const s = await crearTienda(t, { sinCaja: true });
    const db = t.database.db;
    const [prod] = await db.insert(producto).values({ tiendaId: s.id, nombre: 'Panela', precioUnit: 3000, stock: 50, costoPromedio: 1200 }).returning({ id: producto.idProducto });
    const [otro] = await db.insert(producto).values({ tiendaId: s.id, nombre: 'Sal', precioUnit: 1000, stock: 0, costoPromedio: null }).returning({ id: producto.idProducto });
    const [prov] = await db.insert(proveedor).values({ tiendaId: s.id, nombre: 'Dulces SA', telefono: '300', email: 'd@prueba.co' }).returning();
    const [cli] = await db.insert(cliente).values({ tiendaId: s.id, documento: `${s.id}88`, nombre: 'Beto', apellido: 'Debe', fiado: true, cupo: 100_000 }).returning({ id: cliente.idCliente });
    // March 2026 in Bogotá (UTC−5): a sale on the 31st at 23:30 local is 1 April 04:30 UTC, still March.
    const v1 = new Date('2026-04-01T04:30:00Z');
    const [v] = await db.insert(venta).values({ tiendaId: s.id, fecha: v1, estado: 'Completada', metodoPagoId: 5, total: 5500, descuento: 500, montoRecibido: 5500 }).returning({ id: venta.idVenta });
    await db.insert(factura).values([
      { tiendaId: s.id, ventaId: v!.id, productoId: prod!.id, cantidad: 2, precio: 3000, descuento: 0, costoUnit: 1000, estado: 'Pagado' },
    ]);
    // A sale of April (1 April 05:30 UTC = 00:30 local) does not count.
    await db.insert(venta).values({ tiendaId: s.id, fecha: new Date('2026-04-01T05:30:00Z'), estado: 'Completada', metodoPagoId: 5, total: 999, montoRecibido: 999 });
    await db.insert(recepcion).values({ tiendaId: s.id, numero: 1, proveedorId: prov!.idProveedor, total: 24_000, fecha: new Date('2026-03-10T15:00:00Z'), facturaNumero: 'FV-1' });
    await db.insert(recepcion).values({ tiendaId: s.id, numero: 2, proveedorId: prov!.idProveedor, total: 7_000, fecha: new Date('2026-04-02T15:00:00Z') });
    // After the month: 20 units in, 5 out of Panela; 3 out of Sal. At the end of March Panela had 50 − 20 + 5 = 35 and Sal 3.
    await db.insert(movimiento).values([
      { tiendaId: s.id, productoId: prod!.id, stockAntes: 30, entradas: 20, salidas: 0, cantidadDespues: 50, motivo: 'Compra', fechaMovimiento: new Date('2026-04-03T15:00:00Z') },
      { tiendaId: s.id, productoId: prod!.id, stockAntes: 35, entradas: 0, salidas: 5, cantidadDespues: 30, motivo: 'Venta', fechaMovimiento: new Date('2026-04-01T06:00:00Z') },
      { tiendaId: s.id, productoId: otro!.id, stockAntes: 3, entradas: 0, salidas: 3, cantidadDespues: 0, motivo: 'Venta', fechaMovimiento: new Date('2026-04-04T15:00:00Z') },
      // Inside March: does not move the close.
      { tiendaId: s.id, productoId: prod!.id, stockAntes: 0, entradas: 35, salidas: 0, cantidadDespues: 35, motivo: 'Compra', fechaMovimiento: new Date('2026-03-05T15:00:00Z') },
    ]);
    await db.insert(creditoMovimiento).values([
      { tiendaId: s.id, clienteId: cli!.id, fecha: new Date('2026-01-10T15:00:00Z'), tipo: 'cargo', monto: 10_000 },
      { tiendaId: s.id, clienteId: cli!.id, fecha: new Date('2026-03-20T15:00:00Z'), tipo: 'cargo', monto: 4_000 },
      { tiendaId: s.id, clienteId: cli!.id, fecha: new Date('2026-03-25T15:00:00Z'), tipo: 'abono', monto: -3_000, metodoPagoId: 5 },
      { tiendaId: s.id, clienteId: cli!.id, fecha: new Date('2026-04-05T15:00:00Z'), tipo: 'abono', monto: -11_000, metodoPagoId: 5 },
    ]);
    const res = await t.request({ method: 'GET', url: '/api/reportes/cierre-mensual?periodo=rango&desde=2026-03-01&hasta=2026-03-31', token: s.token });
    expect(res.statusCode, res.body).toBe(200);
    const rep = res.json() as TReporte;
    const ind = Object.fromEntries(rep.indicadores.map((i) => [i.clave, i.valor]));
    // One definition (cifras.ts, issue #52): the margin is net sales (the sale's own discount off) less the cost of what was sold.
    expect(ind).toMatchObject({ neto: 5500, costo: 2000, margen: 3500, compras: 24_000, inventarioCosto: 35 * 1200, cartera: 11_000 });
    expect(rep.indicadores.find((i) => i.clave === 'margen')!.detalle).toBeNull();
    const [porDia, cifras, impuestos, top, , compras, inventario, cartera] = rep.tablas;
    expect(cifras!.filas.map((f) => [f.cifra, f.importe])).toEqual([
      ['Ventas brutas', 6000],
      ['Descuentos', 500],
      ['Devuelto a clientes', 0],
      ['Ventas netas', 5500],
      ['Costo de lo vendido', 2000],
      ['Margen bruto', 3500],
    ]);
    expect(porDia!.filas).toHaveLength(31);
    expect(porDia!.filas.find((f) => f.dia === '2026-03-31')).toMatchObject({ tickets: 1, bruto: 6000, descuentos: 500, neto: 5500 });
    expect(impuestos!.filas.reduce((a, f) => a + Number(f.base) + Number(f.impuesto), 0)).toBe(5500 * 100);
    expect(top!.filas.map((f) => [f.producto, f.cantidad, f.margen])).toEqual([['Panela', 2, 6000 - 2000]]);
    expect(compras!.filas.map((f) => [f.recepcion, f.proveedor, f.total])).toEqual([[1, 'Dulces SA', 24_000]]);
    expect(inventario!.filas.map((f) => [f.producto, f.stock, f.valor])).toEqual([
      ['Panela', 35, 42_000],
      ['Sal', 3, 0],
    ]);
    // Each row names its product's unit, so a weighed product's stock reads "4,5 kg" and its cost "/kg" (issue #52 point 3).
    expect(inventario!.filas.map((f) => f.unidad)).toEqual(['94', '94']);
    expect(inventario!.columnas.filter((c) => c.unidad === 'unidad').map((c) => c.clave)).toEqual(['stock', 'costo']);
    // 10 000 charged on 10 January, 4 000 on 20 March, 3 000 paid: the oldest charge is paid first, 7 000 of it is 80 days old.
    expect(cartera!.filas.map((f) => f.saldo)).toEqual([4_000, 0, 7_000, 0, 11_000]);
  });

  it('impuestos por tarifa: una fila por tarifa y el total; exporta en CSV con centavos', async () => {
    const s = await crearTienda(t, { sinCaja: true });
    const db = t.database.db;
    // A store responsible for IVA: the line keeps its product's rate (trigger factura_impuesto).
    await db.insert(perfilFiscal).values({ tiendaId: s.id, razonSocial: 'Tienda SAS', tipoPersona: 'juridica', nit: '800197268', dv: 4, responsableIva: true, departamento: '11', municipio: '11001', direccion: 'Calle 1', correo: 'f@prueba.co' });
    const [prod] = await db.insert(producto).values({ tiendaId: s.id, nombre: 'Gaseosa', precioUnit: 1000, stock: 10, impuesto: 'iva19' }).returning({ id: producto.idProducto });
    const [v] = await db.insert(venta).values({ tiendaId: s.id, estado: 'Completada', metodoPagoId: 5, total: 2000, montoRecibido: 2000 }).returning({ id: venta.idVenta });
    await db.insert(factura).values({ tiendaId: s.id, ventaId: v!.id, productoId: prod!.id, cantidad: 2, precio: 1000, impuesto: 'iva19', estado: 'Pagado' });
    const res = await t.request({ method: 'GET', url: '/api/reportes/impuestos?periodo=hoy', token: s.token });
    expect(res.statusCode, res.body).toBe(200);
    const rep = res.json() as TReporte;
    expect(rep.tablas[0]!.filas.map((f) => [f.tarifa, f.base, f.impuesto])).toEqual([
      // 2 000 pesos with 19 % inside: base 1 680,67, tax 319,33 (centavos, half up).
      ['IVA 19 %', 168_067, 31_933],
      ['Total', 168_067, 31_933],
    ]);
    const csv = await t.request({ method: 'GET', url: '/api/reportes/impuestos/exportar?periodo=hoy&formato=csv', token: s.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.rawPayload.toString('utf8').split('\r\n')[1]).toBe('IVA 19 %;1;1680,67;319,33;2000');
  });
});

describe('cierre diario desde el resumen: primer y último número (ADR 037)', () => {
  it('una venta borrada o pasada a otra caja no deja su número en la caja de antes; el resumen da lo mismo que las ventas', async () => {
    const s = await crearTienda(t, { sinCaja: true });
    const db = t.database.db;
    const [a, b] = await db.insert(puntoVenta).values([{ tiendaId: s.id, nombre: 'Caja A', ubicacion: 'Mostrador' }, { tiendaId: s.id, nombre: 'Caja B', ubicacion: 'Fondo' }]).returning({ id: puntoVenta.idPuntoVenta });
    const { generarReporte, hoyEnTienda } = await import('./reportes.service');
    const hoy = await hoyEnTienda(db, s.id);
    // Yesterday at noon in the store's zone (Bogotá, UTC−5 all year).
    const ayer = new Date(`${sumarDias(hoy, -1)}T12:00:00-05:00`);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const [v] = await db.insert(venta).values({ tiendaId: s.id, fecha: new Date(ayer.getTime() + i * 60_000), estado: 'Completada', metodoPagoId: 5, total: 1000, puntoVentaId: a!.id }).returning({ id: venta.idVenta });
      ids.push(v!.id);
    }
    // Without a numbering range in use the sale takes no till of its own (migration 0028): set it after.
    for (const id of ids) await db.update(venta).set({ puntoVentaId: a!.id }).where(eq(venta.idVenta, id));
    const cierre = async (directo: boolean) => {
      const r = await generarReporte({ db, tiendaId: s.id, informe: 'cierre-diario', filtros: { periodo: 'rango', desde: sumarDias(hoy, -3), hasta: hoy, dias: 30 }, completo: true, directo });
      return r.tablas[0]!.filas.map((f) => [f.caja, f.primero, f.ultimo, f.ventas]);
    };
    // The first sale goes to till B: till A's summary rows still hold number 1.
    await db.update(venta).set({ puntoVentaId: b!.id }).where(eq(venta.idVenta, ids[0]!));
    expect(await cierre(false)).toEqual([
      ['Caja A', '2', '4', 3],
      ['Caja B', '1', '1', 1],
    ]);
    expect(await cierre(false)).toEqual(await cierre(true));
    // The last is deleted: its number 4 stays in till A's rows.
    await borrarComoCierre(db, s.id, (tx) => tx.delete(venta).where(eq(venta.idVenta, ids[3]!)));
    expect(await cierre(false)).toEqual([
      ['Caja A', '2', '3', 2],
      ['Caja B', '1', '1', 1],
    ]);
    expect(await cierre(false)).toEqual(await cierre(true));
  });
});
