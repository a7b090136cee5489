import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { METODO } from '#shared/roles';
import { producto, venta, ventaContador } from '../../db/schema';
import { crearTienda } from '../../../tests/helpers/factories';
import { usarApp } from '../../../tests/helpers/test-app';

/**
 * Issue #55 point 3 (ADR 057): the checkout takes the store's number last (venta_tomar_numero), so sales
 * of one store queue only from there to the commit. The numbers stay 1, 2, 3… with no gap: two sales at
 * once take consecutive numbers, and a sale undone after it took its number gives it back.
 */
const t = usarApp();
const db = () => t.database.db;
let seq = 0;
async function crearProducto(tiendaId: number) {
  const [p] = await db().insert(producto).values({ tiendaId, nombre: `Tarde ${++seq}`, precioUnit: 2_000, stock: 100, estado: 1 }).returning();
  return p!.idProducto;
}
const vender = (token: string, productoId: number) =>
  t.request({ method: 'POST', url: '/api/ventas', token, payload: { lineas: [{ productoId, cantidad: 1 }], metodoPagoId: METODO.EFECTIVO, montoRecibido: 10_000 } });
const numerosDe = async (tiendaId: number) =>
  (await db().select({ numero: venta.numero }).from(venta).where(eq(venta.tiendaId, tiendaId)).orderBy(asc(venta.numero))).map((v) => v.numero);
/** venta_registrar as the till calls it: the store account, cash, one unit of the product. */
const registrar = (q: { execute: (s: ReturnType<typeof sql>) => Promise<unknown> }, tiendaId: number, productoId: number) =>
  q.execute(sql`select venta_registrar(${tiendaId}::int, null, null, ${METODO.EFECTIVO}::int, 10000::bigint, array[${productoId}]::int[], '{1}'::numeric[],
    'Venta #{id}', null, '{ninguno}'::text[], '{0}'::bigint[], null, null, null, false, null, false, false, '{NULL}'::int[], '{NULL}'::bigint[], true) as r`) as Promise<{
    rows: { r: { estado: string; numero: number } }[];
  }>;

describe('el número tomado al final de la venta (issue #55 punto 3, ADR 057)', { timeout: 180_000 }, () => {
  it('dos ventas a la vez toman números consecutivos, y una venta deshecha después de tomar su número lo devuelve', async () => {
    const s = await crearTienda(t);
    const [a, b] = [await crearProducto(s.id), await crearProducto(s.id)];

    const [r1, r2] = await Promise.all([vender(s.token, a), vender(s.token, b)]);
    expect(r1.statusCode, r1.body).toBe(201);
    expect(r2.statusCode, r2.body).toBe(201);
    expect([r1.json().numero, r2.json().numero].sort()).toEqual([1, 2]);

    // The sale is written and numbered (3), then its transaction fails: nothing is kept, 3 is free again.
    let tomado = 0;
    await expect(
      db().transaction(async (tx) => {
        const r = (await registrar(tx, s.id, a)).rows[0]!.r;
        expect(r.estado).toBe('ok');
        tomado = r.numero;
        throw new Error('deshacer');
      }),
    ).rejects.toThrow('deshacer');
    expect(tomado).toBe(3);

    const r3 = await vender(s.token, b);
    expect(r3.statusCode, r3.body).toBe(201);
    expect(r3.json().numero).toBe(3);
    expect(await numerosDe(s.id)).toEqual([1, 2, 3]);
    const [t0] = await db().select({ ultimo: ventaContador.ultimoNumero }).from(ventaContador).where(eq(ventaContador.tiendaId, s.id));
    expect(t0!.ultimo).toBe(3);
    // The ledger names each sale by its number, and the day's summary knows the first and the last.
    const motivos = (await db().execute(sql`select motivo from movimiento where tienda_id = ${s.id} and venta_id is not null order by id_movimiento`)) as unknown as { rows: { motivo: string }[] };
    expect(motivos.rows.map((m) => /#(\d+)/.exec(m.motivo)?.[1]).sort()).toEqual(['1', '2', '3']);
    const resumen = (await db().execute(
      sql`select sum(tickets)::int as tickets, min(primero) as primero, max(ultimo) as ultimo from resumen_venta_dia where tienda_id = ${s.id}`,
    )) as unknown as { rows: { tickets: number; primero: number; ultimo: number }[] };
    expect(resumen.rows[0]).toEqual({ tickets: 3, primero: 1, ultimo: 3 });
  });
});
