import { asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { lote, producto } from '../../db/schema';
import { peticion } from '../../../tests/helpers/factories';
import type { TestApp } from '../../../tests/helpers/test-app';
import type { TiendaConProveedor } from '../compras/compras.fixtures';

/** The lots' tests' helpers (issue #58 point 2, ADR 051): dates in the store's time zone, a product that tracks lots, its lots and stock. */
export function usarLotes(t: TestApp) {
  const req = peticion(t);
  const db = () => t.database.db;

  /** A date `dias` from the store's today (America/Bogota), as YYYY-MM-DD. */
  async function fecha(dias: number): Promise<string> {
    const res = (await db().execute(sql`select ((now() at time zone 'America/Bogota')::date + ${dias}::int)::text as d`)) as unknown as { rows: { d: string }[] };
    return res.rows[0]!.d;
  }

  /** A product at $ 5.000 (unless `extra` says otherwise) made through the API, then set to track lots. */
  async function productoConLotes(st: TiendaConProveedor, nombre: string, extra: Record<string, unknown> = {}) {
    const res = await req('POST', '/api/productos', st.token, { nombre, precio: 5000, cantidad: 0, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().producto.id as number;
    const puesto = await req('PUT', `/api/productos/${id}`, st.token, { nombre, precio: 5000, stock: 0, stockMin: 0, manejaLotes: true, ...extra });
    expect(puesto.statusCode, puesto.body).toBe(200);
    return id;
  }

  /** The product's lots with units by code (null: of no known lot), and its stock. */
  async function lotesDe(productoId: number) {
    const ls = await db().select({ codigo: lote.codigo, cantidad: lote.cantidad }).from(lote).where(eq(lote.productoId, productoId)).orderBy(asc(lote.idLote));
    const [p] = await db().select({ stock: producto.stock }).from(producto).where(eq(producto.idProducto, productoId));
    return { lotes: Object.fromEntries(ls.filter((l) => l.cantidad !== 0).map((l) => [l.codigo ?? 'sin lote', l.cantidad])), stock: p!.stock };
  }

  return { req, db, fecha, productoConLotes, lotesDe };
}
