import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partesDelPago } from '#shared/pago';
import { sumarDias } from '#shared/periodo';
import type { TReporte } from '#shared/schemas/reportes';
import { cliente, creditoMovimiento, factura, producto, tienda, usuario, venta } from '../../db/schema';
import { crearTienda } from '../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

/**
 * Issue #35 "done when": each report's figures equal a direct sum over the sales, lines and credit
 * movements of the period, computed here in plain TypeScript from the random rows the test wrote —
 * in time zones where the period's first and last instants fall at different UTC hours, with sales
 * a few minutes either side of the store's midnight.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const RUNS = Number(process.env.REPORTES_RUNS ?? 12);
const ZONAS = ['America/Bogota', 'Europe/Madrid', 'Pacific/Auckland', 'America/New_York'] as const;
const METODOS = [1, 3, 5, 6, 7] as const;
const DIA = '2026-03-28'; // the weekend Europe/Madrid moves its clocks: a 23-hour day.

/** The store's calendar day and hour of an instant, computed apart from the server's SQL. */
function local(instante: Date, zona: string) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: zona, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23', weekday: 'short' })
      .formatToParts(instante)
      .map((x) => [x.type, x.value]),
  );
  return { dia: `${p.year}-${p.month}-${p.day}`, hora: Number(p.hour), semana: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(p.weekday!) };
}

const arbLinea = fc.record({ producto: fc.integer({ min: 0, max: 3 }), cantidad: fc.integer({ min: 1, max: 20 }), precio: fc.integer({ min: 0, max: 50_000 }), descPct: fc.integer({ min: 0, max: 100 }) });
const arbVenta = fc.record({
  // Minutes from the period's first day's UTC midnight: well before, across both local midnights, well after.
  minuto: fc.oneof(fc.integer({ min: -36 * 60, max: 84 * 60 }), fc.integer({ min: -15, max: 15 }).map((m) => m + 24 * 60 - 5 * 60)),
  estado: fc.constantFrom('Completada', 'Completada', 'Pendiente', 'Anulada'),
  metodo: fc.constantFrom(...METODOS),
  fiadoPct: fc.integer({ min: 0, max: 100 }),
  descVentaPct: fc.integer({ min: 0, max: 30 }),
  vendedor: fc.integer({ min: 0, max: 1 }),
  lineas: fc.array(arbLinea, { minLength: 0, maxLength: 4 }),
  referencia: fc.option(fc.constantFrom('REF-1', 'TRX 99'), { nil: null }),
});
const arbCredito = fc.record({ minuto: fc.integer({ min: -200 * 24 * 60, max: 60 * 60 }), cargo: fc.boolean(), monto: fc.integer({ min: 1, max: 90_000 }), cliente: fc.integer({ min: 0, max: 1 }) });

describe('reportes: cada cifra es la suma directa de las filas del periodo', () => {
  it('ventas, medios de pago, productos, empleados, mapa de calor y cartera, en cuatro zonas horarias', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ZONAS), fc.array(arbVenta, { maxLength: 25 }), fc.array(arbCredito, { maxLength: 12 }), fc.integer({ min: 0, max: 1 }), async (zona, ventas, creditos, diasExtra) => {
        const s = await crearTienda(t);
        const db = t.database.db;
        await db.update(tienda).set({ zonaHoraria: zona }).where(eq(tienda.idTienda, s.id));
        const prods = await db
          .insert(producto)
          .values([0, 1, 2, 3].map((i) => ({ tiendaId: s.id, nombre: `Producto ${i}`, categoria: i < 2 ? 'Granos' : i === 2 ? 'Aseo' : null, precioUnit: 1000, stock: 100 })))
          .returning({ id: producto.idProducto });
        const [emp] = await db.insert(usuario).values({ documento: `${s.id}00777`, nombre1: 'Eva', apellido1: 'Caja', correo: `eva${s.id}@prueba.co`, contrasenaHash: 'x', rolId: 2, tiendaId: s.id }).returning();
        const clientes = await db
          .insert(cliente)
          .values([0, 1].map((i) => ({ tiendaId: s.id, documento: `${s.id}9${i}`, nombre: `Cliente${i}`, apellido: 'Z', fiado: true, cupo: 50_000 })))
          .returning({ id: cliente.idCliente });
        const base = Date.parse(`${DIA}T00:00:00Z`);
        const desde = DIA;
        const hasta = sumarDias(DIA, diasExtra);

        // What each report must say, summed here from the rows as they are written.
        const esperado = {
          neto: 0, bruto: 0, descuentos: 0, tickets: 0, anuladas: 0, montoAnulado: 0, unidades: 0,
          porDia: new Map<string, number>(),
          porMedio: new Map<number, number>(),
          porProducto: new Map<number, { cantidad: number; neto: number }>(),
          porPersona: new Map<number, number>(),
          calor: new Map<string, number>(),
        };
        for (const v of ventas) {
          const fecha = new Date(base + v.minuto * 60_000);
          const lineas = v.lineas.map((l) => ({ ...l, productoId: prods[l.producto]!.id, descuento: Math.floor((l.precio * l.cantidad * l.descPct) / 100) }));
          const subtotal = lineas.reduce((a, l) => a + l.precio * l.cantidad - l.descuento, 0);
          const descVenta = Math.floor((subtotal * v.descVentaPct) / 100);
          const total = subtotal - descVenta;
          const montoFiado = v.metodo === 7 ? total : Math.floor((total * (v.fiadoPct > 60 ? v.fiadoPct - 60 : 0)) / 40);
          const [row] = await db
            .insert(venta)
            .values({ tiendaId: s.id, fecha, estado: v.estado, metodoPagoId: v.metodo, usuarioId: v.vendedor ? emp!.idUsuario : null, total, descuento: descVenta, montoFiado, montoRecibido: total, referencia: v.referencia })
            .returning({ id: venta.idVenta });
          if (lineas.length) await db.insert(factura).values(lineas.map((l) => ({ tiendaId: s.id, ventaId: row!.id, productoId: l.productoId, cantidad: l.cantidad, precio: l.precio, descuento: l.descuento })));
          const { dia, hora, semana } = local(fecha, zona);
          if (dia < desde || dia > hasta) continue;
          if (v.estado === 'Anulada') {
            esperado.anuladas++;
            esperado.montoAnulado += total;
            continue;
          }
          esperado.tickets++;
          esperado.neto += total;
          esperado.bruto += lineas.reduce((a, l) => a + l.precio * l.cantidad, 0);
          esperado.descuentos += descVenta + lineas.reduce((a, l) => a + l.descuento, 0);
          esperado.unidades += lineas.reduce((a, l) => a + l.cantidad, 0);
          esperado.porDia.set(dia, (esperado.porDia.get(dia) ?? 0) + total);
          for (const p of partesDelPago({ metodoPagoId: v.metodo, metodo: '', total, montoFiado })) esperado.porMedio.set(p.metodoPagoId, (esperado.porMedio.get(p.metodoPagoId) ?? 0) + p.monto);
          for (const l of lineas) {
            const x = esperado.porProducto.get(l.productoId) ?? { cantidad: 0, neto: 0 };
            esperado.porProducto.set(l.productoId, { cantidad: x.cantidad + l.cantidad, neto: x.neto + l.precio * l.cantidad - l.descuento });
          }
          esperado.porPersona.set(v.vendedor, (esperado.porPersona.get(v.vendedor) ?? 0) + total);
          esperado.calor.set(`${semana}:${hora}`, (esperado.calor.get(`${semana}:${hora}`) ?? 0) + total);
        }

        // The credit ledger: charges +, abonos −; each customer's balance at the end of `hasta`, aged by the charges' days.
        const saldo = new Map<number, number>();
        const movs = creditos.map((c) => ({ ...c, fecha: new Date(base + c.minuto * 60_000) })).sort((a, b) => a.fecha.getTime() - b.fecha.getTime());
        const balance = new Map<number, number>();
        for (const c of movs) {
          const clienteId = clientes[c.cliente]!.id;
          const actual = balance.get(clienteId) ?? 0;
          // An abono never takes the balance below zero (as the fiado module refuses).
          const monto = c.cargo ? c.monto : -Math.min(c.monto, actual);
          if (monto === 0) continue;
          balance.set(clienteId, actual + monto);
          await db.insert(creditoMovimiento).values({ tiendaId: s.id, clienteId, fecha: c.fecha, tipo: c.cargo ? 'cargo' : 'abono', monto, metodoPagoId: c.cargo ? null : 5 });
          if (local(c.fecha, zona).dia <= hasta) saldo.set(clienteId, (saldo.get(clienteId) ?? 0) + monto);
        }

        const pedir = async (informe: string) => {
          const res = await t.request({ method: 'GET', url: `/api/reportes/${informe}?periodo=rango&desde=${desde}&hasta=${hasta}`, token: s.token });
          expect(res.statusCode, res.body).toBe(200);
          return res.json() as TReporte;
        };
        const indicador = (rep: TReporte, clave: string) => rep.indicadores.find((i) => i.clave === clave)?.valor;

        const rv = await pedir('ventas');
        expect(rv.periodo).toEqual({ desde, hasta });
        expect({ neto: indicador(rv, 'neto'), bruto: indicador(rv, 'bruto'), descuentos: indicador(rv, 'descuentos'), tickets: indicador(rv, 'tickets'), unidades: indicador(rv, 'unidades'), anuladas: indicador(rv, 'anuladas') }).toEqual({
          neto: esperado.neto, bruto: esperado.bruto, descuentos: esperado.descuentos, tickets: esperado.tickets, unidades: esperado.unidades, anuladas: esperado.anuladas,
        });
        expect(rv.tablas[0]!.filas.map((f) => [f.dia, f.neto])).toEqual(Array.from({ length: diasExtra + 1 }, (_, i) => sumarDias(desde, i)).map((d) => [d, esperado.porDia.get(d) ?? 0]));
        // Net is gross less discounts for every sale the till could make.
        expect(indicador(rv, 'bruto')! - indicador(rv, 'descuentos')!).toBe(indicador(rv, 'neto'));

        const rm = await pedir('medios-pago');
        const medios = Object.fromEntries(rm.tablas[0]!.filas.filter((f) => Number(f.ventas) > 0).map((f) => [f.medio, f.monto]));
        const nombres: Record<number, string> = { 1: 'Tarjeta de crédito', 3: 'Nequi', 5: 'Efectivo', 6: 'Bre-B', 7: 'Fiado' };
        expect(medios).toEqual(Object.fromEntries([...esperado.porMedio].map(([id, monto]) => [nombres[id], monto])));

        const rp = await pedir('productos');
        const porNombre = new Map(prods.map((p, i) => [p.id, `Producto ${i}`]));
        expect(Object.fromEntries(rp.tablas[0]!.filas.map((f) => [f.producto, { cantidad: f.cantidad, neto: f.neto }]))).toEqual(
          Object.fromEntries([...esperado.porProducto].map(([id, x]) => [porNombre.get(id), x])),
        );
        const rc = await pedir('categorias');
        expect(rc.tablas[0]!.filas.reduce((a, f) => a + Number(f.neto), 0)).toBe(rp.tablas[0]!.filas.reduce((a, f) => a + Number(f.neto), 0));

        const re = await pedir('empleados');
        expect(Object.fromEntries(re.tablas[0]!.filas.filter((f) => Number(f.tickets) > 0).map((f) => [f.persona, f.neto]))).toEqual(
          Object.fromEntries([...esperado.porPersona].map(([p, neto]) => [p ? 'Eva Caja' : 'Cuenta de la tienda', neto])),
        );

        const rh = await pedir('mapa-calor');
        const celdas: Record<string, number> = {};
        rh.grafico!.series.forEach((serie, dia) => serie.datos.forEach((v, hora) => v !== 0 && (celdas[`${dia}:${hora}`] = v)));
        expect(celdas).toEqual(Object.fromEntries([...esperado.calor].filter(([, v]) => v !== 0)));

        const rk = await pedir('cartera');
        const filasCartera = rk.tablas[0]!.filas;
        const porCliente = new Map(clientes.map((c, i) => [`Cliente${i} Z`, c.id]));
        expect(Object.fromEntries(filasCartera.map((f) => [porCliente.get(String(f.cliente)), f.saldo]))).toEqual(Object.fromEntries([...saldo].filter(([, v]) => v !== 0)));
        for (const f of filasCartera) expect(Number(f.d0) + Number(f.d31) + Number(f.d61) + Number(f.d90)).toBe(f.saldo);
      }),
      { numRuns: RUNS, seed: 35_2026 },
    );
  });
});
