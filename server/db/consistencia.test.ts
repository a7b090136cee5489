import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { producto } from './schema';
import { comprobarConsistencia } from './consistencia';
import { crearTiendaCompleta } from '../../tests/helpers/tienda-completa';
import { usarApp } from '../../tests/helpers/test-app';

/**
 * The checks the fault suite runs after every fault (issue #50 point 7): a store with data of every
 * shape agrees with itself, and each kind of damage a fault could leave is named — and the checks
 * change nothing (the summaries' rebuild is rolled back).
 */
const t = usarApp();
let tiendaId: number;

beforeAll(async () => {
  const s = await crearTiendaCompleta(t);
  tiendaId = s.id;
}, 180_000);

const resumenes = async () =>
  ((await t.database.db.execute(sql`select count(*)::int as n, coalesce(sum(neto), 0)::text as neto from resumen_venta_dia where tienda_id = ${tiendaId}`)) as unknown as { rows: { n: number; neto: string }[] }).rows[0];

describe('las comprobaciones de consistencia', () => {
  it('una tienda con ventas por peso, pacas, IVA, fiado, devoluciones y compras cuadra, y comprobarla no cambia nada', async () => {
    const antes = await resumenes();
    expect(await comprobarConsistencia(t.app.db, { tiendaId })).toEqual([]);
    expect(await resumenes()).toEqual(antes);
    expect(await comprobarConsistencia(t.app.db)).toEqual([]);
  });

  it('nombran el stock que no es su libro y el resumen que no es sus ventas', async () => {
    const db = t.database.db;
    const [p] = await db.select().from(producto).where(eq(producto.tiendaId, tiendaId)).limit(1);
    await db.update(producto).set({ stock: sql`${producto.stock} + 1` }).where(eq(producto.idProducto, p!.idProducto));
    // A delta row the triggers did not write: a sale counted that never happened.
    const [r] = ((await db.execute(sql`select * from resumen_venta_dia where tienda_id = ${tiendaId} limit 1`)) as unknown as { rows: Record<string, unknown>[] }).rows;
    await db.execute(sql`update resumen_venta_dia set neto = neto + 1000 where tienda_id = ${tiendaId} and dia = ${r!.dia} and hora = ${r!.hora} and metodo_pago_id = ${r!.metodo_pago_id}`);

    const fallas = await comprobarConsistencia(t.app.db, { tiendaId });
    expect(fallas.map((f) => f.regla).sort()).toEqual(['resúmenes = ventas', 'stock = libro']);
    expect(fallas.find((f) => f.regla === 'stock = libro')!.detalle).toContain(p!.nombre);
    expect(fallas.find((f) => f.regla === 'resúmenes = ventas')!.detalle).toContain('resumen_venta_dia');
  });
});
