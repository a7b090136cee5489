import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { conteo, conteoLinea, lote, movimiento, producto } from '../../db/schema';
import { tiendaConProveedor, type TiendaConProveedor } from '../compras/compras.fixtures';
import { usarLotes } from '../lote/lote.fixtures';
import { usarApp } from '../../../tests/helpers/test-app';

/**
 * Counts per lot (issue #58 point 2, ADR 051's addendum), on PGlite and on PostgreSQL
 * (TEST_DATABASE_URL): an entry of a product that tracks lots may name its lot; approval moves each lot
 * counted by its own difference (a shortfall leaves that lot, a surplus enters it, a new code with its
 * expiry is a new lot), and what the lots do not explain is spread as before (a shortfall from the
 * lots not counted, first to expire first; a surplus to the units of no known lot). Without a lot a
 * count stays as it was. Whatever is counted, a product's lots add up to its stock.
 */
const t = usarApp();
const { req, db, fecha, productoConLotes, lotesDe } = usarLotes(t);

const recibir = (st: TiendaConProveedor, lineas: object[]) => req('POST', '/api/compras/recepciones', st.token, { proveedorId: st.proveedor, lineas });
const vender = (st: TiendaConProveedor, lineas: object[]) => req('POST', '/api/ventas', st.token, { lineas, metodoPagoId: 5, montoRecibido: 1_000_000 });

async function abrir(st: TiendaConProveedor) {
  const r = await req('POST', '/api/conteos', st.token, { alcance: 'tienda' });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().conteo.id as number;
}
async function contar(st: TiendaConProveedor, conteoId: number, linea: object) {
  const r = await req('POST', `/api/conteos/${conteoId}/lineas`, st.token, linea);
  expect(r.statusCode, r.body).toBe(201);
  return r.json().linea;
}
async function aprobar(st: TiendaConProveedor, conteoId: number) {
  const r = await req('POST', `/api/conteos/${conteoId}/aprobar`, st.token);
  expect(r.statusCode, r.body).toBe(200);
}

let s: TiendaConProveedor;
beforeAll(async () => {
  s = await tiendaConProveedor(t, 'Droguería del conteo', 'conteo-lotes@prov.co');
});

describe('conteo por lote', { timeout: 180_000 }, () => {
  it('un faltante sale de su lote, un sobrante entra al suyo, un código nuevo con su vencimiento es un lote nuevo; una venta en medio se lleva', async () => {
    const id = await productoConLotes(s, 'Amoxicilina 500 mg');
    const r = await recibir(s, [{ productoId: id, cantidad: 10, costoUnit: 1000, lotes: [{ codigo: 'A-PRONTO', vence: await fecha(20), cantidad: 4 }, { codigo: 'B-LEJOS', vence: await fecha(200), cantidad: 6 }] }]);
    expect(r.statusCode, r.body).toBe(201);
    const conteoId = await abrir(s);

    // The late lot counted short (6 → 3); the early one counted with one more (4 → 5); a new lot of 2 found on the shelf.
    const linea = await contar(s, conteoId, { productoId: id, cantidad: 3, lote: { codigo: 'B-LEJOS' } });
    expect(linea).toMatchObject({ lote: 'B-LEJOS', cantidad: 3 });
    expect(JSON.stringify(linea)).not.toMatch(/stock|sistema/i);
    await contar(s, conteoId, { productoId: id, cantidad: 5, lote: { codigo: 'A-PRONTO' } });
    // A sale after the count takes one unit (FEFO: A-PRONTO): carried, as in any count.
    expect((await vender(s, [{ productoId: id, cantidad: 1 }])).statusCode).toBe(201);
    await contar(s, conteoId, { productoId: id, cantidad: 2, lote: { codigo: 'C-NUEVO', vence: await fecha(300) } });
    await aprobar(s, conteoId);

    // Counted 10 at a system stock of 10: the product's difference is 0, but the lots moved (a sale of 1 after the count).
    expect(await lotesDe(id)).toEqual({ lotes: { 'A-PRONTO': 4, 'B-LEJOS': 3, 'C-NUEVO': 2 }, stock: 9 });
    const informe = (await req('GET', `/api/conteos/${conteoId}/informe`, s.token)).json();
    expect(informe.lineas).toEqual([expect.objectContaining({ productoId: id, sistema: 10, contado: 10, diferencia: 0 })]);
    // The ledger rows of the adjustment each name their lot.
    const filas = await db().select({ lote: movimiento.loteId, e: movimiento.entradas, sal: movimiento.salidas }).from(movimiento).where(eq(movimiento.productoId, id));
    expect(filas.filter((f) => f.lote != null && f.sal > 0).length).toBeGreaterThan(0);
  });

  it('sin lote, el conteo queda como hoy: el faltante sale del que vence primero y el sobrante va a las unidades sin lote', async () => {
    const id = await productoConLotes(s, 'Loratadina 10 mg');
    await recibir(s, [{ productoId: id, cantidad: 6, costoUnit: 1000, lotes: [{ codigo: 'L-1', vence: await fecha(10), cantidad: 3 }, { codigo: 'L-2', vence: await fecha(100), cantidad: 3 }] }]);
    let conteoId = await abrir(s);
    await contar(s, conteoId, { productoId: id, cantidad: 4 });
    await aprobar(s, conteoId);
    expect(await lotesDe(id)).toEqual({ lotes: { 'L-1': 1, 'L-2': 3 }, stock: 4 });
    conteoId = await abrir(s);
    await contar(s, conteoId, { productoId: id, cantidad: 6 });
    await aprobar(s, conteoId);
    expect(await lotesDe(id)).toEqual({ lotes: { 'L-1': 1, 'L-2': 3, 'sin lote': 2 }, stock: 6 });
  });

  it('contado por lote a medias: lo que falta y no explica un lote contado sale de los lotes no contados, el primero que vence primero', async () => {
    const id = await productoConLotes(s, 'Cetirizina 10 mg');
    await recibir(s, [{ productoId: id, cantidad: 9, costoUnit: 1000, lotes: [{ codigo: 'X-1', vence: await fecha(5), cantidad: 3 }, { codigo: 'X-2', vence: await fecha(50), cantidad: 3 }, { codigo: 'X-3', vence: await fecha(500), cantidad: 3 }] }]);
    const conteoId = await abrir(s);
    // Only X-1 counted (it is all there); nothing else was found: go, X-1 stays whole.
    await contar(s, conteoId, { productoId: id, cantidad: 3, lote: { codigo: 'X-1' } });
    await aprobar(s, conteoId);
    expect(await lotesDe(id)).toEqual({ lotes: { 'X-1': 3 }, stock: 3 });
  });

  it('se rechaza con su motivo en español y sin escribir nada: un producto sin lotes, un lote nuevo sin vencimiento, un lote con otra fecha', async () => {
    const conLotes = await productoConLotes(s, 'Naproxeno 250 mg');
    await recibir(s, [{ productoId: conLotes, cantidad: 2, costoUnit: 1000, lotes: [{ codigo: 'N-1', vence: await fecha(40), cantidad: 2 }] }]);
    const sinLotes = (await req('POST', '/api/productos', s.token, { nombre: 'Jabón de tocador', precio: 2000, cantidad: 4 })).json().producto.id as number;
    const conteoId = await abrir(s);
    const casos: [object, string][] = [
      [{ productoId: sinLotes, cantidad: 4, lote: { codigo: 'Z' } }, M.conteos.loteSinLotes('Jabón de tocador')],
      [{ productoId: conLotes, cantidad: 1, lote: { codigo: 'N-NUEVO' } }, M.conteos.loteNuevoSinVence('N-NUEVO')],
      [{ productoId: conLotes, cantidad: 1, lote: { codigo: 'N-1', vence: await fecha(41) } }, M.conteos.loteOtraFecha('N-1', '')],
      [{ productoId: conLotes, cantidad: 1, lote: { codigo: '' } }, M.conteos.loteInvalido],
      [{ productoId: conLotes, cantidad: 1, lote: { codigo: 'N-2', vence: '31/12/2027' } }, M.conteos.loteVenceInvalido],
    ];
    for (const [linea, mensaje] of casos) {
      const r = await req('POST', `/api/conteos/${conteoId}/lineas`, s.token, linea);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().error.message.startsWith(mensaje.replace(/\.$/, ''))).toBe(true);
    }
    expect(await db().select().from(conteoLinea).where(eq(conteoLinea.conteoId, conteoId))).toEqual([]);
    expect((await db().select({ c: lote.codigo }).from(lote).where(eq(lote.productoId, conLotes))).filter((l) => l.c != null)).toEqual([{ c: 'N-1' }]);
    expect((await req('POST', `/api/conteos/${conteoId}/cancelar`, s.token)).statusCode).toBe(200);
  });

  it('un recuento del producto vuelve a tomar sus lotes desde cero', async () => {
    const id = await productoConLotes(s, 'Omeprazol 20 mg');
    await recibir(s, [{ productoId: id, cantidad: 5, costoUnit: 1000, lotes: [{ codigo: 'O-1', vence: await fecha(30), cantidad: 2 }, { codigo: 'O-2', vence: await fecha(60), cantidad: 3 }] }]);
    const conteoId = await abrir(s);
    await contar(s, conteoId, { productoId: id, cantidad: 9, lote: { codigo: 'O-1' } });
    const re = await req('POST', `/api/conteos/${conteoId}/reconteo`, s.token, { productoId: id, cantidad: 3, lote: { codigo: 'O-2' } });
    expect(re.statusCode, re.body).toBe(201);
    await aprobar(s, conteoId);
    // Only the recount stands: O-2 as counted, O-1 (not counted any more) gives the rest of the shortfall.
    expect(await lotesDe(id)).toEqual({ lotes: { 'O-2': 3 }, stock: 3 });
  });

  it('el informe desglosa por lote lo contado y el sistema, con su valor a costo, y el resto; la exportación también', async () => {
    const id = await productoConLotes(s, 'Diclofenaco 50 mg');
    await recibir(s, [{ productoId: id, cantidad: 7, costoUnit: 1000, lotes: [{ codigo: 'D-1', vence: await fecha(10), cantidad: 4 }, { codigo: 'D-2', vence: await fecha(100), cantidad: 3 }] }]);
    const conteoId = await abrir(s);
    // D-1 counted 3 (one missing); 2 more found without their lot; D-2 not counted.
    await contar(s, conteoId, { productoId: id, cantidad: 3, lote: { codigo: 'D-1' } });
    await contar(s, conteoId, { productoId: id, cantidad: 2 });
    const informe = (await req('GET', `/api/conteos/${conteoId}/informe`, s.token)).json();
    const [fila] = informe.lineas;
    expect(fila).toMatchObject({ productoId: id, sistema: 7, contado: 5, diferencia: -2, costo: 1000, valor: -2000 });
    const d1 = await fecha(10);
    expect(fila.lotes).toEqual([
      { loteId: expect.any(Number), codigo: 'D-1', vence: d1, sistema: 4, contado: 3, diferencia: -1, valor: -1000 },
      { loteId: null, codigo: null, vence: null, sistema: 3, contado: 2, diferencia: -1, valor: -1000 },
    ]);
    const csv = (await req('GET', `/api/conteos/${conteoId}/csv`, s.token)).body;
    const [a, m, d] = d1.split('-');
    expect(csv).toContain(`;${M.conteos.csv.columnas.slice(-3).join(';')}\r\n`);
    expect(csv).toMatch(new RegExp(`Diclofenaco 50 mg;unidad;7;5;-2;1000;-2000;[^;]*;${M.conteos.csv.totalProducto};\r\n`));
    expect(csv).toContain(`Diclofenaco 50 mg;unidad;4;3;-1;1000;-1000;;D-1;${d}/${m}/${a}\r\n`);
    expect(csv).toContain(`Diclofenaco 50 mg;unidad;3;2;-1;1000;-1000;;${M.conteos.loteResto};\r\n`);
    // Counted without any lot: no breakdown.
    const otro = await productoConLotes(s, 'Acetaminofén 500 mg');
    await contar(s, conteoId, { productoId: otro, cantidad: 1 });
    const sinLote = (await req('GET', `/api/conteos/${conteoId}/informe`, s.token)).json().lineas.find((l: { productoId: number }) => l.productoId === otro);
    expect(sinLote).not.toHaveProperty('lotes');
    expect((await req('POST', `/api/conteos/${conteoId}/cancelar`, s.token)).statusCode).toBe(200);
  });

  it('sin conexión: la línea de un lote contada en el teléfono toma las unidades del lote de ese momento; la venta antes de que llegue se lleva', async () => {
    const id = await productoConLotes(s, 'Ibuprofeno 400 mg');
    // Its lots came in yesterday (the ledger is append-only: written with yesterday's date), and the count opened two hours ago.
    for (const [codigo, dias, unidades] of [['I-PRONTO', 15, 4], ['I-LEJOS', 150, 3]] as const) {
      const [l] = await db().insert(lote).values({ tiendaId: s.id, productoId: id, codigo, vence: await fecha(dias) }).returning({ id: lote.idLote });
      const [p] = await db().select({ stock: producto.stock }).from(producto).where(eq(producto.idProducto, id));
      await db().insert(movimiento).values({ tiendaId: s.id, productoId: id, loteId: l!.id, stockAntes: p!.stock, entradas: unidades, cantidadDespues: p!.stock + unidades, estadoDespues: 'Entrada', motivo: 'Recepción', fechaMovimiento: sql`now() - interval '1 day'` });
      await db().update(producto).set({ stock: p!.stock + unidades }).where(eq(producto.idProducto, id));
    }
    expect(await lotesDe(id)).toEqual({ lotes: { 'I-PRONTO': 4, 'I-LEJOS': 3 }, stock: 7 });
    const conteoId = await abrir(s);
    await db().update(conteo).set({ abiertoEn: sql`now() - interval '2 hours'` }).where(eq(conteo.idConteo, conteoId));
    // The phone counted an hour ago, offline: I-PRONTO whole (4) and a new lot of 1 found on the shelf.
    const haceUnaHora = () => ({ clave: randomUUID(), contadoEn: new Date(Date.now() - 3_600_000).toISOString(), reloj: new Date().toISOString() });
    // Then the till sold one (FEFO: I-PRONTO, 3 left); then the lines arrive.
    expect((await vender(s, [{ productoId: id, cantidad: 1 }])).statusCode).toBe(201);
    expect(await contar(s, conteoId, { productoId: id, cantidad: 4, lote: { codigo: 'I-PRONTO' }, sinRed: haceUnaHora() })).toMatchObject({ lote: 'I-PRONTO', cantidad: 4 });
    await contar(s, conteoId, { productoId: id, cantidad: 1, lote: { codigo: 'I-NUEVO', vence: await fecha(200) }, sinRed: haceUnaHora() });
    await contar(s, conteoId, { productoId: id, cantidad: 3, lote: { codigo: 'I-LEJOS' } });
    const informe = (await req('GET', `/api/conteos/${conteoId}/informe`, s.token)).json();
    expect(informe.lineas).toEqual([expect.objectContaining({ productoId: id, sistema: 7, contado: 8, diferencia: 1 })]);
    await aprobar(s, conteoId);
    // I-PRONTO had 4 when the phone counted 4: the sale after it is carried (3); the new lot has its 1; 7 − 1 sold + 1 found.
    expect(await lotesDe(id)).toEqual({ lotes: { 'I-PRONTO': 3, 'I-LEJOS': 3, 'I-NUEVO': 1 }, stock: 7 });
  });

  it('propiedad: tras conteos al azar (por lote, sin lote, lotes nuevos, ventas en medio) los lotes suman el stock', async () => {
    const st = await tiendaConProveedor(t, 'Proveedor conteo azar', 'conteo-lotes2@prov.co');
    const id = await productoConLotes(st, 'Vitamina D');
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          recibir: fc.array(fc.record({ c: fc.integer({ min: 1, max: 5 }), dias: fc.integer({ min: 1, max: 300 }) }), { minLength: 1, maxLength: 3 }),
          lineas: fc.array(
            fc.record({ cual: fc.integer({ min: 0, max: 4 }), cantidad: fc.integer({ min: 0, max: 6 }), nuevo: fc.boolean() }),
            { minLength: 1, maxLength: 5 },
          ),
          venta: fc.integer({ min: 0, max: 2 }),
        }),
        async (op) => {
          const codigos: string[] = [];
          for (const r of op.recibir) {
            const codigo = `V${++n}`;
            codigos.push(codigo);
            const res = await recibir(st, [{ productoId: id, cantidad: r.c, costoUnit: 100, lotes: [{ codigo, vence: await fecha(r.dias), cantidad: r.c }] }]);
            expect(res.statusCode, res.body).toBe(201);
          }
          const conteoId = await abrir(st);
          for (const [i, l] of op.lineas.entries()) {
            const lote = l.nuevo ? { codigo: `V${++n}`, vence: await fecha(400) } : l.cual < codigos.length ? { codigo: codigos[l.cual]! } : undefined;
            await contar(st, conteoId, { productoId: id, cantidad: l.cantidad, ...(lote ? { lote } : {}) });
            if (i === 0 && op.venta > 0) await vender(st, [{ productoId: id, cantidad: op.venta }]);
          }
          const a = await req('POST', `/api/conteos/${conteoId}/aprobar`, st.token);
          // A lot sold below what was counted after it was counted is refused (recount): then cancelled, nothing moved.
          if (a.statusCode !== 200) {
            expect(a.statusCode, a.body).toBe(422);
            expect((await req('POST', `/api/conteos/${conteoId}/cancelar`, st.token)).statusCode).toBe(200);
          }
          const { lotes, stock } = await lotesDe(id);
          const suma = Object.values(lotes).reduce((x, y) => x + y, 0);
          expect(Math.round(suma * 1000)).toBe(Math.round(stock * 1000));
          expect(Object.entries(lotes).every(([c, u]) => c === 'sin lote' || u >= 0)).toBe(true);
        },
      ),
      { numRuns: 8 },
    );
  });
});
