import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { brutoLinea, cantidadPorValor, deMilesimas, importeCorresponde, importeLinea, MILESIMAS } from '#shared/cantidad';
import { M } from '#shared/messages';
import { factura, producto } from '../../db/schema';
import { crearTienda, type Tienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';

/**
 * Issue #52 point 4 (ADR 030): "$ 2.000 de arroz" charges $ 2.000. At $ 4.800/kg the value buys
 * 0,417 kg, whose precio × cantidad rounds to $ 2.002: the line keeps the value asked (factura.importe)
 * and every reader — receipt, invoice, reports, the till's expected cash, returns — says $ 2.000.
 */
const V = M.ventas;
const t = usarApp();
const req = (token: string, method: 'GET' | 'POST', url: string, payload?: object) => t.request({ method, url, token, ...(payload ? { payload } : {}) });

async function crearArroz(tiendaId: number, nombre = 'Arroz a granel', stock = 50) {
  const [p] = await t.database.db.insert(producto).values({ tiendaId, nombre, precioUnit: 4_800, stock, unidadDian: 'KGM' }).returning();
  return p!.idProducto;
}

const efectivoEsperado = async (token: string) => {
  const turno = (await req(token, 'GET', '/api/caja/turno')).json().turno;
  const z = (await req(token, 'GET', `/api/caja/turnos/${turno.id}`)).json();
  return z.lineas.find((l: { metodoPagoId: number }) => l.metodoPagoId === 5).esperado as number;
};

describe('vender por valor es exacto al peso (issue #52 punto 4)', () => {
  let s: Tienda;
  beforeAll(async () => {
    s = await crearTienda(t);
  });

  it('$ 2.000 de arroz a $ 4.800/kg: 0,417 kg y $ 2.000 en el recibo, la factura, los reportes y la caja; devolverla reembolsa $ 2.000', async () => {
    const arroz = await crearArroz(s.id);
    const cantidad = deMilesimas(cantidadPorValor(2_000, 4_800)!);
    expect(cantidad).toBe(0.417);
    // Without the value the same quantity charges precio × cantidad rounded, as before.
    expect(importeLinea(4_800, 417)).toBe(2_002);
    const fondo = await efectivoEsperado(s.token);

    const res = await req(s.token, 'POST', '/api/ventas', { lineas: [{ productoId: arroz, cantidad, importe: 2_000 }], metodoPagoId: 5, montoRecibido: 2_000 });
    expect(res.statusCode, res.body).toBe(201);
    const recibo = res.json();
    expect(recibo.total).toBe(2_000);
    expect(recibo.cambio).toBe(0);
    expect(recibo.lineas).toEqual([expect.objectContaining({ cantidad: 0.417, unidad: 'KGM', precio: 4_800, subtotal: 2_000 })]);
    const [linea] = await t.database.db.select().from(factura).where(eq(factura.ventaId, recibo.id));
    expect(linea).toMatchObject({ cantidad: 0.417, precio: 4_800, importe: 2_000 });
    expect(await stockDe(arroz)).toBe(49.583);

    // The receipt read again and the invoice's detail.
    const leido = (await req(s.token, 'GET', `/api/ventas/${recibo.id}`)).json();
    expect(leido).toMatchObject({ total: 2_000, lineas: [expect.objectContaining({ subtotal: 2_000 })] });
    const detalle = (await req(s.token, 'GET', `/api/facturas/${recibo.id}`)).json();
    expect(detalle.total).toBe(2_000);
    expect(detalle.lineas).toEqual([expect.objectContaining({ subtotal: 2_000 })]);
    const lista = (await req(s.token, 'GET', '/api/facturas')).json();
    expect(lista.items.find((f: { idVenta: number }) => f.idVenta === recibo.id)).toMatchObject({ total: 2_000 });

    // The reports' net sales (from the per-day summaries) and the day's close (from the lines).
    const rep = (await req(s.token, 'GET', '/api/reportes/ventas?periodo=hoy')).json();
    const ind = Object.fromEntries(rep.indicadores.map((i: { clave: string; valor: number }) => [i.clave, i.valor]));
    expect(ind).toMatchObject({ bruto: 2_000, neto: 2_000 });
    // The per-product report and the day's close read the lines themselves: 2 000, never 2 002.
    for (const informe of ['productos', 'cierre-diario']) {
      const r = await req(s.token, 'GET', `/api/reportes/${informe}?periodo=hoy`);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.body).toMatch(/\b2000\b/);
      expect(r.body).not.toMatch(/\b200[12]\b/);
    }

    // The till's expected cash.
    expect(await efectivoEsperado(s.token)).toBe(fondo + 2_000);

    // Returning the whole line refunds exactly what it paid.
    const dev = (await req(s.token, 'GET', `/api/ventas/${recibo.id}/devoluciones`)).json();
    expect(dev.lineas).toEqual([expect.objectContaining({ vendidas: 0.417, pagado: 2_000 })]);
    const devuelta = await req(s.token, 'POST', `/api/ventas/${recibo.id}/devoluciones`, {
      metodoPagoId: 5,
      motivo: 'Arroz con gorgojo',
      lineas: [{ facturaId: dev.lineas[0].facturaId, cantidad: 0.417, destino: 'inventario' }],
    });
    expect(devuelta.statusCode, devuelta.body).toBe(201);
    expect(devuelta.json().total).toBe(2_000);
    expect(await efectivoEsperado(s.token)).toBe(fondo);
    expect(await stockDe(arroz)).toBe(50);
  });

  it('un valor que no corresponde a la cantidad y al precio se rechaza en español y nada cambia', async () => {
    const arroz = await crearArroz(s.id, 'Arroz del tío');
    const antes = await ventasDe(s.id);
    for (const linea of [
      // 5 kg for $ 1: far from 5 × 4 800.
      { cantidad: 5, importe: 1 },
      // One thousandth off: 0,418 kg is what $ 2.005 buys, not $ 2.000.
      { cantidad: 0.418, importe: 2_000 },
    ]) {
      const res = await req(s.token, 'POST', '/api/ventas', { lineas: [{ productoId: arroz, ...linea }], metodoPagoId: 5, montoRecibido: 100_000 });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toBe(V.importeInvalido(['Arroz del tío']));
    }
    for (const importe of [0, -5, 2.5, 'dos mil', 2_000_000_000_000]) {
      const res = await req(s.token, 'POST', '/api/ventas', { lineas: [{ productoId: arroz, cantidad: 0.417, importe }], metodoPagoId: 5, montoRecibido: 100_000 });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toMatch(/[a-zá-ú]/i);
    }
    // A product sold by unit takes no value.
    const [gaseosa] = await t.database.db.insert(producto).values({ tiendaId: s.id, nombre: 'Gaseosa', precioUnit: 2_500, stock: 10, unidadDian: '94' }).returning();
    const unidad = await req(s.token, 'POST', '/api/ventas', { lineas: [{ productoId: gaseosa!.idProducto, cantidad: 1, importe: 2_500 }], metodoPagoId: 5, montoRecibido: 5_000 });
    expect(unidad.statusCode).toBe(400);
    expect(unidad.json().error.message).toBe(V.importeInvalido(['Gaseosa']));
    expect(await ventasDe(s.id)).toBe(antes);
    expect(await stockDe(arroz)).toBe(50);
  });

  it('dos líneas por valor del mismo producto no se juntan: cada una cobra su valor', async () => {
    const arroz = await crearArroz(s.id, 'Arroz premium');
    const lineas = [2_000, 1_000].map((v) => ({ productoId: arroz, cantidad: deMilesimas(cantidadPorValor(v, 4_800)!), importe: v }));
    const res = await req(s.token, 'POST', '/api/ventas', { lineas, metodoPagoId: 5, montoRecibido: 3_000 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().total).toBe(3_000);
    expect(res.json().lineas.map((l: { subtotal: number }) => l.subtotal)).toEqual([2_000, 1_000]);
  });

  it('el servidor acepta exactamente los valores que el cajero pide (propiedad): la línea cobra el valor, la cantidad × precio difiere en menos de medio milésimo del precio', async () => {
    const arroz = await crearArroz(s.id, 'Arroz propiedad', 9_999);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 200_000 }), async (valor) => {
        const m = cantidadPorValor(valor, 4_800);
        fc.pre(m !== null);
        const res = await req(s.token, 'POST', '/api/ventas', { lineas: [{ productoId: arroz, cantidad: deMilesimas(m!), importe: valor }], metodoPagoId: 5, montoRecibido: valor });
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json().total).toBe(valor);
      }),
      { numRuns: 15 },
    );
  });
});

describe('brutoLinea e importeCorresponde (propiedad)', () => {
  it('para cualquier precio y valor: el importe es el valor pedido y precio × cantidad difiere en menos de medio milésimo del precio más el redondeo', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 1, max: 1_000_000_000 }), (precio, valor) => {
        const m = cantidadPorValor(valor, precio);
        if (m === null) return;
        expect(brutoLinea({ precio, cantidad: deMilesimas(m), importe: valor })).toBe(valor);
        expect(importeCorresponde(valor, precio, m)).toBe(true);
        // |precio × m / 1000 − valor| ≤ precio / 2000, so the rounded amount is within that plus half a peso.
        expect(Math.abs(precio * m - valor * MILESIMAS) * 2).toBeLessThanOrEqual(precio);
        expect(Math.abs(importeLinea(precio, m) - valor)).toBeLessThanOrEqual(Math.ceil(precio / 2_000) + 1);
        // A quantity one thousandth away does not correspond.
        expect(importeCorresponde(valor, precio, m + 1)).toBe(false);
      }),
    );
  });
});

const stockDe = async (id: number) => (await t.database.db.select({ stock: producto.stock }).from(producto).where(eq(producto.idProducto, id)))[0]!.stock;
const ventasDe = async (tiendaId: number) => (await t.database.db.select({ id: factura.idFactura }).from(factura).where(eq(factura.tiendaId, tiendaId))).length;
