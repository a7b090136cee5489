/**
 * Every peso leaves a trace (issue #27): random sequences of sales, line edits, annulments, returns
 * (to stock or written off, refunded in cash or to fiado: issue #32) and abonos, each sent through a random face (the till's API, the back-office, the old controller API),
 * keep for every product `stock = initial + Σ movimientos` and `stock = initial − units on the lines
 * of sales that are not annulled`, and for every customer `balance = Σ credit movements` = what the
 * credit sales not annulled left on credit less the abonos accepted. Refusals (short stock, a line of
 * an annulled or credit sale, an abono above the balance) are part of the sequences: they must change
 * nothing.
 */
import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import { comprobarConsistencia } from '../../server/db/consistencia';
import { afterAll, describe, expect, it } from 'vitest';
import { METODO } from '#shared/roles';
import { cliente, creditoMovimiento, devolucion, devolucionLinea, factura, movimiento, producto, venta } from '../../server/db/schema';
import { createCrudTestApp } from '../../server/modules/crud/crud.fixtures';
import { legacy } from '../../server/legacy/test-client';
import { crearTienda } from '../helpers/factories';

const t = await createCrudTestApp();
const L = legacy(t);
afterAll(() => t.close());
const db = t.database.db;

const INICIAL = 12;
const PRODUCTOS = 3;

type Cara = 'tienda' | 'administracion' | 'heredada';
const cara = fc.constantFrom<Cara>('tienda', 'administracion', 'heredada');
const linea = fc.record({ p: fc.nat(PRODUCTOS - 1), cantidad: fc.integer({ min: 1, max: 4 }) });

/** One operation; `n` picks an existing sale, line or customer by position (modulo how many exist). */
const operacion = fc.oneof(
  fc.record({ tipo: fc.constant('venta' as const), cara, lineas: fc.array(linea, { minLength: 1, maxLength: 3 }), fiado: fc.boolean(), n: fc.nat() }),
  fc.record({ tipo: fc.constant('agregar' as const), cara: fc.constantFrom<Cara>('administracion', 'heredada'), n: fc.nat(), linea }),
  fc.record({ tipo: fc.constant('cambiar' as const), cara: fc.constantFrom<Cara>('administracion', 'heredada'), n: fc.nat(), linea }),
  fc.record({ tipo: fc.constant('quitar' as const), cara: fc.constantFrom<Cara>('administracion', 'heredada'), n: fc.nat() }),
  fc.record({ tipo: fc.constant('anular' as const), cara, n: fc.nat() }),
  fc.record({ tipo: fc.constant('abono' as const), n: fc.nat(), monto: fc.integer({ min: 1, max: 20_000 }) }),
  // A return (issue #32) of some units of a line, to stock or written off, refunded in cash or to fiado.
  fc.record({ tipo: fc.constant('devolver' as const), n: fc.nat(), cantidad: fc.integer({ min: 1, max: 4 }), merma: fc.boolean(), alFiado: fc.boolean() }),
);

interface Tienda {
  id: number;
  token: string;
  productos: number[];
  clientes: { id: number; documento: string }[];
}

async function nuevaTienda(): Promise<Tienda> {
  const s = await crearTienda(t);
  const productos: number[] = [];
  for (let i = 0; i < PRODUCTOS; i++) {
    const [p] = await db.insert(producto).values({ tiendaId: s.id, nombre: `Producto ${i}`, precioUnit: 1000 * (i + 1), stock: INICIAL }).returning();
    productos.push(p!.idProducto);
  }
  const clientes: Tienda['clientes'] = [];
  for (let i = 0; i < 2; i++) {
    const documento = String(8_000_000_000 + s.id * 10 + i);
    const [c] = await db.insert(cliente).values({ tiendaId: s.id, documento, nombre: 'Cliente', apellido: String(i), fiado: true, cupo: 10_000_000 }).returning();
    clientes.push({ id: c!.idCliente, documento });
  }
  return { id: s.id, token: s.token, productos, clientes };
}

const pick = <T,>(xs: T[], n: number): T | undefined => (xs.length ? xs[n % xs.length] : undefined);

async function ventasDe(s: Tienda) {
  return db.select({ id: venta.idVenta }).from(venta).where(eq(venta.tiendaId, s.id)).orderBy(venta.idVenta);
}
async function lineasDe(s: Tienda) {
  return db.select({ id: factura.idFactura, ventaId: factura.ventaId }).from(factura).where(eq(factura.tiendaId, s.id)).orderBy(factura.idFactura);
}

const crud = (s: Tienda, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.request({ method, url: `/api/crud${url}`, token: s.token, ...(payload ? { payload } : {}) });

type Operacion = typeof operacion extends fc.Arbitrary<infer O> ? O : never;

/** Runs one operation through its face; refusals are expected and ignored (the invariants judge them). */
async function aplicar(s: Tienda, op: Operacion): Promise<void> {
  switch (op.tipo) {
    case 'venta': {
      const lineas = op.lineas.map((l) => ({ productoId: s.productos[l.p]!, cantidad: l.cantidad }));
      if (op.cara === 'tienda' || op.fiado) {
        const c = pick(s.clientes, op.n)!;
        const body = op.fiado
          ? { lineas, metodoPagoId: METODO.FIADO, montoRecibido: 0, documentoCliente: c.documento }
          : { lineas, metodoPagoId: METODO.EFECTIVO, montoRecibido: 1_000_000 };
        await t.request({ method: 'POST', url: '/api/ventas', token: s.token, payload: body });
      } else if (op.cara === 'heredada') {
        const r = await L.json('POST', 'venta', { registro: true, EstadoVenta: 'Pendiente', metododepago_ID_Met_Pago: METODO.EFECTIVO }, s.token);
        const ventaId = r.body.id_Venta as number | undefined;
        if (ventaId) for (const l of lineas) await L.json('POST', 'factura', { registro: true, venta_id_Venta: ventaId, producto_id_Producto: l.productoId, Cantidad: l.cantidad }, s.token);
      } else {
        const r = await crud(s, 'POST', '/ventas', { fecha: '2026-03-01', hora: '10:00', estado: 'Pendiente', metodoPagoId: METODO.EFECTIVO });
        const ventaId = r.json().id as number | undefined;
        if (ventaId) for (const l of lineas) await crud(s, 'POST', '/factura', { ventaId, productoId: l.productoId, cantidad: l.cantidad, precio: 1500, estado: 'Pendiente' });
      }
      return;
    }
    case 'agregar': {
      const v = pick(await ventasDe(s), op.n);
      if (!v) return;
      const productoId = s.productos[op.linea.p]!;
      if (op.cara === 'administracion') await crud(s, 'POST', '/factura', { ventaId: v.id, productoId, cantidad: op.linea.cantidad, precio: 2000, estado: 'Pendiente' });
      else await L.json('POST', 'factura', { registroCrud: true, venta_id_Venta: v.id, producto_id_Producto: productoId, Cantidad: op.linea.cantidad, Precio: 2000, Estado: 'Pendiente' }, s.token);
      return;
    }
    case 'cambiar': {
      const f = pick(await lineasDe(s), op.n);
      if (!f) return;
      const productoId = s.productos[op.linea.p]!;
      if (op.cara === 'administracion') await crud(s, 'PUT', `/factura/${f.id}`, { ventaId: f.ventaId, productoId, cantidad: op.linea.cantidad, precio: 2000, estado: 'Pendiente' });
      else
        await L.json(
          'PUT',
          'factura',
          { actualizar: true, id_Factura: f.id, venta_id_Venta: f.ventaId, producto_id_Producto: productoId, Cantidad: op.linea.cantidad, Precio: 2000, Estado: 'Pendiente' },
          s.token,
        );
      return;
    }
    case 'quitar': {
      const f = pick(await lineasDe(s), op.n);
      if (!f) return;
      if (op.cara === 'administracion') await crud(s, 'DELETE', `/factura/${f.id}`);
      else await L.json('POST', 'factura', { eliminar: f.ventaId, id_Factura: f.id }, s.token);
      return;
    }
    case 'anular': {
      const v = pick(await ventasDe(s), op.n);
      if (!v) return;
      if (op.cara === 'tienda') await t.request({ method: 'POST', url: `/api/ventas/${v.id}/anular`, token: s.token });
      else if (op.cara === 'heredada') await L.json('PUT', 'venta', { modificarEstado: true, id_Venta: v.id, EstadoVenta: 'Anulada' }, s.token);
      else {
        const [row] = await db.select({ metodo: venta.metodoPagoId }).from(venta).where(eq(venta.idVenta, v.id));
        await crud(s, 'PUT', `/ventas/${v.id}`, { fecha: '2026-03-01', hora: '10:00', estado: 'Anulada', metodoPagoId: row!.metodo, ...(await documentoDe(v.id)) });
      }
      return;
    }
    case 'devolver': {
      const v = pick(await ventasDe(s), op.n);
      if (!v) return;
      const info = await t.request({ method: 'GET', url: `/api/ventas/${v.id}/devoluciones`, token: s.token });
      const l = pick((info.json().lineas ?? []) as { facturaId: number }[], op.n);
      if (!l) return;
      await t.request({
        method: 'POST',
        url: `/api/ventas/${v.id}/devoluciones`,
        token: s.token,
        payload: { lineas: [{ facturaId: l.facturaId, cantidad: op.cantidad, destino: op.merma ? 'merma' : 'inventario' }], metodoPagoId: op.alFiado ? METODO.FIADO : METODO.EFECTIVO, motivo: 'Producto vencido' },
      });
      return;
    }
    case 'abono': {
      const c = pick(s.clientes, op.n)!;
      const r = await t.request({ method: 'POST', url: `/api/clientes/${c.id}/abonos`, token: s.token, payload: { monto: op.monto, metodoPagoId: METODO.EFECTIVO } });
      if (r.statusCode === 201) abonos.set(c.id, (abonos.get(c.id) ?? 0) + op.monto);
      return;
    }
  }
}

/** The back-office form sends the sale's customer back as it is (a credit sale keeps its customer). */
async function documentoDe(ventaId: number) {
  const [row] = await db.select({ documento: cliente.documento }).from(venta).innerJoin(cliente, eq(cliente.idCliente, venta.clienteId)).where(eq(venta.idVenta, ventaId));
  return row ? { clienteDocumento: row.documento } : {};
}

/** Abonos the API accepted, per customer (the model's side of the balance). */
const abonos = new Map<number, number>();

async function verificar(s: Tienda) {
  for (const p of s.productos) {
    const [{ stock }] = (await db.select({ stock: producto.stock }).from(producto).where(eq(producto.idProducto, p))) as [{ stock: number }];
    const [m] = await db.select({ suma: sql<string>`coalesce(sum(${movimiento.entradas} - ${movimiento.salidas}), 0)` }).from(movimiento).where(eq(movimiento.productoId, p));
    const [l] = await db
      .select({ unidades: sql<string>`coalesce(sum(${factura.cantidad}), 0)` })
      .from(factura)
      .innerJoin(venta, eq(venta.idVenta, factura.ventaId))
      .where(and(eq(factura.productoId, p), sql`${venta.estado} <> 'Anulada'`));
    const [d] = await db
      .select({ unidades: sql<string>`coalesce(sum(${devolucionLinea.cantidad}), 0)` })
      .from(devolucionLinea)
      .where(and(eq(devolucionLinea.productoId, p), eq(devolucionLinea.destino, 'inventario')));
    expect(stock, `producto ${p}: stock = inicial + Σ movimientos`).toBe(INICIAL + Number(m!.suma));
    expect(stock, `producto ${p}: stock = inicial − unidades en ventas no anuladas + unidades devueltas al inventario`).toBe(INICIAL - Number(l!.unidades) + Number(d!.unidades));
  }
  for (const c of s.clientes) {
    const cuenta = await t.request({ method: 'GET', url: `/api/clientes/${c.id}/cuenta`, token: s.token });
    const saldo = cuenta.json().credito.saldo as number;
    const [suma] = await db.select({ s: sql<string>`coalesce(sum(${creditoMovimiento.monto}), 0)` }).from(creditoMovimiento).where(eq(creditoMovimiento.clienteId, c.id));
    const [fiado] = await db
      .select({ s: sql<string>`coalesce(sum(${venta.montoFiado}), 0)` })
      .from(venta)
      .where(and(eq(venta.clienteId, c.id), sql`${venta.estado} <> 'Anulada'`));
    expect(saldo, `cliente ${c.id}: saldo = Σ movimientos de crédito`).toBe(Number(suma!.s));
    const [devuelto] = await db
      .select({ s: sql<string>`coalesce(sum(${devolucion.total}), 0)` })
      .from(devolucion)
      .innerJoin(venta, eq(venta.idVenta, devolucion.ventaId))
      .where(and(eq(venta.clienteId, c.id), eq(devolucion.metodoPagoId, METODO.FIADO)));
    expect(saldo, `cliente ${c.id}: saldo = fiado de ventas no anuladas − abonos − devoluciones al fiado`).toBe(Number(fiado!.s) - (abonos.get(c.id) ?? 0) - Number(devuelto!.s));
  }
  // The fault suite's checks (issue #50 point 7): the summaries the triggers kept through every face's
  // changes equal what the sales compute. (Stock against its ledger is checked above with the opening
  // stock these products were inserted with, which has no ledger row.)
  expect((await comprobarConsistencia(t.app.db, { tiendaId: s.id })).filter((f) => f.regla !== 'stock = libro')).toEqual([]);
}

describe('cada peso deja rastro (propiedad)', () => {
  it('secuencias al azar de ventas, cambios de líneas, anulaciones, devoluciones y abonos por caras al azar conservan stock y saldos', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operacion, { minLength: 4, maxLength: 14 }), async (ops) => {
        const s = await nuevaTienda();
        for (const op of ops) await aplicar(s, op);
        await verificar(s);
      }),
      { numRuns: 25 },
    );
  });
});
