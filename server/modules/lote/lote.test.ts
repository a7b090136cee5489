import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { ROL } from '#shared/roles';
import { actividad, usuario } from '../../db/schema';
import { tiendaConProveedor, type TiendaConProveedor } from '../compras/compras.fixtures';
import { crearEmpleado, PASSWORD } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { usarLotes } from './lote.fixtures';

/**
 * Issue #58 point 2, ADR 051: a product that tracks lots receives them, sells the first to expire
 * (FEFO), refuses an expired lot unless a supervisor's PIN authorises it, lists *por vencer*, and a
 * return puts the units back into their lot; whatever moves, its lots add up to its stock.
 */
const t = usarApp();
const { req, db, fecha, productoConLotes, lotesDe } = usarLotes(t);
let s: TiendaConProveedor;

const recibir = (st: TiendaConProveedor, lineas: object[]) => req('POST', '/api/compras/recepciones', st.token, { proveedorId: st.proveedor, lineas });

const vender = (token: string, lineas: object[], extra: object = {}) => req('POST', '/api/ventas', token, { lineas, metodoPagoId: 5, montoRecibido: 1_000_000, ...extra });

beforeAll(async () => {
  s = await tiendaConProveedor(t, 'Droguería Proveedora', 'lotes@prov.co');
});

describe('lotes y vencimiento', { timeout: 180_000 }, () => {
  it('una recepción con dos lotes de una línea los guarda con su vencimiento; la venta toma primero el que vence primero (FEFO)', async () => {
    const id = await productoConLotes(s, 'Acetaminofén 500 mg');
    const res = await recibir(s, [
      { productoId: id, cantidad: 10, costoUnit: 2000, lotes: [{ codigo: 'A-LARGO', vence: await fecha(200), cantidad: 4 }, { codigo: 'B-CORTO', vence: await fecha(20), cantidad: 6 }] },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(await lotesDe(id)).toEqual({ lotes: { 'A-LARGO': 4, 'B-CORTO': 6 }, stock: 10 });

    const venta = await vender(s.token, [{ productoId: id, cantidad: 7 }]);
    expect(venta.statusCode, venta.body).toBe(201);
    expect(await lotesDe(id)).toEqual({ lotes: { 'A-LARGO': 3 }, stock: 3 });

    // The lots a line must add up to what it brings, and a lot needs its code and date.
    const mal = await recibir(s, [{ productoId: id, cantidad: 5, costoUnit: 2000, lotes: [{ codigo: 'C', vence: await fecha(90), cantidad: 4 }] }]);
    expect(mal.statusCode).toBe(400);
    expect(mal.json().error.message).toBe(M.lotes.sumaLotes('Acetaminofén 500 mg', '5'));
    const sin = await recibir(s, [{ productoId: id, cantidad: 5, costoUnit: 2000 }]);
    expect(sin.statusCode).toBe(400);
    expect(sin.json().error.message).toBe(M.lotes.faltanLotes('Acetaminofén 500 mg'));
    expect(await lotesDe(id)).toEqual({ lotes: { 'A-LARGO': 3 }, stock: 3 });
  });

  it('la caja elige un lote cuando el cajero lo pide', async () => {
    const id = await productoConLotes(s, 'Ibuprofeno 400 mg');
    await recibir(s, [{ productoId: id, cantidad: 6, costoUnit: 1000, lotes: [{ codigo: 'PRIMERO', vence: await fecha(30), cantidad: 3 }, { codigo: 'SEGUNDO', vence: await fecha(300), cantidad: 3 }] }]);
    const segundo = (await req('GET', `/api/lotes/producto/${id}`, s.token)).json().lotes.find((l: { codigo: string }) => l.codigo === 'SEGUNDO');
    const venta = await vender(s.token, [{ productoId: id, cantidad: 2, loteId: segundo.id }]);
    expect(venta.statusCode, venta.body).toBe(201);
    expect(await lotesDe(id)).toEqual({ lotes: { PRIMERO: 3, SEGUNDO: 1 }, stock: 4 });
  });

  it('una venta toma dos lotes de un producto: 4 del que vence y 6 del siguiente; el lote elegido solo cubre su línea (la caja, no su paca)', async () => {
    const id = await productoConLotes(s, 'Suero oral');
    await recibir(s, [
      { productoId: id, cantidad: 20, costoUnit: 1000, lotes: [{ codigo: 'S-VENCE', vence: await fecha(5), cantidad: 4 }, { codigo: 'S-SIGUE', vence: await fecha(90), cantidad: 8 }, { codigo: 'S-LEJOS', vence: await fecha(400), cantidad: 8 }] },
    ]);
    const lotes = (await req('GET', `/api/lotes/producto/${id}`, s.token)).json().lotes as { id: number; codigo: string }[];
    const de = (codigo: string) => lotes.find((l) => l.codigo === codigo)!.id;
    // Two lines of one product, each with its lot (the later lot first): each lot gives its line's units.
    let venta = await vender(s.token, [{ productoId: id, cantidad: 6, loteId: de('S-LEJOS') }, { productoId: id, cantidad: 4, loteId: de('S-VENCE') }]);
    expect(venta.statusCode, venta.body).toBe(201);
    expect(await lotesDe(id)).toEqual({ lotes: { 'S-SIGUE': 8, 'S-LEJOS': 2 }, stock: 10 });
    // A chosen lot with fewer units than its line gives what it has; the rest comes first to expire first. A line without a lot: FEFO too.
    venta = await vender(s.token, [{ productoId: id, cantidad: 3, loteId: de('S-LEJOS') }, { productoId: id, cantidad: 2 }]);
    expect(venta.statusCode, venta.body).toBe(201);
    expect(await lotesDe(id)).toEqual({ lotes: { 'S-SIGUE': 5 }, stock: 5 });
  });

  it('una paca sin lote elegido no toma el lote elegido para la unidad: sale del que vence primero', async () => {
    const id = await productoConLotes(s, 'Toallas higiénicas');
    const caja = await req('POST', `/api/productos/${id}/presentaciones`, s.token, { nombre: 'Paca x3', factor: 3, precio: '12.000', codigoBarras: `7708${String(Date.now()).slice(-9)}` });
    expect(caja.statusCode, caja.body).toBe(201);
    await recibir(s, [{ productoId: id, cantidad: 8, costoUnit: 1000, lotes: [{ codigo: 'T-1', vence: await fecha(20), cantidad: 4 }, { codigo: 'T-2', vence: await fecha(200), cantidad: 4 }] }]);
    const t2 = (await req('GET', `/api/lotes/producto/${id}`, s.token)).json().lotes.find((l: { codigo: string }) => l.codigo === 'T-2').id;
    // One unit of T-2 chosen; the pack of three, no lot: it takes T-1 (first to expire), not T-2.
    const venta = await vender(s.token, [{ productoId: id, cantidad: 1, loteId: t2 }, { productoId: id, cantidad: 1, unidadVentaId: caja.json().presentacion.id }]);
    expect(venta.statusCode, venta.body).toBe(201);
    expect(await lotesDe(id)).toEqual({ lotes: { 'T-1': 1, 'T-2': 3 }, stock: 4 });
    // A pack with its lot chosen takes its three units from it.
    const otra = await vender(s.token, [{ productoId: id, cantidad: 1, unidadVentaId: caja.json().presentacion.id, loteId: t2 }]);
    expect(otra.statusCode, otra.body).toBe(201);
    expect(await lotesDe(id)).toEqual({ lotes: { 'T-1': 1 }, stock: 1 });
  });

  it('un lote vencido se rechaza en la caja; el PIN de un supervisor lo autoriza y queda en la actividad', async () => {
    const id = await productoConLotes(s, 'Jarabe para la tos');
    const vencio = await fecha(-3);
    await recibir(s, [{ productoId: id, cantidad: 2, costoUnit: 3000, lote: 'VIEJO', vence: vencio }]);
    const cajero = await crearEmpleado(t, s.codigo);
    const sup = await crearEmpleado(t, s.codigo, { nombre: 'Laura', apellido: 'Díaz' });
    await db().update(usuario).set({ rolId: ROL.ENCARGADO }).where(eq(usuario.documento, sup.documento));
    expect((await req('PUT', '/api/cuenta/pin', sup.token, { contrasena: PASSWORD, pin: '4827' })).statusCode).toBe(200);
    const supId = (await db().select({ id: usuario.idUsuario }).from(usuario).where(eq(usuario.documento, sup.documento)))[0]!.id;

    const rechazada = await vender(cajero.token, [{ productoId: id, cantidad: 1 }]);
    expect(rechazada.statusCode).toBe(422);
    const [a, m, d] = vencio.split('-');
    expect(rechazada.json().error.message).toBe(M.lotes.vencido('Jarabe para la tos', 'VIEJO', `${d}/${m}/${a}`));
    expect(rechazada.json().error.title).toBe(M.lotes.vencidoTitulo);
    expect(await lotesDe(id)).toEqual({ lotes: { VIEJO: 2 }, stock: 2 });

    // Asked without a PIN, or with a wrong one: refused, nothing sold.
    expect((await vender(cajero.token, [{ productoId: id, cantidad: 1 }], { venderVencidos: true })).statusCode).toBe(403);
    expect((await vender(cajero.token, [{ productoId: id, cantidad: 1 }], { venderVencidos: true, autorizacion: { supervisorId: supId, pin: '0000' } })).statusCode).toBe(403);
    expect(await lotesDe(id)).toEqual({ lotes: { VIEJO: 2 }, stock: 2 });

    const autorizada = await vender(cajero.token, [{ productoId: id, cantidad: 1 }], { venderVencidos: true, autorizacion: { supervisorId: supId, pin: '4827' } });
    expect(autorizada.statusCode, autorizada.body).toBe(201);
    expect(await lotesDe(id)).toEqual({ lotes: { VIEJO: 1 }, stock: 1 });
    const [log] = await db().select({ detalle: actividad.detalle }).from(actividad).where(and(eq(actividad.tiendaId, s.id), eq(actividad.tipo, 'lote_vencido')));
    expect(log!.detalle).toMatchObject({ producto: 'Jarabe para la tos', lote: 'VIEJO', vence: vencio, cantidad: 1, autorizadoPorId: supId, autorizadoPor: 'Laura Díaz' });

    // Por vencer lists it as expired, with its value at cost.
    const pv = (await req('GET', '/api/lotes/por-vencer', s.token)).json();
    expect(pv.lotes).toContainEqual(expect.objectContaining({ producto: 'Jarabe para la tos', codigo: 'VIEJO', dias: -3, cantidad: 1, costoUnit: 3000, valor: 3000 }));
  });

  it('por vencer: los lotes que vencen dentro de los días de la tienda, con su valor a costo', async () => {
    const st = await tiendaConProveedor(t, 'Otro proveedor', 'lotes2@prov.co');
    const id = await productoConLotes(st, 'Yogur');
    await recibir(st, [{ productoId: id, cantidad: 8, costoUnit: 1500, lotes: [{ codigo: 'Y1', vence: await fecha(5), cantidad: 3 }, { codigo: 'Y2', vence: await fecha(45), cantidad: 5 }] }]);
    const pv = (await req('GET', '/api/lotes/por-vencer', st.token)).json();
    expect(pv).toMatchObject({ dias: 30, vencidos: 0, porVencer: 1, total: 4500 });
    expect(pv.lotes.map((l: { codigo: string }) => l.codigo)).toEqual(['Y1']);
    expect((await req('PUT', '/api/lotes/dias-por-vencer', st.token, { dias: 60 })).statusCode).toBe(200);
    const mas = (await req('GET', '/api/lotes/por-vencer', st.token)).json();
    expect(mas.lotes.map((l: { codigo: string; valor: number }) => [l.codigo, l.valor])).toEqual([['Y1', 4500], ['Y2', 7500]]);
    expect(mas.total).toBe(12_000);
  });

  it('una devolución devuelve las unidades al lote del que salieron; una anulación también', async () => {
    const id = await productoConLotes(s, 'Suero oral');
    await recibir(s, [{ productoId: id, cantidad: 5, costoUnit: 1000, lotes: [{ codigo: 'S1', vence: await fecha(10), cantidad: 2 }, { codigo: 'S2', vence: await fecha(100), cantidad: 3 }] }]);
    const v = await vender(s.token, [{ productoId: id, cantidad: 3 }]);
    expect(v.statusCode, v.body).toBe(201);
    expect(await lotesDe(id)).toEqual({ lotes: { S2: 2 }, stock: 2 });
    const ventaId = v.json().id as number;
    const lineas = (await req('GET', `/api/ventas/${ventaId}/devoluciones`, s.token)).json();
    const dev = await req('POST', `/api/ventas/${ventaId}/devoluciones`, s.token, {
      metodoPagoId: 5,
      motivo: 'No lo necesitó',
      lineas: [{ facturaId: lineas.lineas[0].facturaId, cantidad: 1, destino: 'inventario' }],
    });
    expect(dev.statusCode, dev.body).toBe(201);
    // FEFO took S1's 2 and one of S2: the unit returned goes back to a lot it came from.
    const despues = await lotesDe(id);
    expect(despues).toEqual({ lotes: { S1: 1, S2: 2 }, stock: 3 });

    const v2 = await vender(s.token, [{ productoId: id, cantidad: 2 }]);
    expect(v2.statusCode, v2.body).toBe(201);
    expect(await lotesDe(id)).toEqual({ lotes: { S2: 1 }, stock: 1 });
    expect((await req('POST', `/api/ventas/${v2.json().id}/anular`, s.token)).statusCode).toBe(200);
    expect(await lotesDe(id)).toEqual(despues);
  });

  it('propiedad: tras ventas, devoluciones, recepciones y ajustes al azar, los lotes suman el stock', async () => {
    const st = await tiendaConProveedor(t, 'Proveedor azar', 'lotes3@prov.co');
    const id = await productoConLotes(st, 'Vitamina C');
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ tipo: fc.constant('recibir' as const), a: fc.integer({ min: 1, max: 5 }), b: fc.integer({ min: 0, max: 5 }), dias: fc.integer({ min: -5, max: 90 }) }),
            fc.record({ tipo: fc.constant('vender' as const), c: fc.integer({ min: 1, max: 4 }), vencidos: fc.boolean() }),
            fc.record({ tipo: fc.constant('devolver' as const), c: fc.integer({ min: 1, max: 2 }) }),
            fc.record({ tipo: fc.constant('ajustar' as const), stock: fc.integer({ min: 0, max: 12 }) }),
          ),
          { minLength: 3, maxLength: 8 },
        ),
        async (ops) => {
          const ventas: { id: number; facturaId: number; queda: number }[] = [];
          for (const op of ops) {
            if (op.tipo === 'recibir') {
              const lotes = [{ codigo: `L${++n}`, vence: await fecha(op.dias), cantidad: op.a }];
              if (op.b > 0) lotes.push({ codigo: `L${++n}`, vence: await fecha(op.dias + 7), cantidad: op.b });
              const r = await recibir(st, [{ productoId: id, cantidad: op.a + op.b, costoUnit: 100, lotes }]);
              expect(r.statusCode, r.body).toBe(201);
            } else if (op.tipo === 'vender') {
              const r = await vender(st.token, [{ productoId: id, cantidad: op.c }], { venderVencidos: op.vencidos });
              if (r.statusCode === 201) {
                const ls = (await req('GET', `/api/ventas/${r.json().id}/devoluciones`, st.token)).json();
                ventas.push({ id: r.json().id, facturaId: ls.lineas[0].facturaId, queda: op.c });
              } else expect([422]).toContain(r.statusCode);
            } else if (op.tipo === 'devolver') {
              const v = ventas.find((x) => x.queda >= op.c);
              if (v) {
                const r = await req('POST', `/api/ventas/${v.id}/devoluciones`, st.token, { metodoPagoId: 5, motivo: 'Prueba', lineas: [{ facturaId: v.facturaId, cantidad: op.c, destino: 'inventario' }] });
                expect(r.statusCode, r.body).toBe(201);
                v.queda -= op.c;
              }
            } else {
              const r = await req('PUT', `/api/productos/${id}`, st.token, { nombre: 'Vitamina C', precio: 5000, stock: op.stock, stockMin: 0 });
              expect(r.statusCode, r.body).toBe(200);
            }
            const { lotes, stock } = await lotesDe(id);
            const suma = Object.values(lotes).reduce((a, b) => a + b, 0);
            expect(Math.round(suma * 1000)).toBe(Math.round(stock * 1000));
            expect(Object.values(lotes).every((c) => c >= 0)).toBe(true);
          }
        },
      ),
      { numRuns: 8 },
    );
  });
});
