/**
 * The list price path charges exactly what the list says (issue #59 point 1, ADR 047), property-based:
 * for any base price, % off, list price with a quantity break, pack and quantities (by unit or by weight),
 * the checkout's line price is `precioConLista` (shared/listas-precios.ts) and its amount `brutoLinea`
 * of it (ADR 030's one rounding rule); the sale's total is the sum. On both databases.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brutoLinea } from '#shared/cantidad';
import { precioConLista, precioConPorcentaje } from '#shared/listas-precios';
import { listaPrecio, listaPrecioCliente, listaPrecioProducto, producto, productoUnidadVenta } from '../../db/schema';
import { crearTienda, peticion } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';

const t = usarApp();
const req = peticion(t);

describe('precioConPorcentaje', () => {
  it('es el precio menos el %, redondeado a la mitad hacia arriba, nunca menos de $ 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 0, max: 90 }), (precio, pct) => {
        const r = precioConPorcentaje(precio, pct);
        // Exact: 100 × r is within half a peso (50 hundredths) of precio × (100 − pct), ties up.
        const exacto = precio * (100 - pct);
        if (r > 1) expect(r * 100 - exacto > -50 && r * 100 - exacto <= 50).toBe(true);
        expect(r).toBeGreaterThanOrEqual(1);
        expect(r).toBeLessThanOrEqual(precio);
      }),
    );
  });
});

describe('la venta a un cliente con lista cobra lo que dice la lista', () => {
  it('unidades, pacas, peso y escalones: precio y monto de cada línea como la regla compartida', { timeout: 240_000 }, async () => {
    const s = await crearTienda(t);
    const db = t.database.db;
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          base: fc.integer({ min: 1, max: 200_000 }),
          pct: fc.integer({ min: 0, max: 90 }),
          propio: fc.option(fc.integer({ min: 1, max: 200_000 }), { nil: null }),
          escalon: fc.option(fc.record({ desde: fc.integer({ min: 2, max: 30 }), precio: fc.integer({ min: 1, max: 200_000 }) }), { nil: null }),
          peso: fc.boolean(),
          milesimas: fc.integer({ min: 1, max: 40_000 }),
          paca: fc.option(fc.record({ factor: fc.integer({ min: 2, max: 24 }), precio: fc.integer({ min: 1, max: 2_000_000 }), cantidad: fc.integer({ min: 1, max: 3 }) }), { nil: null }),
        }),
        async (c) => {
          n++;
          const unidad = c.peso ? 'KGM' : '94';
          const [p] = await db.insert(producto).values({ tiendaId: s.id, nombre: `Prop ${n}`, precioUnit: c.base, stock: 100_000, unidadDian: unidad }).returning();
          const [l] = await db.insert(listaPrecio).values({ tiendaId: s.id, nombre: `Lista ${n}`, porcentaje: c.pct }).returning();
          const precios = [...(c.propio != null ? [{ desde: 1, precio: c.propio }] : []), ...(c.escalon ? [c.escalon] : [])];
          for (const x of precios) await db.insert(listaPrecioProducto).values({ tiendaId: s.id, listaId: l!.idListaPrecio, productoId: p!.idProducto, ...x });
          const documento = String(80_000_000 + n);
          const cli = await req('POST', '/api/clientes', s.token, { documento, tipoDocumento: 'CC', nombre: 'Prop', apellido: 'Lista' });
          await db.insert(listaPrecioCliente).values({ clienteId: cli.json().cliente?.id ?? cli.json().id, tiendaId: s.id, listaId: l!.idListaPrecio });
          // A pack only for a product by unit (ADR 033).
          const paca = !c.peso && c.paca ? (await db.insert(productoUnidadVenta).values({ tiendaId: s.id, productoId: p!.idProducto, nombre: 'Paca', factor: c.paca.factor, codigoBarras: `PROP-${n}`, precio: c.paca.precio }).returning())[0]! : null;
          const cantidad = c.peso ? c.milesimas / 1000 : Math.max(1, Math.round(c.milesimas / 1000));
          const lineas = [{ productoId: p!.idProducto, cantidad }, ...(paca ? [{ productoId: p!.idProducto, cantidad: c.paca!.cantidad, unidadVentaId: paca.idUnidadVenta }] : [])];
          const unidades = cantidad + (paca ? c.paca!.cantidad * paca.factor : 0);
          const r = await req('POST', '/api/ventas', s.token, { lineas, metodoPagoId: 5, montoRecibido: 1_000_000_000, documentoCliente: documento });
          expect(r.statusCode, r.body).toBe(201);
          const v = r.json() as { total: number; lineas: { precio: number; subtotal: number; cantidad: number }[] };
          const esperado = [
            precioConLista({ base: c.base, porcentaje: c.pct, precios, unidadesProducto: unidades }),
            ...(paca ? [precioConLista({ base: paca.precio!, porcentaje: c.pct, precios, unidadesProducto: unidades, factor: paca.factor })] : []),
          ];
          expect(v.lineas.map((x) => x.precio)).toEqual(esperado);
          expect(v.lineas.map((x) => x.subtotal)).toEqual(v.lineas.map((x, i) => brutoLinea({ precio: esperado[i]!, cantidad: x.cantidad })));
          expect(v.total).toBe(v.lineas.reduce((a, x) => a + x.subtotal, 0));
        },
      ),
      { numRuns: 25, examples: [[{ base: 3_333, pct: 10, propio: null, escalon: null, peso: false, milesimas: 3000, paca: null }], [{ base: 1, pct: 90, propio: null, escalon: { desde: 2, precio: 5 }, peso: true, milesimas: 2500, paca: null }]] },
    );
  });
});
