import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factura, producto, tienda, venta } from '../../db/schema';
import { crearTienda } from '../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { plegarResumenes } from './reportes.resumen';

/**
 * A fold of the summaries and a rebuild of them (a zone change) of the same store, at the same time on
 * two connections (migration 0049): the rebuild waits for the fold's transaction and then replaces its
 * folded rows too. Before, the rebuild's DELETE could not see rows the fold committed while it waited,
 * and those rows stayed beside the rebuilt ones: every amount counted twice. Only PostgreSQL has two
 * connections (the embedded database runs one statement at a time).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('resúmenes: plegar y reconstruir a la vez', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('un cambio de zona mientras un reporte pliega no cuenta nada dos veces', { timeout: 60_000 }, async () => {
    const db = t.database.db;
    const s = await crearTienda(t, { sinCaja: true });
    const [p] = await db.insert(producto).values({ tiendaId: s.id, nombre: 'Arroz', precioUnit: 2000, stock: 100 }).returning({ id: producto.idProducto });
    for (const [i, total] of [2000, 4000, 6000].entries()) {
      const [v] = await db
        .insert(venta)
        .values({ tiendaId: s.id, fecha: new Date(`2026-03-1${i}T15:00:00Z`), estado: 'Completada', metodoPagoId: 5, total, montoRecibido: total })
        .returning({ id: venta.idVenta });
      await db.insert(factura).values({ tiendaId: s.id, ventaId: v!.id, productoId: p!.id, cantidad: total / 2000, precio: 2000, estado: 'Pagado' });
    }
    const sumas = async () => {
      const { rows } = (await db.execute(
        sql`select (select sum(tickets) from resumen_venta_dia where tienda_id = ${s.id})::int as tickets, (select sum(neto) from resumen_venta_dia where tienda_id = ${s.id})::int as neto,
          (select sum(cantidad) from resumen_producto_dia where tienda_id = ${s.id})::int as unidades`,
      )) as unknown as { rows: { tickets: number; neto: number; unidades: number }[] };
      return rows[0];
    };
    expect(await sumas()).toEqual({ tickets: 3, neto: 12_000, unidades: 6 });

    let cambio: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      // The fold is done but not committed when the owner changes the store's zone on another connection.
      await plegarResumenes(tx, s.id, { desde: '2026-03-01', hasta: '2026-03-31' });
      cambio = db.update(tienda).set({ zonaHoraria: 'America/Lima' }).where(eq(tienda.idTienda, s.id)).execute();
      // The change is waiting (for the fold's lock, or for the rows the fold deleted) before this commits.
      for (let i = 0; i < 200; i++) {
        const { rows } = (await db.execute(
          sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%zona_horaria%'`,
        )) as unknown as { rows: { n: number }[] };
        if (rows[0]!.n > 0) break;
        await new Promise((r) => setTimeout(r, 25));
      }
    });
    await cambio;
    expect(await sumas()).toEqual({ tickets: 3, neto: 12_000, unidades: 6 });
  });
});
