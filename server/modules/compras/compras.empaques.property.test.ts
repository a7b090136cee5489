import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { producto, recepcion } from '../../db/schema';
import { peticion } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';
import { tiendaConProveedor, type TiendaConProveedor } from './compras.fixtures';

/**
 * ADR 036 through the API on the real database: random packs, factors, pack counts and costs,
 * received in one or two receipts. Stock rises by Σ factor × packs, each receipt's total is
 * Σ packs × cost per pack, and the average cost stays within half a peso of the exact one.
 */

const t = usarApp();
const req = peticion(t);
let st: TiendaConProveedor;
let seq = 0;
beforeAll(async () => {
  st = await tiendaConProveedor(t, 'Mayorista propiedades', 'm@p.co');
});

const linea = fc.record({
  producto: fc.integer({ min: 0, max: 2 }),
  factor: fc.integer({ min: 2, max: 1000 }),
  packs: fc.integer({ min: 1, max: 40 }),
  costo: fc.integer({ min: 0, max: 2_000_000 }),
});

describe('recepciones por presentación: propiedad', () => {
  it('stock + factor × pacas, total = Σ pacas × costo por paca, promedio a medio peso del exacto', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(linea, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 2 }), fc.integer({ min: 0, max: 30 }), async (recepciones, stockInicial) => {
        // Three fresh products, each with its stock, and the packs the lines ask for.
        const ids: number[] = [];
        for (let i = 0; i < 3; i++) {
          const r = await req('POST', '/api/productos', st.token, { nombre: `Prop ${++seq}`, precio: 1000, cantidad: stockInicial, idProveedor: st.proveedor });
          ids.push(r.json().producto.id);
        }
        const packs = new Map<string, number>();
        const packDe = async (productoId: number, factor: number) => {
          const k = `${productoId}:${factor}`;
          if (!packs.has(k)) {
            const r = await req('POST', `/api/productos/${productoId}/presentaciones`, st.token, { nombre: `Caja x${factor}`, factor, codigoBarras: `P${++seq}X${factor}`, precio: 1 });
            expect(r.statusCode, r.body).toBe(201);
            packs.set(k, r.json().presentacion.id);
          }
          return packs.get(k)!;
        };
        // The model: stock and the exact money of what is on hand (thousandths of a peso per unit avoided: a rational).
        const stock = new Map(ids.map((id) => [id, stockInicial]));
        const promedio = new Map<number, number | null>(ids.map((id) => [id, null]));
        for (const lineas of recepciones) {
          // One line per product in a receipt: keep the first of each.
          const unicas = lineas.filter((l, i) => lineas.findIndex((x) => x.producto === l.producto) === i);
          const cuerpo = [];
          for (const l of unicas) cuerpo.push({ productoId: ids[l.producto]!, cantidad: l.packs, costoUnit: l.costo, unidadVentaId: await packDe(ids[l.producto]!, l.factor) });
          const r = await req('POST', '/api/compras/recepciones', st.token, { proveedorId: st.proveedor, lineas: cuerpo });
          expect(r.statusCode, r.body).toBe(201);
          const [rec] = await t.database.db.select({ total: recepcion.total }).from(recepcion).where(eq(recepcion.idRecepcion, r.json().recepcion.id));
          expect(rec!.total).toBe(unicas.reduce((s, l) => s + l.packs * l.costo, 0));
          const filas = await t.database.db.select({ id: producto.idProducto, stock: producto.stock, promedio: producto.costoPromedio }).from(producto).where(inArray(producto.idProducto, ids));
          for (const l of unicas) {
            const id = ids[l.producto]!;
            const antes = stock.get(id)!;
            const unidades = l.packs * l.factor;
            const fila = filas.find((f) => f.id === id)!;
            expect(fila.stock).toBe(antes + unidades);
            const prev = promedio.get(id) ?? null;
            const exacto = antes > 0 && prev != null ? (antes * prev + l.packs * l.costo) / (antes + unidades) : l.costo / l.factor;
            expect(Math.abs(fila.promedio! - exacto)).toBeLessThanOrEqual(0.5);
            stock.set(id, antes + unidades);
            promedio.set(id, fila.promedio);
          }
        }
      }),
      { numRuns: 12 },
    );
  });
});
